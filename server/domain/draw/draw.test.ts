import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../seeded-random";
import { drawQuestions, type BlueprintDomain, type PoolQuestion } from "./draw";

/** `counts[d]` questions in each domain id (key "null": unassigned), numbered from 1 in that order. */
function poolOf(counts: [number | null, number][]): PoolQuestion[] {
  let id = 0;
  return counts.flatMap(([domainId, n]) => Array.from({ length: n }, () => ({ id: ++id, domainId })));
}

const draw = (
  pool: readonly PoolQuestion[],
  blueprint: readonly BlueprintDomain[],
  count: number,
  seed: number,
  shuffle = false,
) => drawQuestions(pool, blueprint, { count, shuffle }, seededRandom(seed));

const domainsOf = (pool: readonly PoolQuestion[], ids: number[]) => {
  const byId = new Map(pool.map((q) => [q.id, q.domainId]));
  return ids.map((id) => byId.get(id) ?? null);
};

describe("the draw, worked examples", () => {
  const blueprint = [
    { id: 11, weight: 24 },
    { id: 12, weight: 36 },
    { id: 13, weight: 40 },
  ];

  it("draws each domain's quota from its own questions", () => {
    const pool = poolOf([
      [11, 10],
      [12, 10],
      [13, 10],
      [null, 5],
    ]);
    const result = draw(pool, blueprint, 10, 1);
    // 2.4, 3.6, 4 → 2, 4, 4
    expect(result.byDomain).toEqual([
      { domain_id: 11, quota: 2, drawn: 2 },
      { domain_id: 12, quota: 4, drawn: 4 },
      { domain_id: 13, quota: 4, drawn: 4 },
      { domain_id: null, quota: 0, drawn: 0 },
    ]);
    const domains = domainsOf(pool, result.questions);
    expect([11, 12, 13].map((d) => domains.filter((x) => x === d).length)).toEqual([2, 4, 4]);
  });

  it("moves a short domain's shortfall to the others by weight, and draws unassigned questions last", () => {
    const pool = poolOf([
      [11, 1],
      [12, 10],
      [13, 2],
      [null, 5],
    ]);
    // Quotas 2, 4, 4 of 10; 11 gives its 1 and 13 its 2: 3 short, all to 12 (room 6).
    expect(draw(pool, blueprint, 10, 5).byDomain).toEqual([
      { domain_id: 11, quota: 2, drawn: 1 },
      { domain_id: 12, quota: 4, drawn: 7 },
      { domain_id: 13, quota: 4, drawn: 2 },
      { domain_id: null, quota: 0, drawn: 0 },
    ]);
    // Of 16, the weighted domains hold 13: the other 3 are unassigned questions.
    expect(draw(pool, blueprint, 16, 5).byDomain.map((d) => d.drawn)).toEqual([1, 10, 2, 3]);
  });

  it("draws from a domain weighted 0 only after every weighted and unassigned question", () => {
    const pool = poolOf([
      [21, 4],
      [22, 4],
      [null, 2],
    ]);
    const weights = [
      { id: 21, weight: 100 },
      { id: 22, weight: 0 },
    ];
    expect(draw(pool, weights, 6, 9).byDomain).toEqual([
      { domain_id: 21, quota: 6, drawn: 4 },
      { domain_id: 22, quota: 0, drawn: 0 },
      { domain_id: null, quota: 0, drawn: 2 },
    ]);
    expect(draw(pool, weights, 8, 9).byDomain.map((d) => d.drawn)).toEqual([4, 2, 2]);
  });

  it("without weights draws at random from all questions, and lists the domains with quota 0", () => {
    const pool = poolOf([
      [31, 5],
      [null, 5],
    ]);
    const zero = [{ id: 31, weight: 0 }];
    const result = draw(pool, zero, 6, 3);
    expect(result.questions).toHaveLength(6);
    expect(result.byDomain.map((d) => d.quota)).toEqual([0, 0]);
    expect(result.byDomain.reduce((t, d) => t + d.drawn, 0)).toBe(6);
    // Without any blueprint, the same questions as with a blueprint of weights 0.
    expect(draw(pool, [], 6, 3).questions).toEqual(result.questions);
    expect(draw(pool, [], 6, 3).byDomain).toEqual([{ domain_id: null, quota: 0, drawn: 6 }]);
  });

  it("counts a question of a domain not in the blueprint as unassigned", () => {
    const pool = poolOf([
      [41, 3],
      [99, 3],
    ]);
    expect(draw(pool, [{ id: 41, weight: 100 }], 5, 2).byDomain).toEqual([
      { domain_id: 41, quota: 5, drawn: 3 },
      { domain_id: null, quota: 0, drawn: 2 },
    ]);
  });

  it("presents in the exam's order unless questions are shuffled", () => {
    const pool = poolOf([[null, 30]]).reverse();
    const inOrder = draw(pool, [], 10, 4).questions;
    const order = new Map(pool.map((q, i) => [q.id, i]));
    expect(inOrder.map((id) => order.get(id))).toEqual(inOrder.map((id) => order.get(id)).sort((a, b) => a! - b!));
    const shuffledDraw = draw(pool, [], 10, 4, true).questions;
    expect([...shuffledDraw].sort()).toEqual([...inOrder].sort());
    expect(shuffledDraw).not.toEqual(inOrder);
  });

  it("presents nothing from an empty pool or for a count of 0", () => {
    expect(draw([], blueprint, 10, 1).questions).toEqual([]);
    expect(draw(poolOf([[11, 3]]), blueprint, 0, 1).byDomain.map((d) => d.quota + d.drawn)).toEqual([0, 0, 0, 0]);
  });
});

