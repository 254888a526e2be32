// The writes questionCreate and questionUpdate share, inside their transaction.
import type { Db } from "@/db/client";
import { answerToApi, questionToApi, questionToApiWithPoints, type QuestionRow } from "../data/questions";
import { deleteAnswers, insertAnswers, updateQuestion } from "../data/question-writes";
import { isPgError, PG_ERROR } from "../data/pg-errors";
import { recordAudit } from "../data/audit";
import { insertMedia } from "../data/media";
import { notFound } from "../errors";
import type { OpContext } from "../operation";
import { unknownQuestionDomain } from "./blueprint";
import { externalIdConflict, type PreparedQuestion } from "./question-content";

const isForeignKeyViolation = (error: unknown, constraint: string) =>
  isPgError(error, PG_ERROR.foreignKeyViolation, constraint);
const isExternalIdViolation = (error: unknown) =>
  isPgError(error, PG_ERROR.uniqueViolation, "question_exam_external_idx");

/**
 * Media rows, answers, then `updateExams` (which takes the exam row locks, so it runs late), then
 * the audit entry (last, so the log's order is the order in which the writes held the exam).
 * Returns the response of create/update.
 */
export async function finishQuestionWrite(
  ctx: OpContext,
  tx: Db,
  row: QuestionRow,
  prepared: PreparedQuestion,
  updateExams: () => Promise<unknown>,
) {
  await insertMedia(tx, prepared.content.mediaRows);
  const answers = (await insertAnswers(tx, row.id, prepared.answers)).sort((a, b) => a.order - b.order);
  const view = { question: questionToApi(row), answers: answers.map(answerToApi) };
  await updateExams();
  await recordAudit(tx, ctx.actor, {
    method: ctx.method,
    objectType: "question",
    objectId: row.id,
    examId: row.examId,
    snapshot: {
      ...view,
      // questionGet's view: points and the extension fields too.
      question: questionToApiWithPoints(row),
      answers: answers.map((a) => ({ ...answerToApi(a), points: a.points })),
    },
    version: row.version,
  });
  return { ...view, resources: prepared.content.resources, version: row.version };
}

/**
 * A total update of question `id` (contract 7), inside the caller's transaction, the question
 * row locked and its version checked by the caller: its columns replaced (in exam `examId`; a
 * domain or tags left undefined keep the stored ones, contract 15.1 point 3), its answers
 * re-created (new ids every time, interface 3.1 rule 3), then finishQuestionWrite.
 * questionUpdate and an import's update of a matched question (exam.examImport) both write here.
 */
export async function replaceQuestion(
  ctx: OpContext,
  tx: Db,
  id: number,
  examId: number,
  prepared: PreparedQuestion,
  updateExams: () => Promise<unknown>,
) {
  const row = await updateQuestion(tx, id, { ...prepared.columns, examId }, ctx.actor.userId);
  await deleteAnswers(tx, id);
  return finishQuestionWrite(ctx, tx, row, prepared, updateExams);
}

/**
 * Runs a question write, turning a race on the (exam_id, external_id) unique index into the
 * same -32602 a sequential duplicate gets, and a race with a delete of the exam or case study
 * into -32004: never an internal error (contract 7).
 */
export async function withWriteConflicts<T>(
  ctx: OpContext,
  target: {
    examId: number;
    externalId: string | null;
    exceptId: number | null;
    caseStudyId: number | null;
    domainId?: number | null;
  },
  write: () => Promise<T>,
): Promise<T> {
  const { examId, externalId, exceptId, caseStudyId, domainId } = target;
  try {
    return await write();
  } catch (error) {
    if (externalId !== null && isExternalIdViolation(error)) {
      const conflict = await externalIdConflict(ctx.db, examId, externalId, exceptId);
      if (conflict) throw conflict;
    }
    // The exam (or the case study) was deleted between the ownership check and the write.
    if (isForeignKeyViolation(error, "question_exam_id_exam_id_fk")) throw notFound("exam", "question.exam_id", examId);
    if (isForeignKeyViolation(error, "question_case_study_id_case_study_id_fk"))
      throw notFound("case study", "question.case_study_id", caseStudyId);
    // The domain was removed from the exam's blueprint between the check and the write.
    if (isForeignKeyViolation(error, "question_domain_id_exam_domain_id_fk") && domainId != null)
      throw unknownQuestionDomain(domainId, examId);
    throw error;
  }
}
