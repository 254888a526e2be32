import { recordAudit } from "../data/audit";
import { caseStudyToApi, getCaseStudyOrThrow, updateCaseStudy } from "../data/case-studies";
import { getExamOrThrow, touchExam } from "../data/exams";
import { insertMedia } from "../data/media";
import { inspectObjectParam } from "../schemas/common";
import { CASE_STUDY_INPUT_KEYS, caseStudyUpdateParams } from "../schemas/case-study";
import { prepareContent } from "./content";
import { defineOperation } from "./define";
import { ctxTransaction } from "./transaction";

export const caseStudyUpdate = defineOperation({
  method: "exam.caseStudyUpdate",
  summary: "Update a case study; name and description are resent every time.",
  result: {
    case_study: "The case study as stored: id, exam_id, name, description.",
    resources: "Each given resource path that was stored \u2192 its new /media/\u2026 path.",
  },
  params: caseStudyUpdateParams,
  inspect: inspectObjectParam("case_study", CASE_STUDY_INPUT_KEYS),
  async run(ctx, { case_study: input, resources }) {
    const stored = await getCaseStudyOrThrow(ctx.db, ctx.actor.userId, input.id, "case_study.id");
    if (input.exam_id !== undefined && input.exam_id !== stored.examId) {
      ctx.report.error("immutable", "case_study.exam_id", `a case study cannot move to another exam; it belongs to exam ${stored.examId}`);
    }
    const content = await prepareContent(ctx, [{ path: "case_study.description", kind: "description", html: input.description }], [], resources);
    ctx.report.throwIfErrors();
    await content.storeFiles();
    return ctxTransaction(ctx, async (tx) => {
      await getExamOrThrow(tx, ctx.actor.userId, stored.examId, { forUpdate: true });
      await insertMedia(tx, content.mediaRows);
      const row = await updateCaseStudy(tx, input.id, { name: input.name, description: content.html.get("case_study.description")! });
      await touchExam(tx, stored.examId);
      const view = caseStudyToApi(row);
      await recordAudit(tx, ctx.actor, { method: ctx.method, objectType: "case_study", objectId: input.id, examId: stored.examId, snapshot: view });
      return { case_study: view, resources: content.resources };
    });
  },
});
