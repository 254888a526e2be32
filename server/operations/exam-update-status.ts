import { recordAudit } from "../data/audit";
import { domainsOf } from "../data/domains";
import { examToApi, getExamOrThrow, updateExam } from "../data/exams";
import { checkVersion } from "../data/versions";
import { AppError } from "../errors";
import { examUpdateStatusParams } from "../schemas/exam";
import { defineOperation } from "../operation";
import { collectReadinessWarnings } from "../steps/exam-readiness";
import { withDomains } from "../steps/blueprint";
import { ctxTransaction } from "../steps/transaction";
import { reportUnchanged } from "../steps/unchanged";

export const examUpdateStatus = defineOperation({
  method: "exam.examUpdateStatus",
  access: "write",
  summary: "Mark an exam ready (after re-checking it) or back to draft.",
  result: {
    exam: "The exam with its new status; the readiness check's findings come as warnings.",
    version:
      "The object's version after the call (1 when created; one more with every write to its own fields). Send it back as expected_version to refuse a write over someone else's.",
  },
  params: examUpdateStatusParams,
  async run(ctx, { id, ready, ignore_warnings, expected_version }) {
    return ctxTransaction(ctx, async (tx) => {
      const row = await getExamOrThrow(tx, ctx, id, { forUpdate: true });
      // Before the readiness check: its findings are about a version the caller has not seen.
      await checkVersion(tx, "exam", id, row, expected_version);
      // Already in that status: nothing to write, and nothing to check either (its content cannot
      // have changed since it was marked ready: every change of it returns it to draft).
      if (row.status === (ready ? "ready" : "draft")) {
        reportUnchanged(ctx, "exam", ready ? "is already ready" : "is already a draft");
        return { exam: examToApi(row), version: row.version };
      }
      if (ready) {
        const warnings = await collectReadinessWarnings(tx, ctx.media, row);
        if (warnings.length > 0 && !ignore_warnings) {
          throw new AppError("invalid_params", {
            message: "Invalid params",
            issues: [
              {
                code: "exam_has_warnings",
                path: "id",
                message: `the exam has ${warnings.length} warning(s); fix them, or send ignore_warnings: true to mark it ready anyway`,
              },
              ...warnings,
            ],
          });
        }
        for (const w of warnings) ctx.report.warn(w.code, w.path, w.message, w.details);
      }
      const updated = await updateExam(tx, id, { status: ready ? "ready" : "draft" }, ctx.actor.userId);
      const view = examToApi(updated);
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "exam",
        objectId: id,
        examId: id,
        // examGet's view, as every exam entry (the answer keeps its fields).
        snapshot: withDomains(view, await domainsOf(tx, id)),
        version: updated.version,
      });
      return { exam: view, version: updated.version };
    });
  },
});
