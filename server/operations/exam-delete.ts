import { recordAudit } from "../data/audit";
import { deleteExam, getExamOrThrow } from "../data/exams";
import { examDeleteParams } from "../schemas/exam";
import { defineOperation } from "./define";
import { ctxTransaction } from "./transaction";

export const examDelete = defineOperation({
  method: "exam.examDelete",
  summary: "Delete an exam with its questions, answers and case studies.",
  params: examDeleteParams,
  async run(ctx, { id }) {
    return ctxTransaction(ctx, async (tx) => {
      await getExamOrThrow(tx, ctx.actor.userId, id, { forUpdate: true });
      await deleteExam(tx, id);
      await recordAudit(tx, ctx.actor, { method: ctx.method, objectType: "exam", objectId: id, examId: id, snapshot: null });
      return {};
    });
  },
});
