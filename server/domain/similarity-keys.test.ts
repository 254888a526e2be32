import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  asciiTrigramCodes,
  BANDS,
  candidateProbability,
  similarityKeys,
  similarityTo,
  trigramSimilarity,
  trigrams,
} from "./similarity-keys";

const sorted = (s: Set<string>) => [...s].sort();

describe("trigrams", () => {
  it("pads each word with two spaces before and one after", () => {
    expect(sorted(trigrams("cat"))).toEqual(["  c", " ca", "at ", "cat"]);
  });

  it("splits words at anything but letters and digits, lower-cases, and keeps a set", () => {
    expect(sorted(trigrams("A-b, 42 a"))).toEqual(["  4", "  a", "  b", " 42", " a ", " b ", "42 "]);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(sorted(trigrams("ωé𝒜"))).toEqual(["  ω", " ωé", "é𝒜 ", "ωé𝒜"].sort());
  });

  it("is empty for a text without words", () => {
    expect(trigrams("").size).toBe(0);
    expect(trigrams(" !? ").size).toBe(0);
  });
});

describe("trigramSimilarity", () => {
  it("is pg_trgm's shared / union", () => {
    // {"  w", " wo", "wor", "ord", "rd "} against {"  w", " wo", "wor", "ork", "rk "}: 3 / 7.
    expect(trigramSimilarity("word", "work")).toBeCloseTo(3 / 7, 12);
    expect(trigramSimilarity("same text", "same text")).toBe(1);
    expect(trigramSimilarity("", "x")).toBe(0);
  });
});

describe("similarityKeys", () => {
  it("gives B signed 32-bit keys, the same for the same text", () => {
    const keys = similarityKeys("what is the default gateway of a subnet");
    expect(keys).toHaveLength(BANDS);
    for (const k of keys) expect(Number.isInteger(k) && k >= -(2 ** 31) && k < 2 ** 31).toBe(true);
    expect(similarityKeys("what is the default gateway of a subnet")).toEqual(keys);
  });

  it("gives no keys for a text without words", () => {
    expect(similarityKeys("")).toEqual([]);
    expect(similarityKeys("… — !")).toEqual([]);
  });

  it("depends only on the trigram set (case, punctuation and repeated words do not count)", () => {
    expect(similarityKeys("Subnet, subnet MASK")).toEqual(similarityKeys("subnet mask"));
  });

  it("documents its probabilities", () => {
    expect(1 - candidateProbability(0.9)).toBeLessThan(1e-7);
    expect(candidateProbability(0.3)).toBeLessThan(0.003);
  });

  const word = fc
    .array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789é"), { minLength: 2, maxLength: 10 })
    .map((c) => c.join(""));
  const shared = (a: number[], b: number[]) => a.some((k) => b.includes(k));

  it("property: texts at least 0.9 similar share a key", () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 10, maxLength: 40 }), fc.nat(), word, (words, at, other) => {
        const a = words.join(" ");
        const changed = [...words];
        changed[at % words.length] = other;
        const b = changed.join(" ");
        fc.pre(trigramSimilarity(a, b) >= 0.9);
        expect(shared(similarityKeys(a), similarityKeys(b))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("property: unrelated texts seldom share a key", () => {
    let sharing = 0;
    let pairs = 0;
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 5, maxLength: 20 }),
        fc.array(word, { minLength: 5, maxLength: 20 }),
        (x, y) => {
          const a = x.join(" ");
          const b = y.join(" ");
          fc.pre(trigramSimilarity(a, b) < 0.3);
          pairs++;
          if (shared(similarityKeys(a), similarityKeys(b))) sharing++;
        },
      ),
      { numRuns: 300 },
    );
    expect(sharing / pairs).toBeLessThan(0.02);
  });
});

describe("asciiTrigramCodes and similarityTo", () => {
  const code = (t: string) => (t.charCodeAt(0) << 14) | (t.charCodeAt(1) << 7) | t.charCodeAt(2);

  it("are trigrams() with each trigram as one integer, for ASCII texts only", () => {
    for (const text of ["cat", "A-b, 42 a", "which port does HTTPS use?", "", " !? ", "x_y z"])
      expect([...asciiTrigramCodes(text)!].sort()).toEqual([...trigrams(text)].map(code).sort());
    expect(asciiTrigramCodes("café")).toBeNull();
    expect(asciiTrigramCodes("a — b")).toBeNull();
  });

  const text = fc.array(fc.constantFrom(..."abcXYZ019 -,é—_"), { maxLength: 40 }).map((c) => c.join(""));

  it("property: similarityTo is trigramSimilarity, exactly, for ASCII and other texts alike", () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(similarityTo(a)(b)).toBe(trigramSimilarity(a, b));
      }),
      { numRuns: 1000 },
    );
  });
});
