import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  htmlToPlainText,
  questionSearchText,
  questionSimilarityText,
  questionTextColumns,
  searchWords,
} from "./search-text";

describe("htmlToPlainText", () => {
  it.each([
    ["<p>What is a <strong>subnet</strong>?</p>", "What is a subnet?"],
    ["<p>One</p><p>Two</p>", "One Two"],
    ["Line<br>break<br/>here", "Line break here"],
    ["H<sub>2</sub>O and x<sup>2</sup>", "H2O and x2"],
    ["<ul><li>a</li><li>b</li></ul>", "a b"],
    ["<table><tr><td>cell</td><td>other</td></tr></table>", "cell other"],
    ["Fish &amp; chips &lt;3 &quot;yes&quot; &#233;t&#xE9;&nbsp;!", 'Fish & chips <3 "yes" été !'],
    ["  many \n\t spaces  ", "many spaces"],
    ['<img src="/media/x.png" alt="a picture">', ""],
    [
      '<math><semantics><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow><annotation encoding="application/x-tex">x+1</annotation></semantics></math> is odd',
      "x + 1 is odd",
    ],
    ["<!-- hidden --><p>shown</p>", "shown"],
    ["&unknown; &#0;", "&unknown;"],
  ])("%j → %j", (html, text) => {
    expect(htmlToPlainText(html)).toBe(text);
  });
});

describe("searchWords", () => {
  it.each([
    ["Ça coûte 12,50 € — naïve Élève", ["ca", "coute", "12", "50", "naive", "eleve"]],
    ["ÅNGSTRÖM Straße", ["angstrom", "straße"]],
    ["255.255.255.0/24", ["255", "255", "255", "0", "24"]],
    ["don't stop", ["don", "t", "stop"]],
    ["Привет, МИР", ["привет", "мир"]],
    ["", []],
    ["?!", []],
  ])("%j → %j", (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });
});

describe("questionSearchText and questionSimilarityText", () => {
  const q = {
    question: "<p>Which mask is a <em>Subnet</em> of 255.255.255.0?</p>",
    explanation: "<p>Évidemment, the <strong>café</strong>!</p>",
    answers: [{ answer: "<p>/24</p>" }, { answer: "Class&nbsp;C" }],
  };

  it("search_text: question, explanation and answers, folded, one space around each word", () => {
    expect(questionSearchText(q)).toBe(" which mask is a subnet of 255 255 255 0 evidemment the cafe 24 class c ");
  });

  it("similarity_text: the question text alone, without the outer spaces", () => {
    expect(questionSimilarityText(q.question)).toBe("which mask is a subnet of 255 255 255 0");
  });

  it("a question of media only has a search_text of one space, never the empty 'not computed' value", () => {
    const media = { question: '<img src="/media/a.png">', explanation: "", answers: [] };
    expect(questionTextColumns(media)).toEqual({ searchText: " ", similarityText: "", similarityKeys: [] });
  });
});

describe("properties", () => {
  const html = fc.array(
    fc.oneof(
      fc.string(),
      fc.constantFrom(
        "<p>",
        "</p>",
        "<br>",
        "<strong>",
        "</strong>",
        "&amp;",
        "&nbsp;",
        "é",
        "É",
        "ñ",
        "ß",
        "Ω",
        "  ",
        "\n",
        "-",
        "İ",
        "ﬁ",
      ),
      fc.string({ unit: "grapheme" }),
    ),
    { maxLength: 30 },
  );
  const html1 = html.map((parts) => parts.join(""));
  const question = fc.record({
    question: html1,
    explanation: html1,
    answers: fc.array(fc.record({ answer: html1 }), { maxLength: 5 }),
  });

  it("search_text is words of letters and digits, one space between and around them, lower-case, without marks", () => {
    fc.assert(
      fc.property(question, (q) => {
        const text = questionSearchText(q);
        expect(text.startsWith(" ") && text.endsWith(" ")).toBe(true);
        expect(text).not.toMatch(/ {2}/);
        expect(text).not.toMatch(/\p{M}/u);
        expect(text.toLowerCase()).toBe(text);
        for (const word of text.trim().split(" ").filter(Boolean)) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
      }),
    );
  });

  it("is a fixed point: folding the words again changes nothing", () => {
    fc.assert(
      fc.property(question, (q) => {
        const text = questionSearchText(q);
        const again = searchWords(text).join(" ");
        expect(again).toBe(text.trim());
        expect(questionSimilarityText(questionSimilarityText(q.question))).toBe(questionSimilarityText(q.question));
      }),
    );
  });

  it("search_text holds the similarity text's words first, then the others'", () => {
    fc.assert(
      fc.property(question, (q) => {
        const similarity = questionSimilarityText(q.question);
        expect(questionSearchText(q).startsWith(similarity === "" ? " " : ` ${similarity} `)).toBe(true);
      }),
    );
  });

  it("ignores case and accents: an upper-cased or composed spelling gives the same words", () => {
    fc.assert(
      fc.property(html1, (text) => {
        const plain = htmlToPlainText(text);
        expect(searchWords(plain.toUpperCase()).join(" ")).toBe(
          searchWords(plain.toUpperCase().toLowerCase()).join(" "),
        );
        expect(searchWords(plain.normalize("NFC"))).toEqual(searchWords(plain.normalize("NFD")));
      }),
    );
  });
});
