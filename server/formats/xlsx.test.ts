// XLSX import (contract 13.3 point 4): the first sheet read as a CSV's rows are, in the template's
// columns or through a `columns` mapping; real files of Kahoot and Quizizz
// (tests/fixtures/real-world/sheets, SOURCE.md there); and workbooks made to hurt.
import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { lyingZip } from "../../tests/support/lying-zip.mjs";
import { makeXlsx, sheetXml } from "../../tests/support/xlsx-fixtures";
import { recognizeFormat } from "./recognize";
import type { ImportPlan, ParseResult } from "./types";
import { parseXlsx } from "./xlsx";
import { looksLikeXlsx, MAX_SHEET_CELLS, readFirstSheet } from "./xlsx-read";

const OPTIONS = { maxItems: 10_000, maxBytes: 45 * 1024 * 1024 };
const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/real-world/sheets/${name}`));

function planOf(result: ParseResult): ImportPlan {
  if (!result.ok) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.plan;
}

const TEMPLATE_ROWS = [
  ["type", "question", "answer_1", "correct_1", "answer_2", "correct_2", "points", "text_similarity"],
  [1, "Which port does HTTPS use?", 443, "yes", 80, "no", 2, ""],
  ["text input", "The protocol of the web?", "HTTP", "", "", "", "", 100],
];

describe("an XLSX in the template's columns", () => {
  it("is recognised from its content and read row by row as a CSV is", () => {
    const bytes = makeXlsx(TEMPLATE_ROWS);
    expect(looksLikeXlsx(bytes)).toBe(true);
    expect(recognizeFormat(bytes)).toEqual({ ok: true, format: "xlsx" });
    const plan = planOf(parseXlsx(bytes, OPTIONS));
    expect(plan.items.map((i) => i.ref)).toEqual(["row 2", "row 3"]);
    expect(plan.items[0]!.params).toEqual({
      question: { type: 1, question: "<p>Which port does HTTPS use?</p>", points: 2 },
      answers: [
        { answer: "<p>443</p>", is_correct: true, order: 1, points: 0 },
        { answer: "<p>80</p>", is_correct: false, order: 2, points: 0 },
      ],
    });
  });

  it("reads shared strings, rich text runs, booleans and formula results", () => {
    const sheet = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
      <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>
      <row r="3"><c r="A3"><v>1</v></c><c r="B3" t="s"><v>4</v></c><c r="C3" t="str"><f>UPPER("yes")</f><v>Yes</v></c><c r="D3" t="b"><v>1</v></c></row>
    </sheetData></worksheet>`;
    const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>type</t></si><si><t>question</t></si><si><t>answer_1</t></si><si><t>correct_1</t></si><si><r><t>Rich </t></r><r><rPr><b/></rPr><t>text</t></r><rPh><t>ignored</t></rPh></si></sst>`;
    const bytes = makeXlsx(sheet, {
      "xl/sharedStrings.xml": sst,
      "xl/_rels/workbook.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    });
    const read = readFirstSheet(bytes, OPTIONS.maxBytes);
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 1, cells: ["type", "question", "answer_1", "correct_1"] },
        { row: 3, cells: ["1", "Rich text", "Yes", "TRUE"] },
      ],
    });
    expect(planOf(parseXlsx(bytes, OPTIONS)).items[0]!.ref).toBe("row 3");
  });

  it("says which row and column are wrong, as the spreadsheet numbers them", () => {
    const bytes = makeXlsx([["type", "question"], [], ["9", "Q"]]);
    const result = parseXlsx(bytes, OPTIONS);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      expect.objectContaining({
        path: "items[0].question.type",
        message: expect.stringMatching(/^row 3: column type \(A\): must be a question type/),
      }),
    ]);
  });
});

describe("workbooks that are broken or made to hurt", () => {
  const failure = (bytes: Uint8Array) => {
    const result = parseXlsx(bytes, OPTIONS);
    if (result.ok) throw new Error("expected a failure");
    return result.issues;
  };

  it("refuses a DOCTYPE in any part, a missing sheet and a bad cell reference, saying where", () => {
    const doctype = makeXlsx(
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>`,
    );
    expect(failure(doctype)).toEqual([
      expect.objectContaining({
        path: "file",
        code: "malformed_file",
        message: expect.stringMatching(/^xl\/worksheets\/sheet1\.xml line 1, column \d+: the document has a DOCTYPE/),
      }),
    ]);
    const noSheet = zipSync({ "xl/workbook.xml": strToU8("<workbook><sheets/></workbook>") });
    expect(failure(noSheet)[0]!.message).toMatch(/workbook without sheets/);
    const badRef = makeXlsx(
      `<worksheet><sheetData><row r="1"><c r="B1"><v>1</v></c><c r="A1"><v>2</v></c></row></sheetData></worksheet>`,
    );
    expect(failure(badRef)[0]!.message).toMatch(/line 1: cell "A1" is not a cell of row 1 after column 2/);
    const badShared = makeXlsx(
      `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>7</v></c></row></sheetData></worksheet>`,
    );
    expect(failure(badShared)[0]!.message).toMatch(/shared string 7, which xl\/sharedStrings.xml does not have/);
  });

  it("refuses an entry that inflates past what it declares (a zip bomb) as too large, at once", () => {
    const { bytes } = lyingZip({
      name: "xl/worksheets/sheet1.xml",
      declared: 100,
      inflates: 200 * 1024 * 1024,
      before: [{ name: "xl/workbook.xml", data: strToU8("<workbook/>") }],
    });
    expect(looksLikeXlsx(bytes)).toBe(true);
    const started = performance.now();
    expect(failure(bytes)).toEqual([expect.objectContaining({ code: "too_large", path: "file" })]);
    // Seconds at most even on a loaded machine; inflating the 200 MiB would take far longer.
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it("refuses a sheet whose far-away cells would make millions of empty ones", { timeout: 30_000 }, () => {
    const rows = Array.from(
      { length: Math.ceil(MAX_SHEET_CELLS / 16_000) + 2 },
      (_, r) => `<row r="${r + 1}"><c r="WZZ${r + 1}"><v>1</v></c></row>`,
    );
    const bytes = makeXlsx(`<worksheet><sheetData>${rows.join("")}</sheetData></worksheet>`);
    expect(failure(bytes)).toEqual([
      expect.objectContaining({ code: "too_large", message: expect.stringMatching(/more than 5000000 cells/) }),
    ]);
  });

  it("reads an empty first sheet as a file without questions", () => {
    expect(failure(makeXlsx(sheetXml([])))[0]!.message).toMatch(/empty first sheet/);
  });
});

