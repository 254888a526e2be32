// The writes of question and answer rows that questionUpdate, questionDelete and questionReorder
// make inside their transaction (a create is one statement: question-insert.ts).
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { answer, question } from "@/db/schema";
import type { NormalizedAnswer } from "../domain/question-rules";
import type { AnswerRow, QuestionRow } from "./questions";
import { nextVersion, type Versioned } from "./versions";

/**
 * What a question update sets: everything but its id, position and times. The search texts are
 * required: every write of the content writes them too (server/domain/search-text.ts).
 */
export type QuestionColumns = Omit<typeof question.$inferInsert, "id" | "position" | "createdAt" | "updatedAt" | keyof Versioned> &
  Pick<QuestionRow, "searchText" | "similarityText" | "similarityKeys">;

/** Replaces the question's columns: its next version, written by `versionBy`. */
export async function updateQuestion(db: Db, id: number, columns: QuestionColumns, versionBy: string): Promise<QuestionRow> {
  const [row] = await db
    .update(question)
    .set({ ...columns, ...nextVersion("question", versionBy), updatedAt: sql`now()` })
    .where(eq(question.id, id))
    .returning();
  return row!;
}

/** False when there was no such question (a concurrent delete got there first). */
export async function deleteQuestion(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(question).where(eq(question.id, id)).returning({ id: question.id });
  return deleted.length > 0;
}

export async function insertAnswers(db: Db, questionId: number, answers: NormalizedAnswer[]): Promise<AnswerRow[]> {
  if (answers.length === 0) return [];
  return db
    .insert(answer)
    .values(answers.map((a) => ({ questionId, answer: a.answer, isCorrect: a.is_correct, order: a.order, points: a.points, oldId: a.old_id })))
    .returning();
}

export async function deleteAnswers(db: Db, questionId: number): Promise<void> {
  await db.delete(answer).where(eq(answer.questionId, questionId));
}

/** The ids of an exam's questions in their order. */
export async function questionIdsInOrder(db: Db, examId: number): Promise<number[]> {
  const rows = await db.select({ id: question.id }).from(question).where(eq(question.examId, examId)).orderBy(asc(question.position));
  return rows.map((r) => r.id);
}

/** Positions 1…n from the order of `ids`, in one statement (the list is one array parameter). */
export async function setQuestionPositions(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${question} set position = v.pos
    from unnest(${sql.param(ids)}::int[]) with ordinality as v(id, pos)
    where ${question.id} = v.id`);
}
