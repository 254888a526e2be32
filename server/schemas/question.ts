// Input schemas of exam.questionCreate / exam.questionUpdate and the stored shape of
// `properties` per question type. Pure: the API, the server actions and the question forms all
// parse with these, so a rule is written once. Rules that need the question type, other fields
// or the image size live in `server/domain/question-rules.ts`.
import { z } from "zod";
import { joinPath, type Issue } from "../errors";
import { AREA_MAX_N, AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "../domain/areas";
import { describeValue, parseWith } from "./zod-issues";
import { unknownFieldsWarning } from "./common";

export { unknownFieldsWarning };

// ---------------------------------------------------------------------------------------------
// Question types

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
  params: { code: "invalid_value" },
})
  .transform((v) => v as QuestionType);

// ---------------------------------------------------------------------------------------------
// Small building blocks

const positiveId = z.int().min(1).max(2147483647);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An object with any keys (not an array, not null); what it must hold is checked elsewhere. */
export const anyObjectSchema = z.looseObject({});

/** Plain text, not HTML: `<tag`, `</tag`, `<!--` and `<!DOCTYPE` are refused; `a < b` is fine. */
export const HTML_TAG_PATTERN = /<\/?[a-z][^>]*>|<!--|<![a-z]/i;

// ---------------------------------------------------------------------------------------------
// Answers

export const answerInputSchema = z.object({
  /** Ignored: answers are re-created on every call. */
  id: z.int().optional(),
  old_id: z
    .union([z.int(), z.string().max(64)], {
      error: (iss) => `must be an integer or a string of at most 64 characters, got ${describeValue(iss.input)}`,
    })
    .nullable()
    .optional(),
  answer: z.string(),
  is_correct: z.boolean().default(false),
  order: z.int32().min(1).optional(),
  points: z.int32().optional(),
});

/** An answer as a client or form may hand it over (`is_correct` optional). */
export type AnswerInput = z.input<typeof answerInputSchema>;
/** An answer after parsing (`is_correct` filled in). */
export type ParsedAnswer = z.output<typeof answerInputSchema>;

// ---------------------------------------------------------------------------------------------
// The `question` object

const questionShape = {
  exam_id: positiveId.optional(),
  /** Alias of exam_id sent by older clients. */
  test_id: positiveId.optional(),
  question: z.string(),
  explanation: z.string().default(""),
  type: questionTypeSchema,
  case_study_id: positiveId.nullable().default(null),
  // An empty external id is no external id (a form's empty text box sends "").
  external_id: z
    .string()
    .max(255)
    .nullable()
    .default(null)
    .transform((v) => (v === "" ? null : v)),
  points: z.int32().min(0).default(1),
  properties: anyObjectSchema.default(() => ({})),
};

const hasObjectValue = (payload: { value: unknown }) => isPlainObject(payload.value);

type ExamIdFields = { exam_id?: unknown; test_id?: unknown };

// exam_id is required, test_id is its alias, and both with different values is an error.
// `when` makes these checks run even when other fields failed, so every problem is reported
// together; that is also why they look at the raw values' types.
const examIdPresent = (q: ExamIdFields) => q.exam_id !== undefined || q.test_id !== undefined;
const examIdRequired = {
  path: ["exam_id"],
  error: "is required (an integer, the id of the owning exam; test_id is accepted as an alias)",
  params: { code: "required" },
  when: hasObjectValue,
};

const examIdsAgree = (q: ExamIdFields) =>
  typeof q.exam_id !== "number" || typeof q.test_id !== "number" || q.exam_id === q.test_id;
const examIdConflict = {
  path: ["test_id"],
  error: (iss: { input?: unknown }) => {
    const q = iss.input as ExamIdFields;
    return `is an alias of exam_id and must not differ from it (exam_id ${String(q.exam_id)}, test_id ${String(q.test_id)}); send only exam_id`;
  },
  params: { code: "conflict" },
  when: hasObjectValue,
};

function toExamId<T extends { exam_id?: number; test_id?: number }>({ exam_id, test_id, ...rest }: T) {
  // One of the two is present: examIdRequired passed.
  return { ...rest, exam_id: (exam_id ?? test_id) as number };
}

export const questionCreateObject = z
  .object(questionShape)
  .refine(examIdPresent, examIdRequired)
  .refine(examIdsAgree, examIdConflict)
  .transform(toExamId);