describe("real files of other tools, through the columns mapping", () => {
  it("imports Kahoot's quiz template: its header under seven rows of notes, its example question", () => {
    const bytes = fixture("kahoot-quiz-template.xlsx");
    expect(recognizeFormat(bytes)).toEqual({ ok: true, format: "xlsx" });
    // Without a mapping: the header read for the app's column step.
    const unmapped = parseXlsx(bytes, OPTIONS);
    expect(unmapped.ok).toBe(false);
    if (unmapped.ok) return;
    expect(unmapped.header).toEqual([
      "",
      "Question - max 120 characters",
      "Answer 1 - max 75 characters",
      "Answer 2 - max 75 characters",
      "Answer 3 - max 75 characters",
      "Answer 4 - max 75 characters",
      "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
      "Correct answer(s) - choose at least one",
    ]);
    const plan = planOf(
      parseXlsx(bytes, {
        ...OPTIONS,
        columns: {
          question: "Question - max 120 characters",
          answer_1: "Answer 1 - max 75 characters",
          answer_2: "Answer 2 - max 75 characters",
          answer_3: "Answer 3 - max 75 characters",
          answer_4: "Answer 4 - max 75 characters",
          correct_answers: "Correct answer(s) - choose at least one",
        },
      }),
    );
    expect(plan.items).toHaveLength(1);
    expect(plan.items[0]).toMatchObject({
      ref: "row 9",
      params: {
        question: {
          type: 2,
          question: "<p>Which spreadsheet tools can read this sheet and export to xlsx format?</p>",
        },
        answers: ["Excel", "Google Docs", "Numbers", "LibreOffice"].map((a, i) => ({
          answer: `<p>${a}</p>`,
          is_correct: true,
          order: i + 1,
        })),
      },
    });
    expect(plan.warnings).toEqual([
      'the columns "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs" are not imported: the columns mapping names none of them',
    ]);
  });

  it("imports a Quizizz sheet of 295 questions, its row of notes left out", () => {
    const bytes = fixture("quizizz-bai-12-15.xlsx");
    const plan = planOf(
      parseXlsx(bytes, {
        ...OPTIONS,
        columns: {
          question: "Question Text",
          answer_1: "Option 1",
          answer_2: "Option 2",
          answer_3: "Option 3",
          answer_4: "Option 4",
          correct_answers: "Correct Answer",
        },
      }),
    );
    expect(plan.items).toHaveLength(295);
    expect(plan.items.every((i) => i.params?.question.type === 1)).toBe(true);
    expect(plan.items[0]!.ref).toBe("row 3");
    expect(plan.items[0]!.params!.answers!.map((a) => a.is_correct)).toEqual([false, true, false, false]);
    expect(plan.warnings).toContain(
      "row 2 repeats the columns' names, as a template's row of notes does: it is not a question, and was left out",
    );
  });

  it("reads Quizizz's own template as a header with notes and no question", () => {
    const result = parseXlsx(fixture("quizizz-template.xlsx"), {
      ...OPTIONS,
      columns: {
        question: "Question Text",
        type: "Question Type",
        answer_1: "Option 1",
        correct_answers: "Correct Answer",
      },
    });
    // A file of no question, read as such (as a file of categories alone is): no item, and one
    // warning, which says what the file holds instead of the notes row's own and the columns'.
    expect(planOf(result)).toEqual({
      exam: null,
      caseStudies: [],
      items: [],
      warnings: [
        "the file holds no question, only its header row (row 1) and a row of notes (row 2) that repeats the columns' names: nothing is imported; a question is a row below the header",
      ],
    });
  });
});
