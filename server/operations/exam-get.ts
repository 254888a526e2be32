import { examToApi, getExamOrThrow } from "../data/exams";
import { examGetParams } from "../schemas/exam";
import { defineOperation } from "./define";

export const examGet = defineOperation({
  method: "exam.examGet",
  summary: "Read one exam.",
  result: {
    exam: "The exam, as examCreate answers it.",
  },
  params: examGetParams,
  async run(ctx, { id }) {
    return { exam: examToApi(await getExamOrThrow(ctx.db, ctx.actor.userId, id)) };
  },
});