export const questionUpdateObject = z
  .object({ id: positiveId, ...questionShape })
  .refine(examIdPresent, examIdRequired)
  .refine(examIdsAgree, examIdConflict)
  .transform(toExamId);

const resourcesSchema = z.record(z.string(), z.string());

export const questionCreateParams = z.object({
  question: questionCreateObject,
  answers: z.array(answerInputSchema).optional(),
  resources: resourcesSchema.optional(),
});

export const questionUpdateParams = z.object({
  question: questionUpdateObject,
  answers: z.array(answerInputSchema).optional(),
  resources: resourcesSchema.optional(),
});

export type QuestionCreateParams = z.output<typeof questionCreateParams>;
export type QuestionUpdateParams = z.output<typeof questionUpdateParams>;
export type QuestionCreateParamsInput = z.input<typeof questionCreateParams>;
export type QuestionUpdateParamsInput = z.input<typeof questionUpdateParams>;
export type QuestionInput = QuestionCreateParams["question"];

// ---------------------------------------------------------------------------------------------
// Unknown keys → warnings

const PARAMS_KEYS = ["question", "answers", "resources"] as const;
const QUESTION_KEYS = Object.keys(questionShape);
const ANSWER_KEYS = Object.keys(answerInputSchema.shape);

export type QuestionParamsMode = "create" | "update";

export type ParsedQuestionParams<M extends QuestionParamsMode> =
  | { ok: true; data: M extends "create" ? QuestionCreateParams : QuestionUpdateParams; warnings: Issue[] }
  | { ok: false; issues: Issue[]; warnings: Issue[] };

/**
 * Parses the params of questionCreate (`mode` "create") or questionUpdate ("update"), with our
 * messages, plus warnings for unknown keys in params, `question` and every answer.
 */
export function parseQuestionParams<M extends QuestionParamsMode>(mode: M, value: unknown): ParsedQuestionParams<M> {
  const warnings = questionParamsWarnings(mode, value);
  const schema = mode === "create" ? questionCreateParams : questionUpdateParams;
  const parsed = parseWith(schema, value);
  if (!parsed.ok) return { ok: false, issues: parsed.issues, warnings };
  return { ok: true, data: parsed.data as M extends "create" ? QuestionCreateParams : QuestionUpdateParams, warnings };
}

/** The warnings for unknown keys in params, `question` and every answer (read before parsing drops them). */
export function questionParamsWarnings(mode: QuestionParamsMode, value: unknown): Issue[] {
  const warnings: Issue[] = [];
  const push = (w: Issue | null) => {
    if (w) warnings.push(w);
  };
  push(unknownFieldsWarning(value, PARAMS_KEYS, ""));
  if (isPlainObject(value)) {
    const question = value.question;
    if (mode === "create" && isPlainObject(question) && "id" in question) {
      warnings.push({
        code: "unknown_field",
        path: "question.id",
        message: "is ignored by exam.questionCreate (a new question gets a new id); use exam.questionUpdate to change a question",
      });
    }
    const known = mode === "update" ? ["id", ...QUESTION_KEYS] : QUESTION_KEYS;
    push(unknownFieldsWarning(mode === "create" && isPlainObject(question) ? omitKey(question, "id") : question, known, "question"));
    if (Array.isArray(value.answers)) {
      value.answers.forEach((a, i) => push(unknownFieldsWarning(a, ANSWER_KEYS, joinPath("answers", i))));
    }
  }
  return warnings;
}

