// Exam rows: lookups that always filter by owner, the API view, the testing_questions /
// testing_time in effect (derived from the stored state and the question count), and the
// normalisation of that state when the count goes down, and the writes of exam rows.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLog, exam, membership, question } from "@/db/schema";
import { checkRole, inTokenWorkspace, membershipOfExam, type Who } from "./access";
import type { Actor } from "../context";
import { notFound } from "../errors";
import { nextVersion, type Versioned } from "./versions";
import { recomputeTesting, type TestingEffective, type TestingState } from "../domain/testing";

export type ExamRow = typeof exam.$inferSelect;

/**
 * The exam, when the caller is a member of its workspace (else -32004, as for one that does not
 * exist) whose role allows what the call needs (else -32003): data/access.ts. `forUpdate` locks
 * the row so calls that change its questions, order or status serialise per exam (contract 11.2).
 * The lock is FOR NO KEY UPDATE: it excludes every other writer of the exam row, but not the
 * key-share lock that inserting a question (its foreign key) takes, so a question create that
 * inserts first and locks the exam last cannot deadlock with it. Only the exam row is locked,
 * not the membership row it was reached through.
 */
export async function getExamOrThrow(db: Db, who: Who, examId: number, opts: { forUpdate?: boolean; path?: string } = {}): Promise<ExamRow> {
  const query = db
    .select({ exam, role: membership.role })
    .from(exam)
    .innerJoin(membership, membershipOfExam(who))
    .where(and(eq(exam.id, examId), inTokenWorkspace(who)));
  const rows = opts.forUpdate ? await query.for("no key update", { of: exam }) : await query;
  const row = rows[0];
  if (!row) throw notFound("exam", opts.path ?? "id", examId);
  checkRole(who, row.role);
  return row.exam;
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
 * Its first statement (returnExamToDraft) takes the exam row lock, so every change of the count
 * serialises per exam (contract 11.2). Callers run it as their last
 * step, so the lock is held briefly. `placeQuestion` gives that question the exam's next
 * position (it goes last).
 */
export async function changeQuestionCount(
  db: Db,
  cause: DraftCause,
  examId: number,
  delta: number,
  opts: { placeQuestion?: number; path?: string } = {},
): Promise<ExamRow> {
  // The caller's access to the exam was checked earlier in the call (getExamOrThrow).
  const place = opts.placeQuestion !== undefined;
  // The exam row lock, and the history entry when a ready exam goes back to draft.
  await returnExamToDraft(db, cause, examId);
  const [counted] = await db
    .update(exam)
    .set({
      questionCount: sql`${exam.questionCount} + ${delta}`,
      nextPosition: sql`${exam.nextPosition} + ${place ? 1 : 0}`,
      status: "draft",
      updatedAt: sql`now()`,
    })
    .where(eq(exam.id, examId))
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

export type ExamColumns = Omit<ExamRow, "id" | "ownerId" | "workspaceId" | "createdAt" | "updatedAt" | "status" | "questionCount" | "nextPosition" | keyof Versioned>;

/** A new exam of `ownerId` (who makes it) in `workspaceId`. */
export async function insertExam(db: Db, ownerId: string, workspaceId: number, columns: ExamColumns): Promise<ExamRow> {
  const [row] = await db.insert(exam).values({ ...columns, ownerId, workspaceId, versionBy: ownerId }).returning();
  return row!;
}

/**
 * Sets columns of an exam row (updated_at now) and answers the row as stored. `versionBy` names
 * the person when the write is one to the exam's own fields (examUpdate, examUpdateStatus), which
 * makes its next version; other writes (the question order) leave the version as it is.
 */
export async function updateExam(
  db: Db,
  examId: number,
  values: Partial<ExamColumns> & Partial<Pick<ExamRow, "status" | "nextPosition">>,
  versionBy?: string,
): Promise<ExamRow> {
  const version = versionBy === undefined ? {} : nextVersion("exam", versionBy);
  const [row] = await db.update(exam).set({ ...values, ...version, updatedAt: sql`now()` }).where(eq(exam.id, examId)).returning();
  return row!;
}

/** Deletes an exam; its answers and case studies go with it (foreign keys), its questions first. */
export async function deleteExam(db: Db, examId: number): Promise<void> {
  // Questions go first: they reference case studies with ON DELETE RESTRICT.
  await db.delete(question).where(eq(question.examId, examId));
  await db.delete(exam).where(eq(exam.id, examId));
}

/** The write that changes an exam's content (its questions, case studies or their order). */
export interface DraftCause {
  actor: Actor;
  method: string;
}

/** What the history keeps of an automatic return to draft: the status it set, nothing else. */
export const AUTO_DRAFT_SNAPSHOT = { status: "draft" } as const;

/**
 * Marks the exam changed: back to draft, updated_at now (contract 6). When it was ready, its
 * public page goes down, and the history gets an exam entry for that status change under the
 * method of the write that caused it. One statement, which locks the exam row first so the status
 * it reads is the one it replaces. The caller has checked its access to the exam before.
 */
export async function returnExamToDraft(db: Db, cause: DraftCause, examId: number): Promise<void> {
  await db.execute(sql`
    with old as (
      select id, status from ${exam} where id = ${examId} for no key update
    ), e as (
      update ${exam} set status = 'draft', updated_at = now() from old where ${exam.id} = old.id returning ${exam.id}
    )
    insert into ${auditLog} (user_id, token_name, method, object_type, object_id, exam_id, snapshot)
    select ${cause.actor.userId}, ${cause.actor.tokenName}, ${cause.method}, 'exam', old.id, old.id, ${JSON.stringify(AUTO_DRAFT_SNAPSHOT)}::jsonb
    from old, e where old.status = 'ready'`);
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
