// GIFT and Aiken files written by another tool: Moodle's own fixtures of its GIFT and Aiken
// formats (tests/fixtures/moodle, byte for byte), read by our parsers into the exact questions
// each holds, the kinds we cannot represent skipped with their reason, and Moodle's file of Aiken
// mistakes refused (all or nothing) with each mistake at its question and line.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { aiken } from "./aiken";
import { gift } from "./gift";
import type { ParseResult } from "./types";

const fixture = (name: string) => fs.readFileSync(`tests/fixtures/moodle/${name}`);
const OPTIONS = { maxItems: 100 };
const plan = (result: ParseResult) => {
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
};
const p = (text: string) => `<p>${text}</p>`;

describe("Moodle's GIFT fixture (question/format/gift/tests/fixtures/questions.gift.txt)", () => {
  const { items, warnings } = plan(gift.parse!(fixture("questions.gift.txt"), OPTIONS));

  it("yields its choice, weighted, short-answer, true/false, numerical, matching and missing-word questions exactly", () => {
    expect(items.map((i) => [i.ref, i.params?.question.type ?? null])).toEqual([
      ['question "Q8" at line 2', null],
      ['question "Moodle activities" at line 5', 3],
      ['question "Q2" at line 14', 1],
      ['question "colours" at line 22', 2],
      ['question "Q5" at line 31', 7],
      ['question "Shortanswer" at line 34', 7],
      ['question "Q1" at line 41', 1],
      ['question "2-08 TSL" at line 46', 1],
      ['question "2-08 TSL" at line 49', 1],
    ]);
    expect(items[2]!.params).toEqual({
      question: { type: 1, question: p("What's between orange and green in the spectrum?") },
      answers: [
        { answer: p("yellow"), is_correct: true },
        { answer: p("red"), is_correct: false },
        { answer: p("blue"), is_correct: false },
      ],
    });
    expect(items[3]!.params).toEqual({
      question: { type: 2, question: p("What's between orange and green in the spectrum?"), points: 0 },
      answers: [
        { answer: p("yellow"), is_correct: true, points: 50 },
        { answer: p("red"), is_correct: false, points: -100 },
        { answer: p("off-beige"), is_correct: true, points: 50 },
        { answer: p("blue"), is_correct: false, points: -100 },
      ],
    });
    expect(items[5]!.params).toEqual({
      question: {
        type: 7,
        question: p("Which is the best animal?"),
        properties: { text_similarity: 100, case_sensitive: false, text_answer: [{ value: "Frog" }] },
      },
    });
    for (const i of [7, 8]) {
      expect(items[i]!.params).toEqual({
        question: { type: 1, question: p("TSL is blablabla.") },
        answers: [
          { answer: p("True"), is_correct: true },
          { answer: p("False"), is_correct: false },
        ],
      });
    }
  });

  it("says what it left out and why", () => {
    expect(items[0]!.warnings).toEqual([
      "skipped: line 2 holds an essay question (empty answers { }), which Exam Studio cannot represent",
    ]);
    expect(items[1]!.warnings[0]).toMatch(/^converted to Drag & Drop on a generated image \(matching\.png, /);
    // Moodle's file has `";` after these two answer blocks, which GIFT reads, as Moodle does, as
    // a missing-word question: its kind, with _____ where the braces were.
    expect(items[4]!.params!.question).toEqual({
      type: 7,
      question: p('What is a number from 1 to 5? _____";'),
      properties: {
        text_similarity: 100,
        case_sensitive: false,
        text_answer: ["1", "2", "3", "4", "5"].map((value) => ({ value })),
      },
    });
    expect(items[6]!.params!.question.question).toBe(p('42 is the Absolute Answer to everything._____";'));
    expect(items[5]!.warnings).toContain(
      'answers below 100% are not kept (a typed answer here is accepted or not): "Cat" (50%, line 36), "*" (0%, line 37)',
    );
    expect(items[2]!.warnings).toEqual([
      "the feedback of its answers (after #) is not kept: an answer here has no feedback",
    ]);
    expect(warnings[0]).toMatch(/^question titles \(::title::\) are not stored/);
  });
});

describe("Moodle's Aiken fixtures (question/format/aiken/tests/fixtures)", () => {
  it("questions.aiken.txt yields its two single choice questions, HTML in the text kept as text", () => {
    const { items } = plan(aiken.parse!(fixture("questions.aiken.txt"), OPTIONS));
    expect(items.map((i) => [i.ref, i.params])).toEqual([
      [
        "question at line 1",
        {
          question: { type: 1, question: p("The Moodle project was started by:") },
          answers: [
            { answer: p("Petr Skoda"), is_correct: false },
            { answer: p("Martin Dougiamas"), is_correct: true },
            { answer: p("Eloy Lafuente"), is_correct: false },
            { answer: p("Tim Hunt"), is_correct: false },
          ],
        },
      ],
      [
        "question at line 8",
        {
          question: {
            type: 1,
            question: p(
              "Moodle's abilities include handling user input that includes &lt;html class=&quot;cool&quot;&gt; &amp; images:",
            ),
          },
          answers: [
            { answer: p("True"), is_correct: true },
            { answer: p("False"), is_correct: false },
          ],
        },
      ],
    ]);
  });

  it("aiken_errors.txt is refused with its three broken questions at their lines; its two good ones (one written without spaces) read", () => {
    const result = aiken.parse!(fixture("aiken_errors.txt"), OPTIONS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => [i.path, i.message])).toEqual([
      [
        "items[0]",
        'question at line 1: has only 1 option; a question needs at least 2 ("A. text" or "A) text", one a line)',
      ],
      ["items[1]", "question at line 5: the option at line 5 has no question text before it"],
      [
        "items[1]",
        'question at line 5: has only 1 option; a question needs at least 2 ("A. text" or "A) text", one a line)',
      ],
      [
        "items[1]",
        'question at line 5: the ANSWER: line 7 must name one option\'s letter, e.g. "ANSWER: B"; it says "Question not started"',
      ],
      [
        "items[3]",
        'question at line 14: no ANSWER: line after its options (lines 15–16) before the text at line 18; each question ends with one, e.g. "ANSWER: A"',
      ],
    ]);
    // The good ones, on their own, read as Moodle reads them.
    const text = fixture("aiken_errors.txt").toString("utf8");
    const good = plan(
      aiken.parse!(
        Buffer.from(text.split("\n").slice(8, 12).join("\n") + "\n\n" + text.split("\n").slice(17).join("\n")),
        OPTIONS,
      ),
    );
    expect(good.items.map((i) => i.params)).toEqual([
      {
        question: { type: 1, question: p("A good question") },
        answers: [
          { answer: p("Correct"), is_correct: true },
          { answer: p("Incorrect"), is_correct: false },
        ],
      },
      {
        question: { type: 1, question: p("A second good question") },
        answers: [
          { answer: p("Incorrect (No space)"), is_correct: false },
          { answer: p("Correct (No space)"), is_correct: true },
        ],
      },
    ]);
  });
});
