// The similar_question advice of questionCreate and questionUpdate (contract 15.2 point 3): the
// questions of the same workspace whose question text is at least 0.9 similar to the one saved,
// named (id, exam) in one warning each, at most MAX_SIMILAR_NAMED, most similar first.
//
// It is advice: the warning is answered, never stored with the question (question.warnings are the
// question's own findings, which the readiness check of contract 6 reports), so it does not hold
// an exam back from "ready", and it cannot go stale when the other question changes. An import
// does not look for similar questions (docs/decisions.md): exam.questionDuplicates does, after.
import { similarQuestions, type SimilarQuestion } from "../data/question-duplicates";
import { roundSimilarity } from "../domain/duplicates";
import type { OpContext } from "../operation";
import { SIMILAR_QUESTION_THRESHOLD } from "../schemas/question-duplicates";

/** At most this many similar questions are named. */
export const MAX_SIMILAR_NAMED = 3;

/**
 * Starts looking for the questions similar to `text` (the question's similarity_text, whose
 * similarity keys the write computed to store them: `keys`, not hashed again here) in exam
 * `examId`'s workspace, leaving out question `exceptId`, while the caller writes; `report(id)`,
 * called once the write of question `id` succeeded, adds the warnings. The search runs beside the
 * write, so a create waits for the slower of the two rather than for both; a write that fails
 * reports nothing (the warnings would name questions of an exam the caller may not reach).
 *
 * A new question has no id while the search starts, and the search may see it once its insert has
 * committed (it is its own nearest, at 1): one more is asked for, and `report` leaves it out.
 */
export function lookForSimilarQuestions(
  ctx: OpContext,
  target: { examId: number; text: string; keys: readonly number[]; exceptId: number | null },
): { report(savedId: number): Promise<void> } {
  if (ctx.similarQuestionAdvice === false) return { report: async () => {} };
  const found = similarQuestions(ctx.db, {
    ...target,
    threshold: SIMILAR_QUESTION_THRESHOLD,
    limit: MAX_SIMILAR_NAMED + 1,
  });
  // Awaited only after a successful write; until then a failure must not go unhandled.
  found.catch(() => {});
  return {
    async report(savedId) {
      const others = (await found).filter((q) => q.id !== savedId).slice(0, MAX_SIMILAR_NAMED);
      for (const similar of others) warnSimilar(ctx, similar);
    },
  };
}

function warnSimilar(ctx: OpContext, similar: SimilarQuestion): void {
  ctx.report.warn(
    "similar_question",
    "question.question",
    `question ${similar.id} of exam ${similar.examId} (${JSON.stringify(similar.examTitle)}) has a question text ${roundSimilarity(similar.similarity)} similar to this one (0.9 or more): it may be a duplicate`,
    {
      questionId: similar.id,
      exam: { id: similar.examId, title: similar.examTitle },
      similarity: roundSimilarity(similar.similarity),
    },
  );
}
