"use client";
// An editor's side of versions (contract 14.2): the version and content it last loaded or saved
// (its base), which every save sends as expected_version; and, when a save is refused because
// someone else saved first, that conflict with the other person's version read back, so the
// editor can show what they changed and offer to take it or to overwrite it.
import { useCallback, useState } from "react";
import { diffSnapshots, type FieldChange } from "@/server/domain/history-diff";
import type { Issue } from "@/server/errors";
import { conflictOf, type Conflict } from "./conflict";
import { saveResultOf, type SaveResult } from "./unchanged";

export interface Versioned<T> {
  version: number;
  /** The object as its get method answers it; null when not known (no comparison then). */
  snapshot: T | null;
}

export interface ConflictFound<T> {
  conflict: Conflict;
  changes: FieldChange[] | null;
  /** Their version as read after the refusal; null when it could not be read (deleted meanwhile). */
  current: Versioned<T> | null;
}

/** The params part that bases a write on a version: nothing when no version is known (a new object). */
export function withVersion(version: number | undefined): { expected_version?: number } {
  return version === undefined ? {} : { expected_version: version };
}

/**
 * `read` fetches the object as stored now. `objectType` names it as the history does, for the
 * comparison.
 */
export function useVersioned<T>(
  objectType: "exam" | "question" | "case_study",
  initial: Versioned<T> | null,
  read: () => Promise<Versioned<T> | null>,
) {
  const [base, setBase] = useState(initial);
  const [found, setFound] = useState<ConflictFound<T> | null>(null);
  // A newer version from the page (after router.refresh) becomes the base; an older one (the page
  // as first loaded, while the editor has saved since) does not.
  if (initial && (!base || initial.version > base.version)) setBase(initial);

  /** True (and the conflict is shown) when `outcome` is a version conflict. */
  const handleFailure = useCallback(
    async (outcome: { code: number; data?: Record<string, unknown> }): Promise<boolean> => {
      const conflict = conflictOf(outcome);
      if (!conflict) return false;
      const current = await read();
      const changes =
        current?.snapshot && base?.snapshot ? diffSnapshots(objectType, base.snapshot, current.snapshot) : null;
      setFound({ conflict, changes, current });
      return true;
    },
    [base, objectType, read],
  );

  /**
   * After a successful save: `now` (the version the save answered, which is the same version when
   * the save stored nothing) becomes the base, any conflict is over, and the answer's warnings
   * say whether anything was stored (unchanged.ts).
   */
  const saved = useCallback((now: Versioned<T>, warnings: readonly Issue[]): SaveResult => {
    setBase(now);
    setFound(null);
    return saveResultOf(warnings);
  }, []);

  return {
    base,
    /** After a reload: what the editor now holds is this version. */
    setBase,
    saved,
    conflict: found,
    clearConflict: useCallback(() => setFound(null), []),
    handleFailure,
  };
}
