import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cutAround,
  oneEditAlternatives,
  rankOf,
  searchQueryWords,
  searchSnippet,
  SNIPPET_MAX,
  VOCABULARY_WORDS_MAX,
  wordArrayLiteral,
  wordLookup,
  wordMatch,
  wordPattern,
} from "./search-query";
import { questionSearchText } from "./search-text";
import { levenshtein } from "./similarity";

/** Whether a search_text holds the word by the rules, through the same regular expression the database runs. */
const holds = (text: string, word: string) => new RegExp(wordPattern(word), "u").test(text);
const textOf = (html: string) => questionSearchText({ question: html, explanation: "", answers: [] });

describe("searchQueryWords", () => {
  it("folds the words as the texts are folded, each once", () => {
    expect(searchQueryWords("  Sous-RÉSEAU   réseau, subn ")).toEqual(["sous", "reseau", "subn"]);
    expect(searchQueryWords(undefined)).toEqual([]);
    expect(searchQueryWords("?! —")).toEqual([]);
  });
});

describe("wordPattern", () => {
  const text = textOf("<p>What is a subnet mask of the réseau? Gateway 255.255.255.0</p>");

  it.each([
    ["subn", true], // the start of a word
    ["subnet", true],
    ["net", false], // inside a word, not its start
    ["reseau", true], // accents do not count
    ["gatewey", true], // 7 letters, one changed
    ["gatway", true], // one removed
    ["gateeway", true], // one added
    ["gatwey", false], // two different
    ["mask", true],
    ["masc", false], // 4 letters: no typo allowed
    ["subnat", true],
    ["255", true],
    ["2555", false],
    ["is", true],
    ["a", true],
    ["wha", true],
  ])("%j in the text: %s", (word, found) => {
    expect(holds(text, word)).toBe(found);
  });

  it("a typo is a whole word: 'subnetz' does not find 'subnetting'", () => {
    expect(holds(textOf("subnetting"), "subnetz")).toBe(false);
    expect(holds(textOf("subnets"), "subnetz")).toBe(true);
  });

  it("the alternatives are every word one letter away, counted in code points", () => {
    expect(oneEditAlternatives("ab").sort()).toEqual(["[^ ]ab", "[^ ]b", "a", "a[^ ]", "a[^ ]b", "ab[^ ]", "b"].sort());
    expect(holds(textOf("страна"), "старна")).toBe(false);
    expect(holds(textOf("страна"), "страны")).toBe(true);
  });

  it("matches exactly: a word starting with it, or (5 letters or more) a word at distance 1", () => {
    const letter = fc.constantFrom("a", "b", "c", "é", "d");
    const word = fc.array(letter, { minLength: 1, maxLength: 7 }).map((l) => l.join(""));
    fc.assert(
      fc.property(word, fc.array(word, { minLength: 1, maxLength: 4 }), (query, textWords) => {
        const q = searchQueryWords(query)[0]!;
        const words = textWords.flatMap((w) => searchQueryWords(w));
        const expected = words.some((w) => w.startsWith(q) || (Array.from(q).length >= 5 && levenshtein(w, q) <= 1));
        expect(holds(` ${words.join(" ")} `, q)).toBe(expected);
      }),
    );
  });
});

describe("rankOf", () => {
  it("is the share of the best score, 0 to 1", () => {
    expect(rankOf(8, 2)).toBe(1);
    expect(rankOf(3, 1)).toBe(0.75);
    expect(rankOf(1, 3)).toBe(0.083);
    expect(rankOf(0, 0)).toBe(0);
  });
});

