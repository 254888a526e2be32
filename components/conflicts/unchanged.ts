// A save the server answered with the warning `unchanged` stored nothing: the object already was
// as sent (docs/decisions.md, "Saves that change nothing"), so its version stays, nobody else's
// next save meets a conflict, and a ready exam stays ready. Every editor reads a save's warnings
// through here: it says there was nothing to save, and shows only the other warnings at fields.
// Pure, so the editors and their tests share it.
import type { Issue } from "@/server/errors";

export interface SaveResult {
  /** Nothing was stored: the object was already as sent. */
  unchanged: boolean;
  /** The save's other warnings, for the fields they concern. */
  warnings: Issue[];
}

export function saveResultOf(warnings: readonly Issue[]): SaveResult {
  const others = warnings.filter((w) => w.code !== "unchanged");
  return { unchanged: others.length < warnings.length, warnings: others };
}

/** What an editor says after a save that stored nothing; `noun`: "question", "case study", "exam". */
export function nothingToSave(noun: string): string {
  return `Nothing to save: this ${noun} is as it was last saved.`;
}
