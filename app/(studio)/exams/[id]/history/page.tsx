// /exams/[id]/history: the exam's audit log (contract 12), newest first, read through
// exam.historyList like any API client. `?question=ID` (or `?case_study=ID`, `?object=exam`)
// narrows it to one object, which for a question is its list of previous versions.
import Link from "next/link";
import { HistoryEntryRow } from "@/components/history/history-entry";
import { ReadyExamGuard } from "@/components/exams/ready-exam-guard";
import { HistoryFilter, type HistoryFilterValue } from "@/components/history/history-filter";
import { historyHref } from "@/components/history/entry-words";
import { buttonClass } from "@/components/ui/button";
import { changesAgainstPrevious, isObjectSnapshot } from "@/server/domain/history-diff";
import type { HistoryEntry } from "@/server/data/audit";
import { CompareForm } from "@/components/history/compare-form";
import { caseStudyList } from "@/server/operations/case-study-list";
import { examGet } from "@/server/operations/exam-get";
import { historyList } from "@/server/operations/history-list";
import { questionTitle } from "@/components/questions/question-title";
import { readQuestionNumbers } from "@/server/web/question-numbers";
import { idFromParam, readOperation } from "@/server/web/read";
import { requireAuthor } from "@/server/web/session";
import { EditorBreadcrumb } from "../questions/breadcrumb";
import { currentVersion, existingObjects, questionOptions, versionsOf } from "./objects";

export const metadata = { title: "History" };

const PAGE_SIZE = 30;

type Search = Record<string, string | string[] | undefined>;

/** The filter the URL asks for; a malformed id is the 404 page, like a malformed route id. */
function filterOf(search: Search): HistoryFilterValue {
  const one = (key: string) => (typeof search[key] === "string" ? (search[key] as string) : undefined);
  const question = one("question");
  if (question) return { kind: "question", id: idFromParam(question) };
  const caseStudy = one("case_study");
  if (caseStudy) return { kind: "case_study", id: idFromParam(caseStudy) };
  return one("object") === "exam" ? { kind: "exam" } : { kind: "all" };
}

function objectParams(filter: HistoryFilterValue) {
  if (filter.kind === "question") return { object_type: "question" as const, object_id: filter.id };
  if (filter.kind === "case_study") return { object_type: "case_study" as const, object_id: filter.id };
  if (filter.kind === "exam") return { object_type: "exam" as const };
  return {};
}

export default async function HistoryPage({
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
  const filter = filterOf(search);
  const cursor = typeof search.cursor === "string" ? search.cursor : undefined;
  const query = { exam_id: examId, ...objectParams(filter) };

  const [{ exam }, page, questions, caseStudies, questionNumbers] = await Promise.all([
    readOperation(author, examGet, { id: examId }),
    readOperation(author, historyList, { ...query, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    questionOptions(author, examId),
    readOperation(author, caseStudyList, { exam_id: examId, limit: 200 }),
    readQuestionNumbers(author, examId),
  ]);
  const caseStudyNames = new Map(caseStudies.case_studies.map((c) => [c.id, c.name]));
  // A restored version's domain removed from the blueprint since is restored as none.
  const domainIds = exam.domains.map((d) => d.id);
  // The page's oldest version is compared with the one just beyond the page, when there is one
  // of the same object (always, in one object's list).
  const beyond =
    page.next_cursor && filter.kind !== "all"
      ? (await readOperation(author, historyList, { ...query, limit: 1, cursor: page.next_cursor })).entries
      : [];
  const changes = changesAgainstPrevious(page.entries, beyond);
  const exists = await existingObjects(author, examId, page.entries);
  const oneObject = filter.kind === "question" || filter.kind === "case_study";
  // One object that still exists: its older versions can be restored (onto its current version)
  // and any two compared.
  const current = oneObject && exists.has(`${filter.kind}:${filter.id}`) ? await currentVersion(author, filter) : null;
  const newestSnapshot = cursor ? undefined : page.entries.find((e) => isObjectSnapshot(e.object_type, e.snapshot));
  const restorable = (entry: HistoryEntry) =>
    current !== null &&
    isObjectSnapshot(entry.object_type, entry.snapshot) &&
    entry !== newestSnapshot &&
    entry.version !== current;
  // The filtered question by its number, lower-cased inside a sentence.
  const filteredQuestion =
    filter.kind === "question" ? questionTitle(questionNumbers.get(filter.id)).replace(/^Q/, "q") : "";
  const filterLink =
    filter.kind === "question"
      ? { question: filter.id }
      : filter.kind === "case_study"
        ? { caseStudy: filter.id }
        : filter.kind === "exam"
          ? { exam: true }
          : {};

  return (
    <div className="flex flex-col gap-5">
      <div>
        <EditorBreadcrumb examId={exam.id} examTitle={exam.title} current="History" />
        <h1 className="text-2xl font-semibold">
          {filter.kind === "question" ? `Previous versions of ${filteredQuestion}` : "History"}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {filter.kind === "question"
            ? "Every saved version of this question, newest first, with what changed against the version before it."
            : "Every change to this exam, its questions and case studies, newest first, through the web app and the API."}
        </p>
      </div>
      <HistoryFilter examId={exam.id} value={filter} questions={questions} />
      {filter.kind === "question" && exists.has(`question:${filter.id}`) && (
        <Link href={`/exams/${exam.id}/questions/${filter.id}`} className={buttonClass("secondary", "sm", "w-fit")}>
          Open {filteredQuestion} in the editor
        </Link>
      )}
      {oneObject && <CompareForm examId={exam.id} filter={filter} entries={await versionsOf(author, query)} />}
      {page.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
          {cursor ? "No older changes." : "No changes recorded for this selection."}
        </p>
      ) : (
        // Restoring a version takes a ready exam back to draft: its dialog says so.
        <ReadyExamGuard examId={exam.id} status={exam.status}>
          <ol className="flex flex-col gap-3" aria-label="Changes, newest first">
            {page.entries.map((entry) => (
              <HistoryEntryRow
                key={entry.id}
                examId={exam.id}
                entry={entry}
                changes={changes.get(entry.id)}
                exists={entry.object_type === "exam" || exists.has(`${entry.object_type}:${entry.object_id}`)}
                expanded={filter.kind === "question"}
                filtered={oneObject}
                caseStudyNames={caseStudyNames}
                questionNumbers={questionNumbers}
                restoreOnto={restorable(entry) ? current! : undefined}
                domainIds={domainIds}
              />
            ))}
          </ol>
        </ReadyExamGuard>
      )}
      {(cursor || page.next_cursor) && (
        <nav aria-label="Pages" className="flex items-center gap-2">
          {cursor && (
            <Link href={historyHref(exam.id, filterLink)} className={buttonClass("secondary", "sm")}>
              Newest changes
            </Link>
          )}
          {page.next_cursor && (
            <Link href={historyHref(exam.id, filterLink, page.next_cursor)} className={buttonClass("secondary", "sm")}>
              Older changes
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
