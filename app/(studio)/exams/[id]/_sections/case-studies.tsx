// The exam page's "Case studies" section: the exam's case studies with the number of questions
// using each (counted from the question list, which the Questions section loads anyway).
import { CaseStudyList } from "@/components/case-studies/case-study-list";
import { plainText } from "@/components/questions/plain-text";
import type { ExamView } from "@/server/data/exams";
import type { Author } from "@/server/web/session";
import { loadCaseStudies, loadQuestions } from "./exam-content";

export async function CaseStudiesSection({ author, exam }: { author: Author; exam: ExamView }) {
  const [caseStudies, questions] = await Promise.all([
    loadCaseStudies(author, exam.id),
    loadQuestions(author, exam.id),
  ]);
  const uses = new Map<number, number>();
  for (const q of questions)
    if (q.case_study_id !== null) uses.set(q.case_study_id, (uses.get(q.case_study_id) ?? 0) + 1);
  return (
    <CaseStudyList
      examId={exam.id}
      caseStudies={caseStudies.map((c) => ({
        id: c.id,
        name: c.name,
        excerpt: plainText(c.description, 200),
        questionCount: uses.get(c.id) ?? 0,
      }))}
    />
  );
}
