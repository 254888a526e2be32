import { describe, expect, it } from "vitest";
import { scoreQuestion } from "@/server/domain/scoring/question-score";
import type { ScoredQuestion } from "@/server/domain/scoring/types";
import { reviewWhy } from "./review-why";

/** Type 2 with A, B, C correct and D wrong, one point, partial credit per answer. */
const multi: ScoredQuestion = {
  id: 1,
  type: 2,
  points: 1,
  answers: [1, 2, 3, 4].map((id) => ({ id, is_correct: id !== 4, points: 0, order: null })),
  properties: { scoring: "per_answer" },
};

describe("reviewWhy", () => {
  const partial = scoreQuestion(multi, { type: 2, answerIds: [1, 2] });

  it("says why the question earned what it did", () => {
    expect(reviewWhy(partial, true)).toBe("2 of 3 correct answers selected: 0.67 of 1 point.");
  });

  it("under methods 1 and 3, says that partial credit does not count", () => {
    expect(reviewWhy(partial, false)).toBe(
      "2 of 3 correct answers selected: 0.67 of 1 point. This exam counts only fully correct questions.",
    );
    const full = scoreQuestion(multi, { type: 2, answerIds: [1, 2, 3] });
    expect(reviewWhy(full, false)).toBe("3 of 3 correct answers selected: 1 of 1 point.");
  });
});
