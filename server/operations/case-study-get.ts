import { caseStudyToApi, getCaseStudyOrThrow } from "../data/case-studies";
import { caseStudyGetParams } from "../schemas/case-study";
import { defineOperation } from "../operation";

export const caseStudyGet = defineOperation({
  method: "exam.caseStudyGet",
  access: "read",
  summary: "Read one case study.",
  result: {
    case_study: "The case study as stored: id, exam_id, name, description.",
    version:
      "The object's current version; send it as expected_version with an update or delete based on what you read.",
  },
  params: caseStudyGetParams,
  async run(ctx, { id }) {
    const row = await getCaseStudyOrThrow(ctx.db, ctx, id);
    return { case_study: caseStudyToApi(row), version: row.version };
  },
});
