// One row of an exam's history: what happened, to which object (linked while it still exists),
// who did it and through what, when, what changed against the previous version, and the stored
// version itself behind a disclosure (open for a question's own version list).
import Link from "next/link";
import { ScrollArea } from "@/components/ui/scroll-area";
import type { HistoryEntry } from "@/server/data/audit";
import type { FieldChange } from "@/server/domain/history-diff";
import { isAutoDraftSnapshot, isQuestionSnapshot } from "@/server/domain/history-diff";
import { questionTitle } from "../questions/question-title";
import { formatDateTimeSeconds } from "../ui/format";
import { ChangeList } from "./change-list";
import { RestoreVersion } from "./restore-version";
import { describeAction, describeChannel, historyHref } from "./entry-words";
import { QuestionVersion } from "./question-version";

export interface EntryProps {
  examId: number;
  entry: HistoryEntry;
  /** Changes against the same object's previous version; undefined when that is not known. */
  changes: FieldChange[] | undefined;
  /** Whether the object can still be opened in this exam. */
  exists: boolean;
  /** Show the stored version open (the list of one question's versions). */
  expanded: boolean;
  /** The page is already filtered to this entry's object. */
  filtered: boolean;
  /** Names of the exam's case studies by id, for a question's case study. */
  caseStudyNames: ReadonlyMap<number, string>;
  /** The numbers of the exam's questions by id (what the row titles a question by). */
  questionNumbers: ReadonlyMap<number, number>;
  /** The object's current version, when this entry is an older version that can be restored. */
  restoreOnto?: number;
  /** The exam's domains now, for a restore (a version's domain removed since is restored as none). */
  domainIds?: readonly number[];
}

export function HistoryEntryRow({
  examId,
  entry,
  changes,
  exists,
  expanded,
  filtered,
  caseStudyNames,
  questionNumbers,
  restoreOnto,
  domainIds,
}: EntryProps) {
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="history-entry"
      data-method={entry.method}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-1">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {describeAction(entry.method, entry.snapshot)}
            {entry.version !== null && <span className="font-normal text-slate-500"> · version {entry.version}</span>}
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-slate-600">
            <ObjectLink
              examId={examId}
              entry={entry}
              exists={exists}
              filtered={filtered}
              caseStudyNames={caseStudyNames}
              questionNumbers={questionNumbers}
            />
            <span aria-hidden>·</span>
            <span>
              by {entry.actor.email ?? "a removed account"} via {describeChannel(entry.actor.token_name)}
            </span>
          </p>
        </div>
        <time dateTime={entry.at} className="shrink-0 text-sm text-slate-600" title={entry.at}>
          {formatDateTimeSeconds(entry.at)}
        </time>
      </div>
      {changes && <ChangeList changes={changes} />}
      <Snapshot entry={entry} expanded={expanded} caseStudyNames={caseStudyNames} />
      {restoreOnto !== undefined && (entry.object_type === "question" || entry.object_type === "case_study") && (
        <RestoreVersion
          objectType={entry.object_type}
          snapshot={entry.snapshot}
          version={entry.version}
          currentVersion={restoreOnto}
          domainIds={domainIds}
        />
      )}
    </li>
  );
}

type ObjectLinkProps = Pick<
  EntryProps,
  "examId" | "entry" | "exists" | "filtered" | "caseStudyNames" | "questionNumbers"
>;

function ObjectLink({ examId, entry, exists, filtered, caseStudyNames, questionNumbers }: ObjectLinkProps) {
  const linkClass = "text-brand-700 hover:underline";
  if (entry.object_type === "exam") {
    return (
      <Link href={`/exams/${examId}`} className={linkClass}>
        {/* A reorder is logged on the exam, but what it changed is the order of its questions. */}
        {isAutoDraftSnapshot(entry.snapshot)
          ? "Exam status"
          : entry.method === "exam.questionReorder"
            ? "Question order"
            : "Exam settings"}
      </Link>
    );
  }
  const isQuestion = entry.object_type === "question";
  const caseStudyName = caseStudyNames.get(entry.object_id);
  const name = isQuestion
    ? questionTitle(questionNumbers.get(entry.object_id))
    : caseStudyName
      ? `Case study “${caseStudyName}”`
      : "Case study";
  const href = isQuestion
    ? `/exams/${examId}/questions/${entry.object_id}`
    : `/exams/${examId}/case-studies/${entry.object_id}`;
  const versions = isQuestion
    ? historyHref(examId, { question: entry.object_id })
    : historyHref(examId, { caseStudy: entry.object_id });
  return (
    <span className="inline-flex flex-wrap gap-x-2">
      {exists ? (
        <Link href={href} className={linkClass}>
          {name}
        </Link>
      ) : (
        <span>
          {name}
          {/* A question's title already says it is gone. */}
          {!isQuestion && <span className="text-slate-500"> (deleted)</span>}
        </span>
      )}
      {!filtered && (
        <Link href={versions} className="text-slate-500 hover:text-slate-800 hover:underline">
          all versions
        </Link>
      )}
    </span>
  );
}

function Snapshot({
  entry,
  expanded,
  caseStudyNames,
}: {
  entry: HistoryEntry;
  expanded: boolean;
  caseStudyNames: ReadonlyMap<number, string>;
}) {
  if (entry.snapshot === null) return null;
  const snapshot = entry.snapshot;
  const asQuestion = entry.object_type === "question" && isQuestionSnapshot(snapshot) ? snapshot : null;
  return (
    <details open={expanded} className="group mt-3 border-t border-slate-100 pt-2">
      <summary className="cursor-pointer text-sm text-slate-600 select-none hover:text-slate-900">
        {asQuestion ? "This version" : "Stored data"}
      </summary>
      <div className="mt-2">
        {asQuestion ? (
          <QuestionVersion snapshot={asQuestion} caseStudyNames={caseStudyNames} />
        ) : (
          <ScrollArea
            as="pre"
            aria-label="Stored data"
            className="max-h-80 overflow-auto rounded-md bg-slate-50 p-3 text-xs text-slate-700"
          >
            {JSON.stringify(entry.snapshot, null, 2)}
          </ScrollArea>
        )}
      </div>
    </details>
  );
}
