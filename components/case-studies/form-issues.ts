// Places the issues of a case study save at the form's fields by their API path
// (`case_study.name`, `case_study.description`; a resource belongs to the description, the only
// field with media), in the author's words. Anything else is shown at the top of the form.
import type { Issue } from "@/server/errors";
import { authorText } from "../issues/author-text";
import { issueLine } from "../issues/failure-text";

export interface CaseStudyMessages {
  name: string[];
  description: string[];
  form: string[];
}

export const NO_MESSAGES: CaseStudyMessages = { name: [], description: [], form: [] };

function fieldOf(path: string): keyof CaseStudyMessages {
  if (path === "case_study.name" || path.startsWith("case_study.name.")) return "name";
  if (path.startsWith("case_study.description") || path.startsWith("resources")) return "description";
  return "form";
}

export function placeIssues(issues: readonly Issue[]): CaseStudyMessages {
  const out: CaseStudyMessages = { name: [], description: [], form: [] };
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    // At a field the path is implied by where it shows; at the top it says where.
    out[field].push(field === "form" ? issueLine(issue) : authorText(issue));
  }
  return out;
}
