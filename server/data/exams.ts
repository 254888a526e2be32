// Exam rows: lookups that always filter by owner, the API view, the testing_questions /
// testing_time in effect (derived from the stored state and the question count), and the
// normalisation of that state when the count goes down, and the writes of exam rows.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { exam, question } from "@/db/schema";
import { notFound } from "../errors";
import { recomputeTesting, type TestingEffective, type TestingState } from "../domain/testing";

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

/**
 * testing_questions / testing_time as in effect: contract 5 step 4 for the stored state and the
 * current count. Every save that lowers the count stores the state step 4 leaves (see
 * changeQuestionCount); a higher count never changes the state, so this holds after every save.
 */
export function effectiveTesting(row: Pick<ExamRow, "testingAuto" | "testingLockedQuestions" | "testingTimeMode" | "testingFixedTime" | "questionCount">): TestingEffective {
  return recomputeTesting(testingStateOf(row), row.questionCount).effective;
}

export function testingStateOf(row: Pick<ExamRow, "testingAuto" | "testingLockedQuestions" | "testingTimeMode" | "testingFixedTime">): TestingState {
  return {
    auto: row.testingAuto,
    lockedQuestions: row.testingLockedQuestions,
    timeMode: row.testingTimeMode,
    fixedTime: row.testingFixedTime,
  };
}

export function testingColumns(state: TestingState) {
  return {
    testingAuto: state.auto,
    testingLockedQuestions: state.lockedQuestions,
    testingTimeMode: state.timeMode,
    testingFixedTime: state.fixedTime,
  };
}

/**
 * Adds `delta` questions to the caller's exam (a negative delta removes them) inside the caller's
 * transaction; the exam goes back to draft. A lower count re-runs step 4 of contract 5 and stores
 * the state it leaves (a locked value above the new count turns auto-handling back on); a higher
 * count never changes that state (contract 5, last paragraph).
 *
 * Its first statement takes the exam row lock (an UPDATE locks like SELECT … FOR NO KEY UPDATE),
 * so every change of the count serialises per exam (contract 11.2). Callers run it as their last
 * step, so the lock is held briefly. `placeQuestion` gives that question the exam's next
 * position (it goes last).
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
  const { state } = recomputeTesting(testingStateOf(counted), counted.questionCount);
  const changed = state.auto !== counted.testingAuto;
  const setState = changed ? db.update(exam).set(testingColumns(state)).where(eq(exam.id, examId)) : null;
  if (place) {
    const positioned = db.update(question).set({ position: counted.nextPosition - 1 }).where(eq(question.id, opts.placeQuestion!));
    if (setState) {
      // One round trip for both, while the lock is held.
      const updated = db.$with("updated_exam").as(setState.returning({ id: exam.id }));
      await db.with(updated).update(question).set({ position: counted.nextPosition - 1 }).where(eq(question.id, opts.placeQuestion!));
    } else {
      await positioned;
    }
  } else if (setState) {
    await setState;
  }
  return { ...counted, ...testingColumns(state) };
}

export type ExamColumns = Omit<ExamRow, "id" | "ownerId" | "createdAt" | "updatedAt" | "status" | "questionCount" | "nextPosition">;

export async function insertExam(db: Db, ownerId: string, columns: ExamColumns): Promise<ExamRow> {
  const [row] = await db.insert(exam).values({ ...columns, ownerId }).returning();
  return row!;
}

/** Sets columns of an exam row (updated_at now) and answers the row as stored. */
export async function updateExam(db: Db, examId: number, values: Partial<ExamColumns> & Partial<Pick<ExamRow, "status" | "nextPosition">>): Promise<ExamRow> {
  const [row] = await db.update(exam).set({ ...values, updatedAt: sql`now()` }).where(eq(exam.id, examId)).returning();
  return row!;
}

/** Deletes an exam; its answers and case studies go with it (foreign keys), its questions first. */
export async function deleteExam(db: Db, examId: number): Promise<void> {
  // Questions go first: they reference case studies with ON DELETE RESTRICT.
  await db.delete(question).where(eq(question.examId, examId));
  await db.delete(exam).where(eq(exam.id, examId));
}

/** Marks the exam changed: back to draft, updated_at now (contract 6). */
export async function touchExam(db: Db, examId: number): Promise<void> {
  await db.update(exam).set({ status: "draft", updatedAt: sql`now()` }).where(eq(exam.id, examId));
}

/** The exam object of every response (contract 4, "Exam response object"). */
export function examToApi(row: ExamRow) {
  const testing = effectiveTesting(row);
  return {
    id: row.id,
    type: row.type,
    check_answer: row.checkAnswer,
    title: row.title,
    category: row.category,
    code: row.code,
    shuffle_questsion: row.shuffleQuestions,
    shuffle_answers: row.shuffleAnswers,
    testing_questions: testing.questions,
    testing_time: testing.time,
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
