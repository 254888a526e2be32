import { describe, expect, it } from "vitest";
import { importIssueText, importItemName, itemDetail } from "./import-text";

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

describe("importItemName", () => {
  it("leaves out a title the file does not give", () => {
    expect(importItemName(2, "item choice-3 (items/choice-3.xml)")).toBe("Question 3");
    expect(importItemName(0, 'question "Port" at line 2')).toBe("Question 1 (“Port”)");
  });
});
