// /exams/[id]/questions/new?type=N: the editor for a new question of type N.
import Link from "next/link";
import { notFound } from "next/navigation";
import { newDraft } from "@/components/question-editor/draft";
import { QuestionEditor } from "@/components/question-editor/question-editor";
import { buttonClass } from "@/components/ui/button";
import { isQuestionType, QUESTION_TYPE_NAMES } from "@/server/schemas/question";
import { idFromParam } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import { EditorBreadcrumb } from "../breadcrumb";
import { loadEditorContext } from "../editor-data";

export const metadata = { title: "New question" };

export default async function NewQuestionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ type?: string | string[] }> }) {
  const { id } = await params;
  const { type: typeParam } = await searchParams;
  const author = await requireAuthor(`/exams/${id}/questions/new${typeof typeParam === "string" ? `?type=${encodeURIComponent(typeParam)}` : ""}`);
  const examId = idFromParam(id);
  const type = Number(typeParam);
  if (typeof typeParam !== "string" || !isQuestionType(type)) notFound();
  const { exam, caseStudies, limits } = await loadEditorContext(author, examId);

  return (
    <>
      <EditorBreadcrumb examId={exam.id} examTitle={exam.title} current="New question" />
      {type >= 3 && type <= 5 ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-slate-200 bg-white p-6">
          <h1 className="text-xl font-semibold">New {QUESTION_TYPE_NAMES[type]} question</h1>
          <p className="text-sm text-slate-600">
            The visual area editor for {QUESTION_TYPE_NAMES[type]} questions is coming. Until then, create these questions through the API
            (exam.questionCreate); they can be viewed here.
          </p>
          <Link href={`/exams/${exam.id}`} className={buttonClass("secondary")}>
            Back to the exam
          </Link>
        </div>
      ) : (
        <QuestionEditor initial={newDraft(exam.id, type)} caseStudies={caseStudies} limits={limits} />
      )}
    </>
  );
}
