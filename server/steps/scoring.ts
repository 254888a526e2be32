// What the scoring call and the scenario runs share (contract 16.2, 16.3): a stored question as
// the scoring function reads it, and a response that does not fit its question as -32602 at the
// place in the params where it does not fit.
import type { ScoringAnswer } from "../data/question-scoring";
import type { QuestionRow } from "../data/questions";
import { scoredQuestionOf } from "../domain/scoring/scored-question";
import type { ResponseProblem } from "../domain/scoring/response-format";
import type { ScoredQuestion } from "../domain/scoring/types";
import { AppError } from "../errors";
import { responsePath } from "../schemas/scoring-call";

/** A stored question with its answers (sorted by order), as the scoring function reads it. */
export function scoredFromRow(
  row: Pick<QuestionRow, "id" | "type" | "points" | "properties">,
  answers: readonly ScoringAnswer[],
): ScoredQuestion {
  return scoredQuestionOf({
    id: row.id,
    type: row.type,
    points: row.points,
    properties: row.properties,
    answers: answers.map((a) => ({ id: a.id, is_correct: a.isCorrect, points: a.points, order: a.order })),
  });
}

/** The error of a response that does not fit its question, each problem at its path under `base`. */
export function invalidResponse(base: string, problems: readonly ResponseProblem[]): AppError {
  return new AppError("invalid_params", {
    issues: problems.map((p) => ({ code: "invalid_response", path: responsePath(base, p.path), message: p.message })),
  });
}
