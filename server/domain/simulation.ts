// How an exam is presented in a simulated attempt (product.md "Preview and simulation"): which
// questions are drawn, in which order, and in which order their answers appear. Everything
// follows from one seed, so a seed in the preview's URL repeats a run exactly.
import { QUESTION_TYPE } from "../schemas/question/question-type";
import { drawQuestions, type BlueprintDomain } from "./draw";
import { seededRandom, shuffled } from "./seeded-random";

export { seededRandom, shuffled };

/**
 * A shuffled copy that is never the given order (two items or more). A sort question's answers
 * come in their solution order; shown in it by chance (half the time with two answers), a
 * candidate would be right without doing anything. Such a draw is turned by one place.
 */
export function scrambled<T>(items: readonly T[], random: () => number): T[] {
  const out = shuffled(items, random);
  return out.length > 1 && out.every((item, i) => item === items[i]) ? [...out.slice(1), out[0]!] : out;
}

export interface AttemptSettings {
  /** How many questions are presented (testing_questions as in effect); at most the question count. */
  count: number;
  shuffleQuestions: boolean;
  shuffleAnswers: boolean;
  /** The exam's blueprint in its order; the draw follows its weights when it has any. */
  domains?: readonly BlueprintDomain[];
}

export interface DrawnQuestion<Q> {
  question: Q;
  /** The order the question's answers are shown in (answer ids). */
  answerOrder: number[];
}

/** What drawAttempt reads of a question. */
export interface AttemptQuestion {
  id: number;
  type: number;
  answers: readonly { id: number }[];
  /** Its blueprint domain; left out or null: unassigned. */
  domain_id?: number | null;
}

/**
 * The questions of an attempt, drawn from `questions` (given in their exam order) by the exam's
 * blueprint and presented shuffled or in exam order: the draw of exam.examDraw (draw/draw.ts), so
 * one seed presents the same questions in both. Then, from the same random sequence, answers of
 * types 1 and 2 are shuffled when shuffleAnswers is on; a sort question's answers (type 6) always
 * are, and never left in their stored order, the solution.
 */
export function drawAttempt<Q extends AttemptQuestion>(
  questions: readonly Q[],
  settings: AttemptSettings,
  seed: number,
): DrawnQuestion<Q>[] {
  const random = seededRandom(seed);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const { questions: ids } = drawQuestions(
    questions.map((q) => ({ id: q.id, domainId: q.domain_id ?? null })),
    settings.domains ?? [],
    { count: settings.count, shuffle: settings.shuffleQuestions },
    random,
  );
  return ids.map((id) => {
    const question = byId.get(id)!;
    const answerIds = question.answers.map((a) => a.id);
    if (question.type === QUESTION_TYPE.sort) return { question, answerOrder: scrambled(answerIds, random) };
    const shuffle =
      settings.shuffleAnswers &&
      (question.type === QUESTION_TYPE.singleChoice || question.type === QUESTION_TYPE.multipleChoice);
    return { question, answerOrder: shuffle ? shuffled(answerIds, random) : answerIds };
  });
}

/** Seconds left of a `minutes` limit started at `startedAt` (ms), never below 0; null: no limit. */
export function secondsLeft(minutes: number, startedAt: number, now: number): number | null {
  if (minutes <= 0) return null;
  return Math.max(0, Math.ceil((startedAt + minutes * 60_000 - now) / 1000));
}

/** "1:05:09", "4:07", "0:09". */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}
