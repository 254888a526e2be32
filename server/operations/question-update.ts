import { eq, sql } from "drizzle-orm";
import { answer, question } from "@/db/schema";
import { changeQuestionCount, getExamOrThrow, touchExam } from "../data/exams";
import { getQuestionOrThrow } from "../data/questions";
import { questionParamsWarnings, questionUpdateParams } from "../schemas/question";
import { defineOperation } from "./define";
import { checkCaseStudy, externalIdConflict, prepareQuestion } from "./question-content";
import { finishQuestionWrite, withExternalIdCheck } from "./question-write";

export const questionUpdate = defineOperation({
  method: "exam.questionUpdate",
  summary: "Replace a question and its answers; every field is resent, a field left out is reset to empty.",
  params: questionUpdateParams,
  inspect: (raw) => questionParamsWarnings("update", raw),
  async run(ctx, { question: input, answers, resources }) {
    const stored = await getQuestionOrThrow(ctx.db, ctx.actor.userId, input.id, "question.id");
    const prepared = await prepareQuestion(ctx, input, answers, resources);
    ctx.report.throwIfErrors();
    const examId = input.exam_id;
    const moving = examId !== stored.examId;

    return withExternalIdCheck(ctx, examId, input.external_id, input.id, async () => {
      await getExamOrThrow(ctx.db, ctx.actor.userId, examId, { path: "question.exam_id" });
      await checkCaseStudy(ctx, ctx.db, input.case_study_id, examId);
      if (input.external_id !== null) {
        const conflict = await externalIdConflict(ctx.db, examId, input.external_id, input.id);
        if (conflict) throw conflict;
      }
      await prepared.content.storeFiles();
      return ctx.db.transaction(async (tx) => {
        // Lock the exams involved in id order, so two moves in opposite directions cannot deadlock.
        const ids = [...new Set([stored.examId, examId])].sort((a, b) => a - b);
        const locked = new Map<number, Awaited<ReturnType<typeof getExamOrThrow>>>();
        for (const id of ids) locked.set(id, await getExamOrThrow(tx, ctx.actor.userId, id, { forUpdate: true, path: "question.exam_id" }));
        const target = locked.get(examId)!;
        const [row] = await tx
          .update(question)
          .set({ ...prepared.columns, examId, ...(moving ? { position: target.nextPosition } : {}), updatedAt: sql`now()` })
          .where(eq(question.id, input.id))
          .returning();
        // Answers are re-created on every call: new ids each time (interface 3.1 rule 3).
        await tx.delete(answer).where(eq(answer.questionId, input.id));
        if (moving) {
          await changeQuestionCount(tx, locked.get(stored.examId)!, -1);
          await changeQuestionCount(tx, target, +1, { nextPosition: target.nextPosition + 1 });
        } else {
          await touchExam(tx, examId);
        }
        return finishQuestionWrite(ctx, tx, row!, prepared);
      });
    });
  },
});
