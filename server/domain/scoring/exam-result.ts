// The result of an attempt under the exam's evaluation method (what each method means is in
// ../evaluation.ts). A question's scoring mode (contract 16.1) changes its points only, so it
// matters under methods 2 and 4; methods 1 and 3 count the fully correct questions.
import { isPassFail, scoresByPoints } from "../evaluation";
import type { ScoreTotals } from "./types";

export interface ExamResult {
  method: 1 | 2 | 3 | 4;
  presented: number;
  fullyCorrect: number;
  points: number;
  maxPoints: number;
  /** 0–100, rounded to two decimals. */
  percent: number;
  /** Null for methods 3 and 4 (score only). */
  passed: boolean | null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * `scores` has one entry per presented question (unanswered ones included). Negative points
 * (penalties) can bring the total below zero; the percentage stops at 0.
 */
export function examResult(
  method: 1 | 2 | 3 | 4,
  passingScore: number | null,
  scores: readonly ScoreTotals[],
): ExamResult {
  const presented = scores.length;
  const fullyCorrect = scores.filter((s) => s.fullyCorrect).length;
  // Question points have 2 decimals under a partial mode; the sums are rounded so that
  // 0.67 + 0.33 reads 1, not 1.0000000000000002.
  const points = round2(scores.reduce((t, s) => t + s.points, 0));
  const maxPoints = round2(scores.reduce((t, s) => t + s.maxPoints, 0));
  const ratio = scoresByPoints(method)
    ? maxPoints > 0
      ? points / maxPoints
      : 0
    : presented
      ? fullyCorrect / presented
      : 0;
  const exact = Math.min(100, Math.max(0, ratio * 100));
  // Compared before rounding (2/3 is not 66.67 %), with room for floating-point error (0.7 × 100).
  const passed = isPassFail(method) ? exact + 1e-9 >= (passingScore ?? 0) : null;
  const percent = round2(exact);
  return { method, presented, fullyCorrect, points, maxPoints, percent, passed };
}
