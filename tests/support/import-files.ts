// What the import tests share: a file as exam.examImport takes it, the ids an import's result
// holds once it stored something, and the stored questions of an import's items as questionGet
// answers them.
import { ok } from "./exam-test-helpers";
import type { TestUser } from "./test-app";

/** `{ name, base64 }` of text or bytes. */
export const importFile = (content: string | Uint8Array, name: string) => ({
  name,
  base64: Buffer.from(content).toString("base64"),
});

/** The question an imported item stored; fails when it stored none (skipped, or a dry run's). */
export function storedQuestionId(item: { ref: string; question_id: number | null }): number {
  if (item.question_id === null) throw new Error(`${item.ref} stored no question`);
  return item.question_id;
}

/** The exam an import stored into; fails when there is none (a dry run that would create it). */
export function importedExamId(result: { exam: { id: number | null } }): number {
  if (result.exam.id === null) throw new Error("the import stored no exam");
  return result.exam.id;
}

type StoredAnswer = { answer: string; is_correct: boolean; order: number; points: number };

/**
 * The questions of `ids`, as questionGet answers them (type, texts, points, external id,
 * properties), each answer as `answer(a)` makes it: the parts a test compares.
 */
export async function storedQuestions(who: TestUser, ids: number[], answer: (a: StoredAnswer) => unknown[]) {
  const out = [];
  for (const id of ids) {
    const { question, answers } = ok(await who.call("exam.questionGet", { id }));
    out.push({
      type: question.type,
      question: question.question,
      explanation: question.explanation,
      points: question.points,
      external_id: question.external_id,
      properties: question.properties,
      answers: (answers as StoredAnswer[]).map(answer),
    });
  }
  return out;
}
