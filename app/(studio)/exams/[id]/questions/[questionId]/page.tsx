// /exams/[id]/questions/[questionId]: the editor of a stored question. A question of another
// exam is not found here.
import { notFound } from "next/navigation";
import { draftFromStored } from "@/components/question-editor/draft";
import { QuestionEditor } from "@/components/question-editor/question-editor";
import { questionGet } from "@/server/operations/question-get";
import { idFromParam, readOperation } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import { EditorBreadcrumb } from "../breadcrumb";
import { loadEditorContext } from "../editor-data";

export const metadata = { title: "Edit question" };

export default async function EditQuestionPage({ params }: { params: Promise<{ id: string; questionId: string }> }) {
  const { id, questionId } = await params;
  const author = await requireAuthor(`/exams/${id}/questions/${questionId}`);
  const examId = idFromParam(id);
  const stored = await readOperation(author, questionGet, { id: idFromParam(questionId) });
  if (stored.question.exam_id !== examId) notFound();
  const { exam, caseStudies, limits } = await loadEditorContext(author, examId);

  return (
    <>
      <EditorBreadcrumb examId={exam.id} examTitle={exam.title} current={`Question #${stored.question.id}`} />
      {/* Keyed by the question so moving between questions starts a fresh editor. */}
      <QuestionEditor key={stored.question.id} initial={draftFromStored(stored)} caseStudies={caseStudies} limits={limits} />
    </>
  );
}
