// The re-check that "Mark ready" runs over a whole exam (contract 6).
import type { Db } from "@/db/client";
import { answerAndCaseStudyHtml, questionsForReadiness } from "../data/exam-content";
import { effectiveTesting, type ExamRow } from "../data/exams";
import type { Issue } from "../errors";
import type { MediaStore } from "../media/store";

const STORED_MEDIA = /\/media\/([0-9a-f]{64}\.[a-z0-9]+)/g;

export async function collectReadinessWarnings(db: Db, store: MediaStore, row: ExamRow): Promise<Issue[]> {
  const warnings: Issue[] = [];
  const questions = await questionsForReadiness(db, row.id);

  if (questions.length === 0)
    warnings.push({ code: "no_questions", path: "questions", message: "the exam has no questions" });
  questions.forEach((q, index) => {
    for (const w of q.warnings) {
      warnings.push({
        code: "question_warning",
        path: `questions[${index}]`,
        message: `question ${q.id}: ${w.path}: ${w.message}`,
        details: { position: index + 1 },
      });
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
  texts.push(
    ...(await answerAndCaseStudyHtml(
      db,
      row.id,
      questions.map((q) => q.id),
    )),
  );
  const names = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(STORED_MEDIA)) names.add(m[1]!);
  for (const name of names) {
    if (!(await store.has(name)))
      warnings.push({
        code: "media_missing",
        path: "media",
        message: `/media/${name} is referenced but its file is missing`,
      });
  }
  return warnings;
}
