// Exam rows: lookups that always filter by owner, the API view, and the recomputation of
// testing_questions / testing_time whenever the question count changes.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { exam, question } from "@/db/schema";
import { notFound } from "../errors";
import { recomputeTesting, type TestingState } from "../domain/testing";

export type ExamRow = typeof exam.$inferSelect;

/**
 * The caller's exam, or -32004 (also when it exists but is someone else's). `forUpdate` locks
 * the row so calls that change its questions, order or status serialise per exam (contract 11.2).
 * The lock is FOR NO KEY UPDATE: it excludes every other writer of the exam row, but not the
 * key-share lock that inserting a question (its foreign key) takes, so a question create that
 * inserts first and locks the exam last cannot deadlock with it.
 */
export async function getExamOrThrow(db: Db, ownerId: string, examId: number, opts: { forUpdate?: boolean; path?: string } = {}): Promise<ExamRow> {
  const query = db.select().from(exam).where(and(eq(exam.id, examId), eq(exam.ownerId, ownerId)));
  const rows = opts.forUpdate ? await query.for("no key update") : await query;
  const row = rows[0];
  if (!row) throw notFound("exam", opts.path ?? "id", examId);
  return row;
}

/**
 * A ready exam of any owner, for its public page (/e/[id]); null for a draft or a missing one,
 * so the public page never shows an exam its author has not marked ready.
 */
export async function getReadyExam(db: Db, examId: number): Promise<ExamRow | null> {
  const rows = await db.select().from(exam).where(and(eq(exam.id, examId), eq(exam.status, "ready")));
  return rows[0] ?? null;
}

export function testingStateOf(row: ExamRow): TestingState {
  return {
    auto: row.testingAuto,
    lockedQuestions: row.testingLockedQuestions,
    timeMode: row.testingTimeMode,
    fixedTime: row.testingFixedTime,
  };
}

export function testingColumns(state: TestingState, effective: { questions: number; time: number }) {
  return {
    testingAuto: state.auto,
    testingLockedQuestions: state.lockedQuestions,
    testingTimeMode: state.timeMode,
    testingFixedTime: state.fixedTime,
    testingQuestions: effective.questions,
    testingTime: effective.time,
  };
}

/**
 * Adds `delta` questions to the caller's exam and re-runs auto-handling for the new count, inside
 * the caller's transaction (contract 5, last paragraph); the exam goes back to draft.
 *
 * Its first statement takes the exam row lock (an UPDATE locks like SELECT … FOR NO KEY UPDATE),
 * so every change of the count serialises per exam (contract 11.2). Callers run it as their last
 * step: the lock is then held for two statements and the commit, not for the whole write.
 * `placeQuestion` gives that question the exam's next position (it goes last).
 */
export async function changeQuestionCount(
  db: Db,
  ownerId: string,
  examId: number,
  delta: number,
  opts: { placeQuestion?: number; path?: string } = {},
): Promise<ExamRow> {
  const place = opts.placeQuestion !== undefined;
  const [counted] = await db
    .update(exam)
    .set({
      questionCount: sql`${exam.questionCount} + ${delta}`,
      nextPosition: sql`${exam.nextPosition} + ${place ? 1 : 0}`,
      status: "draft",
      updatedAt: sql`now()`,
    })
    .where(and(eq(exam.id, examId), eq(exam.ownerId, ownerId)))
    .returning();
  if (!counted) throw notFound("exam", opts.path ?? "exam_id", examId);
  const { state, effective } = recomputeTesting(testingStateOf(counted), counted.questionCount);
  const testing = testingColumns(state, effective);
  const setTesting = db.update(exam).set(testing).where(eq(exam.id, examId));
  if (place) {
    // One round trip for both, while the lock is held.
    const updated = db.$with("updated_exam").as(setTesting.returning({ id: exam.id }));
    await db.with(updated).update(question).set({ position: counted.nextPosition - 1 }).where(eq(question.id, opts.placeQuestion!));
  } else {
    await setTesting;
  }
  return { ...counted, ...testing };
}

/** Marks the exam changed: back to draft, updated_at now (contract 6). */
export async function touchExam(db: Db, examId: number): Promise<void> {
  await db.update(exam).set({ status: "draft", updatedAt: sql`now()` }).where(eq(exam.id, examId));
}

/** The exam object of every response (contract 4, "Exam response object"). */
export function examToApi(row: ExamRow) {
  return {
    id: row.id,
    type: row.type,
    check_answer: row.checkAnswer,
    title: row.title,
    category: row.category,
    code: row.code,
    shuffle_questsion: row.shuffleQuestions,
    shuffle_answers: row.shuffleAnswers,
    testing_questions: row.testingQuestions,
    testing_time: row.testingTime,
    testing_auto: row.testingAuto,
    evaluation_method: row.evaluationMethod,
    passing_score: row.passingScore,
    show_description_page: row.showDescriptionPage,
    show_standard_introduction: row.showStandardIntroduction,
    description: row.description,
    status: row.status,
    question_count: row.questionCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type ExamView = ReturnType<typeof examToApi>;
