// /exams/[id]/preview?seed=N: the exam as a candidate takes it. The seed decides which questions
// are drawn (by the blueprint, exactly as exam.examDraw {id, seed: N} draws them) and every
// shuffle, so a URL repeats a run; without a seed (or with one outside 0 to 2^32 − 1), a random
// seed is put in the URL first. Read through the same operations (and ownership checks) as
// /api/json.
import Link from "next/link";
import { redirect } from "next/navigation";
import { randomInt } from "node:crypto";
import { ExamSimulation } from "@/components/preview/exam-simulation";
import { buttonClass } from "@/components/ui/button";
import { examGet } from "@/server/operations/exam-get";
import { idFromParam, readOperation } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import { MAX_DRAW_SEED } from "@/server/schemas/exam-draw";
import { typedProperties } from "@/server/schemas/question/properties";
import { loadCaseStudies, loadQuestions } from "../_sections/exam-content";
import { EditorBreadcrumb } from "../questions/breadcrumb";

export const metadata = { title: "Preview" };

/** A seed examDraw takes: 0 to 2^32 − 1, in decimal digits. */
const isSeed = (seed: unknown): seed is string =>
  typeof seed === "string" && /^[0-9]{1,10}$/.test(seed) && Number(seed) <= MAX_DRAW_SEED;
const newSeed = () => randomInt(0, MAX_DRAW_SEED + 1);

export default async function PreviewPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ seed?: string | string[] }>;
}) {
  const { id } = await params;
  const { seed } = await searchParams;
  const author = await requireAuthor(`/exams/${id}/preview`);
  const examId = idFromParam(id);
  const { exam } = await readOperation(author, examGet, { id: examId });
  if (!isSeed(seed)) redirect(`/exams/${exam.id}/preview?seed=${newSeed()}`);
  const [questions, caseStudies] = await Promise.all([
    loadQuestions(author, exam.id),
    loadCaseStudies(author, exam.id),
  ]);

  return (
    <div className="flex flex-col gap-5">
      <div className="print:hidden">
        <EditorBreadcrumb examId={exam.id} examTitle={exam.title} current="Preview" />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{exam.title}</h1>
          <p className="text-sm text-slate-600">
            {exam.code} · {exam.category} · preview as a candidate (seed {seed}; nothing is stored)
          </p>
        </div>
        <Link
          href={`/exams/${exam.id}/preview?seed=${newSeed()}`}
          className={buttonClass("secondary", "sm", "ml-auto print:hidden")}
          prefetch={false}
        >
          New attempt
        </Link>
      </div>
      <ExamSimulation
        key={seed}
        exam={{
          ...exam,
          evaluation_method: exam.evaluation_method as 1 | 2 | 3 | 4,
          domains: exam.domains.map((d) => ({ id: d.id, code: d.code, name: d.name, weight: d.weight })),
        }}
        seed={Number(seed)}
        caseStudies={caseStudies.map((c) => ({ id: c.id, name: c.name, description: c.description }))}
        questions={questions.map((q) => ({
          id: q.id,
          ...typedProperties(q.type, q.properties),
          points: q.points,
          question: q.question,
          explanation: q.explanation,
          case_study_id: q.case_study_id,
          domain_id: q.domain_id,
          answers: q.answers.map((a) => ({
            id: a.id,
            answer: a.answer,
            is_correct: a.is_correct,
            points: a.points,
            order: a.order,
          })),
        }))}
      />
    </div>
  );
}
