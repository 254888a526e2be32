// The question types: their numbers and names, and the schema of the `type` field.
import { z } from "zod";
import { describeValue, issueParams } from "../zod-issues";

/**
 * The question types by name, their values the API's numbers (contract 7). Code compares a
 * question's `type` with these, never with a bare number; the API still reads and writes numbers.
 */
export const QUESTION_TYPE = {
  singleChoice: 1,
  multipleChoice: 2,
  dragAndDrop: 3,
  pointAndShoot: 4,
  hotArea: 5,
  sort: 6,
  textInput: 7,
} as const;

/** A question type's number: 1 to 7. */
export type QuestionType = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];

export const QUESTION_TYPE_NAMES = {
  [QUESTION_TYPE.singleChoice]: "single choice",
  [QUESTION_TYPE.multipleChoice]: "multiple choice",
  [QUESTION_TYPE.dragAndDrop]: "drag & drop",
  [QUESTION_TYPE.pointAndShoot]: "point & shoot",
  [QUESTION_TYPE.hotArea]: "hot area",
  [QUESTION_TYPE.sort]: "sort",
  [QUESTION_TYPE.textInput]: "text input",
} as const satisfies Record<QuestionType, string>;

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 7;
}

const TYPE_LIST = Object.entries(QUESTION_TYPE_NAMES)
  .map(([n, name]) => `${n} ${name}`)
  .join(", ");

export const questionTypeSchema = z
  .int()
  .refine(isQuestionType, {
    error: (iss) => `must be a question type from 1 to 7 (${TYPE_LIST}), got ${describeValue(iss.input)}`,
    params: issueParams("invalid_value"),
  })
  .transform((v) => v as QuestionType)
  // The refinement cannot describe itself in JSON Schema; the allowed values come from the names.
  .meta({ enum: Object.keys(QUESTION_TYPE_NAMES).map(Number), description: `${TYPE_LIST}.` });
