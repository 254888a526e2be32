// exam.examDraw (contract 15.1 point 4): which questions a simulated attempt presents, and in
// which order, drawn by the exam's blueprint from a seed. The preview draws the same way
// (server/domain/simulation.ts drawAttempt), so /exams/ID/preview?seed=S presents these questions.
import { randomInt } from "node:crypto";
import { drawSource } from "../data/exam-draw";
import { effectiveTesting, getExamOrThrow } from "../data/exams";
import { drawQuestions } from "../domain/draw";
import { seededRandom } from "../domain/seeded-random";
import { unknownFieldsWarning } from "../schemas/common";
import { EXAM_DRAW_KEYS, examDrawParams, MAX_DRAW_SEED } from "../schemas/exam-draw";
import { defineOperation } from "../operation";

export const examDraw = defineOperation({
  method: "exam.examDraw",
  access: "read",
  summary:
    "Draw the questions a simulated attempt presents, in presentation order: testing_questions of them, by the blueprint's weights when it has any.",
  result: {
    questions: "Question ids in presentation order (shuffled when shuffle_questsion is true, else the exam's order).",
    seed: `The seed used, an integer from 0 to ${MAX_DRAW_SEED}: the one sent, or a random one. Send it again to repeat the draw.`,
    by_domain:
      "Per domain of the blueprint, in its order, then the unassigned questions (domain_id null): {domain_id, quota, drawn}. quota is the domain's share by weight of the drawn questions (0 without weights, for a domain weighted 0 and for the unassigned); drawn is how many of its questions were drawn.",
  },
  params: examDrawParams,
  inspect: (raw) => [unknownFieldsWarning(raw, EXAM_DRAW_KEYS, "")].filter((w) => w !== null),
  async run(ctx, input) {
    const row = await getExamOrThrow(ctx.db, ctx, input.id);
    const { domains, pool } = await drawSource(ctx.db, row.id);
    const seed = input.seed ?? randomInt(0, MAX_DRAW_SEED + 1);
    const draw = drawQuestions(
      pool,
      domains,
      { count: effectiveTesting(row).questions, shuffle: row.shuffleQuestions },
      seededRandom(seed),
    );
    return { questions: draw.questions, seed, by_domain: draw.byDomain };
  },
});
