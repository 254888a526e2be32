// Places the issues of an exam request (paths like `exam.passing_score`) at the form's fields,
// in the author's words.
// Anything that names no field of the form is kept for a message above the form.
import type { Issue } from "@/server/errors";
import { authorText } from "../issues/author-text";
import { issueLine } from "../issues/failure-text";

export interface PlacedIssues {
  byField: Record<string, string[]>;
  other: string[];
}

/** Paths that belong to another field than their last segment says. */
const ALIASES: Record<string, string> = {
  shuffle_questions: "shuffle_questsion",
};

/**
 * `fields` are the form's field names (e.g. `title`); an issue at `exam.title` or deeper
 * (`exam.title.x`) lands at `title`. `resources…` issues concern the description's media.
 */
export function placeIssues(issues: readonly Issue[], fields: readonly string[], prefix = "exam."): PlacedIssues {
  const byField: Record<string, string[]> = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path, fields, prefix);
    if (field) (byField[field] ??= []).push(authorText(issue));
    else other.push(issueLine(issue));
  }
  return { byField, other };
}

function fieldOf(path: string, fields: readonly string[], prefix: string): string | null {
  if (path.startsWith("resources") && fields.includes("description")) return "description";
  if (!path.startsWith(prefix)) return null;
  const name = path.slice(prefix.length).split(/[.[]/)[0] ?? "";
  const field = ALIASES[name] ?? name;
  return fields.includes(field) ? field : null;
}
