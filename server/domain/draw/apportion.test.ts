import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apportion } from "./apportion";

describe("apportion (largest remainder)", () => {
  it.each([
    // 2.4, 3.6, 4 → 2, 3, 4 and the one left to the largest remainder (.6)
    [10, [24, 36, 40], [2, 4, 4]],
    // 1.5 and 1.5: a tie goes to the domain that comes first
    [3, [50, 50], [2, 1]],
    // 2.38, 2.31, 2.31 → the first has the largest remainder
    [7, [34, 33, 33], [3, 2, 2]],
    // .33, .33, .34: the one seat goes to the third
    [1, [33, 33, 34], [0, 0, 1]],
    // 0.5 each: both ties go to the first two
    [2, [25, 25, 25, 25], [1, 1, 0, 0]],
    // a weight of 0 gets nothing
    [5, [0, 100], [0, 5]],
    [60, [24, 16, 20, 25, 15], [14, 10, 12, 15, 9]],
    [0, [50, 50], [0, 0]],
  ] as const)("%i seats among %j → %j", (seats, weights, shares) => {
    expect(apportion(seats, weights)).toEqual(shares);
  });

  it("shares by the weights' own sum, as the redistribution of a shortfall needs", () => {
    // 6 seats among weights 30 and 20 (of 50): 3.6 and 2.4
    expect(apportion(6, [0, 30, 20])).toEqual([0, 4, 2]);
  });

  it("gives nothing when no weight is positive", () => {
    expect(apportion(10, [0, 0])).toEqual([0, 0]);
    expect(apportion(10, [])).toEqual([]);
  });

  it("shares every seat, each within one of its exact quota, none to a weight of 0", () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.array(fc.nat(100), { minLength: 1, maxLength: 50 }), (seats, weights) => {
        const total = weights.reduce((t, w) => t + w, 0);
        const shares = apportion(seats, weights);
        if (total === 0) {
          expect(shares.every((s) => s === 0)).toBe(true);
          return;
        }
        expect(shares.reduce((t, s) => t + s, 0)).toBe(seats);
        shares.forEach((share, i) => {
          const exact = (weights[i]! * seats) / total;
          expect(share).toBeGreaterThanOrEqual(Math.floor(exact));
          expect(share).toBeLessThanOrEqual(Math.ceil(exact));
          if (weights[i] === 0) expect(share).toBe(0);
        });
      }),
      { numRuns: 500 },
    );
  });

  it("between equal remainders, never favours a later domain over an earlier one", () => {
    fc.assert(
      fc.property(fc.nat(500), fc.array(fc.nat(100), { minLength: 2, maxLength: 20 }), (seats, weights) => {
        const shares = apportion(seats, weights);
        for (let i = 0; i < weights.length; i++)
          for (let j = i + 1; j < weights.length; j++)
            if (weights[i] === weights[j]) expect(shares[i]).toBeGreaterThanOrEqual(shares[j]!);
      }),
      { numRuns: 300 },
    );
  });
});
