import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SimilarityIndex, type IndexedQuestion, type SimilarCandidate } from "./similarity-index";
import { NON_ASCII_MARGIN } from "./slot-comparer";
import { similarityKeys, trigramSimilarity } from "./similarity-keys";

/** A question of `text` with its real keys. */
const q = (id: number, text: string, version = 1, examId = 1): IndexedQuestion => ({
  id,
  examId,
  text,
  keys: similarityKeys(text),
  version,
});

const THRESHOLD = 0.9;
const look = (index: SimilarityIndex, text: string, exceptId: number | null = null, maxCompared = 10_000) =>
  index.candidates(text, similarityKeys(text), { threshold: THRESHOLD, exceptId, maxCompared });

/**
 * What candidates() must answer, computed the slow way: every question held that shares a key with
 * the text, kept by the same rule, in the same order.
 */
function expected(held: Map<number, IndexedQuestion>, text: string, exceptId: number | null): SimilarCandidate[] {
  const keys = new Set(similarityKeys(text));
  const ascii = (s: string) => [...s].every((c) => c.charCodeAt(0) < 128);
  return [...held.values()]
    .filter((h) => h.id !== exceptId && h.keys.some((k) => keys.has(k)))
    .map((h) => ({
      id: h.id,
      examId: h.examId,
      text: h.text,
      similarity: trigramSimilarity(text, h.text),
      exact: ascii(text) && ascii(h.text),
    }))
    .filter((c) =>
      c.exact ? Math.fround(c.similarity) >= Math.fround(THRESHOLD) : c.similarity >= THRESHOLD - NON_ASCII_MARGIN,
    )
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id);
}

