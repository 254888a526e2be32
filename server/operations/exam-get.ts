import { domainsOf } from "../data/domains";
import { examToApi, getExamOrThrow } from "../data/exams";
import { withDomains } from "../steps/blueprint";
import { examGetParams } from "../schemas/exam";
import { defineOperation } from "../operation";

export const examGet = defineOperation({
  method: "exam.examGet",
  access: "read",
  summary: "Read one exam.",
  result: {
    exam: "The exam, as examCreate answers it, plus domains: its blueprint in order, each {id, code, name, weight}.",
    version:
      "The object's current version; send it as expected_version with an update or delete based on what you read.",
  },
  params: examGetParams,
  async run(ctx, { id }) {
    const row = await getExamOrThrow(ctx.db, ctx, id);
    return { exam: withDomains(examToApi(row), await domainsOf(ctx.db, id)), version: row.version };
  },
});
