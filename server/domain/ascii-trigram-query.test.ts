import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiTrigramList } from "./ascii-trigram-list";
import { AsciiTrigramQuery } from "./ascii-trigram-query";
import { asciiTrigramCodes } from "./similarity-keys";

const units = (text: string) => Uint16Array.from(text, (c) => c.charCodeAt(0));
/** How many trigrams two ASCII texts share, through their sets. */
function sharedBySets(a: string, b: string): number {
  const other = asciiTrigramCodes(b)!;
  return [...asciiTrigramCodes(a)!].filter((code) => other.has(code)).length;
}

describe("AsciiTrigramQuery", () => {
  it("counts the trigrams of its text that another text holds, each once", () => {
    const query = new AsciiTrigramQuery(asciiTrigramList("the cat sat")!);
    try {
      expect(query.size).toBe(asciiTrigramCodes("the cat sat")!.size);
      const other = units("THE CAT, the cat and the hat");
      expect(query.sharedWith(other, 0, other.length)).toBe(
        sharedBySets("the cat sat", "THE CAT, the cat and the hat"),
      );
      // A part of the units only.
      expect(query.sharedWith(other, 0, 3)).toBe(sharedBySets("the cat sat", "THE"));
    } finally {
      query.release();
    }
  });

  it("property: one query after another, of any length, counts as the sets do", () => {
    const text = fc.array(fc.constantFrom(..."abcdeXYZ0129 -,_"), { maxLength: 400 }).map((c) => c.join(""));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 4 }), (pairs) => {
        for (const [a, b] of pairs) {
          const query = new AsciiTrigramQuery(asciiTrigramList(a)!);
          try {
            const other = units(b);
            expect(query.sharedWith(other, 0, other.length)).toBe(sharedBySets(a, b));
          } finally {
            query.release();
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
