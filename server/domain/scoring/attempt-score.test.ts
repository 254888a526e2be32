import { describe, expect, it } from "vitest";
import { attemptResult, type AttemptQuestionScore } from "./attempt-score";
import { domainResults } from "./domain-results";
import { examResult } from "./exam-result";

const q = (
  question_id: number,
  domain_id: number | null,
  points: number,
  max_points: number,
): AttemptQuestionScore => ({
  question_id,
  domain_id,
  points,
  max_points,
  fully_correct: points === max_points,
  why: "",
});

describe("attemptResult (contract 16.2)", () => {
  const questions = [q(1, 7, 1, 1), q(2, 7, 0.67, 2), q(3, null, 0, 1), q(4, 9, 1.33, 3)];

  it("adds up as the preview's exam result and result by domain do", () => {
    for (const method of [1, 2, 3, 4] as const) {
      const totals = questions.map((s) => ({
        fullyCorrect: s.fully_correct,
        points: s.points,
        maxPoints: s.max_points,
      }));
      const exam = examResult(method, 50, totals);
      const r = attemptResult(method, 50, [7, 9], questions);
      expect(r).toMatchObject({
        percent: exam.percent,
        passed: exam.passed,
        points: 3,
        max_points: 7,
        correct: 1,
        presented: 4,
        questions,
      });
      expect(r.by_domain.map((d) => [d.domain_id, d.questions, d.percent])).toEqual(
        domainResults(
          method,
          [7, 9],
          questions.map((s, i) => ({ domainId: s.domain_id, score: totals[i]! })),
        ).map((d) => [d.domainId, d.questions, d.percent]),
      );
    }
  });

  it("has no pass or fail for methods 3 and 4, and rounds the sums to 2 decimals", () => {
    expect(attemptResult(3, 50, [], questions).passed).toBeNull();
    expect(attemptResult(2, 50, [], [q(1, null, 0.1, 1), q(2, null, 0.2, 1)]).points).toBe(0.3);
  });
});
