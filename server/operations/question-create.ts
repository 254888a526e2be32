import { getExamOrThrow } from "../data/exams";
import { insertQuestionLast } from "../data/question-insert";
import { answerToApi, questionToApi } from "../data/questions";
import { withRetries } from "../data/transaction";
import { notFound } from "../errors";
import { questionCreateParams, questionParamsWarnings } from "../schemas/question";
import { defineOperation } from "../operation";
import { checkCaseStudy, explainQuestionParams, externalIdConflict, prepareQuestion } from "../steps/question-content";
import { withWriteConflicts } from "../steps/question-write";
import { checkQuestionDomain, resolveExtensions } from "../steps/blueprint";
import { lookForSimilarQuestions } from "../steps/similar-questions";

export const questionCreate = defineOperation({
  method: "exam.questionCreate",
  access: "write",
  summary: "Create a question with its answers; it goes last in the exam.",
  result: {
    question: "The question as stored after the call (HTML cleaned, media paths replaced; no points).",
    answers: "The stored answers with their new ids and old_id echoed, sorted by order (no points).",
    resources: "Each given resource path that was stored \u2192 its new /media/\u2026 path.",
    version:
      "The object's version after the call (1 when created; one more with every write to its own fields). Send it back as expected_version to refuse a write over someone else's.",
  },
  params: questionCreateParams,
  inspect: (raw) => questionParamsWarnings("create", raw),
  explain: explainQuestionParams,
  async run(ctx, { question: input, answers, resources }) {
    const examId = input.exam_id;
    const prepared = resolveExtensions(await prepareQuestion(ctx, input, answers, resources), null, examId);
    ctx.report.throwIfErrors();
    const domainId = prepared.columns.domainId;

    return withWriteConflicts(
      ctx,
      { examId, externalId: input.external_id, exceptId: null, caseStudyId: input.case_study_id, domainId },
      async () => {
        // Ownership is checked before any file is written and before the external_id lookup (which
        // must not reveal another owner's questions). A plain request leaves it to the write
        // itself, which matches the owner and writes nothing when it does not.
        if (
          prepared.content.mediaRows.length > 0 ||
          input.external_id !== null ||
          input.case_study_id !== null ||
          domainId !== null
        ) {
          await getExamOrThrow(ctx.db, ctx, examId, { path: "question.exam_id" });
        }
        await checkCaseStudy(ctx, ctx.db, input.case_study_id, examId);
        await checkQuestionDomain(ctx.db, domainId, examId);
        if (input.external_id !== null) {
          const conflict = await externalIdConflict(ctx.db, examId, input.external_id, null);
          if (conflict) throw conflict;
        }
        await prepared.content.storeFiles();
        // The near-duplicate advice (contract 15.2 point 3): looked for while the question is written,
        // or, with the workspace's similarity index in memory, brought up to date by the insert itself.
        const similar = lookForSimilarQuestions(ctx, {
          examId,
          text: prepared.columns.similarityText,
          keys: prepared.columns.similarityKeys,
          exceptId: null,
        });
        const stored = await withRetries(
          () =>
            insertQuestionLast(ctx.db, ctx, {
              examId,
              columns: prepared.columns,
              answers: prepared.answers,
              media: prepared.content.mediaRows,
              readAlong: similar.readAlong,
            }),
          ctx.report.warnings,
        );
        if (!stored) {
          // Why nothing was written: -32004 (not a member, or gone) or -32003 (role or scope).
          await getExamOrThrow(ctx.db, ctx, examId, { path: "question.exam_id" });
          throw notFound("exam", "question.exam_id", examId);
        }
        // The insert is its own transaction (data/question-insert.ts): committed by now.
        await similar.report(stored.row.id, stored.readAlong, {
          version: stored.row.similarityVersion,
          xid: stored.row.similarityXid,
        });
        return {
          question: questionToApi(stored.row),
          answers: stored.answers.map(answerToApi),
          resources: prepared.content.resources,
          version: stored.row.version,
        };
      },
    );
  },
});
