import { caseStudyToApi, getCaseStudyOrThrow } from "../data/case-studies";
import { caseStudyGetParams } from "../schemas/case-study";
import { defineOperation } from "./define";

export const caseStudyGet = defineOperation({
  method: "exam.caseStudyGet",
  summary: "Read one case study.",
  result: {
    case_study: "The case study as stored: id, exam_id, name, description.",
  },
  params: caseStudyGetParams,
  async run(ctx, { id }) {
    return { case_study: caseStudyToApi(await getCaseStudyOrThrow(ctx.db, ctx.actor.userId, id)) };
  },
});
