// Spreadsheets (contract 13.3 point 4) through exam.examImport, on PGlite and PostgreSQL: real
// files of Kahoot and Quizizz (XLSX) and a plain CSV quiz (tests/fixtures/real-world/sheets),
// sent without a format; a dry run without columns answers the header and the guessed mapping;
// imported with the mapping, the questions are stored; a wrong mapping is refused at its key,
// listing the file's header, with nothing stored; Quizizz's empty template read as a file of no
// question.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { fails, ok } from "../support/exam-test-helpers";
import { expectNothingChanged } from "../support/question-store";
import { makeXlsx } from "../support/xlsx-fixtures";

const INVALID = -32602;
const fileOf = (name: string) => ({
  name,
  base64: readFileSync(`tests/fixtures/real-world/sheets/${name}`).toString("base64"),
});
const KAHOOT_COLUMNS = {
  question: "Question - max 120 characters",
  answer_1: "Answer 1 - max 75 characters",
  answer_2: "Answer 2 - max 75 characters",
  answer_3: "Answer 3 - max 75 characters",
  answer_4: "Answer 4 - max 75 characters",
  correct_answers: "Correct answer(s) - choose at least one",
};

let t: TestApp;
let ann: TestUser;
let examId: number;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
  examId = ok(await ann.call("exam.examCreate", { exam: examInput({ title: "Sheets", code: "XLS-1" }) })).exam
    .id as number;
});
afterAll(() => t.close());

describe("a Kahoot export, through the mapping", () => {
  it("answers a dry run without columns with its header and the guessed mapping, storing nothing", async () => {
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.examImport", { file: fileOf("kahoot-quiz-template.xlsx"), exam_id: examId, dry_run: true }),
    );
    const result = ok(reply);
    expect(result).toMatchObject({ created: 0, updated: 0, skipped: 0, items: [], exam: { id: examId } });
    expect(result.columns_needed).toEqual({
      header: [
        "",
        ...Object.values(KAHOOT_COLUMNS).slice(0, 5),
        "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
        KAHOOT_COLUMNS.correct_answers,
      ],
      guesses: KAHOOT_COLUMNS,
    });
  });

  it("imports with the guessed mapping: recognised as xlsx, its question stored", async () => {
    const result = ok(
      await ann.call("exam.examImport", {
        file: fileOf("kahoot-quiz-template.xlsx"),
        exam_id: examId,
        columns: KAHOOT_COLUMNS,
      }),
    );
    expect(result).toMatchObject({ created: 1, skipped: 0, items: [{ ref: "row 9", status: "created", type: 2 }] });
    expect(result.columns_needed).toBeUndefined();
    const stored = ok(await ann.call("exam.questionGet", { id: result.items[0]!.question_id }));
    expect(stored.answers.map((a) => [a.answer, a.is_correct])).toEqual([
      ["<p>Excel</p>", true],
      ["<p>Google Docs</p>", true],
      ["<p>Numbers</p>", true],
      ["<p>LibreOffice</p>", true],
    ]);
  });

  it("without columns and without a dry run, refuses the header, saying to send columns", async () => {
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.examImport", { file: fileOf("kahoot-quiz-template.xlsx"), exam_id: examId }),
    );
    const [issue] = fails(reply, INVALID, "file", "malformed_file");
    expect(issue!.message).toMatch(/not the template's.*imports with the columns param/);
  });

  it("refuses a mapping naming a column the file lacks, at its key, listing the header; nothing stored", async () => {
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.examImport", {
        file: fileOf("kahoot-quiz-template.xlsx"),
        exam_id: examId,
        columns: { ...KAHOOT_COLUMNS, explanation: "Why" },
      }),
    );
    const [issue] = fails(reply, INVALID, "columns.explanation", "invalid_value");
    expect(issue!.message).toMatch(
      /^names the column "Why", which the file does not have; the file's columns are "", "Question - max 120 characters", /,
    );
  });

  it("refuses a key that is no column of the template, and columns for a file that has none", async () => {
    fails(
      await ann.call("exam.examImport", {
        file: fileOf("kahoot-quiz-template.xlsx"),
        exam_id: examId,
        columns: { stem: "Q" },
      }),
      INVALID,
      "columns.stem",
      "unknown_field",
    );
    const gift = { name: "q.gift", base64: Buffer.from("::Q1::Which port? {=443 ~80}\n").toString("base64") };
    const [issue] = fails(
      await ann.call("exam.examImport", { file: gift, exam_id: examId, columns: { question: "Q" } }),
      INVALID,
      "columns",
    );
    expect(issue!.message).toMatch(/this file is GIFT \(gift\)/);
  });
});

