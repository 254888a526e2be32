// exam.attemptScore (contract 16.2): a whole attempt, delivered in the integrator's own player,
// scored here by the exam's evaluation method: the questions presented are the keys of
// `responses`, or the draw of `seed` (the draw of exam.examDraw and of the preview), each scored
// by the one scoring function, added up as the preview's result page adds them.
import { drawSource } from "../data/exam-draw";
import { effectiveTesting, getExamOrThrow } from "../data/exams";
import { answersOf, questionRows } from "../data/questions";
import { drawQuestions } from "../domain/draw";
import { attemptResult, type AttemptQuestionScore } from "../domain/scoring/attempt-score";
import { scoreApiResponse } from "../domain/scoring/scenarios";
import { seededRandom } from "../domain/seeded-random";
import { AppError, joinPath, type Issue } from "../errors";
import { defineOperation } from "../operation";
import { unknownFieldsWarning } from "../schemas/common";
import { ATTEMPT_SCORE_KEYS, attemptScoreParams } from "../schemas/scoring-call";
import { invalidResponse, scoredFromRow } from "../steps/scoring";
import { SCORE_RESULT } from "./question-score";

export const attemptScore = defineOperation({
  method: "exam.attemptScore",
  access: "read",
  summary:
    "Score a whole attempt by the exam's evaluation method: the questions of responses (or of the draw of seed), each as questionScore scores it, with the result by domain.",
  result: {
    percent:
      "0–100, rounded to 2 decimals: of the points (methods 2 and 4) or of the fully correct questions (1 and 3).",
    passed: "Whether percent reaches passing_score (methods 1 and 2); null for methods 3 and 4.",
    points: "Points earned in all, rounded to 2 decimals.",
    max_points: "What a fully correct attempt earns.",
    correct: "How many presented questions are fully correct.",
    presented: "How many questions were presented.",
    by_domain:
      "Per domain of the blueprint that had presented questions, in its order, then the questions in none (domain_id null): {domain_id, questions, fully_correct, points, max_points, percent}, percent by the exam's method.",
    questions: `Each presented question's score in presentation order: {question_id, domain_id, ${Object.keys(SCORE_RESULT).join(", ")}}.`,
  },
  params: attemptScoreParams,
  inspect: (raw) => [unknownFieldsWarning(raw, ATTEMPT_SCORE_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    const exam = await getExamOrThrow(ctx.db, ctx, input.exam_id, { path: "exam_id" });
    const { domains, pool } = await drawSource(ctx.db, exam.id);
    const keys = Object.keys(input.responses).map(Number);
    const presented =
      input.seed === undefined
        ? pool.filter((q) => input.responses[q.id] !== undefined)
        : (() => {
            const drawn = drawQuestions(
              pool,
              domains,
              { count: effectiveTesting(exam).questions, shuffle: exam.shuffleQuestions },
              seededRandom(input.seed),
            ).questions;
            const byId = new Map(pool.map((q) => [q.id, q]));
            return drawn.map((id) => byId.get(id)!);
          })();
    // Every response must be to a presented question: one of the exam's, drawn by the seed if any.
    const presentedIds = new Set(presented.map((q) => q.id));
    const inExam = new Set(pool.map((q) => q.id));
    const stray: Issue[] = keys
      .filter((id) => !presentedIds.has(id))
      .map((id) => ({
        code: "unknown_question",
        path: joinPath("responses", String(id)),
        message: inExam.has(id)
          ? `question ${id} is not among the ${presented.length} questions the draw of seed ${input.seed} presents; leave it out, or score without a seed`
          : `question ${id} is not a question of exam ${exam.id}`,
      }));
    if (stray.length > 0) throw new AppError("invalid_params", { issues: stray });

    const ids = presented.map((q) => q.id);
    const rows = new Map((await questionRows(ctx.db, ids, false)).map((r) => [r.id, r]));
    const answers = await answersOf(ctx.db, ids);
    const problems: Issue[] = [];
    const scores: AttemptQuestionScore[] = [];
    for (const { id, domainId } of presented) {
      const row = rows.get(id);
      // Deleted between the two reads: as if it had not been presented.
      if (!row) continue;
      const scored = scoreApiResponse(scoredFromRow(row, answers.get(id) ?? []), input.responses[id]);
      if (!scored.ok) {
        problems.push(...invalidResponse(joinPath("responses", String(id)), scored.problems).issues);
        continue;
      }
      scores.push({ question_id: id, domain_id: domainId, ...scored.score });
    }
    if (problems.length > 0) throw new AppError("invalid_params", { issues: problems });
    return attemptResult(
      exam.evaluationMethod as 1 | 2 | 3 | 4,
      exam.passingScore,
      domains.map((d) => d.id),
      scores,
    );
  },
});
