import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RecentPostings } from "./recent-postings";

/** The slots under `key`, as forEachSlot visits them. */
const slotsOf = (postings: RecentPostings, key: number): number[] => {
  const out: number[] = [];
  postings.forEachSlot(key, (slot) => {
    out.push(slot);
    return true;
  });
  return out;
};

describe("RecentPostings", () => {
  it("answers every key's slots in the order they were added, as a Map of arrays would, through its growth", () => {
    // Keys from a small set (many postings a key) and from all 32 bits (many keys: the table grows).
    const key = fc.oneof(
      fc.constantFrom(-(2 ** 31), 2 ** 31 - 1, 0, -1, 1, 0x9e3779b1 | 0),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.nat(2 ** 21 - 1)), { maxLength: 2_000 }), (adds) => {
        const postings = new RecentPostings();
        const model = new Map<number, number[]>();
        for (const [k, slot] of adds) {
          postings.add(k, slot);
          model.set(k, [...(model.get(k) ?? []), slot]);
        }
        expect(postings.size).toBe(adds.length);
        for (const [k, slots] of model) expect(slotsOf(postings, k)).toEqual(slots);
        expect(slotsOf(postings, 123_456_789)).toEqual(model.get(123_456_789) ?? []);
      }),
      { numRuns: 60 },
    );
  });

  it("stops when the visit answers false, and says so", () => {
    const postings = new RecentPostings();
    for (let slot = 0; slot < 5; slot++) postings.add(7, slot);
    const met: number[] = [];
    expect(postings.forEachSlot(7, (slot) => (met.push(slot), slot < 2))).toBe(false);
    expect(met).toEqual([0, 1, 2]);
    expect(postings.forEachSlot(8, () => false)).toBe(true);
  });
});
