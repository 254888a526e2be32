// /exams/[id]/questions/new?type=N: the editor for a new question of type N.
import { notFound } from "next/navigation";
import { newDraft } from "@/components/question-editor/draft";
import { ReadyExamGuard } from "@/components/exams/ready-exam-guard";
import { QuestionEditor } from "@/components/question-editor/question-editor";
import { isQuestionType } from "@/server/schemas/question";
import { idFromParam } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import { EditorBreadcrumb } from "../breadcrumb";
import { loadEditorContext } from "../editor-data";

export const metadata = { title: "New question" };

export default async function NewQuestionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ type?: string | string[] }>;
}) {
  const { id } = await params;
  const { type: typeParam } = await searchParams;
  const author = await requireAuthor(
    `/exams/${id}/questions/new${typeof typeParam === "string" ? `?type=${encodeURIComponent(typeParam)}` : ""}`,
  );
  const examId = idFromParam(id);
  const type = Number(typeParam);
  if (typeof typeParam !== "string" || !isQuestionType(type)) notFound();
  const { exam, options, limits } = await loadEditorContext(author, examId);

  return (
    <ReadyExamGuard examId={exam.id} status={exam.status}>
      <EditorBreadcrumb examId={exam.id} examTitle={exam.title} current="New question" />
      <QuestionEditor
        initial={newDraft(exam.id, type)}
        number={exam.question_count + 1}
        options={options}
        limits={limits}
      />
    </ReadyExamGuard>
  );
}
