import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiTrigramList } from "./ascii-trigram-list";
import { asciiTrigramCodes } from "./similarity-keys";

describe("asciiTrigramList", () => {
  it("is asciiTrigramCodes as an array, in the order first met", () => {
    expect([...asciiTrigramList("the cat, the hat")!]).toEqual([...asciiTrigramCodes("the cat, the hat")!]);
    expect(asciiTrigramList("")).toEqual(new Int32Array(0));
    expect(asciiTrigramList(" !? ")).toEqual(new Int32Array(0));
    expect(asciiTrigramList("café")).toBeNull();
    expect(asciiTrigramList("a — b")).toBeNull();
  });

  it("leaves its table empty, also after a text that is not ASCII, and grows for long texts", () => {
    expect(asciiTrigramList("abc abd é")).toBeNull();
    // A code left behind would be taken for a repeat and dropped here.
    expect([...asciiTrigramList("abc abd")!]).toEqual([...asciiTrigramCodes("abc abd")!]);
    const long = Array.from({ length: 3_000 }, (_, i) => `w${i.toString(36)}`).join(" ");
    expect([...asciiTrigramList(long)!]).toEqual([...asciiTrigramCodes(long)!]);
    expect([...asciiTrigramList("abc")!]).toEqual([...asciiTrigramCodes("abc")!]);
  });

  it("property: the same codes as asciiTrigramCodes, in the same order, one text after another", () => {
    const text = fc.array(fc.constantFrom(..."abcXYZ019 -,é—_"), { maxLength: 200 }).map((c) => c.join(""));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
        for (const t of texts) {
          const set = asciiTrigramCodes(t);
          const list = asciiTrigramList(t);
          expect(list === null ? null : [...list]).toEqual(set === null ? null : [...set]);
        }
      }),
      { numRuns: 500 },
    );
  });
});
