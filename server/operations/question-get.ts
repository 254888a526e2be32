import { answerToApiWithPoints, answersOf, getQuestionOrThrow, questionToApiWithPoints } from "../data/questions";
import { questionGetParams } from "../schemas/question-queries";
import { defineOperation } from "../operation";

export const questionGet = defineOperation({
  method: "exam.questionGet",
  access: "read",
  summary: "Read one question with its answers, points included.",
  result: {
    question: "The question, with points.",
    answers: "Its answers sorted by order, with points.",
    version:
      "The object's current version; send it as expected_version with an update or delete based on what you read.",
  },
  params: questionGetParams,
  async run(ctx, { id }) {
    const row = await getQuestionOrThrow(ctx.db, ctx, id);
    const answers = (await answersOf(ctx.db, [id])).get(id) ?? [];
    return {
      question: questionToApiWithPoints(row),
      answers: answers.map(answerToApiWithPoints),
      version: row.version,
    };
  },
});
