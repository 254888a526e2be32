import { describe, expect, it } from "vitest";
import { checkQuestion } from "@/server/domain/question-rules";
import { ISSUE_CODES, isIssueCode } from "@/server/issue-codes";
import { authorText, WORDED_CODES } from "./author-text";
import { fieldName } from "./field-names";

/** What an author does not know: the API's field names, flags and type numbers. */
const API_WORDS = /is_correct|properties\.|options\.|testing_(time|questions)|\btype \d|[a-z]+_[a-z]+|\[\d+\]/;

describe("author wording", () => {
  it("has an entry for every issue code, and none for codes that do not exist", () => {
    expect([...WORDED_CODES].sort()).toEqual([...ISSUE_CODES].sort());
  });

  it.each(ISSUE_CODES)("words %s as a sentence without the API's terms, with or without details", (code) => {
    for (const details of [
      undefined,
      {
        min: 0,
        max: 100,
        area: "block-2",
        edge: "right" as const,
        by: 50,
        questionType: 1,
        other: "answers[0]",
        position: 3,
        unit: "minutes",
      },
    ]) {
      const text = authorText({
        code,
        path: "answers[1].answer",
        message: "the API's message",
        ...(details ? { details } : {}),
      });
      expect(text).toMatch(/^[A-Z“].*[.!]$/);
      expect(text).not.toMatch(API_WORDS);
      expect(text).not.toContain("undefined");
      expect(text).not.toContain("  ");
    }
  });

  it("uses what the issue says: the area and how far, the allowed range, the other answer", () => {
    const outside = checkQuestion(
      {
        type: 5,
        properties: {
          image: "a.png",
          areas: [
            { id: "block-1", x: 0, y: 0, width: 50, height: 50 },
            { id: "block-2", x: 250, y: 0, width: 100, height: 50 },
          ],
          options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
          correct: { "block-1": true },
        },
        answers: undefined,
      },
      { imageSize: { width: 300, height: 300 }, limits: { answers: 0, textAnswers: 0 } },
    );
    expect(outside.errors.map((i) => authorText(i))).toEqual([
      "Area block-2 reaches past the right edge of the image by 50 px.",
    ]);

    const single = checkQuestion(
      {
        type: 1,
        properties: {},
        answers: [
          { answer: "<p>A</p>", is_correct: true },
          { answer: "<p>B</p>", is_correct: true },
        ],
      },
      { imageSize: null, limits: { answers: 0, textAnswers: 0 } },
    );
    expect(single.errors.map((i) => authorText(i))).toEqual([
      "Only one answer of a single choice question can be correct, and Answer 1 already is. Untick this one, or make the question multiple choice.",
    ]);
    const none = checkQuestion(
      { type: 1, properties: {}, answers: [{ answer: "<p>A</p>" }, { answer: "<p>B</p>" }] },
      { imageSize: null, limits: { answers: 0, textAnswers: 0 } },
    );
    expect(none.warnings.map((i) => authorText(i))).toEqual(["Mark one answer as correct."]);
  });

  it("keeps every code the question rules produce in the list", () => {
    const result = checkQuestion(
      {
        type: 3,
        properties: {
          image: "",
          areas: [{ id: "targ-1", x: -1, y: 0, width: 10, height: 10, type: 2 }],
          match: { "drag-9": "targ-1" },
          points: 5,
        },
        answers: [{ answer: "x" }],
      },
      { imageSize: { width: 5, height: 5 }, limits: { answers: 0, textAnswers: 0 } },
    );
    for (const issue of [...result.errors, ...result.warnings]) expect(isIssueCode(issue.code), issue.code).toBe(true);
  });
  it("words a comment's body as the comment box", () => {
    expect(authorText({ code: "empty", path: "body", message: "must not be empty" })).toBe("Write the comment first.");
    expect(
      authorText({ code: "invalid_character", path: "body", message: "contains the control character U+001B" }),
    ).toMatch(/^This contains an invisible control character .*comment is plain text/);
    expect(authorText({ code: "too_long", path: "body", message: "", details: { max: 5000 } })).toBe(
      "Shorten this to at most 5000 characters.",
    );
  });
});

describe("fieldName", () => {
  it("names request paths as the author knows them", () => {
    expect(fieldName("answers[1].answer")).toBe("Answer 2");
    expect(fieldName("question.properties.areas[1].x", ["block-1", "block-2"])).toBe("X of area block-2");
    expect(fieldName("question.properties.match.targ-1")).toBe("Area targ-1");
    expect(fieldName("exam.testing_time")).toBe("Time limit");
    expect(fieldName("question.properties.text_answer[0].value")).toBe("Accepted answer 1");
  });
});
