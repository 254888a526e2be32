// A CSV (or XLSX: the same rows) in another tool's columns, read through the `columns` mapping
// (contract 13.3 point 4): correct_answers by number or letter, the type told by the correct
// answers, clear errors at `columns.<key>` listing the file's header, and a real CSV quiz.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv-import";
import { recognizeFormat } from "./recognize";
import type { ImportPlan, ParseResult } from "./types";

const OPTIONS = { maxItems: 10_000 };
const bytes = (text: string) => new TextEncoder().encode(text);

function planOf(result: ParseResult): ImportPlan {
  if (!result.ok) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.plan;
}

const KAHOOT_CSV = [
  "Question - max 120 characters,Answer 1,Answer 2,Answer 3,Time limit (sec),Correct answer(s)",
  'Which are prime?,2,4,5,20,"1,3"',
  "Which is even?,3,4,7,20,B",
  "Which is odd?,3,4,8,20,A",
  'Which are below 5?,3,4,8,20,"A,C"',
].join("\n");
const KAHOOT_COLUMNS = {
  question: "Question - max 120 characters",
  answer_1: "Answer 1",
  answer_2: "Answer 2",
  answer_3: "Answer 3",
  correct_answers: "Correct answer(s)",
};

describe("a CSV in other columns", () => {
  it("is recognised as CSV by its look, and without columns answers its header for the column step", () => {
    expect(recognizeFormat(bytes(KAHOOT_CSV))).toEqual({ ok: true, format: "csv" });
    const result = parseCsv(bytes(KAHOOT_CSV), OPTIONS);
    expect(result).toEqual({
      ok: false,
      header: [
        "Question - max 120 characters",
        "Answer 1",
        "Answer 2",
        "Answer 3",
        "Time limit (sec)",
        "Correct answer(s)",
      ],
      issues: [
        expect.objectContaining({
          path: "file",
          message: expect.stringMatching(/header row that is not the template's: .* imports with the columns param/),
        }),
      ],
    });
  });

  it("reads correct_answers by number or letter (2, 1,3, B, A,C); one correct is single choice, several multiple", () => {
    const plan = planOf(parseCsv(bytes(KAHOOT_CSV), { ...OPTIONS, columns: KAHOOT_COLUMNS }));
    const correct = plan.items.map((i) => i.params!.answers!.map((a) => a.is_correct));
    expect(correct).toEqual([
      [true, false, true],
      [false, true, false],
      [true, false, false],
      [true, false, true],
    ]);
    expect(plan.items.map((i) => i.params!.question.type)).toEqual([2, 1, 1, 2]);
    expect(plan.warnings).toEqual([
      'the columns "Time limit (sec)" are not imported: the columns mapping names none of them',
    ]);
  });

  it("keeps a mapped type column, and matches names in any case and spacing", () => {
    const csv = "Kind,QUESTION,  Option 1 ,Option 2,Right\nmultiple choice,Which?,a,b,2\n";
    const plan = planOf(
      parseCsv(bytes(csv), {
        ...OPTIONS,
        columns: {
          type: "kind",
          question: "question",
          answer_1: "option 1",
          answer_2: "Option  2",
          correct_answers: "right",
        },
      }),
    );
    expect(plan.items[0]!.params).toMatchObject({
      question: { type: 2 },
      answers: [{ is_correct: false }, { is_correct: true }],
    });
  });

  it("reads a sheet with no column marking correct answers as text input questions, matched exactly", () => {
    const file = readFileSync("tests/fixtures/real-world/sheets/quizzer-sample-with-explanations.csv");
    const plan = planOf(
      parseCsv(new Uint8Array(file), {
        ...OPTIONS,
        columns: { question: "Question", answer_1: "Answer", explanation: "Explanation" },
      }),
    );
    expect(plan.items.length).toBeGreaterThanOrEqual(4);
    expect(plan.items[0]!.params).toEqual({
      question: {
        type: 7,
        question: "<p>What is 2+2?</p>",
        explanation: "<p>Basic arithmetic: adding two and two equals four.</p>",
        properties: { text_similarity: 100, case_sensitive: false, text_answer: [{ value: "4" }] },
      },
    });
  });

  it("says which listed answer is wrong, at its row and column", () => {
    const csv = "Q,A1,A2,Correct\nOne?,x,y,3\nTwo?,x,y,maybe\nThree?,x,y,\n";
    const result = parseCsv(bytes(csv), {
      ...OPTIONS,
      columns: { question: "Q", answer_1: "A1", answer_2: "A2", correct_answers: "Correct" },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      "items[0].answers: row 2: column Correct (D): names answer 3, which the row does not have",
      'items[1].answers: row 3: column Correct (D): "maybe" is not an answer\'s number or letter; list the correct answers as numbers (1,3) or letters (A,C)',
      "items[2].answers: row 4: no answer is marked correct, so the row's type (single or multiple choice) cannot be told; mark its correct answers, or map a type column",
    ]);
  });

  it("refuses a mapping that names a column the file lacks, listing the file's header", () => {
    const result = parseCsv(bytes(KAHOOT_CSV), {
      ...OPTIONS,
      columns: { ...KAHOOT_COLUMNS, answer_4: "Answer 4", explanation: "Why" },
    });
    const header =
      '"Question - max 120 characters", "Answer 1", "Answer 2", "Answer 3", "Time limit (sec)", "Correct answer(s)"';
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: "invalid_value",
          path: "columns.answer_4",
          message: `names the column "Answer 4", which the file does not have; the file's columns are ${header}`,
        },
        {
          code: "invalid_value",
          path: "columns.explanation",
          message: `names the column "Why", which the file does not have; the file's columns are ${header}`,
        },
      ],
    });
  });

  it("refuses a mapping without question, with a column named twice, or correct answers in two ways", () => {
    const issues = (columns: Record<string, string>) => {
      const result = parseCsv(bytes(KAHOOT_CSV), { ...OPTIONS, columns });
      return result.ok ? [] : result.issues.map((i) => i.path);
    };
    expect(issues({ answer_1: "Answer 1" })).toEqual(["columns"]);
    expect(issues({ question: "Answer 1", answer_1: "Answer 1" })).toEqual(["columns.answer_1"]);
    expect(
      issues({
        question: "Question - max 120 characters",
        answer_1: "Answer 1",
        correct_1: "Answer 2",
        correct_answers: "Correct answer(s)",
      }),
    ).toEqual(["columns.correct_answers"]);
    expect(issues({ question: "Question - max 120 characters", points_2: "Answer 2" })).toEqual(["columns.points_2"]);
  });
});
