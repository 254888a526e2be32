// exam.questionTest (contract 16.3 point 2): the question's scenarios and the generated cases,
// each scored by the one scoring function as exam.questionScore would score it.
import { scoringQuestionOrThrow } from "../data/question-scoring";
import { runGeneratedCases, runScenarios } from "../domain/scoring/scenarios";
import { defineOperation } from "../operation";
import { unknownFieldsWarning } from "../schemas/common";
import { QUESTION_TEST_KEYS, questionTestParams } from "../schemas/scoring-call";
import { scoredFromRow } from "../steps/scoring";

export const questionTest = defineOperation({
  method: "exam.questionTest",
  access: "read",
  summary: "Run a question's scenarios and the generated cases (the key, the empty response, and the type's own).",
  result: {
    results:
      "Each scenario in its order: {name, expected_points, points, passed, why}. points is null, and passed false, when the scenario names an answer position or area the question no longer has; why then says which.",
    generated:
      "The generated cases: {name, response, points, passed, why}. The key must earn max_points and the empty response at most 0; passed is null for the other cases.",
  },
  params: questionTestParams,
  inspect: (raw) => [unknownFieldsWarning(raw, QUESTION_TEST_KEYS, "")].filter((w) => w !== null),
  async run(ctx, { id }) {
    const { row, answers } = await scoringQuestionOrThrow(ctx.db, ctx, id);
    const question = scoredFromRow(row, answers);
    return { results: runScenarios(question, row.scenarios), generated: runGeneratedCases(question) };
  },
});
