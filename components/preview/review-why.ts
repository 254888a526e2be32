// The review's sentence for one question.
import type { QuestionScore } from "@/server/domain/scoring/types";

/**
 * Why the question earned what it did (contract 16.1 point 6), and, under methods 1 and 3, that
 * points short of fully correct do not count (point 5).
 */
export function reviewWhy(score: QuestionScore, byPoints: boolean): string {
  const uncounted = !byPoints && !score.fullyCorrect && score.points > 0;
  return uncounted ? `${score.why}. This exam counts only fully correct questions.` : `${score.why}.`;
}
