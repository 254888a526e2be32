import { recordAudit } from "../data/audit";
import { examToApi, getExamOrThrow, updateExam } from "../data/exams";
import { AppError } from "../errors";
import { examUpdateStatusParams } from "../schemas/exam";
import { defineOperation } from "./define";
import { collectReadinessWarnings } from "./exam-readiness";
import { ctxTransaction } from "./transaction";

export const examUpdateStatus = defineOperation({
  method: "exam.examUpdateStatus",
  summary: "Mark an exam ready (after re-checking it) or back to draft.",
  result: {
    exam: "The exam with its new status; the readiness check's findings come as warnings.",
  },
  params: examUpdateStatusParams,
  async run(ctx, { id, ready, ignore_warnings }) {
    return ctxTransaction(ctx, async (tx) => {
      const row = await getExamOrThrow(tx, ctx.actor.userId, id, { forUpdate: true });
      if (ready) {
        const warnings = await collectReadinessWarnings(tx, ctx.media, row);
        if (warnings.length > 0 && !ignore_warnings) {
          throw new AppError("invalid_params", {
            message: "Invalid params",
            issues: [
              { code: "exam_has_warnings", path: "id", message: `the exam has ${warnings.length} warning(s); fix them, or send ignore_warnings: true to mark it ready anyway` },
              ...warnings,
            ],
          });
        }
        for (const w of warnings) ctx.report.warn(w.code, w.path, w.message);
      }
      const view = examToApi(await updateExam(tx, id, { status: ready ? "ready" : "draft" }));
      await recordAudit(tx, ctx.actor, { method: ctx.method, objectType: "exam", objectId: id, examId: id, snapshot: view });
      return { exam: view };
    });
  },
});
