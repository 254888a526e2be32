// /exams/[id]/history/compare?question=ID&a=ENTRY&b=ENTRY (or ?case_study=ID): two versions of
// one question or case study side by side, with what changed from the first to the second.
import Link from "next/link";
import { notFound } from "next/navigation";
import { ChangeList } from "@/components/history/change-list";
import { versionLabel } from "@/components/history/compare-form";
import { historyHref } from "@/components/history/entry-words";
import { QuestionVersion } from "@/components/history/question-version";
import { questionTitle } from "@/components/questions/question-title";
import type { HistoryEntry } from "@/server/data/audit";
import { diffSnapshots, isQuestionSnapshot } from "@/server/domain/history-diff";
import { caseStudyList } from "@/server/operations/case-study-list";
import { examGet } from "@/server/operations/exam-get";
import { readQuestionNumbers } from "@/server/web/question-numbers";
import { idFromParam, readOperation } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import { EditorBreadcrumb } from "../../questions/breadcrumb";
import { versionsOf } from "../objects";

export const metadata = { title: "Compare versions" };

type Search = Record<string, string | string[] | undefined>;
const one = (search: Search, key: string) => (typeof search[key] === "string" ? (search[key] as string) : undefined);

export default async function CompareVersionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Search>;
}) {
  const { id } = await params;
  const search = await searchParams;
  const author = await requireAuthor(`/exams/${id}/history`);
  const examId = idFromParam(id);
  const questionParam = one(search, "question");
  const caseStudyParam = one(search, "case_study");
  const rawA = one(search, "a");
  const rawB = one(search, "b");
  if ((!questionParam && !caseStudyParam) || !rawA || !rawB) notFound();
  const object = questionParam
    ? { type: "question" as const, id: idFromParam(questionParam) }
    : { type: "case_study" as const, id: idFromParam(caseStudyParam!) };
  const [a, b] = [idFromParam(rawA), idFromParam(rawB)];

  const [{ exam }, versions, caseStudies, numbers] = await Promise.all([
    readOperation(author, examGet, { id: examId }),
    versionsOf(author, { exam_id: examId, object_type: object.type, object_id: object.id }),
    readOperation(author, caseStudyList, { exam_id: examId, limit: 200 }),
    readQuestionNumbers(author, examId),
  ]);
  const first = versions.find((e) => e.id === a);
  const second = versions.find((e) => e.id === b);
  if (!first || !second) notFound();
  const changes = diffSnapshots(object.type, first.snapshot, second.snapshot) ?? [];
  const caseStudyNames = new Map(caseStudies.case_studies.map((c) => [c.id, c.name]));
  const name =
    object.type === "question"
      ? questionTitle(numbers.get(object.id))
      : `Case study “${caseStudyNames.get(object.id) ?? `#${object.id}`}”`;
  const back =
    object.type === "question"
      ? historyHref(examId, { question: object.id })
      : historyHref(examId, { caseStudy: object.id });

  return (
    <div className="flex flex-col gap-5">
      <div>
        <EditorBreadcrumb examId={exam.id} examTitle={exam.title} current="Compare versions" />
        <h1 className="text-2xl font-semibold">
          Compare versions of {name.replace(/^Q/, "q").replace(/^Case study/, "case study")}
        </h1>
        <Link href={back} className="mt-1 inline-block text-sm text-brand-700 hover:underline">
          All versions
        </Link>
      </div>
      <section aria-label="What changed" className="rounded-lg border border-slate-200 bg-white px-4 py-3">
        <p className="text-sm text-slate-600">
          From {versionLabel(first)} to {versionLabel(second)}:
        </p>
        <ChangeList changes={changes} />
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {[first, second].map((entry, i) => (
          <section
            key={i}
            aria-label={versionLabel(entry)}
            className="min-w-0 rounded-lg border border-slate-200 bg-white p-4"
            data-testid="compared-version"
          >
            <h2 className="mb-3 font-medium text-slate-900">{versionLabel(entry)}</h2>
            <VersionContent entry={entry} caseStudyNames={caseStudyNames} />
          </section>
        ))}
      </div>
    </div>
  );
}

function VersionContent({
  entry,
  caseStudyNames,
}: {
  entry: HistoryEntry;
  caseStudyNames: ReadonlyMap<number, string>;
}) {
  if (entry.object_type === "question")
    return isQuestionSnapshot(entry.snapshot) ? (
      <QuestionVersion snapshot={entry.snapshot} caseStudyNames={caseStudyNames} />
    ) : null;
  const cs = entry.snapshot as { name: string; description: string };
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        <span className="text-slate-600">Name:</span> {cs.name}
      </p>
      <div
        className="rich-text rounded-md border border-slate-200 bg-slate-50 px-3 py-2"
        dangerouslySetInnerHTML={{ __html: cs.description }}
      />
    </div>
  );
}