function omitKey(obj: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _omitted, ...rest } = obj;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Stored `properties` per type. Field-level rules only; the rules between fields (ids unique,
// match targets exist, areas inside the image, …) are in server/domain/question-rules.ts and
// server/domain/areas.ts, which parse field by field with these same schemas.

function areaIdSchema(forms: string) {
  const pattern = forms === "block" ? /^block-[1-9][0-9]{0,2}$/ : /^(targ|drag)-[1-9][0-9]{0,2}$/;
  const allowed =
    forms === "block"
      ? `"block-N"`
      : `"targ-N" (target area) or "drag-N" (draggable area)`;
  return z.string().regex(pattern, {
    error: (iss) => `must be ${allowed} with N from 1 to ${AREA_MAX_N} and no leading zeros, got ${describeValue(iss.input)}`,
  });
}

const areaGeometry = {
  x: z.int().min(0),
  y: z.int().min(0),
  width: z.int().min(AREA_MIN_WIDTH),
  height: z.int().min(AREA_MIN_HEIGHT),
};

const imageSchema = z.string().min(1);

export const dragDropAreaSchema = z.object({
  id: areaIdSchema("targ/drag"),
  ...areaGeometry,
  /** 1 target, 2 draggable. */
  type: z
    .int()
    .refine((v) => v === 1 || v === 2, {
      error: (iss) => `must be 1 (target area) or 2 (draggable area), got ${describeValue(iss.input)}`,
      params: { code: "invalid_value" },
    })
    .transform((v) => v as 1 | 2),
});

export const blockAreaSchema = z.object({
  id: areaIdSchema("block"),
  ...areaGeometry,
});

export const dragDropOptionsSchema = z.object({
  FixedHeight: z.boolean(),
  FixedWidth: z.boolean(),
  OneToOneMatching: z.boolean(),
});

export const blockOptionsSchema = z.object({
  FixedHeight: z.boolean(),
  FixedWidth: z.boolean(),
  SingleAnswer: z.boolean(),
});

/** Types 1 and 2 have no properties. */
export const choicePropertiesSchema = z.object({});

/** Type 3. */
export const dragDropPropertiesSchema = z.object({
  image: imageSchema,
  areas: z.array(dragDropAreaSchema),
  options: dragDropOptionsSchema,
  /** Target area id → draggable area id. */
  match: z.record(z.string(), z.string()),
  /** Target area id → draggable area id → points. */
  points: z.record(z.string(), z.record(z.string(), z.int())).optional(),
});

/** Types 4 and 5. */
export const blockPropertiesSchema = z.object({
  image: imageSchema,
  areas: z.array(blockAreaSchema),
  options: blockOptionsSchema,
  /** Area id → part of the correct answer. */
  correct: z.record(z.string(), z.boolean()),
  /** Area id → points. */
  points: z.record(z.string(), z.int()).optional(),
});

/** Type 6. */
export const sortPropertiesSchema = z.object({
  optional_answers: z.boolean().default(false),
});

export const textAnswerValueSchema = z
  .string()
  .trim()
  .min(1)
  .refine((v) => !HTML_TAG_PATTERN.test(v), {
    error: "must be plain text, not HTML (remove the tags)",
    params: { code: "html_not_allowed" },
  });

export const textAnswerSchema = z.object({
  value: textAnswerValueSchema,
  points: z.int().optional(),
});

/** Type 7 as stored (the older `text_similarity_answer` is converted before this). */
export const textInputPropertiesSchema = z.object({
  text_similarity: z.int().min(0).max(100),
  case_sensitive: z.boolean().default(false),
  text_answer: z.array(textAnswerSchema).min(1),
});

export const propertiesSchemaByType = {
  1: choicePropertiesSchema,
  2: choicePropertiesSchema,
  3: dragDropPropertiesSchema,
  4: blockPropertiesSchema,
  5: blockPropertiesSchema,
  6: sortPropertiesSchema,
  7: textInputPropertiesSchema,
} as const;

export type ChoiceProperties = z.output<typeof choicePropertiesSchema>;
export type DragDropArea = z.output<typeof dragDropAreaSchema>;
export type BlockArea = z.output<typeof blockAreaSchema>;
export type DragDropProperties = z.output<typeof dragDropPropertiesSchema>;
export type BlockProperties = z.output<typeof blockPropertiesSchema>;
export type SortProperties = z.output<typeof sortPropertiesSchema>;
export type TextAnswer = z.output<typeof textAnswerSchema>;
export type TextInputProperties = z.output<typeof textInputPropertiesSchema>;

export type QuestionProperties =
  | ChoiceProperties
  | DragDropProperties
  | BlockProperties
  | SortProperties
  | TextInputProperties;

export type PropertiesOf<T extends QuestionType> = z.output<(typeof propertiesSchemaByType)[T]>;

/** A question's type together with its properties, discriminated by `type` (e.g. a stored row). */
export const typedQuestionPropertiesSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal([1, 2]), properties: choicePropertiesSchema }),
  z.object({ type: z.literal(3), properties: dragDropPropertiesSchema }),
  z.object({ type: z.literal([4, 5]), properties: blockPropertiesSchema }),
  z.object({ type: z.literal(6), properties: sortPropertiesSchema }),
  z.object({ type: z.literal(7), properties: textInputPropertiesSchema }),
]);

export type TypedQuestionProperties = z.output<typeof typedQuestionPropertiesSchema>;
