// What is read of a whole exam: by the readiness check ("Mark ready", steps/exam-readiness.ts)
// its questions in order with their stored warnings, and the HTML of its answers and case
// studies (for the media paths they refer to); by an export (operations/exam-export.ts) all of it.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { answer, caseStudy, question } from "@/db/schema";
import type { CaseStudyRow } from "./case-studies";
import { answersOf, type AnswerRow, type QuestionRow } from "./questions";

/** The exam's questions in the order that numbers them (as server/data/questions.ts questionNumbers). */
export function questionsForReadiness(db: Db, examId: number) {
  return db
    .select({ id: question.id, position: question.position, question: question.question, explanation: question.explanation, properties: question.properties, warnings: question.warnings })
    .from(question)
    .where(eq(question.examId, examId))
    .orderBy(asc(question.position), asc(question.id));
}

/** The exam's questions that have scenarios (contract 16.3), with what scoring reads and their answers by order. */
export async function questionsWithScenarios(db: Db, examId: number) {
  const rows = await db
    .select({ id: question.id, type: question.type, points: question.points, properties: question.properties, scenarios: question.scenarios })
    .from(question)
    .where(and(eq(question.examId, examId), sql`${question.scenarios} <> '[]'::jsonb`));
  const answers = await answersOf(db, rows.map((r) => r.id));
  return rows.map((row) => ({ row, answers: answers.get(row.id) ?? [] }));
}

/** The HTML of the answers of these questions (with their question) and of the exam's case studies. */
export async function answerAndCaseStudyHtml(
  db: Db,
  examId: number,
  questionIds: number[],
): Promise<{ answers: { questionId: number; html: string }[]; caseStudies: { id: number; name: string; html: string }[] }> {
  const answers = questionIds.length > 0 ? await db.select({ questionId: answer.questionId, html: answer.answer }).from(answer).where(inArray(answer.questionId, questionIds)) : [];
  const caseStudies = await db.select({ id: caseStudy.id, name: caseStudy.name, html: caseStudy.description }).from(caseStudy).where(eq(caseStudy.examId, examId)).orderBy(asc(caseStudy.id));
  return { answers, caseStudies };
}

/** Every question of the exam in its order, with its answers by order (what an export carries). */
export async function questionsWithAnswers(db: Db, examId: number): Promise<{ row: QuestionRow; answers: AnswerRow[] }[]> {
  const rows = await db.select().from(question).where(eq(question.examId, examId)).orderBy(asc(question.position), asc(question.id));
  const answers = await answersOf(db, rows.map((r) => r.id));
  return rows.map((row) => ({ row, answers: answers.get(row.id) ?? [] }));
}

/** Every case study of the exam, in creation order. */
export function caseStudiesOfExam(db: Db, examId: number): Promise<CaseStudyRow[]> {
  return db.select().from(caseStudy).where(eq(caseStudy.examId, examId)).orderBy(asc(caseStudy.id));
}
