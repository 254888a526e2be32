// Places issues (errors and warnings, from the live check or a save) at the form field they
// concern, by their API param path: `question.question`, `answers[2].answer`,
// `question.properties.text_answer[0].value`, … Anything no field shows goes to the summary at
// the top of the editor, so no message is ever lost.
import { hasAnswers, hasAreas } from "@/server/domain/question-types";
import type { Issue } from "@/server/errors";
import type { Validation } from "./validate";

const PROPS = "question.properties";

/** The field ids the editor shows messages at. */
export const FIELD = {
  question: "question.question",
  explanation: "question.explanation",
  points: "question.points",
  externalId: "question.external_id",
  caseStudy: "question.case_study_id",
  answers: "answers",
  answer: (i: number) => `answers[${i}]`,
  answerText: (i: number) => `answers[${i}].answer`,
  answerPoints: (i: number) => `answers[${i}].points`,
  optionalAnswers: `${PROPS}.optional_answers`,
  textSimilarity: `${PROPS}.text_similarity`,
  caseSensitive: `${PROPS}.case_sensitive`,
  textAnswers: `${PROPS}.text_answer`,
  textAnswer: (i: number) => `${PROPS}.text_answer[${i}]`,
  textAnswerValue: (i: number) => `${PROPS}.text_answer[${i}].value`,
  textAnswerPoints: (i: number) => `${PROPS}.text_answer[${i}].points`,
  /** Types 3, 4, 5: everything about the image and its areas, shown in the area editor. */
  areas: PROPS,
} as const;

const SIMPLE = new Set<string>([FIELD.question, FIELD.explanation, FIELD.points, FIELD.externalId, FIELD.caseStudy, FIELD.answers]);

/**
 * The field an issue path is shown at, or null for the summary. `counts` says how many answer
 * and accepted-value rows the form has (a path past the end has no row to show it at).
 */
export function fieldOf(path: string, type: number, counts: { answers: number; textAnswers: number }): string | null {
  if (SIMPLE.has(path)) return path;
  const answer = /^answers\[(\d+)\](?:\.([a-z_]+))?/.exec(path);
  if (answer && hasAnswers(type)) {
    const i = Number(answer[1]);
    if (i >= counts.answers) return FIELD.answers;
    if (answer[2] === "answer") return FIELD.answerText(i);
    if (answer[2] === "points") return FIELD.answerPoints(i);
    return FIELD.answer(i); // is_correct, order, old_id or the answer as a whole
  }
  if (type === 6 && path === FIELD.optionalAnswers) return path;
  if (hasAreas(type) && (path === PROPS || path.startsWith(`${PROPS}.`))) return FIELD.areas;
  if (type === 7) {
    if (path === FIELD.textSimilarity || path === FIELD.caseSensitive || path === FIELD.textAnswers) return path;
    if (path === `${PROPS}.text_similarity_answer`) return FIELD.textAnswers;
    const entry = /^question\.properties\.text_answer\[(\d+)\](?:\.([a-z_]+))?/.exec(path);
    if (entry) {
      const i = Number(entry[1]);
      if (i >= counts.textAnswers) return FIELD.textAnswers;
      if (entry[2] === "points") return FIELD.textAnswerPoints(i);
      if (entry[2] === "value" || entry[2] === undefined) return FIELD.textAnswerValue(i);
    }
  }
  return null;
}

export interface FieldMessagesMap {
  /** The messages shown at one field. */
  at(field: string): { errors: string[]; warnings: string[] };
  /** Issues no field shows, with their paths. */
  unplaced: Validation;
  errorCount: number;
  warningCount: number;
}

export function placeIssues(validation: Validation, type: number, counts: { answers: number; textAnswers: number }): FieldMessagesMap {
  const byField = new Map<string, { errors: string[]; warnings: string[] }>();
  const unplaced: Validation = { errors: [], warnings: [] };
  const put = (issue: Issue, kind: "errors" | "warnings") => {
    const field = fieldOf(issue.path, type, counts);
    if (field === null) {
      unplaced[kind].push(issue);
      return;
    }
    let entry = byField.get(field);
    if (!entry) byField.set(field, (entry = { errors: [], warnings: [] }));
    // The area editor shows every property's messages in one place: each says which it concerns.
    const within = field === FIELD.areas ? issue.path.slice(PROPS.length + 1) : "";
    entry[kind].push(within ? `${within}: ${issue.message}` : issue.message);
  };
  validation.errors.forEach((i) => put(i, "errors"));
  validation.warnings.forEach((i) => put(i, "warnings"));
  const none = { errors: [], warnings: [] };
  return {
    at: (field) => byField.get(field) ?? none,
    unplaced,
    errorCount: validation.errors.length,
    warningCount: validation.warnings.length,
  };
}
