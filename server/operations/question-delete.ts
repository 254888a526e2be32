import { eq } from "drizzle-orm";
import { question } from "@/db/schema";
import { recordAudit } from "../data/audit";
import { changeQuestionCount, getExamOrThrow } from "../data/exams";
import { getQuestionOrThrow } from "../data/questions";
import { questionDeleteParams } from "../schemas/question-queries";
import { defineOperation } from "./define";

export const questionDelete = defineOperation({
  method: "exam.questionDelete",
  summary: "Delete a question and its answers.",
  params: questionDeleteParams,
  async run(ctx, { id }) {
    const stored = await getQuestionOrThrow(ctx.db, ctx.actor.userId, id);
    return ctx.db.transaction(async (tx) => {
      const examRow = await getExamOrThrow(tx, ctx.actor.userId, stored.examId, { forUpdate: true });
      const deleted = await tx.delete(question).where(eq(question.id, id)).returning({ id: question.id });
      // A concurrent delete of the same question got there first: same answer as never existing.
      if (deleted.length === 0) await getQuestionOrThrow(tx, ctx.actor.userId, id);
      await changeQuestionCount(tx, examRow, -1);
      await recordAudit(tx, ctx.actor, { method: ctx.method, objectType: "question", objectId: id, examId: stored.examId, snapshot: null });
      return {};
    });
  },
});
