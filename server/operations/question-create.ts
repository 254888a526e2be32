import { question } from "@/db/schema";
import { changeQuestionCount, getExamOrThrow } from "../data/exams";
import { ctxTransaction } from "./transaction";
import { questionCreateParams, questionParamsWarnings } from "../schemas/question";
import { defineOperation } from "./define";
import { checkCaseStudy, explainQuestionParams, externalIdConflict, prepareQuestion } from "./question-content";
import { finishQuestionWrite, withWriteConflicts } from "./question-write";

export const questionCreate = defineOperation({
  method: "exam.questionCreate",
  summary: "Create a question with its answers; it goes last in the exam.",
  params: questionCreateParams,
  inspect: (raw) => questionParamsWarnings("create", raw),
  explain: explainQuestionParams,
  async run(ctx, { question: input, answers, resources }) {
    const prepared = await prepareQuestion(ctx, input, answers, resources);
    ctx.report.throwIfErrors();
    const examId = input.exam_id;

    return withWriteConflicts(ctx, { examId, externalId: input.external_id, exceptId: null, caseStudyId: input.case_study_id }, async () => {
      // Ownership is checked before any file is written and before the external_id lookup (which
      // must not reveal another owner's questions). A plain request leaves it to the count
      // update, which matches the owner and rolls the whole write back when it does not.
      if (prepared.content.mediaRows.length > 0 || input.external_id !== null || input.case_study_id !== null) {
        await getExamOrThrow(ctx.db, ctx.actor.userId, examId, { path: "question.exam_id" });
      }
      await checkCaseStudy(ctx, ctx.db, input.case_study_id, examId);
      if (input.external_id !== null) {
        const conflict = await externalIdConflict(ctx.db, examId, input.external_id, null);
        if (conflict) throw conflict;
      }
      await prepared.content.storeFiles();
      return ctxTransaction(ctx, async (tx) => {
        // The question is written first and the exam row locked last (changeQuestionCount), so
        // concurrent creates in one exam wait for each other only over the count update.
        const [row] = await tx.insert(question).values({ ...prepared.columns, examId, position: 0 }).returning();
        return finishQuestionWrite(ctx, tx, row!, prepared, () =>
          changeQuestionCount(tx, ctx.actor.userId, examId, +1, { placeQuestion: row!.id, path: "question.exam_id" }),
        );
      });
    });
  },
});
