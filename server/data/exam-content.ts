// What the readiness check ("Mark ready", operations/exam-readiness.ts) reads of a whole exam:
// its questions in order with their stored warnings, and the HTML of its answers and case
// studies (for the media paths they refer to).
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { answer, caseStudy, question } from "@/db/schema";

export function questionsForReadiness(db: Db, examId: number) {
  return db
    .select({ id: question.id, position: question.position, question: question.question, explanation: question.explanation, properties: question.properties, warnings: question.warnings })
    .from(question)
    .where(eq(question.examId, examId))
    .orderBy(asc(question.position));
}

/** The HTML of the answers of these questions and of the exam's case studies. */
export async function answerAndCaseStudyHtml(db: Db, examId: number, questionIds: number[]): Promise<string[]> {
  const answers = questionIds.length > 0 ? await db.select({ html: answer.answer }).from(answer).where(inArray(answer.questionId, questionIds)) : [];
  const caseStudies = await db.select({ html: caseStudy.description }).from(caseStudy).where(eq(caseStudy.examId, examId));
  return [...answers, ...caseStudies].map((r) => r.html);
}
