// Helpers shared by the exam integration tests: envelope assertions, exam and batch question
// creation, and direct reads of what is stored.
import { effectiveTesting } from "@/server/data/exams";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { auditLog, exam, question } from "@/db/schema";
import type { Reply, ReplyIssue, ReplyTo } from "./reply";
import { examInput, type TestApp, type TestUser } from "./test-app";

/** The exam object fields of contract 4, "Exam response object". */
export const EXAM_RESPONSE_FIELDS = [
  "id",
  "type",
  "check_answer",
  "title",
  "category",
  "code",
  "shuffle_questsion",
  "shuffle_answers",
  "testing_questions",
  "testing_time",
  "testing_auto",
  "evaluation_method",
  "passing_score",
  "show_description_page",
  "show_standard_introduction",
  "description",
  "status",
  "question_count",
  "created_at",
  "updated_at",
].sort();

/** Asserts a success envelope and returns its result (of whichever method, for a union of replies). */
export function ok<T extends Reply<unknown>>(reply: T): NonNullable<T["result"]> {
  const result = reply.result;
  if (reply.error || result === undefined || result === null)
    throw new Error(`expected success, got ${JSON.stringify(reply.error)} ${JSON.stringify(reply.errors)}`);
  expect((result as { completed?: unknown }).completed).toBe(true);
  return result;
}

/** Asserts an error envelope with `code` and (when given) an issue at `path`; returns the issues. */
export function fails(reply: Reply<unknown>, code: number, path?: string, issueCode?: string): ReplyIssue[] {
  if (!reply.error)
    throw new Error(`expected error ${code}${path ? ` at ${path}` : ""}, got success ${JSON.stringify(reply.result)}`);
  expect(reply.error.code, JSON.stringify(reply.error)).toBe(code);
  const issues = reply.error.data?.issues ?? [];
  if (path !== undefined) {
    const match = issues.filter((i) => i.path === path && (issueCode === undefined || i.code === issueCode));
    expect(
      match.length,
      `issue at ${path}${issueCode ? ` (${issueCode})` : ""} in ${JSON.stringify(issues)}`,
    ).toBeGreaterThan(0);
  }
  return issues;
}

/** Creates an exam (examInput with `overrides`) and returns the exam object of the response. */
export async function newExam(u: TestUser, overrides: Record<string, unknown> = {}) {
  return ok(await u.call("exam.examCreate", { exam: examInput(overrides) })).exam;
}

export function warningCodes(reply: Reply<unknown>): string[] {
  return (reply.warning_details ?? []).map((w) => w.code);
}

export function warningAt(reply: Reply<unknown>, path: string): ReplyIssue | undefined {
  return (reply.warning_details ?? []).find((w) => w.path === path);
}

/**
 * The exam row as stored, with the testing_questions / testing_time its stored state and count
 * give (they are not columns of their own: see effectiveTesting).
 */
export async function examRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(exam).where(eq(exam.id, id));
  return row && withEffectiveTesting(row);
}

export function withEffectiveTesting<R extends Parameters<typeof effectiveTesting>[0]>(row: R) {
  const { questions, time } = effectiveTesting(row);
  return { ...row, testingQuestions: questions, testingTime: time };
}

export async function questionRows(t: TestApp, examId: number) {
  return t.db.select().from(question).where(eq(question.examId, examId)).orderBy(asc(question.position));
}

export async function auditRows(t: TestApp, examId: number) {
  return t.db.select().from(auditLog).where(eq(auditLog.examId, examId)).orderBy(asc(auditLog.id));
}

let batchSeq = 0;

/** Sends `calls` as one JSON-RPC batch with the user's token; returns the response array. */
export async function batch<M extends string>(
  t: TestApp,
  u: TestUser,
  calls: { method: M; params: unknown }[],
): Promise<ReplyTo<M>[]> {
  const out: ReplyTo<M>[] = [];
  for (let i = 0; i < calls.length; i += 100) {
    const chunk = calls
      .slice(i, i + 100)
      .map((c) => ({ jsonrpc: "2.0", id: ++batchSeq, accessToken: u.token, method: c.method, params: c.params }));
    const reply = await t.post<ReplyTo<M>[]>(chunk);
    expect(reply.status).toBe(200);
    out.push(...reply.body);
  }
  return out;
}

/** A valid single choice question with two answers (no warnings). */
export function choiceQuestion(examId: number, text = "What is 2 + 2?") {
  return {
    question: { exam_id: examId, question: `<p>${text}</p>`, type: 1 },
    answers: [
      { answer: "<p>4</p>", is_correct: true },
      { answer: "<p>5</p>", is_correct: false },
    ],
  };
}

/** Adds `k` questions to the exam in batches; returns their ids. */
export async function addQuestions(t: TestApp, u: TestUser, examId: number, k: number): Promise<number[]> {
  if (k === 0) return [];
  const replies = await batch(
    t,
    u,
    Array.from({ length: k }, (_, i) => ({
      method: "exam.questionCreate" as const,
      params: choiceQuestion(examId, `Question ${i + 1}`),
    })),
  );
  return replies.map((r) => ok(r).question.id);
}

/** Deletes the questions in batches. */
export async function deleteQuestions(t: TestApp, u: TestUser, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const replies = await batch(
    t,
    u,
    ids.map((id) => ({ method: "exam.questionDelete" as const, params: { id } })),
  );
  for (const r of replies) ok(r);
}
