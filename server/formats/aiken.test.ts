// The Aiken reader. The fixture tests/fixtures/import/networking-aiken.txt is our own file,
// written after the format as Moodle's documentation describes it (docs.moodle.org, "Aiken
// format"), with CRLF line ends and a byte order mark on purpose.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { looksLikeAiken, parseAiken } from "./aiken";
import type { ParseResult } from "./types";

const FIXTURE = path.join(__dirname, "../../tests/fixtures/import/networking-aiken.txt");
const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string | Uint8Array, maxItems = 100) =>
  parseAiken(typeof text === "string" ? bytes(text) : text, { maxItems });
const issuesOf = (result: ParseResult) => (result.ok ? [] : result.issues);

describe("the Aiken fixture", () => {
  it("yields exactly these single choice questions", () => {
    expect(parse(readFileSync(FIXTURE))).toEqual({
      ok: true,
      plan: {
        exam: null,
        caseStudies: [],
        warnings: [],
        items: [
          {
            ref: "question at line 1",
            params: {
              question: { type: 1, question: "<p>What does DNS translate?</p>" },
              answers: [
                { answer: "<p>Names into addresses</p>", is_correct: true },
                { answer: "<p>Addresses into names only</p>", is_correct: false },
                { answer: "<p>Frames into packets</p>", is_correct: false },
              ],
            },
            caseStudy: null,
            warnings: [],
          },
          {
            ref: "question at line 7",
            params: {
              question: { type: 1, question: "<p>Which device joins two networks<br>at layer 3?</p>" },
              answers: [
                { answer: "<p>A hub</p>", is_correct: false },
                { answer: "<p>A router</p>", is_correct: true },
                { answer: "<p>A repeater</p>", is_correct: false },
                { answer: "<p>A switch</p>", is_correct: false },
              ],
            },
            caseStudy: null,
            warnings: [],
          },
        ],
      },
    });
  });
});

describe("Aiken questions", () => {
  it("plain text is escaped; blank lines between questions are optional; the answer letter in any case", () => {
    const result = parse("Is 1 < 2 & 3 > 2?\nA. <yes>\nB) no\nANSWER: a\nNext?\nA. x\nB. y\nANSWER:B");
    expect(result.ok && result.plan.items.map((i) => [i.ref, i.params])).toEqual([
      [
        "question at line 1",
        {
          question: { type: 1, question: "<p>Is 1 &lt; 2 &amp; 3 &gt; 2?</p>" },
          answers: [
            { answer: "<p>&lt;yes&gt;</p>", is_correct: true },
            { answer: "<p>no</p>", is_correct: false },
          ],
        },
      ],
      [
        "question at line 5",
        {
          question: { type: 1, question: "<p>Next?</p>" },
          answers: [
            { answer: "<p>x</p>", is_correct: false },
            { answer: "<p>y</p>", is_correct: true },
          ],
        },
      ],
    ]);
  });

  it("each problem at its item, naming the line: no ANSWER, a letter that is no option, fewer than 2 options", () => {
    const text = [
      "Q1?", //  1
      "A. a", // 2
      "B. b", // 3
      "", //     4
      "Q2?", //  5
      "A. a", // 6
      "B. b", // 7
      "ANSWER: C", // 8
      "Q3?", //  9
      "A. only", // 10
      "ANSWER: A", // 11
      "Q4?", // 12
      "A. a", // 13
      "A. again", // 14
      "B. b", // 15
      "ANSWER: maybe", // 16
      "ANSWER: A", // 17
      "Q6?", // 18
      "A. a", // 19
    ].join("\n");
    expect(issuesOf(parse(text))).toEqual([
      {
        code: "malformed_file",
        path: "items[0]",
        message:
          'question at line 1: no ANSWER: line after its options (lines 2–3) before the text at line 5; each question ends with one, e.g. "ANSWER: A"',
      },
      {
        code: "malformed_file",
        path: "items[1]",
        message: "question at line 5: ANSWER: C at line 8 names no option; the options are A, B",
      },
      {
        code: "malformed_file",
        path: "items[2]",
        message:
          'question at line 9: has only 1 option; a question needs at least 2 ("A. text" or "A) text", one a line)',
      },
      {
        code: "malformed_file",
        path: "items[3]",
        message: "question at line 12: option A at line 14 repeats the letter of the option at line 13",
      },
      {
        code: "malformed_file",
        path: "items[3]",
        message:
          'question at line 12: the ANSWER: line 16 must name one option\'s letter, e.g. "ANSWER: B"; it says "maybe"',
      },
      {
        code: "malformed_file",
        path: "items[4]",
        message: "question at line 17: the ANSWER: line 17 follows no question",
      },
      {
        code: "malformed_file",
        path: "items[5]",
        message:
          'question at line 18: no ANSWER: line after its options (line 19) before the end of the file; each question ends with one, e.g. "ANSWER: A"',
      },
    ]);
  });

  it("not UTF-8, empty of questions, too many: at file", () => {
    expect(issuesOf(parse(Uint8Array.from([0x41, 0x2e, 0x20, 0xc3])))).toEqual([
      {
        code: "malformed_file",
        path: "file",
        message: "is not UTF-8 text; an Aiken file is UTF-8 text (a byte order mark is allowed)",
      },
    ]);
    expect(issuesOf(parse("\n \n"))).toEqual([
      { code: "malformed_file", path: "file", message: "holds no Aiken question" },
    ]);
    expect(issuesOf(parse("Q?\nA. a\nB. b\nANSWER: A\nR?\nA. a\nB. b\nANSWER: A", 1))).toEqual([
      { code: "too_many", path: "file", message: "holds more than 1 questions; at most 1 can be imported at once" },
    ]);
  });
});

describe("recognising Aiken", () => {
  it("by an option line and an ANSWER: line naming a letter", () => {
    expect(looksLikeAiken("Q?\r\nA) x\r\nB) y\r\nANSWER: B\r\n")).toBe(true);
    for (const text of ["hello, world", "Q?\nANSWER: A", '{"q": "Q?\\nA. x\\nANSWER: A"}', "Q?\nA. x\nANSWER: none"])
      expect(looksLikeAiken(text)).toBe(false);
    expect(looksLikeAiken(null)).toBe(false);
  });
});
