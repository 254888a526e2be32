// The Exam Studio CSV template's columns and cells (see csv.ts for the template as a whole): the
// column names, what a cell holds (HTML or plain text, yes/no, whole numbers, a type), the guard
// against formulas, and the recognition of a file by its header row. Pure.
import { parse as parseCsvText } from "csv-parse/sync";
import { HTML_TAG_PATTERN, QUESTION_TYPE, QUESTION_TYPE_NAMES } from "../schemas/question";
import { delimitedTexToMathml } from "../html/latex";
import { CSV_QUESTION_COLUMNS } from "./column-keys";
import { plainToHtml } from "./text-html";

export { columnLetter, CSV_QUESTION_COLUMNS, GROUP, type QuestionColumn } from "./column-keys";

// ---------------------------------------------------------------------------------------------
// The template's columns (their names: ./column-keys.ts)

/** The columns every file must have. */
export const CSV_REQUIRED_COLUMNS = ["type", "question"] as const;
/** The answer groups the template (and an export of fewer answers) writes. */
export const CSV_TEMPLATE_GROUPS = 4;
/** The longest case study name (the case study schema's). */
export const NAME_MAX = 200;
/** What separates the tags in a `tags` cell (contract 15.3). */
export const TAG_SEPARATOR = ";";

export const groupColumns = (n: number) => [`answer_${n}`, `correct_${n}`, `points_${n}`];

/** The header of a file with `groups` answer groups. */
export function csvHeader(groups: number): string[] {
  return [...CSV_QUESTION_COLUMNS, ...Array.from({ length: groups }, (_, i) => groupColumns(i + 1)).flat()];
}

/** The template's description of its columns, for messages about a wrong header. */
export const EXPECTED = `${CSV_QUESTION_COLUMNS.join(", ")}, then answer_1, correct_1, points_1, answer_2, correct_2, points_2, … (type and question required; any order; names in any case)`;

// ---------------------------------------------------------------------------------------------
// Cells

/** A value that a spreadsheet would run as a formula, or one that starts with ' before such a character. */
export const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A text cell as the export writes it: a ' in front of a value a spreadsheet would take for a formula. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value of a text cell: the ' that guardFormula put in front taken off. */
export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** A cell of HTML or plain text as the HTML a field holds (see the top of the file); TeX between \( \) or $$ $$ as MathML (contract 9.1). */
export function cellToHtml(cell: string): string {
  if (cell.trim() === "") return "";
  if (HTML_TAG_PATTERN.test(cell)) return delimitedTexToMathml(cell);
  return delimitedTexToMathml(plainToHtml(cell.replace(/\r\n?/g, "\n")));
}

export const YES = new Set(["yes", "y", "true", "1", "x", "correct"]);
export const NO = new Set(["no", "n", "false", "0"]);

export const TYPE_NAMES: ReadonlyMap<string, number> = new Map([
  ...Object.entries(QUESTION_TYPE_NAMES).map(([n, name]) => [name, Number(n)] as const),
  ["single", QUESTION_TYPE.singleChoice],
  ["multiple", QUESTION_TYPE.multipleChoice],
  ["drag and drop", QUESTION_TYPE.dragAndDrop],
  ["point and shoot", QUESTION_TYPE.pointAndShoot],
  ["text", QUESTION_TYPE.textInput],
]);

export function typeOf(cell: string): number | null {
  const value = cell.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  if (/^[1-7]$/.test(value)) return Number(value);
  return TYPE_NAMES.get(value) ?? null;
}

export const INT = /^[+-]?[0-9]+$/;

// ---------------------------------------------------------------------------------------------
// Recognition

/** The cells of the file's first row, or null when it is not one CSV row. */
export function firstRow(text: string): string[] | null {
  const end = text.search(/\r?\n/);
  const line = end < 0 ? text : text.slice(0, end);
  if (line.length > 10_000) return null;
  try {
    const rows = parseCsvText(line, {
      delimiter: delimiterOf(line),
      relax_quotes: true,
      relax_column_count: true,
    }) as string[][];
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

/** , unless the header row has more ; than , in it. */
export function delimiterOf(firstLine: string): "," | ";" {
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

export const columnName = (cell: string) => cell.trim().toLowerCase();

/** UTF-8 text whose first row is a header naming the template's type and question columns. */
export function looksLikeCsv(text: string | null): boolean {
  if (text === null) return false;
  const start = text.trimStart()[0];
  if (start === "{" || start === "[" || start === "<") return false;
  const header = firstRow(text);
  if (header === null) return false;
  const names = new Set(header.map(columnName));
  return CSV_REQUIRED_COLUMNS.every((c) => names.has(c));
}

/**
 * UTF-8 text of at least two lines, no JSON or XML, whose first row looks like column names: at
 * least two non-empty cells, at most one empty, none longer than 200 characters. A CSV in other
 * columns than the template's (another tool's export).
 */
export function looksLikeOtherCsv(text: string | null): boolean {
  if (text === null) return false;
  const trimmed = text.trim();
  if (/^[{[<]/.test(trimmed) || !/\r?\n/.test(trimmed)) return false;
  const header = firstRow(trimmed);
  if (header === null || header.some((c) => c.length > 200)) return false;
  const named = header.filter((c) => c.trim() !== "").length;
  return named >= 2 && header.length - named <= 1;
}
