import { describe, expect, it } from "vitest";
import { examResult } from "./exam-result";
import { scoreQuestion } from "./question-score";
import type { ScoredQuestion } from "./types";

const s = (fullyCorrect: boolean, points: number, maxPoints: number) => ({ fullyCorrect, points, maxPoints });
const scores = [s(true, 3, 3), s(false, 1, 4), s(true, 2, 2), s(false, 0, 1)];

describe("examResult", () => {
  it.each([
    [1, 50, { percent: 50, passed: true }],
    [1, 51, { percent: 50, passed: false }],
    [2, 60, { percent: 60, passed: true }],
    [2, 61, { percent: 60, passed: false }],
    [3, null, { percent: 50, passed: null }],
    [4, null, { percent: 60, passed: null }],
  ] as const)("method %i, passing score %s", (method, passing, expected) => {
    expect(examResult(method, passing, scores)).toMatchObject({
      presented: 4,
      fullyCorrect: 2,
      points: 6,
      maxPoints: 10,
      ...expected,
    });
  });

  it("compares with the passing score before rounding", () => {
    const twoThirds = [s(true, 1, 1), s(true, 1, 1), s(false, 0, 1)];
    expect(examResult(1, 67, twoThirds)).toMatchObject({ percent: 66.67, passed: false });
    expect(examResult(1, 66, twoThirds)).toMatchObject({ passed: true });
    const seventy = Array.from({ length: 10 }, (_, i) => s(i < 7, 0, 0));
    expect(examResult(1, 70, seventy)).toMatchObject({ percent: 70, passed: true });
  });

  it("penalties below zero give 0 %", () => {
    expect(examResult(2, 0, [s(false, -3, 2)])).toMatchObject({ points: -3, percent: 0, passed: true });
  });

  it("an attempt with no questions or no points scores 0 %", () => {
    expect(examResult(1, 50, [])).toMatchObject({ presented: 0, percent: 0, passed: false });
    expect(examResult(2, 0, [s(true, 0, 0)])).toMatchObject({ percent: 0, passed: true });
  });

  it("partial credit counts under methods 2 and 4 only (contract 16.1 point 5)", () => {
    const sort = (scoring: "all_or_nothing" | "absolute_position"): ScoredQuestion => ({
      id: 1,
      type: 6,
      points: 1,
      answers: [1, 2, 3].map((id) => ({ id, is_correct: true, points: 0, order: id })),
      properties: { optional_answers: false, scoring },
    });
    // 1 of 3 answers at its position: 0.33 under absolute_position, 0 under all or nothing.
    const partial = [scoreQuestion(sort("absolute_position"), { type: 6, order: [1, 3, 2] })];
    const strict = [scoreQuestion(sort("all_or_nothing"), { type: 6, order: [1, 3, 2] })];
    expect(partial[0]!.points).toBe(0.33);
    for (const method of [1, 3] as const) expect(examResult(method, 30, partial).percent).toBe(0);
    for (const method of [2, 4] as const) expect(examResult(method, 30, partial).percent).toBe(33);
    expect(examResult(2, 30, partial).passed).toBe(true);
    expect(examResult(2, 30, strict).percent).toBe(0);
  });

  it("sums of 2-decimal points are rounded", () => {
    expect(examResult(2, 50, [s(false, 0.67, 1), s(false, 0.33, 1), s(false, 0.1, 1), s(false, 0.2, 1)]).points).toBe(
      1.3,
    );
  });
});
