// Params of the exam methods (contract 3 and 4). Imported by the API, server actions and forms.
import { z } from "zod";
import { cursor, htmlField, id, listLimit, resources } from "./common";

export const EXAM_TYPES = { 1: "quiz", 2: "test", 3: "exam" } as const;
export const EVALUATION_METHODS = {
  1: "percent correct, pass/fail",
  2: "points gained, pass/fail",
  3: "percent correct, score only",
  4: "points gained, score only",
} as const;

const examFields = {
  type: z.literal([1, 2, 3]),
  check_answer: z.literal([0, 1]),
  title: z.string().trim().min(1).max(200),
  category: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(50),
  shuffle_questsion: z.boolean(),
  /** The correct spelling, accepted on input as an alias of the interface's `shuffle_questsion`. */
  shuffle_questions: z.boolean(),
  shuffle_answers: z.boolean(),
  testing_questions: z.int32(),
  testing_time: z.int32(),
  evaluation_method: z.literal([1, 2, 3, 4]),
  passing_score: z.int().min(0).max(100),
  show_description_page: z.boolean(),
  show_standard_introduction: z.boolean(),
  description: htmlField,
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

export const examUpdateInput = z.object({ ...optionalFields, id });

export const examCreateParams = z.object({ exam: examCreateInput, resources: resources.optional() });
export const examUpdateParams = z.object({ exam: examUpdateInput, resources: resources.optional() });
export const examGetParams = z.object({ id });
export const examDeleteParams = z.object({ id });
export const examListParams = z.object({
  query: z.string().max(200).optional(),
  category: z.string().max(100).optional(),
  status: z.enum(["draft", "ready"]).optional(),
  limit: listLimit,
  cursor: cursor.optional(),
});
export const examUpdateStatusParams = z.object({ id, ready: z.boolean(), ignore_warnings: z.boolean().optional() });

export type ExamCreateInput = z.output<typeof examCreateInput>;
export type ExamUpdateInput = z.output<typeof examUpdateInput>;
