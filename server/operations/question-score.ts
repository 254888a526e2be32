// exam.questionScore (contract 16.2): one response scored by the one scoring function that the
// preview and "Try it" use, for a stored question or one given inline (checked as questionCreate
// checks it, and not stored).
import { getExamOrThrow } from "../data/exams";
import { scoringQuestionOrThrow } from "../data/question-scoring";
import { scoredQuestionOf } from "../domain/scoring/scored-question";
import { scoreApiResponse } from "../domain/scoring/scenarios";
import type { ScoredQuestion } from "../domain/scoring/types";
import { defineOperation, type OpContext } from "../operation";
import { questionScoreParams, questionScoreWarnings } from "../schemas/scoring-call";
import type { QuestionCreateParams } from "../schemas/question";
import { explainQuestionParams, prepareQuestion } from "../steps/question-content";
import { invalidResponse, scoredFromRow } from "../steps/scoring";

export const SCORE_RESULT = {
  points:
    "Points earned, rounded to 2 decimals: the question's points by its scoring mode, plus the points of what was selected.",
  max_points: "What the correct response earns.",
  fully_correct: "Whether the response is fully correct (what evaluation methods 1 and 3 count).",
  why: 'Why it earned that ("2 of 3 targets right: 0.67 of 1 point"; contract 16.1 point 6).',
} as const;

export const questionScore = defineOperation({
  method: "exam.questionScore",
  access: "read",
  summary:
    "Score one response to a stored question (question_id) or to one given inline as questionCreate takes it (not stored).",
  result: SCORE_RESULT,
  params: questionScoreParams,
  inspect: questionScoreWarnings,
  explain: explainQuestionParams,
  async run(ctx, input) {
    const question =
      input.question_id !== undefined
        ? await storedQuestion(ctx, input.question_id)
        : await inlineQuestion(ctx, input.question!, input.answers, input.resources);
    const scored = scoreApiResponse(question, input.response);
    if (!scored.ok) throw invalidResponse("response", scored.problems);
    return scored.score;
  },
});

async function storedQuestion(ctx: OpContext, id: number): Promise<ScoredQuestion> {
  const { row, answers } = await scoringQuestionOrThrow(ctx.db, ctx, id, "question_id");
  return scoredFromRow(row, answers);
}

/**
 * The question as questionCreate would store it (HTML cleaned, properties and answers normalised,
 * every rule checked), in an exam the caller can read. Its answers' positions are their places
 * sorted by order, as questionCreate would store them; nothing is written.
 */
async function inlineQuestion(
  ctx: OpContext,
  input: QuestionCreateParams["question"],
  answers: QuestionCreateParams["answers"],
  resources: QuestionCreateParams["resources"],
): Promise<ScoredQuestion> {
  await getExamOrThrow(ctx.db, ctx, input.exam_id, { path: "question.exam_id" });
  const prepared = await prepareQuestion(ctx, input, answers, resources);
  ctx.report.throwIfErrors();
  const c = prepared.columns;
  return scoredQuestionOf({
    id: 0,
    type: c.type,
    points: c.points,
    properties: c.properties,
    answers: prepared.answers.map((a, i) => ({
      id: i + 1,
      is_correct: a.is_correct,
      points: a.points,
      order: a.order,
    })),
  });
}
