// The names of a sheet's columns in the Exam Studio template (csv.ts), and the keys of the
// `columns` mapping that names, for each of them, the column of another tool's file that holds
// it (contract 13.3 point 4). Pure and without dependencies: the import's schema and the app's
// column step use it too.

/** The columns of one question, in the order the export and the template write them. */
export const CSV_QUESTION_COLUMNS = [
  "external_id",
  "type",
  "case_study",
  "domain",
  "tags",
  "points",
  "question",
  "explanation",
  "text_similarity",
  "case_sensitive",
] as const;
export type QuestionColumn = (typeof CSV_QUESTION_COLUMNS)[number];

/** The three columns of answer group N (answer_N, correct_N, points_N). */
export const GROUP = /^(answer|correct|points)_([1-9][0-9]{0,3})$/;

/** The extra column kind of a mapping: the cell lists the correct answers by number or letter (`2`, `1,3`, `B`). */
export const CORRECT_ANSWERS = "correct_answers";

/** `columns`: for each column of the template (or correct_answers), the name of the file's column that holds it. */
export type ColumnsMapping = Readonly<Record<string, string>>;

/** Whether `key` is a column a mapping may name: a question column, answer_N / correct_N / points_N, or correct_answers. */
export function isColumnKey(key: string): boolean {
  return (CSV_QUESTION_COLUMNS as readonly string[]).includes(key) || GROUP.test(key) || key === CORRECT_ANSWERS;
}

/** What a mapping's keys may be, for messages. */
export const COLUMN_KEYS_TEXT = `${CSV_QUESTION_COLUMNS.join(", ")}, answer_N, correct_N, points_N (N from 1) and ${CORRECT_ANSWERS}`;

/** Spreadsheet's letter of column `index` (0 → A, 26 → AA). */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
