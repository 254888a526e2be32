// Where the author fixes what "Mark ready" found (server/steps/exam-readiness.ts): the question by
// the number authors know it by, the case study by its name, the exam's settings. Pure, for the
// status control, which puts each link before the finding's wording (author-text.ts).
import type { Issue } from "@/server/errors";
import { questionTitle } from "../questions/question-title";
import { fieldName } from "./field-names";

export interface FindingLink {
  label: string;
  href: string;
}

/** The link to where `issue` is fixed, or null when it is about the exam as a whole. */
export function readinessLink(issue: Issue, examId: number): FindingLink | null {
  const d = issue.details ?? {};
  if (d.questionId !== undefined)
    return { label: questionTitle(d.position), href: `/exams/${examId}/questions/${d.questionId}` };
  if (d.caseStudyId !== undefined)
    return {
      label: `Case study “${d.caseStudyName ?? d.caseStudyId}”`,
      href: `/exams/${examId}/case-studies/${d.caseStudyId}`,
    };
  const settings = `/exams/${examId}?tab=settings`;
  if (issue.code === "testing_questions_exceed") return { label: fieldName(issue.path) ?? "Settings", href: settings };
  if (issue.code === "media_missing" && d.usedIn === "description") return { label: "Description", href: settings };
  // Fixed in the settings' Blueprint section (its heading's id), or by adding questions to the domain.
  if (issue.code === "blueprint_short") return { label: "Blueprint", href: `${settings}#settings-blueprint` };
  return null;
}
