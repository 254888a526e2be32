// The writes questionCreate and questionUpdate share, inside their transaction.
import { answer } from "@/db/schema";
import type { Db } from "@/db/client";
import { answerToApi, questionToApi, type QuestionRow } from "../data/questions";
import { recordAudit } from "../data/audit";
import { insertMedia } from "../data/media";
import type { NormalizedAnswer } from "../domain/question-rules";
import type { OpContext } from "./define";
import { externalIdConflict, isExternalIdViolation, type PreparedQuestion } from "./question-content";

export async function insertAnswers(db: Db, questionId: number, answers: NormalizedAnswer[]) {
  if (answers.length === 0) return [];
  return db
    .insert(answer)
    .values(answers.map((a) => ({ questionId, answer: a.answer, isCorrect: a.is_correct, order: a.order, points: a.points, oldId: a.old_id })))
    .returning();
}

/** Media rows, answers and the audit entry; returns the response of create/update. */
export async function finishQuestionWrite(ctx: OpContext, tx: Db, row: QuestionRow, prepared: PreparedQuestion) {
  await insertMedia(tx, prepared.content.mediaRows);
  const answers = (await insertAnswers(tx, row.id, prepared.answers)).sort((a, b) => a.order - b.order);
  const view = { question: questionToApi(row), answers: answers.map(answerToApi) };
  await recordAudit(tx, ctx.actor, {
    method: ctx.method,
    objectType: "question",
    objectId: row.id,
    examId: row.examId,
    snapshot: { ...view, question: { ...view.question, points: row.points }, answers: answers.map((a) => ({ ...answerToApi(a), points: a.points })) },
  });
  return { ...view, resources: prepared.content.resources };
}

/**
 * Runs a question write, turning a race on the (exam_id, external_id) unique index into the
 * same -32602 a sequential duplicate gets: never an internal error (contract 7).
 */
export async function withExternalIdCheck<T>(ctx: OpContext, examId: number, externalId: string | null, exceptId: number | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (externalId !== null && isExternalIdViolation(error)) {
      const conflict = await externalIdConflict(ctx.db, examId, externalId, exceptId);
      if (conflict) throw conflict;
    }
    throw error;
  }
}
