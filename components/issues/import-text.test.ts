import { describe, expect, it } from "vitest";
import { ISSUE_CODES } from "@/server/issue-codes";
import { authorText } from "./author-text";
import { importIssueText, importItemName, itemDetail } from "./import-text";

/**
 * The editor's language, which means nothing beside a file the author cannot edit in the dialog:
 * an instruction (a sentence, or a clause after ":", ";" or ", or", that starts with a verb of
 * doing something on screen), "here", or a control of the editor.
 */
const EDITOR_LANGUAGE =
  /(?:^|[.:;!]\s+|,\s+or\s+)(?:fill|enter|write|add|shorten|choose|upload|insert|mark|connect|give|remove|reload|untick|tick|use|keep|lower|simplify|rename|open|change|delete|fix|make|export|see|check|click|type|select|set|drop|lower)\b|\bhere\b|\bthis field\b|“Same (width|height)”/i;

/** What an author does not know: the API's field names, flags and type numbers. */
const API_WORDS = /is_correct|properties\.|options\.|testing_(time|questions)|\btype \d|[a-z]+_[a-z]+|\[\d+\]/;

/** Where in an item an issue may be, as itemDetail passes it on (the item's own path). */
const ITEM_PATHS = [
  "question.question",
  "answers[1].answer",
  "question.points",
  "question.properties.image",
  "question.properties.text_answer",
  "question.properties.areas[1]",
  'resources["a.png"]',
  "",
];

const DETAILS = {
  min: 0,
  max: 100,
  area: "block-2",
  edge: "right" as const,
  by: 50,
  questionType: 1,
  other: "answers[0]",
  position: 3,
  unit: "minutes",
  usedIn: "question" as const,
  sum: 90,
  given: "250",
};

describe("importIssueText", () => {
  it("names an item by its number and title, without the API's path", () => {
    expect(
      importIssueText(
        {
          code: "html_forbidden",
          path: "items[0].question.question",
          message:
            'question "What is DHCP?" at line 1: question: <button> is not allowed (scripts, styles, plug-ins and form controls cannot be used in HTML fields)',
        },
        ["gift"],
      ),
    ).toBe(
      "Question 1 (“What is DHCP?”): Question: <button> is not allowed (scripts, styles, plug-ins and form controls cannot be used in HTML fields)",
    );
  });

  it("says a Moodle item's problem after its name, the item known by its ref", () => {
    const text = importIssueText(
      { code: "malformed_file", path: "items[0]", message: 'question "Q1" at line 12: has no answer' },
      ["moodle_xml"],
      ['question "Q1" at line 12'],
    );
    expect(text).toBe("Question 1 (“Q1”): Has no answer.");
    expect(text).not.toContain("items[");
  });

  it("keeps where a QTI item file that cannot be read is: its path, line and column", () => {
    const doctype = importIssueText(
      {
        code: "malformed_file",
        path: "items[0]",
        message:
          "the item file (InlineChoice.xml) at line 2, column 26: the document has a DOCTYPE, which an import refuses (entities and DTDs are never read); remove the <!DOCTYPE …> declaration",
      },
      ["qti2"],
    );
    expect(doctype).toBe(
      "Question 1: The item file (InlineChoice.xml) at line 2, column 26: the document has a DOCTYPE, which an import refuses (entities and DTDs are never read); remove the <!DOCTYPE …> declaration.",
    );
    const broken = importIssueText(
      {
        code: "malformed_file",
        path: "items[1]",
        message: "the item file (items/Q-2.xml) is not well-formed XML: line 1, column 70: unexpected close tag.",
      },
      ["qti3"],
    );
    expect(broken).toBe(
      "Question 2: The item file (items/Q-2.xml) is not well-formed XML: line 1, column 70: unexpected close tag.",
    );
  });

  it("names the file of a package that a warning is about", () => {
    const ref = "item choice (question4.xml)";
    expect(
      itemDetail(
        {
          code: "extension_mismatch",
          path: 'items[3].resources["directory.jpg"]',
          message: `${ref}: resources["directory.jpg"]: the name says otherwise, but the content is image/gif; it is stored as .gif`,
        },
        ref,
      ),
    ).toBe("File “directory.jpg”: The file's name said another type than its content; it was stored as what it is.");
  });

  it("says which formats exist for a file in none of them", () => {
    expect(
      importIssueText(
        {
          code: "unknown_format",
          path: "file",
          message: "file: is in no format this import knows; … send format to name the file's format",
        },
        ["gift", "moodle_xml"],
      ),
    ).toBe(
      "This file is not in a format Exam Studio can import (GIFT, Moodle XML). Export it again from its tool in one of these, or choose its format above.",
    );
  });

  it("keeps a warning about the whole file in its own words", () => {
    const text = importIssueText(
      {
        code: "import_loss",
        path: "file",
        message: 'the columns "Time limit (sec)" are not imported: the columns mapping names none of them',
      },
      ["csv", "xlsx"],
    );
    expect(text).toContain('The columns "Time limit (sec)" are not imported: the columns mapping names none of them.');
  });
});

