import { recordAudit } from "../data/audit";
import { deleteExam, getExamOrThrow } from "../data/exams";
import { checkVersion } from "../data/versions";
import { examDeleteParams } from "../schemas/exam";
import { defineOperation } from "../operation";
import { ctxTransaction } from "../steps/transaction";

export const examDelete = defineOperation({
  method: "exam.examDelete",
  access: "write",
  summary: "Delete an exam with its questions, answers and case studies.",
  params: examDeleteParams,
  async run(ctx, { id, expected_version }) {
    return ctxTransaction(ctx, async (tx) => {
      const stored = await getExamOrThrow(tx, ctx, id, { forUpdate: true });
      await checkVersion(tx, "exam", id, stored, expected_version);
      await deleteExam(tx, id);
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "exam",
        objectId: id,
        examId: id,
        snapshot: null,
      });
      return {};
    });
  },
});
