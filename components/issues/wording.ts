// The parts that the author wording of issues shares between its settings: the editor's
// (author-text.ts, at a field on screen) and the import dialog's (import-wording.ts, about a file
// the author cannot edit there). Pure.
import type { IssueDetails } from "@/server/issue-codes";

/** Where an issue is, as its wording may use it: the path, the field's name, the other field it names. */
export interface WordingAt {
  path: string;
  name: string | null;
  other: string | null;
}

/** One code's wording: a sentence from the issue's details and where it is. */
export type Wording = (d: IssueDetails, at: WordingAt) => string;

/** "from 0 to 100", ", 0 or more", ", 100 or less", or "" (no bounds). */
export function allowedRange(d: Pick<IssueDetails, "min" | "max">): string {
  if (d.min !== undefined && d.max !== undefined) return ` from ${d.min} to ${d.max}`;
  if (d.min !== undefined) return `, ${d.min} or more`;
  if (d.max !== undefined) return `, ${d.max} or less`;
  return "";
}

export const unitOf = (d: IssueDetails) => (d.unit ? ` of ${d.unit}` : "");
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
export const TYPE_ANSWERS: Record<number, string> = { 1: "single choice", 2: "multiple choice", 6: "sort" };
export const MEDIA_PLACE: Record<NonNullable<IssueDetails["usedIn"]>, string> = {
  description: "in the description",
  question: "in this question or its answers",
  case_study: "in this case study",
};

/** The base image of an image question (types 3, 4, 5): nothing else can be made before it. */
export const IMAGE_PATH = "question.properties.image";
/** The path of a comment's text (exam.commentCreate's `body`). */
export const COMMENT_BODY = "body";
/** The paths of an item's rich texts that may hold a picture or sound instead of words. */
export const RICH_TEXT_PATH = /^(question\.question|answers\[\d+\]\.answer)$/;
/** The path of a text question's accepted answers. */
export const TEXT_ANSWERS_PATH = /text_answer$/;