describe("a Quizizz sheet and a plain CSV quiz", () => {
  it("imports the Quizizz sheet's 295 questions as a new exam, its row of notes left out with a warning", async () => {
    const reply = await ann.call("exam.examImport", {
      file: fileOf("quizizz-bai-12-15.xlsx"),
      exam: examInput({ title: "Quizizz", code: "QZ-1" }),
      columns: {
        question: "Question Text",
        answer_1: "Option 1",
        answer_2: "Option 2",
        answer_3: "Option 3",
        answer_4: "Option 4",
        correct_answers: "Correct Answer",
      },
    });
    const result = ok(reply);
    expect(result.created).toBe(295);
    expect(result.items.every((i) => i.type === 1)).toBe(true);
    expect(reply.warning_details.map((w) => w.message)).toContain(
      "row 2 repeats the columns' names, as a template's row of notes does: it is not a question, and was left out",
    );
  });

  it("reads Quizizz's empty template, through its guessed mapping, as a file of no question", async () => {
    const file = fileOf("quizizz-template.xlsx");
    const dry = ok(await ann.call("exam.examImport", { file, exam_id: examId, dry_run: true }));
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.examImport", { file, exam_id: examId, columns: dry.columns_needed!.guesses }),
    );
    expect(ok(reply)).toMatchObject({ created: 0, updated: 0, skipped: 0, items: [] });
    // One warning, at the file: what it holds (the row of notes' own warning and the columns the
    // mapping leaves out say nothing more about a file of no question).
    expect(reply.warning_details).toEqual([
      {
        code: "import_loss",
        path: "file",
        message:
          "the file holds no question, only its header row (row 1) and a row of notes (row 2) that repeats the columns' names: nothing is imported; a question is a row below the header",
      },
    ]);
  });

  it("answers the CSV's header in a dry run, recognised without a format, then imports it as text input questions", async () => {
    const file = fileOf("quizzer-sample-with-explanations.csv");
    const dry = ok(await ann.call("exam.examImport", { file, exam_id: examId, dry_run: true }));
    expect(dry.columns_needed).toEqual({
      header: ["Question", "Answer", "Explanation"],
      guesses: { question: "Question", answer_1: "Answer", explanation: "Explanation" },
    });
    const result = ok(
      await ann.call("exam.examImport", { file, exam_id: examId, columns: dry.columns_needed!.guesses }),
    );
    expect(result.created).toBeGreaterThanOrEqual(4);
    expect(result.items.every((i) => i.type === 7)).toBe(true);
  });

  it("imports an XLSX in the template's columns without any mapping", async () => {
    const bytes = makeXlsx([
      ["type", "question", "answer_1", "correct_1", "answer_2", "correct_2"],
      [1, "Which port does HTTPS use?", 443, "yes", 80, "no"],
    ]);
    const result = ok(
      await ann.call("exam.examImport", {
        file: { name: "template.xlsx", base64: Buffer.from(bytes).toString("base64") },
        exam_id: examId,
      }),
    );
    expect(result).toMatchObject({ created: 1, items: [{ ref: "row 2", type: 1 }] });
  });
});
