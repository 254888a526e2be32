import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { domainResults } from "./domain-results";
import { examResult } from "./exam-result";

const s = (fullyCorrect: boolean, points: number, maxPoints: number) => ({ fullyCorrect, points, maxPoints });

describe("domainResults", () => {
  // Domain 1: two questions, one fully correct, 3 of 5 points; domain 2: one question, wrong,
  // 0 of 2 points; one unassigned question, fully correct, 1 of 1.
  const presented = [
    { domainId: 1, score: s(true, 2, 2) },
    { domainId: 2, score: s(false, 0, 2) },
    { domainId: null, score: s(true, 1, 1) },
    { domainId: 1, score: s(false, 1, 3) },
  ];

  it("counts each domain's questions, fully correct ones and points, in the blueprint's order", () => {
    expect(domainResults(1, [2, 1], presented)).toEqual([
      { domainId: 2, questions: 1, fullyCorrect: 0, points: 0, maxPoints: 2, percent: 0 },
      { domainId: 1, questions: 2, fullyCorrect: 1, points: 3, maxPoints: 5, percent: 50 },
      { domainId: null, questions: 1, fullyCorrect: 1, points: 1, maxPoints: 1, percent: 100 },
    ]);
  });

  it("gives the percent by the exam's method: of the points for methods 2 and 4", () => {
    expect(domainResults(2, [1, 2], presented).map((r) => r.percent)).toEqual([60, 0, 100]);
    expect(domainResults(4, [1, 2], presented)[0]!.percent).toBe(60);
    expect(domainResults(3, [1, 2], presented)[0]!.percent).toBe(50);
  });

  it("leaves out domains without presented questions; a domain not in the blueprint counts as none", () => {
    expect(domainResults(1, [1, 2, 3], [{ domainId: 3, score: s(true, 1, 1) }]).map((r) => r.domainId)).toEqual([3]);
    expect(domainResults(1, [1], [{ domainId: 9, score: s(true, 1, 1) }]).map((r) => r.domainId)).toEqual([null]);
    expect(domainResults(1, [1], [])).toEqual([]);
  });

  it("adds up to the exam's result", () => {
    const score = fc.record({
      fullyCorrect: fc.boolean(),
      points: fc.integer({ min: -3, max: 5 }),
      maxPoints: fc.nat(5),
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ domainId: fc.constantFrom(1, 2, 3, null), score }), { maxLength: 40 }),
        (list) => {
          const rows = domainResults(1, [1, 2, 3], list);
          const whole = examResult(
            1,
            null,
            list.map((p) => p.score),
          );
          expect(rows.reduce((t, r) => t + r.questions, 0)).toBe(whole.presented);
          expect(rows.reduce((t, r) => t + r.fullyCorrect, 0)).toBe(whole.fullyCorrect);
          expect(rows.reduce((t, r) => t + r.points, 0)).toBe(whole.points);
          expect(rows.reduce((t, r) => t + r.maxPoints, 0)).toBe(whole.maxPoints);
          for (const r of rows) expect(r.percent).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});
