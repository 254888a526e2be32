// Params of the exam methods (contract 3 and 4). Imported by the API, server actions and forms.
import { z } from "zod";
import { domainsField } from "./blueprint";
import { cursor, expectedVersion, htmlField, id, listLimit, resources } from "./common";

/** The exam types by name, their values the API's numbers (contract 4). */
export const EXAM_TYPE = { quiz: 1, test: 2, exam: 3 } as const;

export type ExamType = (typeof EXAM_TYPE)[keyof typeof EXAM_TYPE];

export const EXAM_TYPES = { [EXAM_TYPE.quiz]: "quiz", [EXAM_TYPE.test]: "test", [EXAM_TYPE.exam]: "exam" } as const;
export const EVALUATION_METHODS = {
  1: "percent correct, pass/fail",
  2: "points gained, pass/fail",
  3: "percent correct, score only",
  4: "points gained, score only",
} as const;

/** Each exam field's schema (also the archive's exam settings, server/formats/exam-json.ts). */
export const examFields = {
  type: z.literal([EXAM_TYPE.quiz, EXAM_TYPE.test, EXAM_TYPE.exam]).describe("1 quiz, 2 test, 3 exam."),
  check_answer: z
    .literal([0, 1])
    .describe("The Check Answer button: 0 off (default), 1 on. Takes effect only for type 1."),
  title: z.string().trim().min(1).max(200).describe("Trimmed, not empty."),
  category: z.string().trim().min(1).max(100).describe("Trimmed, not empty."),
  code: z.string().trim().min(1).max(50).describe("Trimmed, not empty."),
  shuffle_questsion: z
    .boolean()
    .describe("Present the questions shuffled (default true). The interface's spelling; responses use it."),
  /** The correct spelling, accepted on input as an alias of the interface's `shuffle_questsion`. */
  shuffle_questions: z.boolean().describe("Alias of shuffle_questsion (the correct spelling), accepted on input."),
  shuffle_answers: z.boolean().describe("Shuffle the answers of single and multiple choice questions."),
  testing_questions: z
    .int32()
    .describe(
      "Questions presented: 0 turns automatic calculation on (60 at most, from the question count); a positive value locks it; negative is an error.",
    ),
  testing_time: z
    .int32()
    .describe(
      "Minutes: positive fixes it, 0 means no time limit (not allowed for type 3), negative sets 1.5 minutes per presented question.",
    ),
  evaluation_method: z
    .literal([1, 2, 3, 4])
    .describe(
      "1 percent correct, pass/fail; 2 points gained, pass/fail; 3 percent correct, score only; 4 points gained, score only.",
    ),
  passing_score: z
    .int()
    .min(0)
    .max(100)
    .describe(
      "Percentage needed to pass. Required when evaluation_method is 1 or 2 and none is stored; ignored (with a warning) for 3 and 4.",
    ),
  show_description_page: z
    .boolean()
    .describe(
      "Show the description as a page before the questions (default false; stored as false while the description is empty).",
    ),
  show_standard_introduction: z.boolean().describe('Show the standard "Before You Begin" page (default true).'),
  description: htmlField.describe(
    'HTML (links and YouTube embeds allowed). On update, left out keeps it and "" clears it.',
  ),
  /** The blueprint (contract 15.1): server/schemas/blueprint.ts. */
  domains: domainsField,
};

export const EXAM_INPUT_KEYS = ["id", ...Object.keys(examFields)] as const;

const optionalFields = Object.fromEntries(Object.entries(examFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof examFields]: z.ZodOptional<(typeof examFields)[K]>;
};

/** Unknown fields are dropped by parsing; the operations' `inspect` warns about them by name. */
export const examCreateInput = z.object({
  ...optionalFields,
  type: examFields.type,
  title: examFields.title,
  category: examFields.category,
  code: examFields.code,
  evaluation_method: examFields.evaluation_method,
});

/** Every field of examCreate, each optional: exam.examImport's `exam`, over the file's settings. */
export const examFieldsInput = z.object(optionalFields);

export const examUpdateInput = z.object({
  ...optionalFields,
  id: id.describe("The exam to update. Fields left out keep their stored values."),
});

export const examCreateParams = z.object({ exam: examCreateInput, resources: resources.optional() });
export const examUpdateParams = z.object({
  exam: examUpdateInput,
  resources: resources.optional(),
  expected_version: expectedVersion,
});
export const examGetParams = z.object({ id: id.describe("The exam's id.") });
export const examDeleteParams = z.object({ id: id.describe("The exam's id."), expected_version: expectedVersion });
export const examListParams = z.object({
  query: z.string().max(200).optional().describe("Case-insensitive substring of the title, code or category."),
  category: z.string().max(100).optional().describe("Exact category."),
  status: z.enum(["draft", "ready"]).optional().describe("Only exams with this status."),
  limit: listLimit,
  cursor: cursor.optional(),
});
export const examUpdateStatusParams = z.object({
  id: id.describe("The exam's id."),
  ready: z.boolean().describe("true marks the exam ready (after re-checking it), false moves it back to draft."),
  ignore_warnings: z.boolean().optional().describe("Mark ready even when the check finds warnings."),
  expected_version: expectedVersion,
});

export type ExamCreateInput = z.output<typeof examCreateInput>;
export type ExamUpdateInput = z.output<typeof examUpdateInput>;
