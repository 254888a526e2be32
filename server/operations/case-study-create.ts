import { recordAudit } from "../data/audit";
import { caseStudyToApi, insertCaseStudy } from "../data/case-studies";
import { getExamOrThrow, returnExamToDraft } from "../data/exams";
import { insertMedia } from "../data/media";
import { inspectObjectParam } from "../schemas/common";
import { CASE_STUDY_INPUT_KEYS, caseStudyCreateParams } from "../schemas/case-study";
import { prepareContent } from "../steps/content";
import { defineOperation } from "../operation";
import { ctxTransaction } from "../steps/transaction";

export const caseStudyCreate = defineOperation({
  method: "exam.caseStudyCreate",
  access: "write",
  summary: "Create a case study in an exam.",
  result: {
    case_study: "The case study as stored: id, exam_id, name, description.",
    resources: "Each given resource path that was stored \u2192 its new /media/\u2026 path.",
    version:
      "The object's version after the call (1 when created; one more with every write to its own fields). Send it back as expected_version to refuse a write over someone else's.",
  },
  params: caseStudyCreateParams,
  inspect: inspectObjectParam("case_study", CASE_STUDY_INPUT_KEYS),
  async run(ctx, { case_study: input, resources }) {
    await getExamOrThrow(ctx.db, ctx, input.exam_id, { path: "case_study.exam_id" });
    const content = await prepareContent(
      ctx,
      [{ path: "case_study.description", kind: "description", html: input.description }],
      [],
      resources,
    );
    ctx.report.throwIfErrors();
    await content.storeFiles();
    return ctxTransaction(ctx, async (tx) => {
      await getExamOrThrow(tx, ctx, input.exam_id, { forUpdate: true, path: "case_study.exam_id" });
      await insertMedia(tx, content.mediaRows);
      const row = await insertCaseStudy(tx, {
        examId: input.exam_id,
        name: input.name,
        description: content.html.get("case_study.description")!,
        versionBy: ctx.actor.userId,
      });
      await returnExamToDraft(tx, ctx, input.exam_id);
      const view = caseStudyToApi(row);
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "case_study",
        objectId: row.id,
        examId: input.exam_id,
        snapshot: view,
        version: row.version,
      });
      return { case_study: view, resources: content.resources, version: row.version };
    });
  },
});
