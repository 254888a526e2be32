// Question and answer rows: owner-checked lookups and the API views.
import { and, asc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "@/db/client";
import { answer, exam, membership, question } from "@/db/schema";
import { checkRole, inTokenWorkspace, membershipOfExam, type Who } from "./access";
import { notFound } from "../errors";

export type QuestionRow = typeof question.$inferSelect;
export type AnswerRow = typeof answer.$inferSelect;

/** The question, reached through its exam's workspace (data/access.ts): -32004 or -32003 otherwise. */
export async function getQuestionOrThrow(db: Db, who: Who, id: number, path = "id"): Promise<QuestionRow> {
  const rows = await db
    .select({ question, role: membership.role })
    .from(question)
    .innerJoin(exam, eq(exam.id, question.examId))
    .innerJoin(membership, membershipOfExam(who))
    .where(and(eq(question.id, id), inTokenWorkspace(who)));
  if (!rows[0]) throw notFound("question", path, id);
  checkRole(who, rows[0].role);
  return rows[0].question;
}

/**
 * The question row locked for the rest of the transaction (as the write's own UPDATE would lock
 * it; its answers are only ever written under that lock), so what a write checks (the version)
 * and compares (whether it changes anything) is what it replaces; null when the row is gone (a
 * concurrent delete). The caller has checked its access before.
 */
export async function lockQuestion(tx: Db, id: number): Promise<QuestionRow | null> {
  const rows = await tx.select().from(question).where(eq(question.id, id)).for("no key update");
  return rows[0] ?? null;
}

/**
 * The question rows `ids`, in id order (the caller has checked its access to their exam); with
 * `lock`, each locked as lockQuestion locks one, in id order so that two such reads cannot
 * deadlock on each other.
 */
export async function questionRows(db: Db, ids: number[], lock: boolean): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  const rows = db.select().from(question).where(inArray(question.id, ids)).orderBy(asc(question.id));
  return lock ? rows.for("no key update") : rows;
}

export async function answersOf(db: Db, questionIds: number[]): Promise<Map<number, AnswerRow[]>> {
  const byQuestion = new Map<number, AnswerRow[]>(questionIds.map((id) => [id, []]));
  if (questionIds.length === 0) return byQuestion;
  const rows = await db.select().from(answer).where(inArray(answer.questionId, questionIds)).orderBy(asc(answer.questionId), asc(answer.order), asc(answer.id));
  for (const row of rows) byQuestion.get(row.questionId)!.push(row);
  return byQuestion;
}

/** The id of the exam's question with this external_id (other than `exceptId`), or null. */
export async function questionWithExternalId(db: Db, examId: number, externalId: string, exceptId: number | null): Promise<number | null> {
  const same = and(eq(question.examId, examId), eq(question.externalId, externalId));
  const rows = await db.select({ id: question.id }).from(question).where(exceptId === null ? same : and(same, ne(question.id, exceptId))).limit(1);
  return rows[0]?.id ?? null;
}

/** The exam's questions that have an external id, by it (an import's matching, contract 13.2.5). */
export async function questionsByExternalId(db: Db, examId: number): Promise<Map<string, { id: number; type: number }>> {
  const rows = await db
    .select({ id: question.id, type: question.type, externalId: question.externalId })
    .from(question)
    .where(and(eq(question.examId, examId), isNotNull(question.externalId)));
  return new Map(rows.map((r) => [r.externalId!, { id: r.id, type: r.type }]));
}

/** The fields of a question row the create/update answer reads. */
export type QuestionAnswerFields = Pick<QuestionRow, "id" | "examId" | "question" | "explanation" | "type" | "caseStudyId" | "externalId" | "properties" | "points">;

/**
 * The fields of a question row questionGet's view reads. The copy it was made from is set only by
 * the writes that make copies; a write that does not name it stores none.
 */
export type QuestionViewFields = QuestionAnswerFields &
  Pick<QuestionRow, "domainId" | "tags" | "scenarios"> &
  Partial<Pick<QuestionRow, "copiedFromQuestionId" | "copiedFromExamId" | "copiedFromVersion">>;

/** The question object of create/update responses: exactly the interface document's fields. */
export function questionToApi(row: QuestionAnswerFields) {
  return {
    id: row.id,
    exam_id: row.examId,
    question: row.question,
    explanation: row.explanation,
    type: row.type,
    case_study_id: row.caseStudyId,
    external_id: row.externalId,
    properties: row.properties,
  };
}

export function answerToApi(row: AnswerRow) {
  return { id: row.id, old_id: row.oldId ?? null, answer: row.answer, is_correct: row.isCorrect, order: row.order };
}

/**
 * questionGet's fuller view: points too, so a client can read back all it can write, and the
 * extension fields of contract 15.1 point 3 (its domain, tags and the question it was copied from).
 * questionList's items are this view written by the database (question-page.ts), key for key.
 */
export function questionToApiWithPoints(row: QuestionViewFields) {
  return {
    ...questionToApi(row),
    points: row.points,
    domain_id: row.domainId,
    tags: row.tags,
    scenarios: row.scenarios,
    copied_from: copiedFromToApi(row),
  };
}

/** `copied_from`: the question, exam and version a copy was made from (contract 15.2 point 2), or null for an original. */
export function copiedFromToApi(row: Partial<Pick<QuestionRow, "copiedFromQuestionId" | "copiedFromExamId" | "copiedFromVersion">>) {
  const { copiedFromQuestionId: question_id, copiedFromExamId: exam_id, copiedFromVersion: version } = row;
  return question_id == null || exam_id == null || version == null ? null : { question_id, exam_id, version };
}

export function answerToApiWithPoints(row: AnswerRow) {
  return { ...answerToApi(row), points: row.points };
}

/**
 * Each question's number in its exam (1 for the first by position, as the exam page lists them):
 * what an author calls a question. The id stays in URLs and the API. Empty when the caller may
 * not read the exam.
 */
export async function questionNumbers(db: Db, who: Who, examId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: question.id })
    .from(question)
    .innerJoin(exam, eq(exam.id, question.examId))
    .innerJoin(membership, membershipOfExam(who))
    .where(and(eq(question.examId, examId), inTokenWorkspace(who)))
    .orderBy(asc(question.position), asc(question.id));
  return new Map(rows.map((row, i) => [row.id, i + 1]));
}
