// Places issues (errors and warnings, from the live check or a save) at the form field they
// concern, by their API param path: `question.question`, `answers[2].answer`,
// `question.properties.text_answer[0].value`, `question.properties.areas[1].x` (the row of that
// area), … in the author's words (components/issues/author-text.ts). Anything no field shows goes
// to the summary at the top of the editor, so no message is ever lost.
import { hasAnswers, hasAreas } from "@/server/domain/question-types";
import type { Issue } from "@/server/errors";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { authorText } from "../issues/author-text";
import { fieldName } from "../issues/field-names";
import type { Validation } from "./validate";

const PROPS = "question.properties";

/** The field ids the editor shows messages at. */
export const FIELD = {
  question: "question.question",
  explanation: "question.explanation",
  points: "question.points",
  externalId: "question.external_id",
  caseStudy: "question.case_study_id",
  domain: "question.domain_id",
  /** The tags, and each tag (`question.tags[2]`): shown at the tag input. */
  tags: "question.tags",
  answers: "answers",
  answer: (i: number) => `answers[${i}]`,
  answerText: (i: number) => `answers[${i}].answer`,
  answerPoints: (i: number) => `answers[${i}].points`,
  optionalAnswers: `${PROPS}.optional_answers`,
  /** Types 2 to 6: the scoring mode (contract 16.1), shown at the Scoring choice. */
  scoring: `${PROPS}.scoring`,
  textSimilarity: `${PROPS}.text_similarity`,
  caseSensitive: `${PROPS}.case_sensitive`,
  textAnswers: `${PROPS}.text_answer`,
  textAnswer: (i: number) => `${PROPS}.text_answer[${i}]`,
  textAnswerValue: (i: number) => `${PROPS}.text_answer[${i}].value`,
  textAnswerPoints: (i: number) => `${PROPS}.text_answer[${i}].points`,
  /** Types 3, 4, 5: what concerns the areas as a whole, shown in the area editor. */
  areas: PROPS,
  /** Types 3, 4, 5: what concerns the base image, shown where the image goes. */
  image: `${PROPS}.image`,
  /** Types 3, 4, 5: what concerns one area (its geometry, match, correct mark, points): its row. */
  area: (id: string) => `${PROPS}.areas#${id}`,
} as const;

/** What the form has rows for: answers, accepted values, and the areas' ids in order. */
export interface FormRows {
  answers: number;
  textAnswers: number;
  areaIds?: readonly string[];
}

const AREA_PATH = /^question\.properties\.areas\[(\d+)\]/;
const AREA_KEY_PATH = /^question\.properties\.(?:match|correct|points)\.([a-z]+-\d+)/;

/** The row an area issue is shown at, or null when it concerns no one area. */
function areaFieldOf(path: string, areaIds: readonly string[]): string | null {
  const byIndex = AREA_PATH.exec(path);
  if (byIndex) {
    const id = areaIds[Number(byIndex[1])];
    return id === undefined ? null : FIELD.area(id);
  }
  const byId = AREA_KEY_PATH.exec(path);
  return byId && areaIds.includes(byId[1]!) ? FIELD.area(byId[1]!) : null;
}

const SIMPLE = new Set<string>([
  FIELD.question,
  FIELD.explanation,
  FIELD.points,
  FIELD.externalId,
  FIELD.caseStudy,
  FIELD.domain,
  FIELD.tags,
  FIELD.answers,
  FIELD.scoring,
]);

/**
 * The field an issue path is shown at, or null for the summary. `counts` says how many answer
 * and accepted-value rows the form has (a path past the end has no row to show it at).
 */
export function fieldOf(path: string, type: number, counts: FormRows): string | null {
  if (SIMPLE.has(path)) return path;
  if (path.startsWith(`${FIELD.tags}[`)) return FIELD.tags;
  // A scenario's name and expected points show at its row in the Scenarios panel.
  if (/^question\.scenarios\[\d+\]\.(?:name|expected_points)$/.test(path)) return path;
  const answer = /^answers\[(\d+)\](?:\.([a-z_]+))?/.exec(path);
  if (answer && hasAnswers(type)) {
    const i = Number(answer[1]);
    if (i >= counts.answers) return FIELD.answers;
    if (answer[2] === "answer") return FIELD.answerText(i);
    if (answer[2] === "points") return FIELD.answerPoints(i);
    return FIELD.answer(i); // is_correct, order, old_id or the answer as a whole
  }
  if (type === QUESTION_TYPE.sort && path === FIELD.optionalAnswers) return path;
  if (hasAreas(type) && path === FIELD.image) return path;
  if (hasAreas(type) && (path === PROPS || path.startsWith(`${PROPS}.`)))
    return areaFieldOf(path, counts.areaIds ?? []) ?? FIELD.areas;
  if (type === QUESTION_TYPE.textInput) {
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

/**
 * Types 3, 4, 5 without their image: the areas, their options and matches are made on the image,
 * so while it is missing the one thing to say is that (once, where the image goes); what the
 * properties lack besides follows from it and is left out.
 */
export function withoutImageConsequences(validation: Validation, type: number): Validation {
  if (!hasAreas(type) || !validation.errors.some((i) => i.path === FIELD.image && MISSING.has(i.code)))
    return validation;
  const consequence = (i: Issue) => i.path !== FIELD.image && (i.path === PROPS || i.path.startsWith(`${PROPS}.`));
  return {
    errors: validation.errors.filter((i) => !consequence(i)),
    warnings: validation.warnings.filter((i) => !consequence(i)),
  };
}

const MISSING = new Set<string>(["required", "empty"]);

export function placeIssues(all: Validation, type: number, counts: FormRows): FieldMessagesMap {
  const validation = withoutImageConsequences(all, type);
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
    // The area editor shows what concerns no one area in one place: each says which it concerns.
    const text = authorText(issue, { areaIds: counts.areaIds });
    const within = field === FIELD.areas ? fieldName(issue.path, counts.areaIds) : null;
    const line = within && issue.path !== PROPS ? `${within}: ${text}` : text;
    // The live check and the server's answer can word one problem alike: it is said once.
    if (!entry[kind].includes(line)) entry[kind].push(line);
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
