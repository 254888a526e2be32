import { caseStudyToApi, getCaseStudyOrThrow } from "../data/case-studies";
import { caseStudyGetParams } from "../schemas/case-study";
import { defineOperation } from "./define";

export const caseStudyGet = defineOperation({
  method: "exam.caseStudyGet",
  summary: "Read one case study.",
  params: caseStudyGetParams,
  async run(ctx, { id }) {
    return { case_study: caseStudyToApi(await getCaseStudyOrThrow(ctx.db, ctx.actor.userId, id)) };
  },
});
