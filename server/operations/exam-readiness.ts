// The re-check that "Mark ready" runs over a whole exam (contract 6).
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { answer, caseStudy, question } from "@/db/schema";
import { effectiveTesting, type ExamRow } from "../data/exams";
import type { Issue } from "../errors";
import type { MediaStore } from "../media/store";

const STORED_MEDIA = /\/media\/([0-9a-f]{64}\.[a-z0-9]+)/g;

export async function collectReadinessWarnings(db: Db, store: MediaStore, row: ExamRow): Promise<Issue[]> {
  const warnings: Issue[] = [];
  const questions = await db
    .select({ id: question.id, position: question.position, question: question.question, explanation: question.explanation, properties: question.properties, warnings: question.warnings })
    .from(question)
    .where(eq(question.examId, row.id))
    .orderBy(asc(question.position));

  if (questions.length === 0) warnings.push({ code: "no_questions", path: "questions", message: "the exam has no questions" });
  questions.forEach((q, index) => {
    for (const w of q.warnings) {
      warnings.push({ code: "question_warning", path: `questions[${index}]`, message: `question ${q.id}: ${w.path}: ${w.message}`, details: { position: index + 1 } });
    }
  });
  const testingQuestions = effectiveTesting(row).questions;
  if (testingQuestions > questions.length) {
    warnings.push({
      code: "testing_questions_exceed",
      path: "exam.testing_questions",
      message: `testing_questions is ${testingQuestions} but only ${questions.length} question(s) can be presented`,
    });
  }

  // Every stored media path the exam's content refers to must still be in the store.
  const texts: string[] = [row.description];
  for (const q of questions) texts.push(q.question, q.explanation, JSON.stringify(q.properties));
  const ids = questions.map((q) => q.id);
  if (ids.length > 0) {
    for (const a of await db.select({ answer: answer.answer }).from(answer).where(inArray(answer.questionId, ids))) texts.push(a.answer);
  }
  for (const c of await db.select({ description: caseStudy.description }).from(caseStudy).where(eq(caseStudy.examId, row.id))) texts.push(c.description);
  const names = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(STORED_MEDIA)) names.add(m[1]!);
  for (const name of names) {
    if (!(await store.has(name))) warnings.push({ code: "media_missing", path: "media", message: `/media/${name} is referenced but its file is missing` });
  }
  return warnings;
}
