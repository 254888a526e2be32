import { describe, expect, it } from "vitest";
import { checkTextResponse, formatSimilarity, levenshtein, similarityOfNormalized, textSimilarity } from "./similarity";

describe("levenshtein", () => {
  it.each([
    ["", "", 0],
    ["", "abc", 3],
    ["abc", "", 3],
    ["abc", "abc", 0],
    ["kitten", "sitting", 3],
    ["flaw", "lawn", 2],
    ["paris", "pariss", 1],
    ["abc", "cab", 2],
    // Code points, not UTF-16 units: an emoji or an accented letter is one edit.
    ["café", "cafe", 1],
    ["😀", "😃", 1],
    ["a😀b", "ab", 1],
    ["Straße", "strasse", 3],
    ["東京", "京都", 2],
  ])("%j → %j is %i", (a, b, expected) => {
    expect(levenshtein(a, b)).toBe(expected);
    expect(levenshtein(b, a)).toBe(expected);
  });
});

describe("textSimilarity (normalised: trimmed, whitespace collapsed, lower-cased unless case-sensitive)", () => {
  it.each([
    // response, accepted, case-sensitive, similarity
    ["", "", false, 100],
    ["   ", "", false, 100],
    ["", "Paris", false, 0],
    ["Paris", "", false, 0],
    ["Paris", "Paris", false, 100],
    ["  paris  ", "Paris", false, 100],
    ["PARIS", "paris", false, 100],
    ["PARIS", "paris", true, 0],
    ["Paris", "paris", true, 80],
    ["New   York", "new york", false, 100],
    ["new\tyork\n", "New York", false, 100],
    ["Pariss", "Paris", false, 100 * (1 - 1 / 6)],
    ["kitten", "sitting", false, 100 * (1 - 3 / 7)],
    ["abc", "xyz", false, 0],
    ["Café", "CAFE", false, 75],
    ["ÉCOLE", "école", false, 100],
    ["ÉCOLE", "école", true, 0],
    ["École", "école", true, 80],
    ["😀😀", "😀", false, 50],
    ["東京", "東京都", false, 100 * (1 - 1 / 3)],
  ])("%j vs %j (case-sensitive %s) is %d", (response, accepted, caseSensitive, expected) => {
    expect(textSimilarity(response, accepted, caseSensitive)).toBeCloseTo(expected, 10);
  });

  it("is symmetric and between 0 and 100", () => {
    for (const [a, b] of [
      ["abc", "abd"],
      ["", "x"],
      ["long text here", "short"],
    ] as const) {
      const s = similarityOfNormalized(a, b);
      expect(s).toBe(similarityOfNormalized(b, a));
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(100);
    }
  });
});

describe("checkTextResponse", () => {
  const accepted = [{ value: "Paris", points: 2 }, { value: "Paris, France" }, { value: "Pari" }];

  it.each([
    // response, threshold, case-sensitive, accepted flags, match
    ["paris", 100, false, [true, false, false], 0],
    ["Pariss", 80, false, [true, false, false], 0],
    ["Pariss", 90, false, [false, false, false], null],
    ["pari", 70, false, [true, false, true], 2],
    ["paris france", 90, false, [false, true, false], 1],
    ["PARIS", 100, true, [false, false, false], null],
    ["", 0, false, [true, true, true], 0],
  ] as const)("%j at %i%% (case-sensitive %s)", (response, threshold, caseSensitive, flags, match) => {
    const check = checkTextResponse(response, accepted, { threshold, caseSensitive });
    expect(check.results.map((r) => r.accepted)).toEqual(flags);
    expect(check.match).toBe(match);
  });

  it("keeps each value's points and reports the unrounded similarity", () => {
    const check = checkTextResponse("Parix", accepted, { threshold: 50, caseSensitive: false });
    expect(check.results[0]).toEqual({ value: "Paris", points: 2, similarity: 80, accepted: true });
    expect(check.results[1]).not.toHaveProperty("points");
    expect(check.results[1]!.similarity).toBeCloseTo(100 * (1 - 9 / 13), 10);
    expect(check.results[2]!.similarity).toBe(80);
  });

  it("picks the most similar accepted value, the first one on a tie", () => {
    const check = checkTextResponse("ab", [{ value: "ax" }, { value: "ab" }, { value: "ab" }], {
      threshold: 0,
      caseSensitive: false,
    });
    expect(check.match).toBe(1);
  });

  it("accepts exactly at the threshold", () => {
    // 1 edit in 4 characters: 75 %.
    expect(checkTextResponse("abcx", [{ value: "abcd" }], { threshold: 75, caseSensitive: false }).match).toBe(0);
    expect(checkTextResponse("abcx", [{ value: "abcd" }], { threshold: 76, caseSensitive: false }).match).toBeNull();
  });
});

describe("formatSimilarity", () => {
  it.each([
    [100, "100"],
    [0, "0"],
    [75, "75"],
    [100 * (1 - 1 / 3), "66.6"],
    [100 * (1 - 1 / 6), "83.3"],
    [99.99, "99.9"],
    [12.5, "12.5"],
  ])("%d → %s", (value, shown) => {
    expect(formatSimilarity(value)).toBe(shown);
  });
});