describe("SimilarityIndex", () => {
  const base = "which port does the dhcp server listen on for requests from clients";

  it("finds a question a word apart, and not one far apart", () => {
    const index = new SimilarityIndex();
    index.upsertAll([q(1, base), q(2, "what is the capital of france and why"), q(3, `${base} exactly`)]);
    const found = look(index, `${base}s`);
    expect(found.map((c) => c.id)).toEqual(
      [1, 3].filter((id) => trigramSimilarity(`${base}s`, id === 1 ? base : `${base} exactly`) >= 0.9),
    );
    expect(found[0]!.id).toBe(1);
    expect(look(index, "nothing alike at all here")).toEqual([]);
  });

  it("leaves out the question being saved", () => {
    const index = new SimilarityIndex();
    index.upsert(q(1, base));
    expect(look(index, base, 1)).toEqual([]);
    expect(look(index, base, null).map((c) => [c.id, c.similarity])).toEqual([[1, 1]]);
  });

  it("keeps the newest version of a question and forgets a removed one", () => {
    const index = new SimilarityIndex();
    expect(index.upsert(q(1, base, 2))).toBe(true);
    // The same write read again by a later catch-up: nothing to do.
    expect(index.upsert(q(1, base, 2))).toBe(false);
    expect(index.upsert(q(1, "an older text read back late", 1))).toBe(false);
    expect(look(index, base).map((c) => c.id)).toEqual([1]);
    expect(index.upsert(q(1, "a newer text entirely different", 3))).toBe(true);
    expect(look(index, base)).toEqual([]);
    expect(index.versionOf(1)).toBe(3);
    index.remove(1);
    expect(look(index, "a newer text entirely different")).toEqual([]);
    expect(index.size).toBe(0);
  });

  it("compares at most maxCompared of the questions sharing a key", () => {
    const index = new SimilarityIndex();
    index.upsertAll(Array.from({ length: 50 }, (_, i) => q(i + 1, base)));
    expect(look(index, base, null, 10)).toHaveLength(10);
    expect(look(index, base)).toHaveLength(50);
  });

  it("has nothing for an empty text", () => {
    const index = new SimilarityIndex();
    index.upsert(q(1, ""));
    expect(look(index, "")).toEqual([]);
  });

  it("answers what comparing every question sharing a key answers, through writes, removals and rebuilds", () => {
    // Texts of a few words from a small vocabulary (accented words too), so that keys and
    // near-misses are common; ids from a small range, so that questions are written again.
    const words = ["port", "server", "subnet", "route", "réseau", "cache", "kernel", "sécurité", "index", "token"];
    const text = fc.array(fc.constantFrom(...words), { minLength: 3, maxLength: 9 }).map((w) => w.join(" "));
    const op = fc.oneof(
      {
        arbitrary: fc.record({
          kind: fc.constant("upsert" as const),
          id: fc.integer({ min: 1, max: 40 }),
          text,
          version: fc.integer({ min: 1, max: 5 }),
        }),
        weight: 6,
      },
      {
        arbitrary: fc.record({ kind: fc.constant("remove" as const), id: fc.integer({ min: 1, max: 40 }) }),
        weight: 1,
      },
      {
        arbitrary: fc.record({
          kind: fc.constant("look" as const),
          text,
          except: fc.option(fc.integer({ min: 1, max: 40 })),
        }),
        weight: 3,
      },
      {
        arbitrary: fc.record({ kind: fc.constant("bulk" as const), texts: fc.array(text, { maxLength: 30 }) }),
        weight: 1,
      },
      {
        arbitrary: fc.record({
          kind: fc.constant("among" as const),
          text,
          ids: fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }),
          except: fc.option(fc.integer({ min: 1, max: 40 })),
        }),
        weight: 2,
      },
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const index = new SimilarityIndex();
        const held = new Map<number, IndexedQuestion>();
        const write = (x: IndexedQuestion) => {
          const old = held.get(x.id);
          if (!old || old.version < x.version) held.set(x.id, x);
        };
        // As in the database, a question's version names one text: the first drawn for it.
        const written = new Map<string, string>();
        let bulks = 0;
        for (const o of ops) {
          if (o.kind === "upsert") {
            const text = written.get(`${o.id}/${o.version}`) ?? o.text;
            written.set(`${o.id}/${o.version}`, text);
            const x = q(o.id, text, o.version);
            index.upsert(x);
            write(x);
          } else if (o.kind === "remove") {
            index.remove(o.id);
            held.delete(o.id);
          } else if (o.kind === "bulk") {
            bulks++;
            const xs = o.texts.map((t, i) => q(100 + i, t, bulks, 2));
            index.upsertAll(xs);
            xs.forEach(write);
          } else if (o.kind === "among") {
            const among = index.candidatesAmong(o.text, similarityKeys(o.text), o.ids, {
              threshold: THRESHOLD,
              exceptId: o.except,
            });
            expect(among).toEqual(expected(held, o.text, o.except).filter((c) => o.ids.includes(c.id)));
          } else expect(look(index, o.text, o.except)).toEqual(expected(held, o.text, o.except));
        }
        expect(index.size).toBe(held.size);
      }),
      { numRuns: 150 },
    );
  });

  it("finds the postings of every key, the smallest, the largest and those at the edges of its buckets", () => {
    // Keys are given, not hashed: 3,000 postings make buckets of the keys' top 10 bits, so the
    // keys below sit at the first and last of buckets, and around them.
    const edges = [-(2 ** 31), 2 ** 31 - 1, -1, 0, 1];
    for (const bucket of [1, 2, 511, 512, 513, 1023]) {
      const start = bucket * 2 ** 22 - 2 ** 31;
      edges.push(start - 1, start, start + 1);
    }
    const text = "which port does the dhcp server listen on";
    const questions: IndexedQuestion[] = [];
    let id = 0;
    for (let i = 0; questions.length < 3_000; i++) {
      const key = i < edges.length * 3 ? edges[i % edges.length]! : ((i * 2_654_435_761) % 2 ** 32) - 2 ** 31;
      questions.push({ id: ++id, examId: 1, text, keys: [key], version: 1 });
    }
    const index = new SimilarityIndex();
    index.upsertAll(questions);
    for (const key of [...edges, 12_345, -(2 ** 31) + 7]) {
      const found = index.candidates(text, [key], { threshold: THRESHOLD, exceptId: null, maxCompared: 10_000 });
      expect(
        found.map((c) => c.id).sort((a, b) => a - b),
        `key ${key}`,
      ).toEqual(questions.filter((x) => x.keys[0] === key).map((x) => x.id));
    }
  });

  it("still answers alike after thousands of writes fold its postings together", () => {
    const index = new SimilarityIndex();
    const held = new Map<number, IndexedQuestion>();
    // 1,200 questions × 30 keys passes the first rebuild's 30,000 postings; every third written twice.
    for (let i = 1; i <= 1_200; i++) {
      const x = q(i, `question ${i} about subnet ${i % 7} and the router number ${i % 13}`);
      index.upsert(x);
      held.set(i, x);
      if (i % 3 === 0) {
        const y = q(i, `question ${i} rewritten about kernel ${i % 5}`, 2);
        index.upsert(y);
        held.set(i, y);
      }
    }
    for (const probe of ["question 600 rewritten about kernel 0", "question 7 about subnet 0 and the router number 7"])
      expect(look(index, probe)).toEqual(expected(held, probe, null));
    expect(index.size).toBe(1_200);
  });
});