describe("searchSnippet", () => {
  it("is the plain text of the field that holds the most words, as written (case, accents)", () => {
    const fields = ["<p>Which <b>mask</b>?</p>", "<p>A <em>Réseau</em> mask explained</p>", "<p>Nothing</p>"];
    expect(searchSnippet(fields, ["reseau", "mask"])).toBe("A Réseau mask explained");
    expect(searchSnippet(fields, ["mask"])).toBe("Which mask?");
    expect(searchSnippet(fields, ["nothi"])).toBe("Nothing");
  });

  it("finds a word one letter different", () => {
    expect(searchSnippet(["<p>Intro</p>", "<p>The Gateway</p>"], ["gatewey"])).toBe("The Gateway");
  });

  it("without words or a match: the question text's start", () => {
    expect(searchSnippet(["<p>Hello <i>world</i></p>", "<p>x</p>"], [])).toBe("Hello world");
    expect(searchSnippet(["<p>Hello</p>"], ["zzz"])).toBe("Hello");
    expect(searchSnippet(['<img src="/media/a.png">', "<p>Explained</p>"], [])).toBe("Explained");
  });

  it("cuts a long text around the match, at word boundaries, marking cut ends", () => {
    const long = `${"alpha ".repeat(60)}the subnet here ${"omega ".repeat(60)}`.trim();
    const snippet = searchSnippet([long], ["subnet"]);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(snippet).toContain("the subnet here");
    expect(snippet.startsWith("…alpha")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).not.toMatch(/…(?:lpha|lph|mega|meg)/);
  });

  it("is never longer than 200 characters and always holds the match when it fits", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 600, unit: "grapheme" }),
        fc.nat(),
        fc.integer({ min: 1, max: 30 }),
        (text, at, length) => {
          const plain = text.replace(/\s+/g, " ").trim();
          const chars = Array.from(plain);
          const start = Math.min(at % (chars.length + 1), chars.length);
          const end = Math.min(chars.length, start + length);
          const s = chars.slice(0, start).join("").length;
          const e = chars.slice(0, end).join("").length;
          const cut = cutAround(plain, s, e, SNIPPET_MAX);
          expect(Array.from(cut).length).toBeLessThanOrEqual(SNIPPET_MAX);
          const match = chars.slice(start, end).join("").trim();
          if (match !== "" && end - start <= 100) expect(cut).toContain(match);
        },
      ),
    );
  });
});

describe("the vocabulary's look-up of a word", () => {
  const likeHolds = (pattern: string, word: string) =>
    pattern.startsWith("%") ? word.endsWith(pattern.slice(1)) : word.startsWith(pattern.slice(0, -1));

  it("every word one letter different starts with the word's first half or ends with its second, within one letter of its length", () => {
    const letter = fc.constantFrom(..."abcdeé€žя1".split(""));
    const word = fc.array(letter, { minLength: 5, maxLength: 12 }).map((l) => l.join(""));
    fc.assert(
      fc.property(word, fc.nat(), fc.nat(), letter, (w, at, kind, ch) => {
        const letters = Array.from(w);
        const i = at % (letters.length + 1);
        const edited = [...letters];
        if (kind % 3 === 0) edited.splice(i, 0, ch);
        else if (i < letters.length && kind % 3 === 1) edited.splice(i, 1, ch);
        else if (i < letters.length) edited.splice(i, 1);
        const u = edited.join("");
        if (levenshtein(u, w) !== 1) return;
        const near = wordMatch(w).typoNear!;
        expect(likeHolds(near.starts, u) || likeHolds(near.ends, u)).toBe(true);
        const length = Array.from(u).length;
        expect(length >= near.minLength && length <= near.maxLength).toBe(true);
      }),
    );
  });

  it("no typo look-up under 5 letters; the start pattern is the word's", () => {
    expect(wordMatch("mask").typoNear).toBeNull();
    expect(wordMatch("subnet")).toMatchObject({
      word: "subnet",
      wordStart: "subnet%",
      typoNear: { starts: "sub%", ends: "%net", minLength: 5, maxLength: 7 },
    });
  });

  it("a word is looked up by its stored words, by its text when they are too many, and matches nothing without any", () => {
    expect(wordLookup({ starts: ["subnet", "subnets"], typos: ["sabnet"] })).toEqual({
      kind: "words",
      starts: ["subnet", "subnets"],
      typos: ["sabnet"],
    });
    expect(wordLookup({ starts: [], typos: [] })).toEqual({ kind: "none" });
    const many = Array.from({ length: VOCABULARY_WORDS_MAX + 1 }, (_, i) => `a${i}`);
    expect(wordLookup({ starts: many, typos: [] })).toEqual({ kind: "text" });
    expect(wordLookup({ starts: [], typos: many })).toEqual({ kind: "text" });
  });

  it("an array literal quotes every word, so that 'null' stays a word", () => {
    expect(wordArrayLiteral(["null", "a1", "réseau"])).toBe('{"null","a1","réseau"}');
    expect(wordArrayLiteral([])).toBe("{}");
  });
});
