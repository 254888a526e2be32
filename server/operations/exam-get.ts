import { examToApi, getExamOrThrow } from "../data/exams";
import { examGetParams } from "../schemas/exam";
import { defineOperation } from "../operation";

export const examGet = defineOperation({
  method: "exam.examGet",
  access: "read",
  summary: "Read one exam.",
  result: {
    exam: "The exam, as examCreate answers it.",
    version:
      "The object's current version; send it as expected_version with an update or delete based on what you read.",
  },
  params: examGetParams,
  async run(ctx, { id }) {
    const row = await getExamOrThrow(ctx.db, ctx, id);
    return { exam: examToApi(row), version: row.version };
  },
});
