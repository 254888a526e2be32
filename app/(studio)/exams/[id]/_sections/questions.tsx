// The exam page's "Questions" section: every question of the exam, reduced on the server to
// what the list shows (plain-text start, type, case study, warnings, open review comments), then
// the client list.
import { issueLine } from "@/components/issues/failure-text";
import { plainText } from "@/components/questions/plain-text";
import type { Issue } from "@/server/errors";
import type { QuestionListItem } from "@/components/questions/list-item";
import { QuestionList } from "@/components/questions/question-list";
import type { ExamWithDomains } from "@/server/data/domains";
import { readOpenCommentCounts } from "@/server/web/comment-counts";
import type { Author } from "@/server/web/session";
import { loadCaseStudies, loadQuestions } from "./exam-content";

export async function QuestionsSection({ author, exam }: { author: Author; exam: ExamWithDomains }) {
  const [questions, caseStudies, openComments] = await Promise.all([
    loadQuestions(author, exam.id),
    loadCaseStudies(author, exam.id),
    readOpenCommentCounts(author, exam.id),
  ]);
  const caseStudyNames = new Map(caseStudies.map((c) => [c.id, c.name]));
  const domainCodes = new Map(exam.domains.map((d) => [d.id, d.code]));
  const items: QuestionListItem[] = questions.map((q) => ({
    id: q.id,
    type: q.type,
    text: plainText(q.question, 500),
    externalId: q.external_id,
    caseStudyId: q.case_study_id,
    caseStudyName: q.case_study_id !== null ? (caseStudyNames.get(q.case_study_id) ?? null) : null,
    // Stored warnings, in the author's words (they carry the API's code and path).
    warnings: q.warnings.map((w) => issueLine(w as Issue)),
    openComments: openComments.get(q.id) ?? 0,
    domainId: q.domain_id,
    domainCode: q.domain_id !== null ? (domainCodes.get(q.domain_id) ?? null) : null,
    tags: q.tags,
  }));
  return <QuestionList examId={exam.id} questions={items} domains={exam.domains} presented={exam.testing_questions} />;
}
