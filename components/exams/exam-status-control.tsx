"use client";
// "Mark ready" / "Back to draft" (exam.examUpdateStatus, contract 6). Marking ready re-checks the
// whole exam: when that finds warnings the API refuses, and the warnings are listed here, each in
// the author's words with a link to where it is fixed (the question by its number), with
// "Mark ready anyway" (ignore_warnings: true); the warnings of a forced ready stay listed too.
// "Back to draft" first says that the public page goes offline (ready-exam-guard.tsx).
import { CircleCheck, TriangleAlert, Undo2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useVersioned, withVersion } from "@/components/conflicts/use-versioned";
import { ConflictNotice } from "@/components/conflicts/conflict-notice";
import { callOperation } from "@/components/lib/operations";
import type { ExamView } from "@/server/data/exams";
import type { Issue } from "@/server/errors";
import { authorText } from "../issues/author-text";
import { failureText } from "../issues/failure-text";
import { readinessLink } from "../issues/readiness-links";
import { Button } from "../ui/button";
import { useReadyExamGuard } from "./ready-exam-guard";
import { readExam } from "./use-exam-settings";
import { useRoleBlock } from "@/components/workspaces/role-context";

type Notice =
  | { kind: "blocked"; warnings: Issue[] }
  | { kind: "ready-with-warnings"; warnings: Issue[] }
  | { kind: "failed"; message: string }
  /** The exam already had that status (changed meanwhile without a new version): nothing was written. */
  | { kind: "unchanged"; message: string }
  /** Someone else saved the exam after this page loaded; `ready` is the status this author asked for. */
  | { kind: "conflict"; ready: boolean };

/** `version`: the version of `exam` the page shows, which a change of status is based on. */
export function useExamStatus(exam: ExamView, version: number) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const readCurrent = useCallback(() => readExam(exam.id), [exam.id]);
  const versions = useVersioned("exam", { version, snapshot: exam }, readCurrent);

  /** `overwrite`: the version a knowing change over someone else's save replaces. */
  async function change(ready: boolean, ignoreWarnings = false, overwrite?: number) {
    setBusy(true);
    const answer = await callOperation("exam.examUpdateStatus", {
      id: exam.id,
      ready,
      ...(ignoreWarnings ? { ignore_warnings: true } : {}),
      ...withVersion(overwrite ?? versions.base?.version),
    });
    setBusy(false);
    if (!answer.ok && (await versions.handleFailure(answer))) {
      setNotice({ kind: "conflict", ready });
      return;
    }
    versions.clearConflict();
    if (answer.ok) {
      const { unchanged, warnings } = versions.saved(
        { version: answer.result.version, snapshot: answer.result.exam },
        answer.warnings,
      );
      setNotice(
        unchanged
          ? { kind: "unchanged", message: `Nothing to change: the exam is already ${ready ? "ready" : "a draft"}.` }
          : warnings.length
            ? { kind: "ready-with-warnings", warnings }
            : null,
      );
      router.refresh();
      return;
    }
    const blocked = answer.issues.some((i) => i.code === "exam_has_warnings");
    if (blocked) setNotice({ kind: "blocked", warnings: answer.issues.filter((i) => i.code !== "exam_has_warnings") });
    else setNotice({ kind: "failed", message: failureText(answer) });
  }

  /** After a conflict: the page shows the other person's version; nothing is changed. */
  function takeTheirs() {
    versions.clearConflict();
    setNotice(null);
    router.refresh();
  }

  return { busy, notice, conflict: versions.conflict, takeTheirs, dismiss: () => setNotice(null), change };
}

export type ExamStatusState = ReturnType<typeof useExamStatus>;

export function StatusButton({ status, state }: { status: string; state: ExamStatusState }) {
  const blocked = useRoleBlock("write");
  const guard = useReadyExamGuard();
  if (status === "ready") {
    return (
      <Button
        onClick={() => guard.run("backToDraft", () => void state.change(false))}
        disabled={state.busy || blocked !== null}
        title={blocked ?? undefined}
      >
        <Undo2 aria-hidden className="size-4" />
        Back to draft
      </Button>
    );
  }
  return (
    <Button
      variant="primary"
      onClick={() => void state.change(true)}
      disabled={state.busy || blocked !== null}
      title={blocked ?? undefined}
    >
      <CircleCheck aria-hidden className="size-4" />
      Mark ready
    </Button>
  );
}

/** `examId`: the exam whose findings are listed (their links lead into it). */
export function StatusNotice({ state, examId }: { state: ExamStatusState; examId: number }) {
  const { notice, conflict } = state;
  if (!notice) return null;
  if (notice.kind === "conflict") {
    if (!conflict) return null;
    return (
      <ConflictNotice
        conflict={conflict.conflict}
        changes={conflict.changes}
        noun="exam"
        busy={state.busy}
        onReload={state.takeTheirs}
        onOverwrite={() => void state.change(notice.ready, false, conflict.conflict.version)}
        overwriteLabel={notice.ready ? "Mark ready over their change" : "Back to draft over their change"}
        choice="The status was not changed. Look at their version first, or change the status over it."
      />
    );
  }
  if (notice.kind === "unchanged") {
    return (
      <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
        {notice.message}
      </p>
    );
  }
  if (notice.kind === "failed") {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        The status could not be changed: {notice.message}
      </div>
    );
  }
  const blocked = notice.kind === "blocked";
  const count = notice.warnings.length;
  return (
    <section
      role={blocked ? "alert" : "status"}
      aria-label="Readiness warnings"
      className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="readiness-warnings"
    >
      <div className="flex items-start gap-2">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <div className="flex-1">
          <p className="font-medium">
            {blocked
              ? `Not marked ready: the check found ${count === 1 ? "1 warning" : `${count} warnings`}. Fix ${count === 1 ? "it" : "them"}, or mark the exam ready anyway.`
              : `Marked ready with ${count === 1 ? "1 warning" : `${count} warnings`}:`}
          </p>
          <ul className="mt-1.5 list-disc pl-5">
            {notice.warnings.map((w, i) => (
              <Finding key={i} issue={w} examId={examId} />
            ))}
          </ul>
          <div className="mt-3 flex gap-2">
            {blocked && (
              <Button size="sm" variant="primary" onClick={() => void state.change(true, true)} disabled={state.busy}>
                Mark ready anyway
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={state.dismiss}>
              Dismiss
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

/** One finding: where it is fixed (a link), then what is wrong there. */
function Finding({ issue, examId }: { issue: Issue; examId: number }) {
  const link = readinessLink(issue, examId);
  return (
    <li>
      {link && (
        <>
          <Link href={link.href} className="font-medium text-amber-950 underline hover:text-amber-700">
            {link.label}
          </Link>
          {" — "}
        </>
      )}
      {authorText(issue)}
    </li>
  );
}
