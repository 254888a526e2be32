// The question types: their numbers and names, and the schema of the `type` field.
import { z } from "zod";
import { describeValue, issueParams } from "../zod-issues";

export const QUESTION_TYPE_NAMES = {
  1: "single choice",
  2: "multiple choice",
  3: "drag & drop",
  4: "point & shoot",
  5: "hot area",
  6: "sort",
  7: "text input",
} as const;

export type QuestionType = keyof typeof QUESTION_TYPE_NAMES;

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
