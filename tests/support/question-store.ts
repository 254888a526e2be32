// Reading back what the question and case study methods stored, straight from the tables, so
// integration tests check the database and not only the responses; and the envelope checks
// those tests share (ok, issuesOf, expectError, expectNothingChanged).
import { withEffectiveTesting } from "./exam-test-helpers";
import fs from "node:fs";
import { asc, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "@/db/client";
import { answer, auditLog, caseStudy, exam, media, question } from "@/db/schema";
import { isImageProperties, type ImageProperties, type QuestionProperties } from "@/server/schemas/question/properties";
import type { TestApp, TestUser } from "./test-app";
import type { Reply, ReplyIssue } from "./reply";

export async function questionRow(db: Db, id: number) {
  const rows = await db.select().from(question).where(eq(question.id, id));
  return rows[0] ?? null;
}

/** A question's answer rows in stored order (by order, then id). */
export async function answerRows(db: Db, questionId: number) {
  return db.select().from(answer).where(eq(answer.questionId, questionId)).orderBy(asc(answer.order), asc(answer.id));
}

export async function examRow(db: Db, id: number) {
  const rows = await db.select().from(exam).where(eq(exam.id, id));
  return withEffectiveTesting(rows[0]!);
}

export async function caseStudyRow(db: Db, id: number) {
  const rows = await db.select().from(caseStudy).where(eq(caseStudy.id, id));
  return rows[0] ?? null;
}

/** An exam's question rows by position. */
export async function questionRowsOf(db: Db, examId: number) {
  return db
    .select()
    .from(question)
    .where(eq(question.examId, examId))
    .orderBy(asc(question.position), asc(question.id));
}

/**
 * Everything one user has stored: their exams, the questions, answers and case studies under
 * them, their media rows, audit rows and the files in the test app's media directory. Scoped to
 * the user because the PostgreSQL test database is shared by the test files running in parallel.
 * Two snapshots are equal exactly when a call changed nothing.
 */
export async function storedState(t: TestApp, u: TestUser) {
  const { db } = t;
  const exams = await db.select().from(exam).where(eq(exam.ownerId, u.id)).orderBy(asc(exam.id));
  const examIds = exams.map((e) => e.id);
  const questions = examIds.length
    ? await db.select().from(question).where(inArray(question.examId, examIds)).orderBy(asc(question.id))
    : [];
  const questionIds = questions.map((q) => q.id);
  const answers = questionIds.length
    ? await db.select().from(answer).where(inArray(answer.questionId, questionIds)).orderBy(asc(answer.id))
    : [];
  const caseStudies = examIds.length
    ? await db.select().from(caseStudy).where(inArray(caseStudy.examId, examIds)).orderBy(asc(caseStudy.id))
    : [];
  const mediaRows = await db.select().from(media).where(eq(media.ownerId, u.id)).orderBy(asc(media.hash));
  const audit = await db.select().from(auditLog).where(eq(auditLog.userId, u.id)).orderBy(asc(auditLog.id));
  const files = fs.existsSync(t.mediaDir) ? fs.readdirSync(t.mediaDir, { recursive: true }).map(String).sort() : [];
  return { exams, questions, answers, caseStudies, mediaRows, audit, files };
}

/** Runs `call` and asserts that it changed nothing `who` has stored in `t` (rows and files); returns the reply. */
export async function expectNothingChanged<T>(t: TestApp, who: TestUser, call: () => Promise<T>): Promise<T> {
  const before = await storedState(t, who);
  const reply = await call();
  expect(await storedState(t, who)).toEqual(before);
  return reply;
}

/** The issues of an error envelope, or fails the test with the whole reply when there is none. */
export function issuesOf(reply: Reply<unknown>): ReplyIssue[] {
  if (!reply?.error) throw new Error(`expected an error, got ${JSON.stringify(reply)}`);
  return reply.error.data?.issues ?? [];
}

export function issuePaths(reply: Reply<unknown>): string[] {
  return issuesOf(reply).map((i) => i.path);
}

/** Fails with the whole reply when the call did not succeed; its result (of whichever method, for a union of replies). */
export function ok<T extends Reply<unknown>>(reply: T): NonNullable<T["result"]> {
  const result = reply?.result;
  if (reply?.error || !result) throw new Error(`expected success, got ${JSON.stringify(reply)}`);
  return result;
}

/** An error envelope with `code` whose issues include each of `expected` (matched on the fields given). */
export function expectError(reply: Reply<unknown>, code: number, expected: { code?: string; path?: string }[] = []) {
  expect(reply.result).toBeUndefined();
  expect(reply.error?.code).toBe(code);
  for (const e of expected) expect(issuesOf(reply)).toContainEqual(expect.objectContaining(e));
}

/** `properties` as an image question's (types 3, 4 and 5), or fails the test with them. */
export function imagePropertiesOf(properties: QuestionProperties): ImageProperties {
  if (!isImageProperties(properties))
    throw new Error(`expected an image question's properties, got ${JSON.stringify(properties)}`);
  return properties;
}
