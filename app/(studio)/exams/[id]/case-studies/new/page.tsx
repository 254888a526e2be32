import { CaseStudyEditor } from "@/components/case-studies/case-study-editor";
import { CaseStudyPageHeader } from "@/components/case-studies/case-study-page-header";
import { ReadyExamGuard } from "@/components/exams/ready-exam-guard";
import { examGet } from "@/server/operations/exam-get";
import { idFromParam, readOperation } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";

export const metadata = { title: "New case study" };

export default async function NewCaseStudyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const author = await requireAuthor(`/exams/${id}/case-studies/new`);
  const examId = idFromParam(id);
  const { exam } = await readOperation(author, examGet, { id: examId });
  return (
    <div className="flex flex-col gap-5">
      <CaseStudyPageHeader examId={exam.id} examTitle={exam.title} title="New case study" />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ReadyExamGuard examId={exam.id} status={exam.status}>
          <CaseStudyEditor examId={exam.id} caseStudy={null} />
        </ReadyExamGuard>
        <aside
          aria-labelledby="about-heading"
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600"
        >
          <h2 id="about-heading" className="font-medium text-slate-900">
            About case studies
          </h2>
          <p className="mt-1">
            A case study is a scenario several questions share. Candidates see it beside each question that uses it.
          </p>
          <p className="mt-2">After creating it, choose it in the editor of each question that belongs to it.</p>
        </aside>
      </div>
    </div>
  );
}