/** A blueprint of 1–8 domains: weights summing to 100, or all 0. */
const blueprintArb = fc
  .tuple(fc.integer({ min: 1, max: 8 }), fc.boolean(), fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 7 }))
  .map(([n, weighted, cuts]) => {
    const points = [0, ...cuts.slice(0, n - 1).sort((a, b) => a - b), 100];
    return Array.from({ length: n }, (_, i) => ({
      id: 100 + i,
      weight: weighted ? (points[i + 1] ?? 100) - (points[i] ?? 0) : 0,
    }));
  });

/** A pool of up to 120 questions, each in a domain of the blueprint (ids 100–107), unassigned, or in an unknown one. */
const poolArb = fc
  .array(fc.oneof(fc.constant(null), fc.integer({ min: 100, max: 107 }), fc.constant(999)), { maxLength: 120 })
  .map((domains) => domains.map((domainId, i) => ({ id: 1 + i * 7, domainId })));

const caseArb = fc.record({
  blueprint: blueprintArb,
  pool: poolArb,
  count: fc.nat(140),
  shuffle: fc.boolean(),
  seed: fc.nat(0xffffffff),
});

describe("the draw, over random blueprints and pools", () => {
  it("draws min(N, pool size) distinct questions of the pool, counted rightly by domain", () => {
    fc.assert(
      fc.property(caseArb, ({ blueprint, pool, count, shuffle, seed }) => {
        const { questions, byDomain } = draw(pool, blueprint, count, seed, shuffle);
        expect(questions).toHaveLength(Math.min(count, pool.length));
        expect(new Set(questions).size).toBe(questions.length);
        const ids = new Set(pool.map((q) => q.id));
        expect(questions.every((id) => ids.has(id))).toBe(true);
        const known = new Set(blueprint.map((d) => d.id));
        const domains = domainsOf(pool, questions).map((d) => (d !== null && known.has(d) ? d : null));
        expect(byDomain.map((d) => d.domain_id)).toEqual([...blueprint.map((d) => d.id), null]);
        for (const entry of byDomain) expect(entry.drawn).toBe(domains.filter((d) => d === entry.domain_id).length);
      }),
      { numRuns: 1000 },
    );
  });

  it("repeats exactly for the same seed, and shuffling changes the order only", () => {
    fc.assert(
      fc.property(caseArb, ({ blueprint, pool, count, seed }) => {
        const plain = draw(pool, blueprint, count, seed);
        expect(draw(pool, blueprint, count, seed)).toEqual(plain);
        const shuffledDraw = draw(pool, blueprint, count, seed, true);
        expect(draw(pool, blueprint, count, seed, true)).toEqual(shuffledDraw);
        expect([...shuffledDraw.questions].sort((a, b) => a - b)).toEqual([...plain.questions].sort((a, b) => a - b));
        expect(shuffledDraw.byDomain).toEqual(plain.byDomain);
        // Not shuffled: the exam's order.
        const order = new Map(pool.map((q, i) => [q.id, i]));
        const positions = plain.questions.map((id) => order.get(id)!);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
      { numRuns: 500 },
    );
  });

  it("with weights, meets every quota the pool allows and never draws past a domain's questions", () => {
    fc.assert(
      fc.property(caseArb, ({ blueprint, pool, count, seed }) => {
        if (!blueprint.some((d) => d.weight > 0)) return;
        const { byDomain } = draw(pool, blueprint, count, seed);
        const n = Math.min(count, pool.length);
        const has = (id: number) => pool.filter((q) => q.domainId === id).length;
        const weighted = blueprint.filter((d) => d.weight > 0);
        const entry = (id: number | null) => byDomain.find((d) => d.domain_id === id)!;
        expect(weighted.reduce((t, d) => t + entry(d.id).quota, 0)).toBe(n);
        for (const d of blueprint) {
          const { quota, drawn } = entry(d.id);
          expect(drawn).toBeLessThanOrEqual(has(d.id));
          expect(drawn).toBeGreaterThanOrEqual(Math.min(quota, has(d.id)));
        }
        // Every quota can be met: each weighted domain gives exactly its quota, and nothing else is drawn.
        if (weighted.every((d) => has(d.id) >= entry(d.id).quota))
          for (const d of byDomain) expect(d.drawn).toBe(d.quota);
        // Unassigned questions only once every weighted domain gave all it has; weighted 0 only after them.
        const unassigned = pool.filter((q) => q.domainId === null || !blueprint.some((d) => d.id === q.domainId));
        if (entry(null).drawn > 0) for (const d of weighted) expect(entry(d.id).drawn).toBe(has(d.id));
        if (blueprint.some((d) => d.weight === 0 && entry(d.id).drawn > 0))
          expect(entry(null).drawn).toBe(unassigned.length);
      }),
      { numRuns: 1000 },
    );
  });
});
