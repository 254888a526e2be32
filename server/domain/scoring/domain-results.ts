// The result of an attempt by blueprint domain (contract 15.1 point 6), beside the exam's result:
// per domain its presented questions, the fully correct ones, the points and the percent. The
// percent follows the exam's evaluation method, as the exam's own does (percent of fully correct
// questions for methods 1 and 3, of the points for 2 and 4), so the two can be read side by side.
import { examResult } from "./exam-result";
import type { ScoreTotals } from "./types";

export interface DomainResult {
  /** The blueprint domain; null for the questions in none. */
  domainId: number | null;
  /** Questions of the domain presented in the attempt. */
  questions: number;
  fullyCorrect: number;
  points: number;
  maxPoints: number;
  /** 0–100, rounded to two decimals, by the exam's method. */
  percent: number;
}

/**
 * One row per domain of `blueprint` (ids, in its order) that had questions in the attempt, then
 * one for the presented questions in no domain of the blueprint (when there were any). `presented`
 * pairs each presented question's domain with its score.
 */
export function domainResults(
  method: 1 | 2 | 3 | 4,
  blueprint: readonly number[],
  presented: readonly { domainId: number | null; score: ScoreTotals }[],
): DomainResult[] {
  const known = new Set(blueprint);
  const scoresOf = new Map<number | null, ScoreTotals[]>();
  for (const { domainId, score } of presented) {
    const key = domainId !== null && known.has(domainId) ? domainId : null;
    scoresOf.set(key, [...(scoresOf.get(key) ?? []), score]);
  }
  return [...blueprint, null].flatMap((domainId) => {
    const scores = scoresOf.get(domainId);
    if (!scores) return [];
    const { presented: questions, fullyCorrect, points, maxPoints, percent } = examResult(method, null, scores);
    return [{ domainId, questions, fullyCorrect, points, maxPoints, percent }];
  });
}
