// Review comments on questions (contract 14.2 rule 5): the rows, the API view, and the open counts
// of an exam's question list. Comments are not question content: nothing here touches a
// question's version, its exam's status or the audit log.
import { and, asc, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { comment, exam, question, user } from "@/db/schema";

export type CommentRow = typeof comment.$inferSelect;

/** Where a question stands: its exam and the exam's owner, which the access rule decides by. */
export interface CommentPlace {
  questionId: number;
  examId: number;
  /** The exam's workspace, whose members may use the comments (data/access.ts). */
  workspaceId: number;
}

// A row is locked on its own, before the join that reads its exam: a locking read that waited for
// a concurrent write re-checks only the locked row's new version against the other tables' rows
// as its snapshot saw them, so a question that just moved (and its comments) would fail the join
// with its old exam and read as missing. The join after the lock is a new statement, which sees
// what that write committed.

/**
 * The question's place, or null when there is no such question. `lock` holds the question row
 * (FOR SHARE) until the transaction ends, so it cannot move to another exam between this read
 * and the comment's insert: the comment's exam_id is the question's.
 */
export async function questionPlace(db: Db, questionId: number, opts: { lock?: boolean } = {}): Promise<CommentPlace | null> {
  if (opts.lock) {
    const locked = await db.select({ id: question.id }).from(question).where(eq(question.id, questionId)).for("share");
    if (locked.length === 0) return null;
  }
  const rows = await db
    .select({ questionId: question.id, examId: question.examId, workspaceId: exam.workspaceId })
    .from(question)
    .innerJoin(exam, eq(exam.id, question.examId))
    .where(eq(question.id, questionId));
  return rows[0] ?? null;
}

/** The comment and its place, or null when there is no such comment. `lock` holds the comment row for the rest of the transaction. */
export async function commentPlace(db: Db, id: number, opts: { lock?: boolean } = {}): Promise<(CommentPlace & { comment: CommentRow }) | null> {
  if (opts.lock) {
    const locked = await db.select({ id: comment.id }).from(comment).where(eq(comment.id, id)).for("no key update");
    if (locked.length === 0) return null;
  }
  const rows = await db.select({ comment, workspaceId: exam.workspaceId }).from(comment).innerJoin(exam, eq(exam.id, comment.examId)).where(eq(comment.id, id));
  const row = rows[0];
  return row ? { questionId: row.comment.questionId, examId: row.comment.examId, workspaceId: row.workspaceId, comment: row.comment } : null;
}

export async function insertComment(db: Db, values: { questionId: number; examId: number; authorId: string; body: string }): Promise<number> {
  const [row] = await db.insert(comment).values(values).returning({ id: comment.id });
  return row!.id;
}

/**
 * Resolves (or reopens) a comment: resolved_at is the time it was resolved, null while open.
 * A comment already in that state is left as it is (it keeps the time it was first resolved).
 */
export async function setCommentResolved(db: Db, id: number, resolved: boolean, userId: string): Promise<void> {
  await db
    .update(comment)
    .set(resolved ? { resolved: true, resolvedAt: sql`now()`, resolvedBy: userId } : { resolved: false, resolvedAt: null, resolvedBy: null })
    .where(and(eq(comment.id, id), ne(comment.resolved, resolved)));
}

/** Follows a question that moved to another exam (questionUpdate), in the move's transaction. */
export async function moveQuestionComments(db: Db, questionId: number, examId: number): Promise<void> {
  await db.update(comment).set({ examId }).where(eq(comment.questionId, questionId));
}

const VIEW_COLUMNS = {
  id: comment.id,
  questionId: comment.questionId,
  body: comment.body,
  authorEmail: user.email,
  authorName: user.name,
  createdAt: comment.createdAt,
  resolved: comment.resolved,
  resolvedAt: comment.resolvedAt,
};

/** A comment with its author, as VIEW_COLUMNS reads it. */
export interface CommentViewRow {
  id: number;
  questionId: number;
  body: string;
  authorEmail: string;
  authorName: string;
  createdAt: Date;
  resolved: boolean;
  resolvedAt: Date | null;
}

/** One comment as the API shows it (with its author), or null. */
export async function commentView(db: Db, id: number): Promise<CommentViewRow | null> {
  const rows = await db.select(VIEW_COLUMNS).from(comment).innerJoin(user, eq(user.id, comment.authorId)).where(eq(comment.id, id));
  return rows[0] ?? null;
}

/** A question's comments after `afterId`, oldest first (ids grow with creation). */
export function listComments(db: Db, questionId: number, afterId: number, limit: number): Promise<CommentViewRow[]> {
  return db
    .select(VIEW_COLUMNS)
    .from(comment)
    .innerJoin(user, eq(user.id, comment.authorId))
    .where(and(eq(comment.questionId, questionId), gt(comment.id, afterId)))
    .orderBy(asc(comment.id))
    .limit(limit);
}

/** The comment object of every comment method's result (contract 14.2 rule 5). */
export function commentToApi(row: CommentViewRow) {
  return {
    id: row.id,
    question_id: row.questionId,
    body: row.body,
    author: { email: row.authorEmail, name: row.authorName },
    created_at: row.createdAt.toISOString(),
    resolved: row.resolved,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

export type CommentView = ReturnType<typeof commentToApi>;

/**
 * How many open (unresolved) comments each question of the exam has, for the exam page's list:
 * one statement for the whole list, reading only the partial index of open comments. Questions
 * without open comments are absent; empty when the exam is not `ownerId`'s.
 */
export async function openCommentCounts(db: Db, ownerId: string, examId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ questionId: comment.questionId, open: count() })
    .from(comment)
    .innerJoin(exam, and(eq(exam.id, comment.examId), eq(exam.ownerId, ownerId)))
    .where(and(eq(comment.examId, examId), sql`not ${comment.resolved}`))
    .groupBy(comment.questionId);
  return new Map(rows.map((r) => [r.questionId, Number(r.open)]));
}
