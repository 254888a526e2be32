// Places the issues of exam.domains (`exam.domains`, `exam.domains[2].code`) at the Blueprint
// section's list and rows, in the author's words; the other issues are the form's other fields'.
import type { Issue } from "@/server/errors";
import { authorText } from "../issues/author-text";
import { domainIssueKey } from "./blueprint-model";

/** Messages by place: `list` (the sum, the count) or `<row>.<field>` (`0.code`, `2.weight`). */
export type DomainMessages = Record<string, string[]>;

export function placeDomainIssues(issues: readonly Issue[]): DomainMessages {
  const out: DomainMessages = {};
  for (const issue of issues) {
    const key = domainIssueKey(issue.path);
    if (key === null) continue;
    const text = authorText(issue);
    const list = (out[key] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}
