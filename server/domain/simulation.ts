// How an exam is presented in a simulated attempt (product.md "Preview and simulation"): which
// questions are drawn, in which order, and in which order their answers appear. Everything
// follows from one seed, so a seed in the preview's URL repeats a run exactly.
import { QUESTION_TYPE } from "../schemas/question/question-type";

/** A small, fast PRNG (mulberry32): the same seed always gives the same sequence in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * A shuffled copy that is never the given order (two items or more). A sort question's answers
 * come in their solution order; shown in it by chance (half the time with two answers), a
 * candidate would be right without doing anything. Such a draw is turned by one place.
 */
export function scrambled<T>(items: readonly T[], random: () => number): T[] {
  const out = shuffled(items, random);
  return out.length > 1 && out.every((item, i) => item === items[i]) ? [...out.slice(1), out[0]!] : out;
}

export interface DrawSettings {
  /** How many questions are presented (testing_questions as in effect); at most the question count. */
  count: number;
  shuffleQuestions: boolean;
  shuffleAnswers: boolean;
}

export interface DrawnQuestion<Q> {
  question: Q;
  /** The order the question's answers are shown in (answer ids). */
  answerOrder: number[];
}

/**
 * Draws `count` of `questions` (given in their exam order) at random, then presents them shuffled
 * or in exam order. Answers of types 1 and 2 are shuffled when shuffleAnswers is on; a sort
 * question's answers (type 6) always are, and never left in their stored order, the solution.
 */
export function drawAttempt<Q extends { id: number; type: number; answers: readonly { id: number }[] }>(
  questions: readonly Q[],
  settings: DrawSettings,
  seed: number,
): DrawnQuestion<Q>[] {
  const random = seededRandom(seed);
  const count = Math.max(0, Math.min(settings.count, questions.length));
  const chosen = new Set(
    shuffled(
      questions.map((q) => q.id),
      random,
    ).slice(0, count),
  );
  let presented = questions.filter((q) => chosen.has(q.id));
  if (settings.shuffleQuestions) presented = shuffled(presented, random);
  return presented.map((question) => {
    const ids = question.answers.map((a) => a.id);
    if (question.type === QUESTION_TYPE.sort) return { question, answerOrder: scrambled(ids, random) };
    const shuffle =
      settings.shuffleAnswers &&
      (question.type === QUESTION_TYPE.singleChoice || question.type === QUESTION_TYPE.multipleChoice);
    return { question, answerOrder: shuffle ? shuffled(ids, random) : ids };
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
