import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupDuplicates, roundSimilarity, type SimilarPair } from "./group";

const pair = (a: number, b: number, similarity: number, exams: Record<number, number> = {}): SimilarPair => ({
  a: { id: a, examId: exams[a] ?? 1 },
  b: { id: b, examId: exams[b] ?? 1 },
  similarity,
});

describe("groupDuplicates", () => {
  it("answers no group without pairs", () => {
    expect(groupDuplicates([])).toEqual([]);
  });

  it("links a chain into one group, each member with its highest similarity", () => {
    // 1–2 at 0.95, 2–3 at 0.91: 1 and 3 are not similar, but linked through 2.
    expect(groupDuplicates([pair(1, 2, 0.95), pair(2, 3, 0.91)])).toEqual([
      [
        { id: 1, examId: 1, similarity: 0.95 },
        { id: 2, examId: 1, similarity: 0.95 },
        { id: 3, examId: 1, similarity: 0.91 },
      ],
    ]);
  });

  it("keeps unlinked pairs apart, the most similar group first", () => {
    const groups = groupDuplicates([pair(5, 6, 0.92), pair(1, 2, 0.9), pair(8, 7, 1)]);
    expect(groups.map((g) => g.map((m) => m.id))).toEqual([
      [7, 8],
      [5, 6],
      [1, 2],
    ]);
  });

  it("breaks ties by id: members by id, groups by their smallest id", () => {
    const groups = groupDuplicates([pair(9, 4, 0.93), pair(3, 12, 0.93)]);
    expect(groups.map((g) => g.map((m) => m.id))).toEqual([
      [3, 12],
      [4, 9],
    ]);
  });

  it("names each member's exam", () => {
    expect(groupDuplicates([pair(1, 2, 0.9, { 1: 10, 2: 20 })])[0]).toEqual([
      { id: 1, examId: 10, similarity: 0.9 },
      { id: 2, examId: 20, similarity: 0.9 },
    ]);
  });

  it("counts a pair given in both directions once, and ignores a question paired with itself", () => {
    expect(groupDuplicates([pair(1, 2, 0.9), pair(2, 1, 0.9), pair(3, 3, 1)])).toEqual([
      [
        { id: 1, examId: 1, similarity: 0.9 },
        { id: 2, examId: 1, similarity: 0.9 },
      ],
    ]);
  });

  it("rounds similarities to 4 decimal places", () => {
    expect(roundSimilarity(0.923076927661)).toBe(0.9231);
    expect(groupDuplicates([pair(1, 2, 0.9999999)])[0]![0]!.similarity).toBe(1);
  });
});

/** Pairs among a few ids, so that groups form. */
const pairs = fc.array(
  fc.record({
    a: fc.integer({ min: 1, max: 30 }),
    b: fc.integer({ min: 1, max: 30 }),
    s: fc.integer({ min: 50, max: 100 }),
  }),
  { maxLength: 60 },
);
const toPairs = (raw: { a: number; b: number; s: number }[]) =>
  raw.map(({ a, b, s }) => pair(a, b, s / 100, { [a]: a % 4, [b]: b % 4 }));

/** The components by a plain search, for comparison. */
function components(raw: { a: number; b: number }[]): number[][] {
  const edges = raw.filter((p) => p.a !== p.b);
  const nodes = [...new Set(edges.flatMap((p) => [p.a, p.b]))];
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const start of nodes) {
    if (seen.has(start)) continue;
    const group: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length > 0) {
      const n = stack.pop()!;
      group.push(n);
      for (const e of edges) {
        const other = e.a === n ? e.b : e.b === n ? e.a : null;
        if (other !== null && !seen.has(other)) {
          seen.add(other);
          stack.push(other);
        }
      }
    }
    out.push(group.sort((x, y) => x - y));
  }
  return out.sort((x, y) => x[0]! - y[0]!);
}

describe("groupDuplicates (properties)", () => {
  it("answers the connected components of the pairs", () => {
    fc.assert(
      fc.property(pairs, (raw) => {
        const groups = groupDuplicates(toPairs(raw)).map((g) => g.map((m) => m.id).sort((x, y) => x - y));
        expect(groups.sort((x, y) => x[0]! - y[0]!)).toEqual(components(raw));
      }),
      { numRuns: 300 },
    );
  });

  it("gives each member its highest similarity among its pairs, and at least two members to a group", () => {
    fc.assert(
      fc.property(pairs, (raw) => {
        for (const group of groupDuplicates(toPairs(raw))) {
          expect(group.length).toBeGreaterThanOrEqual(2);
          for (const m of group) {
            const own = raw.filter((p) => p.a !== p.b && (p.a === m.id || p.b === m.id)).map((p) => p.s / 100);
            expect(m.similarity).toBe(Math.max(...own));
            expect(m.examId).toBe(m.id % 4);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("answers the same groups in the same order whatever the order of the pairs", () => {
    fc.assert(
      fc.property(
        pairs.chain((raw) =>
          fc.tuple(fc.constant(raw), fc.shuffledSubarray(raw, { minLength: raw.length, maxLength: raw.length })),
        ),
        fc.boolean(),
        ([raw, shuffled], swap) => {
          const again = shuffled.map((p) => (swap ? { a: p.b, b: p.a, s: p.s } : p));
          expect(groupDuplicates(toPairs(again))).toEqual(groupDuplicates(toPairs(raw)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("orders members and groups as documented", () => {
    fc.assert(
      fc.property(pairs, (raw) => {
        const groups = groupDuplicates(toPairs(raw));
        for (const g of groups)
          for (let i = 1; i < g.length; i++)
            expect(
              g[i - 1]!.similarity > g[i]!.similarity ||
                (g[i - 1]!.similarity === g[i]!.similarity && g[i - 1]!.id < g[i]!.id),
            ).toBe(true);
        for (let i = 1; i < groups.length; i++) {
          const [x, y] = [groups[i - 1]!, groups[i]!];
          const minX = Math.min(...x.map((m) => m.id));
          const minY = Math.min(...y.map((m) => m.id));
          expect(x[0]!.similarity > y[0]!.similarity || (x[0]!.similarity === y[0]!.similarity && minX < minY)).toBe(
            true,
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
