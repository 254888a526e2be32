import { notFound } from "next/navigation";
import { CaseStudyEditor } from "@/components/case-studies/case-study-editor";
import { CaseStudyPageHeader } from "@/components/case-studies/case-study-page-header";
import { QuestionLinks, type QuestionLink } from "@/components/case-studies/question-links";
import { ReadyExamGuard } from "@/components/exams/ready-exam-guard";
import { plainText } from "@/components/questions/plain-text";
import { caseStudyGet } from "@/server/operations/case-study-get";
import { examGet } from "@/server/operations/exam-get";
import { questionList } from "@/server/operations/question-list";
import type { Materialized } from "@/server/raw-json";
import { readQuestionNumbers } from "@/server/web/question-numbers";
import { idFromParam, readOperation } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import type { Author } from "@/server/web/session";

export const metadata = { title: "Case study" };

async function questionsUsing(author: Author, examId: number, caseStudyId: number): Promise<QuestionLink[]> {
  const found: QuestionLink[] = [];
  const numbers = await readQuestionNumbers(author, examId);
  let cursor: string | null = null;
  do {
    const page: Materialized<Awaited<ReturnType<typeof questionList.run>>> = await readOperation(author, questionList, {
      exam_id: examId,
      case_study_id: caseStudyId,
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    found.push(
      ...page.questions.map((q) => ({
        id: q.id,
        type: q.type,
        text: plainText(q.question, 160),
        number: numbers.get(q.id),
      })),
    );
    cursor = page.next_cursor;
  } while (cursor);
  return found;
}

export default async function CaseStudyPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; caseStudyId: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const { id, caseStudyId } = await params;
  const author = await requireAuthor(`/exams/${id}/case-studies/${caseStudyId}`);
  const examId = idFromParam(id);
  const [{ exam }, { case_study, version }] = await Promise.all([
    readOperation(author, examGet, { id: examId }),
    readOperation(author, caseStudyGet, { id: idFromParam(caseStudyId) }),
  ]);
  // A case study of another of the author's exams is not found under this exam.
  if (case_study.exam_id !== exam.id) notFound();
  const usedBy = await questionsUsing(author, exam.id, case_study.id);
  const { created } = await searchParams;
  return (
    <div className="flex flex-col gap-5">
      <CaseStudyPageHeader examId={exam.id} examTitle={exam.title} title={case_study.name} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ReadyExamGuard examId={exam.id} status={exam.status}>
          <CaseStudyEditor
            key={case_study.id}
            examId={exam.id}
            caseStudy={case_study}
            version={version}
            created={created === "1"}
          />
        </ReadyExamGuard>
        <aside aria-labelledby="used-by-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="used-by-heading" className="font-medium">
            Used by {usedBy.length === 1 ? "1 question" : `${usedBy.length} questions`}
          </h2>
          {usedBy.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              No question uses this case study yet. Choose it in a question’s editor.
            </p>
          ) : (
            <div className="mt-1">
              <QuestionLinks examId={exam.id} questions={usedBy} label="Questions using this case study" />
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}
