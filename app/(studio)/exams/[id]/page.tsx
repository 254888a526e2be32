import { cache } from "react";
import { ExamHeader } from "@/components/exams/exam-header";
import { ExamSettingsForm } from "@/components/exams/exam-settings-form";
import { ExamTabs } from "@/components/exams/exam-tabs";
import { ReadyExamGuard } from "@/components/exams/ready-exam-guard";
import { availableFormats } from "@/server/formats/registry";
import { examGet } from "@/server/operations/exam-get";
import { idFromParam, readOperation } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import { CaseStudiesSection } from "./_sections/case-studies";
import { loadCaseStudies } from "./_sections/exam-content";
import { QuestionsSection } from "./_sections/questions";

interface ExamPageProps {
  params: Promise<{ id: string }>;
}

/** One read per request, shared by the metadata and the page. Someone else's exam: the 404 page. */
const loadExam = cache(async (raw: string) => {
  const author = await requireAuthor(`/exams/${encodeURIComponent(raw)}`);
  const { exam, version } = await readOperation(author, examGet, { id: idFromParam(raw) });
  return { author, exam, version };
});

export async function generateMetadata({ params }: ExamPageProps) {
  const { exam } = await loadExam((await params).id);
  return { title: exam.title };
}

export default async function ExamPage({ params }: ExamPageProps) {
  const { author, exam, version } = await loadExam((await params).id);
  // The case studies section reads them too (cached per request); the delete dialog counts them.
  const caseStudies = await loadCaseStudies(author, exam.id);
  return (
    <ReadyExamGuard examId={exam.id} status={exam.status}>
      <div className="flex flex-col gap-6">
        <ExamHeader
          exam={exam}
          version={version}
          caseStudyCount={caseStudies.length}
          formats={{ export: availableFormats("export"), import: availableFormats("import") }}
        />
        <ExamTabs
          counts={{ questions: exam.question_count }}
          panels={{
            questions: <QuestionsSection author={author} exam={exam} />,
            settings: <ExamSettingsForm exam={exam} version={version} />,
            "case-studies": <CaseStudiesSection author={author} exam={exam} />,
          }}
        />
      </div>
    </ReadyExamGuard>
  );
}
