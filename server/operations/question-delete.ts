import { recordAudit } from "../data/audit";
import { changeQuestionCount } from "../data/exams";
import { ctxTransaction } from "../steps/transaction";
import { getQuestionOrThrow } from "../data/questions";
import { deleteQuestion } from "../data/question-writes";
import { checkVersion, lockVersion } from "../data/versions";
import { questionDeleteParams } from "../schemas/question-queries";
import { defineOperation } from "../operation";

export const questionDelete = defineOperation({
  method: "exam.questionDelete",
  access: "write",
  summary: "Delete a question and its answers.",
  params: questionDeleteParams,
  async run(ctx, { id, expected_version }) {
    const stored = await getQuestionOrThrow(ctx.db, ctx, id);
    return ctxTransaction(ctx, async (tx) => {
      const locked = await lockVersion(tx, "question", id);
      if (locked) await checkVersion(tx, "question", id, locked, expected_version);
      // A concurrent delete of the same question got there first: same answer as never existing.
      if (!(await deleteQuestion(tx, id))) await getQuestionOrThrow(tx, ctx, id);
      // The exam row is locked late, as in questionCreate; the audit entry follows it.
      await changeQuestionCount(tx, ctx, stored.examId, -1);
      await recordAudit(tx, ctx.actor, {
        method: ctx.method,
        objectType: "question",
        objectId: id,
        examId: stored.examId,
        snapshot: null,
      });
      return {};
    });
  },
});
