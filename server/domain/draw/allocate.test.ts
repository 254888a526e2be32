import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate } from "./allocate";

const pools = (weights: number[], available: number[]) =>
  weights.map((weight, i) => ({ weight, available: available[i]! }));

describe("allocate", () => {
  it("gives each domain its quota when it has enough questions", () => {
    expect(allocate(20, pools([50, 30, 20], [10, 10, 10]))).toEqual({
      quotas: [10, 6, 4],
      counts: [10, 6, 4],
      rest: 0,
    });
  });

  it("shares what a short domain lacks among the others by their weights", () => {
    // Quotas 10, 6, 4; the first has 4, so 6 are short: 3.6 and 2.4 of them → 4 and 2.
    expect(allocate(20, pools([50, 30, 20], [4, 10, 10]))).toEqual({ quotas: [10, 6, 4], counts: [4, 10, 6], rest: 0 });
  });

  it("shares again what the second round could not place", () => {
    // Short 6 → 4 and 2; the second has room for 1 only, so the 3 left go to the third.
    expect(allocate(20, pools([50, 30, 20], [4, 7, 20]))).toEqual({ quotas: [10, 6, 4], counts: [4, 7, 9], rest: 0 });
  });

  it("leaves to the other questions what no weighted domain can give", () => {
    expect(allocate(20, pools([60, 40], [5, 5]))).toEqual({ quotas: [12, 8], counts: [5, 5], rest: 10 });
  });

  it("never gives to a domain weighted 0", () => {
    expect(allocate(10, pools([0, 100], [50, 3]))).toEqual({ quotas: [0, 10], counts: [0, 3], rest: 7 });
  });

  it("meets every quota, gives within every pool, and leaves a rest only when the weighted are exhausted", () => {
    const domain = fc.record({ weight: fc.nat(100), available: fc.nat(40) });
    fc.assert(
      fc.property(fc.nat(300), fc.array(domain, { maxLength: 12 }), (n, domains) => {
        const { quotas, counts, rest } = allocate(n, domains);
        expect(counts.reduce((t, c) => t + c, 0) + rest).toBe(n);
        domains.forEach((d, i) => {
          expect(counts[i]).toBeLessThanOrEqual(d.available);
          expect(counts[i]).toBeGreaterThanOrEqual(Math.min(quotas[i]!, d.available));
          if (d.weight === 0) expect(counts[i]).toBe(0);
        });
        if (domains.every((d, i) => d.available >= quotas[i]!)) expect(counts).toEqual(quotas);
        if (rest > 0) domains.forEach((d, i) => d.weight > 0 && expect(counts[i]).toBe(d.available));
      }),
      { numRuns: 1000 },
    );
  });
});
