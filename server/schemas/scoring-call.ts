// Params of the scoring call (contract 16.2: exam.questionScore, exam.attemptScore) and of
// exam.questionTest (16.3 point 2). A question given inline to questionScore is questionCreate's
// `question` and `answers`, checked as questionCreate checks them and never stored.
import { z } from "zod";
import type { Issue } from "../errors";
import { id, resources, unknownFieldsWarning } from "./common";
import { drawSeed } from "./exam-draw";
import { answerInputSchema, questionCreateObject, questionParamsWarnings } from "./question/params";
import { responseSchema } from "./question/response";
import { issueParams } from "./zod-issues";

/** Questions one attemptScore call scores (above any exam's presented questions in practice). */
export const ATTEMPT_RESPONSES_MAX = 10_000;

const response = responseSchema.nullable().optional();

export const questionScoreParams = z
  .object({
    question_id: id.optional().describe("A stored question to score. Send this or `question`, not both."),
    question: questionCreateObject
      .optional()
      .describe(
        "A question as exam.questionCreate takes it (with its exam_id, which the caller must be able to read); checked as questionCreate checks it, and not stored.",
      ),
    answers: z
      .array(answerInputSchema)
      .optional()
      .describe("The inline question's answers, as exam.questionCreate takes them."),
    resources: resources.optional().describe("The inline question's files, as exam.questionCreate takes them."),
    response,
  })
  .refine((p) => (p.question_id === undefined) !== (p.question === undefined), {
    path: ["question_id"],
    error: "send either question_id (a stored question) or question (one given inline), exactly one of them",
    params: issueParams("conflict"),
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });

export const QUESTION_SCORE_KEYS = ["question_id", "question", "answers", "resources", "response"];

/** Unknown fields of the params and, for an inline question, of it and its answers as questionCreate warns. */
export function questionScoreWarnings(raw: unknown): Issue[] {
  const warnings = [unknownFieldsWarning(raw, QUESTION_SCORE_KEYS, "")].filter((w) => w !== null);
  if (typeof raw !== "object" || raw === null) return warnings;
  const { question, answers } = raw as { question?: unknown; answers?: unknown };
  if (question === undefined) return warnings;
  // questionCreate's own warnings, but not the one for params keys (these params have others).
  const inline = questionParamsWarnings("create", { question, ...(answers === undefined ? {} : { answers }) });
  return [...warnings, ...inline];
}

export const attemptScoreParams = z.object({
  exam_id: id.describe("The exam the attempt is of."),
  responses: z
    .record(z.string().regex(/^[1-9][0-9]{0,9}$/, { error: "must be a question id" }), response)
    .refine((r) => Object.keys(r).length <= ATTEMPT_RESPONSES_MAX, {
      error: `must have at most ${ATTEMPT_RESPONSES_MAX} entries`,
      params: issueParams("too_many"),
    })
    .describe(
      "Question id → its response (contract 16.2). Without a seed, the keys are the questions presented; a presented question left out is unanswered.",
    ),
  seed: drawSeed
    .optional()
    .describe(
      "The questions presented are the draw of this seed, as exam.examDraw and the preview draw them; every key of responses must be among them.",
    ),
});

export const ATTEMPT_SCORE_KEYS = Object.keys(attemptScoreParams.shape);

export const questionTestParams = z.object({
  id: id.describe("The question whose scenarios and generated cases are run."),
});

export const QUESTION_TEST_KEYS = ["id"];

/** The path of a problem at `relative` (response-format.ts) in the response at `base`. */
export function responsePath(base: string, relative: string): string {
  return relative === "" ? base : `${base}.${relative}`;
}
