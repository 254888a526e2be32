// /exams/[id]/questions/[questionId]: the editor of a stored question, and its review comments
// below it. A question of another exam is not found here. The question is titled by its number in
// the exam, not its id.
import { cache } from "react";
import { notFound } from "next/navigation";
import { CommentPanel } from "@/components/comments/comment-panel";
import { draftFromStored } from "@/components/question-editor/draft";
import { ReadyExamGuard } from "@/components/exams/ready-exam-guard";
import { QuestionEditor } from "@/components/question-editor/question-editor";
import { questionTitle } from "@/components/questions/question-title";
import { CopyLinks } from "@/components/questions/copy-links";
import { commentList } from "@/server/operations/comment-list";
import { questionGet } from "@/server/operations/question-get";
import { readQuestionCopies } from "@/server/web/question-copies";
import { readQuestionNumbers } from "@/server/web/question-numbers";
import { idFromParam, readOperation } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import { EditorBreadcrumb } from "../breadcrumb";
import { loadEditorContext } from "../editor-data";

interface EditQuestionPageProps {
  params: Promise<{ id: string; questionId: string }>;
}

/** One read per request, shared by the metadata and the page; a question of another exam (or author) is the 404 page. */
const loadQuestion = cache(async (id: string, questionId: string) => {
  const author = await requireAuthor(`/exams/${id}/questions/${questionId}`);
  const examId = idFromParam(id);
  const stored = await readOperation(author, questionGet, { id: idFromParam(questionId) });
  if (stored.question.exam_id !== examId) notFound();
  const number = (await readQuestionNumbers(author, examId)).get(stored.question.id);
  // Deleted since it was read: the 404 page, as a moment later.
  if (number === undefined) notFound();
  return { author, examId, stored, number, title: questionTitle(number) };
});

export async function generateMetadata({ params }: EditQuestionPageProps) {
  const { id, questionId } = await params;
  return { title: (await loadQuestion(id, questionId)).title };
}

export default async function EditQuestionPage({ params }: EditQuestionPageProps) {
  const { id, questionId } = await params;
  const { author, examId, stored, title, number } = await loadQuestion(id, questionId);
  const [{ exam, options, limits }, comments, copies] = await Promise.all([
    loadEditorContext(author, examId),
    // The first page; the panel reads the rest when asked (a question rarely has more).
    readOperation(author, commentList, { question_id: stored.question.id, limit: 200 }),
    readQuestionCopies(author, stored.question.id, stored.question.copied_from),
  ]);

  return (
    <ReadyExamGuard examId={exam.id} status={exam.status}>
      <EditorBreadcrumb examId={exam.id} examTitle={exam.title} current={title} />
      <CopyLinks copies={copies} />
      {/* Keyed by the question so moving between questions starts a fresh editor. */}
      <QuestionEditor
        key={stored.question.id}
        initial={draftFromStored(stored)}
        stored={{ version: stored.version, snapshot: stored }}
        number={number}
        options={options}
        limits={limits}
      />
      {/* Below the editor's form (in the width of its main column), so that nothing the panel does moves the editor's controls. */}
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] xl:grid-cols-[minmax(0,1fr)_19rem]">
        <CommentPanel key={`comments-${stored.question.id}`} questionId={stored.question.id} initial={comments} />
      </div>
    </ReadyExamGuard>
  );
}
