import { recordAudit } from "../data/audit";
import { examToApi, getExamOrThrow, updateExam } from "../data/exams";
import { domainsOf, replaceDomains } from "../data/domains";
import { insertMedia } from "../data/media";
import { checkVersion } from "../data/versions";
import { Report } from "../errors";
import { EXAM_INPUT_KEYS, examUpdateParams } from "../schemas/exam";
import { prepareContent } from "../steps/content";
import { defineOperation } from "../operation";
import { inspectObjectParam } from "../schemas/common";
import { planBlueprint, reportUnassigned, withDomains } from "../steps/blueprint";
import { applyExamFields } from "../steps/exam-fields";
import { ctxTransaction } from "../steps/transaction";
import { reportUnchanged, sameColumns, storeFilesOnce } from "../steps/unchanged";

export const examUpdate = defineOperation({
  method: "exam.examUpdate",
  access: "write",
  summary: "Update an exam; fields left out keep their stored values.",
  result: {
    exam: "The exam as stored after the call: every field above plus testing_auto, status, question_count, created_at and updated_at; testing_questions and testing_time as in effect.",
    resources: "Each given resource path that was stored \u2192 its new /media/\u2026 path.",
    version:
      "The object's version after the call (1 when created; one more with every write to its own fields). Send it back as expected_version to refuse a write over someone else's.",
  },
  params: examUpdateParams,
  inspect: inspectObjectParam("exam", EXAM_INPUT_KEYS),
  async run(ctx, { exam: input, resources, expected_version }) {
    const { id, ...fields } = input;
    // Ownership first, so another user's id answers -32004 whatever else is wrong.
    const current = await getExamOrThrow(ctx.db, ctx, id, { path: "exam.id" });
    const content = await prepareContent(
      ctx,
      fields.description === undefined
        ? []
        : [{ path: "exam.description", kind: "description", html: fields.description }],
      [],
      resources,
    );
    // Check the exam rules against the current row before any file is written; they run again
    // on the locked row below, which is what is stored.
    const precheck = new Report();
    const planned = applyExamFields(
      { ...ctx, report: precheck },
      current,
      fields,
      content.html.get("exam.description"),
    );
    // The blueprint (contract 15.1 point 2): left out keeps it; a list equal to the stored one is no change.
    const sentDomains = fields.domains;
    const plannedDomains =
      sentDomains === undefined
        ? null
        : planBlueprint({ ...ctx, report: precheck }, id, sentDomains, await domainsOf(ctx.db, id));
    ctx.report.merge({ errors: precheck.errors });
    ctx.report.throwIfErrors();
    // A stale version writes no file either; the check is made again on the locked row.
    await checkVersion(ctx.db, "exam", id, current, expected_version);
    // So does a save that changes nothing (decided again on the locked row).
    const storeFiles = storeFilesOnce(content);
    if (!sameColumns(planned, current) || plannedDomains !== null) await storeFiles();

    return ctxTransaction(ctx, async (tx) => {
      const stored = await getExamOrThrow(tx, ctx, id, { forUpdate: true, path: "exam.id" });
      await checkVersion(tx, "exam", id, stored, expected_version);
      const columns = applyExamFields(ctx, stored, fields, content.html.get("exam.description"));
      // The blueprint is only written under the exam row lock, so this is what the write replaces.
      const storedDomains = await domainsOf(tx, id);
      const domains = sentDomains === undefined ? null : planBlueprint(ctx, id, sentDomains, storedDomains);
      ctx.report.throwIfErrors();
      // The stored testing state is compared, not only the values in effect: it decides what
      // later question counts give (docs/decisions.md, "Saves that change nothing").
      if (sameColumns(columns, stored) && domains === null) {
        reportUnchanged(ctx, "exam");
        return { exam: examToApi(stored), resources: content.resources, version: stored.version };
      }
      await storeFiles();
      await insertMedia(tx, content.mediaRows);
      // A blueprint change is a change of the exam like any other: a new version, back to draft.
      const row = await updateExam(tx, id, { ...columns, status: "draft" }, ctx.actor.userId);
      const view = examToApi(row);
      const blueprint =
        domains === null ? { domains: storedDomains, unassigned: 0 } : await replaceDomains(tx, id, domains);
      reportUnassigned(ctx, blueprint.unassigned);
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "exam",
        objectId: id,
        examId: id,
        // examGet's view: the blueprint is part of the exam's version (the answer keeps its fields).
        snapshot: withDomains(view, blueprint.domains),
        version: row.version,
      });
      return { exam: view, resources: content.resources, version: row.version };
    });
  },
});
