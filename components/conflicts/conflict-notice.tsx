"use client";
// Shown where a save met someone else's newer version: who saved it and when, what they changed
// (the history's comparison of the version this editor loaded with the stored one), and the two
// ways on: take their version, or save this author's over it knowingly. What was typed stays.
import { Users } from "lucide-react";
import type { FieldChange } from "@/server/domain/history-diff";
import { ChangeList } from "../history/change-list";
import { Button } from "../ui/button";
import { formatDateTimeSeconds } from "../ui/format";
import { savedBy, type Conflict } from "./conflict";

export interface ConflictNoticeProps {
  conflict: Conflict;
  /** What they changed against the version this editor loaded; null when that is not known. */
  changes: FieldChange[] | null;
  /** "question", "case study", "exam". */
  noun: string;
  busy: boolean;
  /** Replaces what was typed with their version. */
  onReload(): void;
  /** Saves what was typed over their version. */
  onOverwrite(): void;
  /** What the overwrite button says ("Save mine over theirs" by default). */
  overwriteLabel?: string;
  /** What became of this author's change, and the choice (by default: what was typed is kept). */
  choice?: string;
}

const KEPT = "Your changes are still here. Take their version (yours are dropped), or save yours over theirs.";

export function ConflictNotice({
  conflict,
  changes,
  noun,
  busy,
  onReload,
  onOverwrite,
  overwriteLabel = "Save mine over theirs",
  choice = KEPT,
}: ConflictNoticeProps) {
  return (
    <section
      role="alert"
      aria-label="Saved by someone else"
      data-testid="conflict"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <div className="flex items-start gap-2">
        <Users aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            {savedBy(conflict)} saved this {noun} at {formatDateTimeSeconds(conflict.at)}, after you opened it. Nothing
            of yours was saved.
          </p>
          {changes && <ChangeList changes={changes} />}
          <p className="mt-2">{choice}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" onClick={onReload} disabled={busy}>
              Load their version
            </Button>
            <Button size="sm" variant="danger" onClick={onOverwrite} disabled={busy}>
              {overwriteLabel}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
