import { question } from "@/db/schema";
import { changeQuestionCount, getExamOrThrow } from "../data/exams";
import { questionCreateParams, questionParamsWarnings } from "../schemas/question";
import { defineOperation } from "./define";
import { checkCaseStudy, externalIdConflict, prepareQuestion } from "./question-content";
import { finishQuestionWrite, withExternalIdCheck } from "./question-write";

export const questionCreate = defineOperation({
  method: "exam.questionCreate",
  summary: "Create a question with its answers; it goes last in the exam.",
  params: questionCreateParams,
  inspect: (raw) => questionParamsWarnings("create", raw),
  async run(ctx, { question: input, answers, resources }) {
    const prepared = await prepareQuestion(ctx, input, answers, resources);
    ctx.report.throwIfErrors();
    const examId = input.exam_id;

    return withExternalIdCheck(ctx, examId, input.external_id, null, async () => {
      // Ownership and the case study are checked before any file is written.
      await getExamOrThrow(ctx.db, ctx.actor.userId, examId, { path: "question.exam_id" });
      await checkCaseStudy(ctx, ctx.db, input.case_study_id, examId);
      if (input.external_id !== null) {
        const conflict = await externalIdConflict(ctx.db, examId, input.external_id, null);
        if (conflict) throw conflict;
      }
      await prepared.content.storeFiles();
      return ctx.db.transaction(async (tx) => {
        // The exam row lock serialises question count changes per exam (contract 11.2).
        const examRow = await getExamOrThrow(tx, ctx.actor.userId, examId, { forUpdate: true, path: "question.exam_id" });
        const [row] = await tx
          .insert(question)
          .values({ ...prepared.columns, examId, position: examRow.nextPosition })
          .returning();
        await changeQuestionCount(tx, examRow, +1, { nextPosition: examRow.nextPosition + 1 });
        return finishQuestionWrite(ctx, tx, row!, prepared);
      });
    });
  },
});
