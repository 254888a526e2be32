// Input schemas of exam.questionCreate / exam.questionUpdate: the `question` object, its
// answers and resources, and the warnings for unknown keys. `properties` is only required to be
// an object here; what it must hold per type is in ./properties.ts and the domain rules.
import { z } from "zod";
import { joinPath, type Issue } from "../../errors";
import { domainIdField, tagsField } from "../blueprint";
import { expectedVersion, unknownFieldsWarning } from "../common";
import { describeValue, issueParams, parseWith } from "../zod-issues";
import { questionTypeSchema } from "./question-type";
import { scenariosField } from "./response";

// ---------------------------------------------------------------------------------------------
// Small building blocks

const positiveId = z.int().min(1).max(2147483647);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An object with any keys (not an array, not null); what it must hold is checked elsewhere. */
export const anyObjectSchema = z.looseObject({});

// ---------------------------------------------------------------------------------------------
// Answers

export const answerInputSchema = z.object({
  /** Ignored: answers are re-created on every call. */
  id: z.int().optional().describe("Ignored: answers get new ids on every call."),
  old_id: z
    .union([z.int(), z.string().max(64)], {
      error: (iss) => `must be an integer or a string of at most 64 characters, got ${describeValue(iss.input)}`,
    })
    .nullable()
    .optional()
    .describe("The client's own id for the answer, echoed back with the same JSON type."),
  answer: z.string().describe("HTML (no links, no YouTube embeds)."),
  is_correct: z.boolean().default(false),
  order: z
    .int32()
    .min(1)
    .optional()
    .describe(
      "Unique within the question; required on every answer of a sort question (type 6), otherwise the array position.",
    ),
  points: z.int32().optional().describe("Points when selected; negative is a penalty."),
});

/** An answer as a client or form may hand it over (`is_correct` optional). */
export type AnswerInput = z.input<typeof answerInputSchema>;
/** An answer after parsing (`is_correct` filled in). */
export type ParsedAnswer = z.output<typeof answerInputSchema>;

// ---------------------------------------------------------------------------------------------
// The `question` object

const questionShape = {
  exam_id: positiveId.optional().describe("The owning exam. Required, unless its alias test_id is sent."),
  /** Alias of exam_id sent by older clients. */
  test_id: positiveId
    .optional()
    .describe("Alias of exam_id, sent by older clients; when both are sent they must be equal."),
  question: z.string().describe("HTML (no links, no YouTube embeds)."),
  explanation: z.string().default("").describe("HTML shown after answering (links and YouTube embeds allowed)."),
  type: questionTypeSchema,
  case_study_id: positiveId.nullable().default(null).describe("A case study of the same exam."),
  // An empty external id is no external id (a form's empty text box sends "").
  external_id: z
    .string()
    .max(255)
    .nullable()
    .default(null)
    .transform((v) => (v === "" ? null : v))
    .describe('The client\'s own key, unique within the exam; "" means none.'),
  points: z.int32().min(0).default(1).describe("Points for a fully correct response."),
  properties: anyObjectSchema
    .default(() => ({}))
    .describe('What the question type needs (types 3 to 7); see "Question properties".'),
  // Extension fields (contract 15.1 point 3): unlike the fields above, a questionUpdate that
  // leaves them out keeps them (server/steps/blueprint.ts), so they have no default here.
  domain_id: domainIdField.optional(),
  tags: tagsField.optional(),
  scenarios: scenariosField.optional(),
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
  params: issueParams("required"),
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
  params: issueParams("conflict"),
  when: hasObjectValue,
};

function toExamId<T extends { exam_id?: number; test_id?: number }>({ exam_id, test_id, ...rest }: T) {
  // One of the two is present: examIdRequired passed.
  return { ...rest, exam_id: (exam_id ?? test_id) as number };
}

// What examIdRequired checks, stated for JSON Schema (a refinement cannot describe itself).
const examIdOrAlias = { anyOf: [{ required: ["exam_id"] }, { required: ["test_id"] }] };

export const questionCreateObject = z
  .object(questionShape)
  .refine(examIdPresent, examIdRequired)
  .refine(examIdsAgree, examIdConflict)
  .transform(toExamId)
  .meta(examIdOrAlias);

export const questionUpdateObject = z
  .object({
    id: positiveId.describe("The question to replace. Every field is resent; one left out is reset to its default."),
    ...questionShape,
  })
  .refine(examIdPresent, examIdRequired)
  .refine(examIdsAgree, examIdConflict)
  .transform(toExamId)
  .meta(examIdOrAlias);

const resourcesSchema = z
  .record(z.string(), z.string())
  .describe(
    "Files referenced by the HTML fields or properties.image: path as written → Base64 content. Each is stored as /media/<sha256>.<ext>.",
  );
const answersSchema = z
  .array(answerInputSchema)
  .describe(
    "The whole set of answers (replaced on every call). Required for types 1, 2 and 6; ignored for the others.",
  );

export const questionCreateParams = z.object({
  question: questionCreateObject,
  answers: answersSchema.optional(),
  resources: resourcesSchema.optional(),
});

export const questionUpdateParams = z.object({
  question: questionUpdateObject,
  answers: answersSchema.optional(),
  resources: resourcesSchema.optional(),
  expected_version: expectedVersion,
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
  push(unknownFieldsWarning(value, mode === "update" ? [...PARAMS_KEYS, "expected_version"] : PARAMS_KEYS, ""));
  if (isPlainObject(value)) {
    const question = value.question;
    if (mode === "create" && isPlainObject(question) && "id" in question) {
      warnings.push({
        code: "unknown_field",
        path: "question.id",
        message:
          "is ignored by exam.questionCreate (a new question gets a new id); use exam.questionUpdate to change a question",
      });
    }
    const known = mode === "update" ? ["id", ...QUESTION_KEYS] : QUESTION_KEYS;
    push(
      unknownFieldsWarning(
        mode === "create" && isPlainObject(question) ? omitKey(question, "id") : question,
        known,
        "question",
      ),
    );
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
