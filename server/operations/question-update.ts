import { changeQuestionCount, getExamOrThrow, returnExamToDraft } from "../data/exams";
import { ctxTransaction } from "../steps/transaction";
import { answersOf, getQuestionOrThrow, lockQuestion } from "../data/questions";
import { moveQuestionComments } from "../data/comments";
import { checkVersion } from "../data/versions";
import { notFound } from "../errors";
import { questionParamsWarnings, questionUpdateParams } from "../schemas/question";
import { defineOperation } from "../operation";
import { checkCaseStudy, explainQuestionParams, externalIdConflict, prepareQuestion } from "../steps/question-content";
import { replaceQuestion, withWriteConflicts } from "../steps/question-write";
import { sameQuestion, storeFilesOnce, unchangedQuestion } from "../steps/unchanged";
import { checkQuestionDomain, resolveExtensions } from "../steps/blueprint";
import { lookForSimilarQuestions } from "../steps/similar-questions";

export const questionUpdate = defineOperation({
  method: "exam.questionUpdate",
  access: "write",
  summary: "Replace a question and its answers; every field is resent, a field left out is reset to empty.",
  result: {
    question: "The question as stored after the call (HTML cleaned, media paths replaced; no points).",
    answers: "The stored answers with their new ids and old_id echoed, sorted by order (no points).",
    resources: "Each given resource path that was stored \u2192 its new /media/\u2026 path.",
    version:
      "The object's version after the call (1 when created; one more with every write to its own fields). Send it back as expected_version to refuse a write over someone else's.",
  },
  params: questionUpdateParams,
  inspect: (raw) => questionParamsWarnings("update", raw),
  explain: explainQuestionParams,
  async run(ctx, { question: input, answers, resources, expected_version }) {
    const stored = await getQuestionOrThrow(ctx.db, ctx, input.id, "question.id");
    const prepared = await prepareQuestion(ctx, input, answers, resources);
    ctx.report.throwIfErrors();
    // A stale version writes no file either; the check is made again on the locked row.
    await checkVersion(ctx.db, "question", input.id, stored, expected_version);
    const examId = input.exam_id;
    const moving = examId !== stored.examId;

    return withWriteConflicts(
      ctx,
      {
        examId,
        externalId: input.external_id,
        exceptId: input.id,
        caseStudyId: input.case_study_id,
        domainId: input.domain_id,
      },
      async () => {
        await getExamOrThrow(ctx.db, ctx, examId, { path: "question.exam_id" });
        await checkCaseStudy(ctx, ctx.db, input.case_study_id, examId);
        // A domain left out is kept (contract 15.1 point 3); one sent must be of the question's exam.
        await checkQuestionDomain(ctx.db, input.domain_id, examId);
        if (input.external_id !== null) {
          const conflict = await externalIdConflict(ctx.db, examId, input.external_id, input.id);
          if (conflict) throw conflict;
        }
        // A save that changes nothing writes no file either; the answers are read for that only
        // when there are files to write. It is decided again on the locked row below.
        const storeFiles = storeFilesOnce(prepared.content);
        const answersNow = async (db: typeof ctx.db) => (await answersOf(db, [input.id])).get(input.id)!;
        if (
          prepared.content.mediaRows.length > 0 &&
          !sameQuestion(stored, await answersNow(ctx.db), examId, resolveExtensions(prepared, stored, examId))
        )
          await storeFiles();
        // The near-duplicate advice (contract 15.2 point 3), looked for while the question is written:
        // also when nothing changes, as the question is as similar to the others as before.
        const similar = lookForSimilarQuestions(ctx, {
          examId,
          text: prepared.columns.similarityText,
          keys: prepared.columns.similarityKeys,
          exceptId: input.id,
        });
        const written = await ctxTransaction(ctx, async (tx) => {
          const locked = await lockQuestion(tx, input.id);
          if (!locked) throw notFound("question", "question.id", input.id);
          await checkVersion(tx, "question", input.id, locked, expected_version);
          const answers = await answersNow(tx);
          // The domain and tags left out are the locked row's; a move to another exam drops its domain.
          const resolved = resolveExtensions(prepared, locked, examId);
          if (sameQuestion(locked, answers, examId, resolved)) return unchangedQuestion(ctx, locked, answers, prepared);
          await storeFiles();
          return replaceQuestion(ctx, tx, input.id, examId, resolved, async () => {
            // The exam rows are locked in id order, so two moves in opposite directions cannot
            // deadlock. A moved question goes last in its new exam.
            if (!moving) return returnExamToDraft(tx, ctx, examId);
            // Its review comments go with it (they are counted by exam).
            await moveQuestionComments(tx, input.id, examId);
            for (const [id, delta] of [
              [stored.examId, -1],
              [examId, +1],
            ].sort((a, b) => a[0]! - b[0]!) as [number, number][]) {
              await changeQuestionCount(
                tx,
                ctx,
                id,
                delta,
                delta > 0 ? { placeQuestion: input.id, path: "question.exam_id" } : {},
              );
            }
          });
        });
        await similar.report(input.id);
        return written;
      },
    );
  },
});