describe("the import setting of the author wording", () => {
  it.each(ISSUE_CODES)("words %s as what the file gives, never as an instruction at a field", (code) => {
    for (const path of ITEM_PATHS)
      for (const details of [undefined, DETAILS]) {
        const issue = { code, path, message: "the API's message", ...(details ? { details } : {}) };
        const text = authorText(issue, { setting: "import" });
        expect(text, `${code} at ${path}`).toMatch(/^[A-Z“].*[.!]$/);
        expect(text, `${code} at ${path}`).not.toMatch(EDITOR_LANGUAGE);
        expect(text, `${code} at ${path}`).not.toMatch(API_WORDS);
        expect(text).not.toContain("undefined");
        expect(text).not.toContain("  ");
      }
  });

  it("finds the editor's language it refuses, so the test above can fail", () => {
    for (const editor of [
      "Fill this in.",
      "Enter a number from 0 to 100.",
      "Upload the image first.",
      "Write something here, or insert a picture or sound.",
      "Add at least one accepted answer.",
      "Shorten this to at most 10 characters.",
      "The exam presents 3 questions but has 2: lower this number, or add questions.",
      "All areas have the same width (40 px) while “Same width” is on.",
    ])
      expect(editor).toMatch(EDITOR_LANGUAGE);
  });

  it("shows an item's problem in the dialog as what is wrong in the file, with the limit it breaks", () => {
    const ref = 'question "Port" at line 3';
    const refs = [ref];
    const at = (code: (typeof ISSUE_CODES)[number], path: string, details?: object) =>
      importIssueText(
        { code, path, message: `${ref}: the API's message`, ...(details ? { details } : {}) },
        ["gift"],
        refs,
      );
    expect(at("empty", "items[0].question.question")).toBe(
      "Question 1 (“Port”): Question: It is empty: the file gives no text, picture or sound.",
    );
    expect(at("too_big", "items[0].question.points", { max: 100 })).toBe(
      "Question 1 (“Port”): Points: The file gives a number above 100; at most 100 is allowed.",
    );
    // The number the file gives, when the checks read it.
    expect(at("too_big", "items[0].question.properties.text_similarity", { max: 100, given: "250" })).toBe(
      "Question 1 (“Port”): Similarity required: The file gives 250; at most 100 is allowed.",
    );
    expect(at("too_small", "items[0].question.points", { min: 0, given: "-3" })).toBe(
      "Question 1 (“Port”): Points: The file gives -3; at least 0 is allowed.",
    );
    expect(at("too_long", "items[0].answers[1].answer", { max: 10 })).toBe(
      "Question 1 (“Port”): Answer 2: The file gives more than 10 characters; at most 10 are allowed.",
    );
    expect(at("empty", "items[0].question.properties.text_answer")).toBe(
      "Question 1 (“Port”): Accepted answers: The file gives no accepted answer.",
    );
    expect(at("required", "items[0].question.properties.image")).toBe(
      "Question 1 (“Port”): Base image: The file gives no base image, and an image question is made on one.",
    );
    // A CSV cell that breaks its bounds: what the file gives, from the issue's details.
    expect(
      at("invalid_value", "items[0].question.properties.text_similarity", { min: 0, max: 100, given: "250" }),
    ).toBe("Question 1 (“Port”): Similarity required: The file gives “250”; it must be a whole number from 0 to 100.");
    // A refused file's issue, without a dry run's refs: the item named from the message's start.
    expect(
      importIssueText(
        {
          code: "invalid_value",
          path: "items[0].question.properties.text_similarity",
          message: 'row 2: column text_similarity (C): must be … from 0 to 100; got "250"',
          details: { min: 0, max: 100, given: "250" },
        },
        ["csv"],
      ),
    ).toBe("Question 1: Similarity required: The file gives “250”; it must be a whole number from 0 to 100.");
    // The editor keeps its own words for the same issue.
    expect(authorText({ code: "too_big", path: "question.points", message: "", details: { max: 100 } })).toBe(
      "Enter a number, 100 or less.",
    );
  });

  it("keeps the editor's words for the new exam's fields, which the dialog shows", () => {
    expect(importIssueText({ code: "required", path: "exam.title", message: "title: is required" }, ["gift"])).toBe(
      "Title: Fill this in.",
    );
  });
});

describe("importItemName", () => {
  it("leaves out a title the file does not give", () => {
    expect(importItemName(2, "item choice-3 (items/choice-3.xml)")).toBe("Question 3");
    expect(importItemName(0, 'question "Port" at line 2')).toBe("Question 1 (“Port”)");
  });
});
