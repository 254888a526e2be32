import { recordAudit } from "../data/audit";
import { caseStudyToApi, getCaseStudyOrThrow, lockCaseStudy, updateCaseStudy } from "../data/case-studies";
import { getExamOrThrow, returnExamToDraft } from "../data/exams";
import { insertMedia } from "../data/media";
import { checkVersion } from "../data/versions";
import { notFound } from "../errors";
import { inspectObjectParam } from "../schemas/common";
import { CASE_STUDY_INPUT_KEYS, caseStudyUpdateParams } from "../schemas/case-study";
import { prepareContent } from "../steps/content";
import { defineOperation } from "../operation";
import { ctxTransaction } from "../steps/transaction";
import { reportUnchanged, sameColumns, storeFilesOnce } from "../steps/unchanged";

export const caseStudyUpdate = defineOperation({
  method: "exam.caseStudyUpdate",
  access: "write",
  summary: "Update a case study; name and description are resent every time.",
  result: {
    case_study: "The case study as stored: id, exam_id, name, description.",
    resources: "Each given resource path that was stored \u2192 its new /media/\u2026 path.",
    version:
      "The object's version after the call (1 when created; one more with every write to its own fields). Send it back as expected_version to refuse a write over someone else's.",
  },
  params: caseStudyUpdateParams,
  inspect: inspectObjectParam("case_study", CASE_STUDY_INPUT_KEYS),
  async run(ctx, { case_study: input, resources, expected_version }) {
    const stored = await getCaseStudyOrThrow(ctx.db, ctx, input.id, "case_study.id");
    if (input.exam_id !== undefined && input.exam_id !== stored.examId) {
      ctx.report.error(
        "immutable",
        "case_study.exam_id",
        `a case study cannot move to another exam; it belongs to exam ${stored.examId}`,
      );
    }
    const content = await prepareContent(
      ctx,
      [{ path: "case_study.description", kind: "description", html: input.description }],
      [],
      resources,
    );
    ctx.report.throwIfErrors();
    const columns = { name: input.name, description: content.html.get("case_study.description")! };
    // A stale version writes no file either; the check is made again on the locked row.
    await checkVersion(ctx.db, "case_study", input.id, stored, expected_version);
    // So does a save that changes nothing (decided again on the locked row).
    const storeFiles = storeFilesOnce(content);
    if (!sameColumns(columns, stored)) await storeFiles();
    return ctxTransaction(ctx, async (tx) => {
      await getExamOrThrow(tx, ctx, stored.examId, { forUpdate: true });
      const locked = await lockCaseStudy(tx, input.id);
      if (!locked) throw notFound("case study", "case_study.id", input.id);
      await checkVersion(tx, "case_study", input.id, locked, expected_version);
      if (sameColumns(columns, locked)) {
        reportUnchanged(ctx, "case_study");
        return { case_study: caseStudyToApi(locked), resources: content.resources, version: locked.version };
      }
      await storeFiles();
      await insertMedia(tx, content.mediaRows);
      const row = await updateCaseStudy(tx, input.id, columns, ctx.actor.userId);
      await returnExamToDraft(tx, ctx, stored.examId);
      const view = caseStudyToApi(row);
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "case_study",
        objectId: input.id,
        examId: stored.examId,
        snapshot: view,
        version: row.version,
      });
      return { case_study: view, resources: content.resources, version: row.version };
    });
  },
});
