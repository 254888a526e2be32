import { eq } from "drizzle-orm";
import { question } from "@/db/schema";
import { recordAudit } from "../data/audit";
import { changeQuestionCount } from "../data/exams";
import { ctxTransaction } from "./transaction";
import { getQuestionOrThrow } from "../data/questions";
import { questionDeleteParams } from "../schemas/question-queries";
import { defineOperation } from "./define";

export const questionDelete = defineOperation({
  method: "exam.questionDelete",
  summary: "Delete a question and its answers.",
  params: questionDeleteParams,
  async run(ctx, { id }) {
    const stored = await getQuestionOrThrow(ctx.db, ctx.actor.userId, id);
    return ctxTransaction(ctx, async (tx) => {
      const deleted = await tx.delete(question).where(eq(question.id, id)).returning({ id: question.id });
      // A concurrent delete of the same question got there first: same answer as never existing.
      if (deleted.length === 0) await getQuestionOrThrow(tx, ctx.actor.userId, id);
      // The exam row is locked late, as in questionCreate; the audit entry follows it.
      await changeQuestionCount(tx, ctx.actor.userId, stored.examId, -1);
      await recordAudit(tx, ctx.actor, { method: ctx.method, objectType: "question", objectId: id, examId: stored.examId, snapshot: null });
      return {};
    });
  },
});
