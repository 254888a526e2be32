"use client";
// "Restore this version" on one question's or case study's list of versions: an ordinary update
// with the old content (contract 14.2 rule 4), based on the version the page shows as current, so
// it is refused rather than overwriting a save made since. The restore is a new version.
import { RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { caseStudyRestoreParams, questionRestoreParams } from "@/server/domain/restore";
import { conflictOf, savedBy } from "../conflicts/conflict";
import { ReadyExamWarning, useReadyExamGuard } from "../exams/ready-exam-guard";
import { saveResultOf } from "../conflicts/unchanged";
import { failureText } from "../issues/failure-text";
import { callOperation } from "../lib/operations";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useRoleBlock } from "@/components/workspaces/role-context";

export interface RestoreVersionProps {
  objectType: "question" | "case_study";
  snapshot: unknown;
  /** The object's version this version is (null: written before versions were kept). */
  version: number | null;
  /** The object's current version, which the restore is based on. */
  currentVersion: number;
  /** The exam's domains now (a question's restore: a domain removed since is restored as none). */
  domainIds?: readonly number[];
}

export function RestoreVersion({ objectType, snapshot, version, currentVersion, domainIds }: RestoreVersionProps) {
  const router = useRouter();
  const blocked = useRoleBlock("write");
  const guard = useReadyExamGuard();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const noun = objectType === "question" ? "question" : "case study";
  const name = version === null ? "this version" : `version ${version}`;

  async function restore() {
    guard.proceed();
    setPending(true);
    const outcome =
      objectType === "question"
        ? await callOperation("exam.questionUpdate", questionRestoreParams(snapshot, currentVersion, domainIds)!)
        : await callOperation("exam.caseStudyUpdate", caseStudyRestoreParams(snapshot, currentVersion)!);
    setPending(false);
    if (outcome.ok) {
      // The current version may hold this version's content already: then nothing was stored.
      const text = saveResultOf(outcome.warnings).unchanged
        ? `Nothing to restore: the ${noun} is already as in ${name}.`
        : `Restored ${name} as version ${outcome.result.version}.`;
      setMessage({ ok: true, text });
      router.refresh();
      return;
    }
    const conflict = conflictOf(outcome);
    setMessage({
      ok: false,
      text: conflict
        ? `Not restored: ${savedBy(conflict)} saved this ${noun} after this page was loaded. Reload the page to see their version first.`
        : `Not restored. ${failureText(outcome)}`,
    });
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <ConfirmDialog
        trigger={
          <Button size="sm" disabled={pending || blocked !== null} title={blocked ?? undefined}>
            <RotateCcw aria-hidden className="size-4" />
            Restore {name}
          </Button>
        }
        title={`Restore ${name}?`}
        description={
          <>
            <p>The {noun} gets this version&apos;s content as a new version. What it holds now stays in its history.</p>
            <ReadyExamWarning action="restore" className="mt-3" />
          </>
        }
        confirmLabel="Restore"
        destructive={false}
        confirmState={pending ? "pending" : "ready"}
        onConfirm={restore}
      />
      {message && (
        <p
          role={message.ok ? "status" : "alert"}
          className={`text-sm ${message.ok ? "text-emerald-700" : "text-red-700"}`}
          data-testid="restore-message"
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
