// Issues a save came back with (the server's checks: HTML policy, media, external_id, …). Each
// stays at its field while that field still holds what was sent, and goes away once the author
// changes it, so a fixed problem does not linger and an untouched one does not vanish.
import type { Issue } from "@/server/errors";
import type { QuestionParams } from "./draft";
import type { Validation } from "./validate";

export interface SentIssues {
  /** The params (as built from the form, before resources were taken out) that got these issues. */
  sent: QuestionParams;
  issues: Validation;
}

const SEGMENT = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;

/** The value at an issue path in the params (`answers[1].answer` → params.answers[1].answer). */
export function valueAt(params: QuestionParams, path: string): unknown {
  let current: unknown = params;
  for (const match of path.matchAll(SEGMENT)) {
    if (current === null || typeof current !== "object") return undefined;
    const key = match[1] ?? match[2] ?? (match[3] !== undefined ? (JSON.parse(`"${match[3]}"`) as string) : "");
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function sameAt(a: QuestionParams, b: QuestionParams, path: string): boolean {
  // Issues about the whole request (e.g. `resources`) have no field to change: kept until the next save.
  if (path === "" || path.startsWith("resources")) return true;
  return JSON.stringify(valueAt(a, path)) === JSON.stringify(valueAt(b, path));
}

/** The server's issues that still apply to the form as it is now. */
export function stillCurrent(saved: SentIssues | null, now: QuestionParams): Validation {
  if (!saved) return { errors: [], warnings: [] };
  const keep = (i: Issue) => sameAt(saved.sent, now, i.path);
  return { errors: saved.issues.errors.filter(keep), warnings: saved.issues.warnings.filter(keep) };
}
