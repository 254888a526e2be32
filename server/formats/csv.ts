// CSV in the Exam Studio template (`csv`, contract 13.1): one row per question under a header row
// of named columns, for the question types a row can hold — 1 single choice, 2 multiple choice,
// 6 sort and 7 text input — with their points, external ids and case study names. Import and
// export; csvTemplate() is the template people download (app/templates/questions.csv). Pure: no
// database, no Node APIs. docs/api/import-export.md ("CSV") describes the template for people.
//
// The columns (any order on import, names in any case; only type and question are required):
//   external_id, type, case_study, points, question, explanation, text_similarity, case_sensitive,
//   answer_1, correct_1, points_1, answer_2, correct_2, points_2, … (as many groups as needed)
// Types 1, 2, 6: each answer group is an answer (HTML or plain text), whether it is correct (for a
// sort question: part of the sequence, "no" for a distractor; the groups are in the sequence's
// order) and its points. Type 7: each answer cell is an accepted value (plain text) with its
// points; text_similarity and case_sensitive are its properties. Types 3, 4 and 5 (an image with
// areas) cannot be written in a row: the export omits them, the import skips such a row.
//
// Text cells: a cell holding an HTML tag is HTML as it is; any other is plain text, HTML-escaped
// into a paragraph (line breaks kept as <br>). Formulas: a text cell the export writes that starts
// with = + - @ (or a tab or carriage return) gets a ' in front, so a spreadsheet shows it as text,
// and the import takes that one ' off again (values starting with ' and such a character get one
// more ', so every value reads back the same). The export writes UTF-8 with a byte order mark and
// CRLF line ends; the import takes either line end, with or without the mark, and , or ; between
// cells (a spreadsheet of a locale whose decimal separator is the comma writes ;).
import { parse as parseCsvText } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import type { Issue } from "../errors";
import { HTML_TAG_PATTERN, QUESTION_TYPE_NAMES, type AnswerInput } from "../schemas/question";
import { fileIssue, itemPath, questionTexts, storedMediaPaths, utf8Text } from "./shared";
import { fileNameFor } from "./exam-json";
import { plainToHtml } from "./text-html";
import type {
  ContentQuestion,
  ExamContent,
  ExportReportItem,
  ExportResult,
  FormatModule,
  ImportOptions,
  ItemParams,
  ItemQuestion,
  ParseResult,
  PlanCaseStudy,
  PlanItem,
} from "./types";

// ---------------------------------------------------------------------------------------------
// The template's columns

/** The columns of one question, in the order the export and the template write them. */
export const CSV_QUESTION_COLUMNS = ["external_id", "type", "case_study", "points", "question", "explanation", "text_similarity", "case_sensitive"] as const;
type QuestionColumn = (typeof CSV_QUESTION_COLUMNS)[number];
/** The columns every file must have. */
export const CSV_REQUIRED_COLUMNS = ["type", "question"] as const;
/** The three columns of answer group N (answer_N, correct_N, points_N). */
const GROUP = /^(answer|correct|points)_([1-9][0-9]{0,3})$/;
/** The answer groups the template (and an export of fewer answers) writes. */
export const CSV_TEMPLATE_GROUPS = 4;
/** The longest case study name (the case study schema's). */
const NAME_MAX = 200;

const groupColumns = (n: number) => [`answer_${n}`, `correct_${n}`, `points_${n}`];

/** The header of a file with `groups` answer groups. */
export function csvHeader(groups: number): string[] {
  return [...CSV_QUESTION_COLUMNS, ...Array.from({ length: groups }, (_, i) => groupColumns(i + 1)).flat()];
}

/** The template's description of its columns, for messages about a wrong header. */
const EXPECTED = `${CSV_QUESTION_COLUMNS.join(", ")}, then answer_1, correct_1, points_1, answer_2, correct_2, points_2, … (type and question required; any order; names in any case)`;

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

// ---------------------------------------------------------------------------------------------
// Cells

/** A value that a spreadsheet would run as a formula, or one that starts with ' before such a character. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A text cell as the export writes it: a ' in front of a value a spreadsheet would take for a formula. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value of a text cell: the ' that guardFormula put in front taken off. */
export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** A cell of HTML or plain text as the HTML a field holds (see the top of the file). */
export function cellToHtml(cell: string): string {
  if (cell.trim() === "") return "";
  if (HTML_TAG_PATTERN.test(cell)) return cell;
  return plainToHtml(cell.replace(/\r\n?/g, "\n"));
}

const YES = new Set(["yes", "y", "true", "1", "x", "correct"]);
const NO = new Set(["no", "n", "false", "0"]);

const TYPE_NAMES: ReadonlyMap<string, number> = new Map([
  ...Object.entries(QUESTION_TYPE_NAMES).map(([n, name]) => [name, Number(n)] as const),
  ["single", 1],
  ["multiple", 2],
  ["drag and drop", 3],
  ["point and shoot", 4],
  ["text", 7],
]);

function typeOf(cell: string): number | null {
  const value = cell.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  if (/^[1-7]$/.test(value)) return Number(value);
  return TYPE_NAMES.get(value) ?? null;
}

const INT = /^[+-]?[0-9]+$/;

// ---------------------------------------------------------------------------------------------
// Recognition

/** The cells of the file's first row, or null when it is not one CSV row. */
function firstRow(text: string): string[] | null {
  const end = text.search(/\r?\n/);
  const line = end < 0 ? text : text.slice(0, end);
  if (line.length > 10_000) return null;
  try {
    const rows = parseCsvText(line, { delimiter: delimiterOf(line), relax_quotes: true, relax_column_count: true }) as string[][];
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

/** , unless the header row has more ; than , in it. */
function delimiterOf(firstLine: string): "," | ";" {
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

const columnName = (cell: string) => cell.trim().toLowerCase();

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

// ---------------------------------------------------------------------------------------------
// Import

interface Layout {
  /** Column index of each question column the file has. */
  at: Partial<Record<QuestionColumn, number>>;
  /** The answer groups 1…N: the column index of each of its three columns the file has. */
  groups: { answer: number; correct?: number; points?: number }[];
  names: string[];
}

/** The header row as the file's layout, or what is wrong with it (one issue at `file`). */
function readHeader(header: string[]): { ok: true; layout: Layout } | { ok: false; issue: Issue } {
  const names = header.map(columnName);
  // A trailing empty header cell (a spreadsheet's stray delimiter) names no column.
  while (names.length > 0 && names.at(-1) === "") names.pop();
  const problems: string[] = [];
  const at: Layout["at"] = {};
  const groupAt = new Map<number, { answer?: number; correct?: number; points?: number }>();
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const where = `column ${columnLetter(i)}`;
    if (name === "") return problems.push(`${where} has no name`);
    if (seen.has(name)) return problems.push(`${name} is named twice (again in ${where})`);
    seen.add(name);
    if ((CSV_QUESTION_COLUMNS as readonly string[]).includes(name)) {
      at[name as QuestionColumn] = i;
      return;
    }
    const m = GROUP.exec(name);
    if (!m) return problems.push(`${name} (${where}) is not a column of the template`);
    const n = Number(m[2]);
    const group = groupAt.get(n) ?? {};
    group[m[1] as "answer" | "correct" | "points"] = i;
    groupAt.set(n, group);
  });
  for (const c of CSV_REQUIRED_COLUMNS) if (at[c] === undefined) problems.push(`the ${c} column is missing`);
  const count = Math.max(0, ...groupAt.keys());
  const groups: Layout["groups"] = [];
  for (let n = 1; n <= count; n++) {
    const group = groupAt.get(n);
    if (group?.answer === undefined) {
      problems.push(group ? `${group.correct !== undefined ? "correct" : "points"}_${n} needs its answer_${n} column` : `answer_${n} is missing (answer groups are numbered from 1 without gaps, up to answer_${count} here)`);
      continue;
    }
    groups.push({ answer: group.answer, ...(group.correct !== undefined ? { correct: group.correct } : {}), ...(group.points !== undefined ? { points: group.points } : {}) });
  }
  if (problems.length > 0) {
    const found = names.length === 0 ? "nothing" : names.map((n) => n || "(empty)").join(", ");
    return { ok: false, issue: fileIssue("malformed_file", `has a header row that is not the template's: ${problems.join("; ")}. Expected the columns ${EXPECTED}; found ${found}`) };
  }
  return { ok: true, layout: { at, groups, names } };
}

/** One data row being read: its cells by column, and the issues and warnings found. */
class RowReader {
  readonly issues: Issue[] = [];
  readonly warnings: string[] = [];
  ref: string;

  constructor(
    readonly index: number,
    readonly row: number,
    readonly cells: string[],
    readonly layout: Layout,
  ) {
    this.ref = `row ${row}`;
  }

  cell(column: number | undefined): string {
    return column === undefined ? "" : (this.cells[column] ?? "");
  }

  where(column: number): string {
    return `column ${this.layout.names[column]} (${columnLetter(column)})`;
  }

  error(code: Issue["code"], path: string, column: number, message: string): void {
    this.issues.push({ code, path: itemPath(this.index, path), message: `${this.ref}: ${this.where(column)}: ${message}` });
  }

  /** A problem of the row as a whole (a column it needs that the file lacks). */
  rowError(code: Issue["code"], path: string, message: string): void {
    this.issues.push({ code, path: itemPath(this.index, path), message: `${this.ref}: ${message}` });
  }

  /** A whole number cell; undefined when empty (or wrong, reported). */
  int(column: number | undefined, path: string, range: { min?: number; max?: number; what: string }): number | undefined {
    if (column === undefined) return undefined;
    const raw = this.cell(column).trim();
    if (raw === "") return undefined;
    const min = range.min ?? -2147483648;
    const max = range.max ?? 2147483647;
    const value = INT.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      const bounds =
        range.min !== undefined && range.max !== undefined ? ` from ${min} to ${max}` : value > max ? ` of at most ${max}` : value < min ? ` of at least ${min}` : range.min !== undefined ? ` of at least ${min}` : "";
      this.error("invalid_value", path, column, `must be ${range.what}, a whole number${bounds}; got ${JSON.stringify(raw)}`);
      return undefined;
    }
    return value;
  }

  /** A yes/no cell; undefined when empty (or wrong, reported). */
  bool(column: number | undefined, path: string): boolean | undefined {
    if (column === undefined) return undefined;
    const raw = this.cell(column).trim().toLowerCase();
    if (raw === "") return undefined;
    if (YES.has(raw)) return true;
    if (NO.has(raw)) return false;
    this.error("invalid_value", path, column, `must be yes or no (also true/false, 1/0, y/n, x for yes), got ${JSON.stringify(this.cell(column).trim())}`);
    return undefined;
  }

  text(column: number | undefined): string {
    return unguardFormula(this.cell(column));
  }
}

/** The CSV's rows as an import plan, or its problems. */
export function parseCsv(bytes: Uint8Array, options: ImportOptions): ParseResult {
  const fail = (...issues: Issue[]): ParseResult => ({ ok: false, issues });
  const text = utf8Text(bytes);
  if (text === null) return fail(fileIssue("malformed_file", 'is not UTF-8 text; a CSV file of the template is UTF-8 (in a spreadsheet, save it as "CSV UTF-8")'));
  if (text.trim() === "") return fail(fileIssue("malformed_file", `holds no header row; the first row names the template's columns: ${EXPECTED}`));
  const firstLineEnd = text.search(/\r?\n/);
  let records: string[][];
  try {
    records = parseCsvText(text, {
      delimiter: delimiterOf(firstLineEnd < 0 ? text : text.slice(0, firstLineEnd)),
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail(fileIssue("malformed_file", `is not well-formed CSV: ${message}`));
  }
  const header = readHeader(records[0] ?? []);
  if (!header.ok) return fail(header.issue);
  const { layout } = header;

  const items: PlanItem[] = [];
  const issues: Issue[] = [];
  const caseStudies: PlanCaseStudy[] = [];
  const names = new Set<string>();
  for (let r = 1; r < records.length; r++) {
    const cells = records[r]!;
    if (cells.every((c) => c.trim() === "")) continue;
    if (items.length >= options.maxItems) return fail(fileIssue("too_many", `holds more than ${options.maxItems} question rows; at most ${options.maxItems} can be imported at once`));
    const reader = new RowReader(items.length, r + 1, cells, layout);
    const item = readRow(reader);
    const extra = cells.findIndex((c, i) => i >= layout.names.length && c.trim() !== "");
    if (extra >= 0) {
      reader.issues.push({ code: "malformed_file", path: itemPath(reader.index), message: `${reader.ref}: has a value in column ${columnLetter(extra)}, which the header row does not name; name the column, or empty the cell` });
    }
    issues.push(...reader.issues);
    items.push(item);
    if (item.caseStudy !== null && !names.has(item.caseStudy)) {
      names.add(item.caseStudy);
      caseStudies.push({ ref: `case study ${JSON.stringify(item.caseStudy)} (first named in ${reader.ref})`, name: item.caseStudy, description: "", resources: {}, nameOnly: true });
    }
  }
  if (issues.length > 0) return fail(...issues);
  if (items.length === 0) return fail(fileIssue("malformed_file", "holds only the header row: no question rows below it"));
  return { ok: true, plan: { exam: null, caseStudies, items, warnings: [] } };
}

function readRow(r: RowReader): PlanItem {
  const { at } = r.layout;
  const externalId = at.external_id === undefined ? "" : r.text(at.external_id);
  if (externalId.trim() !== "") r.ref = `row ${r.row} (external id ${externalId})`;
  const skippedItem = (warning: string): PlanItem => ({ ref: r.ref, params: null, caseStudy: null, warnings: [warning] });
  // A row whose type is wrong: its issues fail the file, so the item itself is never used.
  const failedItem = (): PlanItem => ({ ref: r.ref, params: null, caseStudy: null, warnings: [] });

  const typeCell = r.cell(at.type).trim();
  const type = typeOf(typeCell);
  if (typeCell === "") {
    r.error("required", "question.type", at.type!, "is empty; write the question type: 1 single choice, 2 multiple choice, 6 sort or 7 text input");
    return failedItem();
  }
  if (type === null) {
    r.error("invalid_value", "question.type", at.type!, `must be a question type a CSV row can hold: 1 single choice, 2 multiple choice, 6 sort or 7 text input (the number or the name); got ${JSON.stringify(typeCell)}`);
    return failedItem();
  }
  if (type === 3 || type === 4 || type === 5) {
    const name = QUESTION_TYPE_NAMES[type];
    return skippedItem(`skipped: a ${name} question (type ${type}) needs an image with areas, which a CSV row cannot hold; create it in the app, or import it from an Exam Studio archive (exam_json)`);
  }

  const question: ItemQuestion = { type, question: "" };
  const questionText = r.text(at.question);
  if (questionText.trim() === "") r.error("required", "question.question", at.question!, "is empty; every question needs its text (plain text or HTML)");
  question.question = cellToHtml(questionText);
  const explanation = cellToHtml(r.text(at.explanation));
  if (explanation !== "") question.explanation = explanation;
  if (externalId.trim() !== "") question.external_id = externalId;
  const points = r.int(at.points, "question.points", { min: 0, what: "the question's points" });
  if (points !== undefined) question.points = points;

  let caseStudy: string | null = null;
  if (at.case_study !== undefined) {
    const name = r.text(at.case_study).trim();
    if (name.length > NAME_MAX) r.error("too_long", "case_study", at.case_study, `a case study's name has at most ${NAME_MAX} characters; this one has ${name.length}`);
    else if (name !== "") caseStudy = name;
  }

  let answers: AnswerInput[] | undefined;
  if (type === 7) question.properties = textInputProperties(r);
  else {
    for (const column of ["text_similarity", "case_sensitive"] as const) {
      const c = at[column];
      if (c !== undefined && r.cell(c).trim() !== "") r.warnings.push(`${r.where(c)} is for text input questions (type 7) only; ignored`);
    }
    answers = choiceAnswers(r, type as 1 | 2 | 6);
    if (type === 6) question.properties = { optional_answers: answers.some((a) => !a.is_correct) };
  }
  const params: ItemParams = { question, ...(answers && answers.length > 0 ? { answers } : {}) };
  return { ref: r.ref, params, caseStudy, warnings: r.warnings };
}

/** The answers of a type 1, 2 or 6 row, from its answer groups in column order. */
function choiceAnswers(r: RowReader, type: 1 | 2 | 6): AnswerInput[] {
  const answers: AnswerInput[] = [];
  for (const group of r.layout.groups) {
    const text = r.text(group.answer);
    if (text.trim() === "") {
      for (const c of [group.correct, group.points]) {
        if (c !== undefined && r.cell(c).trim() !== "") r.error("required", `answers[${answers.length}].answer`, c, `is set, but ${r.layout.names[group.answer]} is empty; write the answer, or empty this cell`);
      }
      continue;
    }
    const j = answers.length;
    const correct = r.bool(group.correct, `answers[${j}].is_correct`);
    const points = r.int(group.points, `answers[${j}].points`, { what: "the answer's points (negative for a penalty)" });
    answers.push({ answer: cellToHtml(text), is_correct: correct ?? type === 6, order: j + 1, points: points ?? 0 });
  }
  return answers;
}

/** The properties of a type 7 row: its accepted values with their points, text_similarity and case_sensitive. */
function textInputProperties(r: RowReader): Record<string, unknown> {
  const { at } = r.layout;
  const values: { value: string; points?: number }[] = [];
  for (const group of r.layout.groups) {
    const value = r.text(group.answer).trim();
    if (value === "") {
      if (group.points !== undefined && r.cell(group.points).trim() !== "") {
        r.error("required", `question.properties.text_answer[${values.length}].value`, group.points, `is set, but ${r.layout.names[group.answer]} is empty; write the accepted value, or empty this cell`);
      }
      continue;
    }
    const j = values.length;
    if (r.bool(group.correct, `question.properties.text_answer[${j}]`) === false) {
      r.error("invalid_value", `question.properties.text_answer[${j}]`, group.correct!, "every accepted value of a text input question is correct; leave this cell empty (or remove the value)");
    }
    const points = r.int(group.points, `question.properties.text_answer[${j}].points`, { what: "the accepted value's points" });
    values.push({ value, ...(points !== undefined ? { points } : {}) });
  }
  if (values.length === 0) {
    const message = "a text input question (type 7) needs at least one accepted value, one in each answer_N column";
    const first = r.layout.groups[0]?.answer;
    if (first === undefined) r.rowError("required", "question.properties.text_answer", `${message}; the file has no answer_1 column`);
    else r.error("required", "question.properties.text_answer", first, message);
  }
  const similarity = r.int(at.text_similarity, "question.properties.text_similarity", { min: 0, max: 100, what: "the least similarity in percent (100: exact match)" });
  const similarityNeeded = "the least similarity in percent, from 0 to 100 (100: exact match)";
  if (at.text_similarity === undefined) {
    r.rowError("required", "question.properties.text_similarity", `a text input question (type 7) needs a text_similarity column, which the file lacks: ${similarityNeeded}`);
  } else if (similarity === undefined && r.cell(at.text_similarity).trim() === "") {
    r.error("required", "question.properties.text_similarity", at.text_similarity, `is required for a text input question (type 7): ${similarityNeeded}`);
  }
  const caseSensitive = r.bool(at.case_sensitive, "question.properties.case_sensitive");
  return { text_similarity: similarity ?? 100, case_sensitive: caseSensitive ?? false, text_answer: values };
}

// ---------------------------------------------------------------------------------------------
// Export

const YES_NO = (value: boolean) => (value ? "yes" : "no");

/** Stored HTML as a cell that the import reads back as the same HTML; `lost` is told when it cannot be. */
function htmlCell(html: string, field: string, lost: (note: string) => void): string {
  if (html === "" || HTML_TAG_PATTERN.test(html)) return html;
  lost(`its ${field} is text without HTML tags; a cell without tags is read as plain text, so it is written as one paragraph (<p>…</p>), as it will be stored when imported back`);
  return `<p>${html}</p>`;
}

/** Questions a row can hold. */
const ROW_TYPES = new Set([1, 2, 6, 7]);

const NOT_CARRIED =
  "not in a CSV file: the exam's settings (an import as a new exam takes them from its exam param), the case studies' descriptions (questions name their case study; an import creates one the exam lacks with an empty description), media files, the exam's status, review comments, history and versions";

interface TextAnswer {
  value: string;
  points?: number;
}

export function exportCsv(content: ExamContent): ExportResult {
  const names = new Map(content.caseStudies.map((cs) => [cs.id, cs.name]));
  const firstWithName = new Map<string, number>();
  for (const cs of content.caseStudies) if (!firstWithName.has(cs.name)) firstWithName.set(cs.name, cs.id);

  const written = content.questions.filter((q) => ROW_TYPES.has(q.type));
  const groups = Math.max(1, ...written.map((q) => (q.type === 7 ? textAnswers(q).length : q.answers.length)));
  const rows: string[][] = [csvHeader(groups)];
  const items: ExportReportItem[] = content.questions.map((q) => {
    if (!ROW_TYPES.has(q.type)) {
      const name = QUESTION_TYPE_NAMES[q.type as 3 | 4 | 5] ?? `type ${q.type}`;
      return { question_id: q.id, fidelity: "omitted", notes: [`a ${name} question (type ${q.type}) needs an image with areas, which a CSV row cannot hold; export as exam_json to keep it`] };
    }
    const notes: string[] = [];
    rows.push(questionRow(q, groups, q.case_study_id === null ? "" : names.get(q.case_study_id)!, (note) => notes.push(note)));
    const media = storedMediaPaths(questionTexts(q));
    if (media.length > 0) {
      notes.push(
        `it refers to ${media.length === 1 ? "a media file" : `${media.length} media files`} (${media.join(", ")}), which a CSV file cannot hold: imported into an exam of this workspace it is the same question; elsewhere the import refuses it (media_missing)`,
      );
    }
    if (q.case_study_id !== null) {
      const name = names.get(q.case_study_id)!;
      if (firstWithName.get(name) !== q.case_study_id) {
        notes.push(`its case study ${JSON.stringify(name)} has the same name as an earlier case study of the exam; imported back, the question belongs to the first of them`);
      }
    }
    return { question_id: q.id, fidelity: notes.length > 0 ? "lossy" : "lossless", notes };
  });
  return {
    file: { name: fileNameFor(content.exam.code, "csv"), content_type: "text/csv; charset=utf-8", bytes: encodeCsv(rows) },
    report: { items, notes: [NOT_CARRIED] },
  };
}

function textAnswers(q: ContentQuestion): TextAnswer[] {
  const list = q.properties.text_answer;
  return Array.isArray(list) ? (list as TextAnswer[]) : [];
}

function questionRow(q: ContentQuestion, groups: number, caseStudy: string, lost: (note: string) => void): string[] {
  const row: Record<QuestionColumn, string> = {
    external_id: guardFormula(q.external_id ?? ""),
    type: String(q.type),
    case_study: guardFormula(caseStudy),
    points: String(q.points),
    question: guardFormula(htmlCell(q.question, "question", lost)),
    explanation: guardFormula(htmlCell(q.explanation, "explanation", lost)),
    text_similarity: "",
    case_sensitive: "",
  };
  const cells: string[][] = [];
  if (q.type === 7) {
    row.text_similarity = String(q.properties.text_similarity ?? "");
    row.case_sensitive = YES_NO(q.properties.case_sensitive === true);
    for (const v of textAnswers(q)) cells.push([guardFormula(v.value), "", v.points === undefined ? "" : String(v.points)]);
  } else {
    const answers = q.answers;
    if (answers.some((a, i) => a.order !== i + 1)) {
      lost(`its answers' orders (${answers.map((a) => a.order).join(", ")}) are not 1, 2, 3…: a CSV row holds the answers in order, so imported back they are numbered 1 to ${answers.length}, in the same order`);
    }
    if (answers.some((a) => a.old_id !== null)) lost("the answers' old_id (the client's own ids) are not in a CSV file");
    if (q.type === 6 && q.properties.optional_answers === true && answers.every((a) => a.is_correct)) {
      lost("it allows distractors (optional_answers) but has none: a CSV row says so only through a distractor, so imported back optional_answers is false");
    }
    answers.forEach((a, i) => cells.push([guardFormula(htmlCell(a.answer, `answer ${i + 1}`, lost)), YES_NO(a.is_correct), String(a.points)]));
  }
  while (cells.length < groups) cells.push(["", "", ""]);
  return [...CSV_QUESTION_COLUMNS.map((c) => row[c]), ...cells.flat()];
}

/** Rows as the file's bytes: UTF-8 with a byte order mark, CRLF line ends, cells quoted where they must be. */
export function encodeCsv(rows: string[][]): Uint8Array {
  const text = stringify(rows, { record_delimiter: "windows", quoted_match: /[\r\n]/ });
  return new TextEncoder().encode(`\uFEFF${text}`);
}

// ---------------------------------------------------------------------------------------------
// The template people download

/** The example questions of the template, one of each type a row can hold. */
const TEMPLATE_ROWS: Record<string, string>[] = [
  {
    external_id: "NET-1",
    type: "1",
    points: "1",
    question: "Which TCP port does HTTPS use by default?",
    explanation: "HTTPS is HTTP over TLS, on port 443.",
    answer_1: "443",
    correct_1: "yes",
    points_1: "1",
    answer_2: "80",
    correct_2: "no",
    points_2: "0",
    answer_3: "21",
    correct_3: "no",
    points_3: "0",
  },
  {
    external_id: "NET-2",
    type: "2",
    case_study: "Contoso",
    points: "0",
    question: "<p>Which of these are <strong>private</strong> IPv4 ranges?</p>",
    answer_1: "10.0.0.0/8",
    correct_1: "yes",
    points_1: "1",
    answer_2: "192.168.0.0/16",
    correct_2: "yes",
    points_2: "1",
    answer_3: "8.8.8.0/24",
    correct_3: "no",
    points_3: "-1",
  },
  {
    external_id: "NET-3",
    type: "6",
    case_study: "Contoso",
    points: "1",
    question: "Put the layers in order, from the bottom up.\nOne answer is not a layer.",
    answer_1: "Physical",
    correct_1: "yes",
    answer_2: "Data link",
    correct_2: "yes",
    answer_3: "Network",
    correct_3: "yes",
    answer_4: "Kitchen",
    correct_4: "no",
  },
  {
    external_id: "NET-4",
    type: "7",
    points: "1",
    question: "Which protocol does HTTPS use to encrypt the connection?",
    text_similarity: "90",
    case_sensitive: "no",
    answer_1: "TLS",
    points_1: "2",
    answer_2: "SSL/TLS",
    points_2: "1",
  },
];

/** The template: the header row with four answer groups and one example question of each type a row can hold (without the byte order mark). */
export function csvTemplate(): string {
  const header = csvHeader(CSV_TEMPLATE_GROUPS);
  const rows = [header, ...TEMPLATE_ROWS.map((values) => header.map((c) => values[c] ?? ""))];
  return stringify(rows, { record_delimiter: "windows", quoted_match: /[\r\n]/ });
}

/** The template as the file served for download: UTF-8 with a byte order mark. */
export function csvTemplateBytes(): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`\uFEFF${csvTemplate()}`);
}

export const csv: FormatModule = {
  id: "csv",
  recognize: ({ text }) => looksLikeCsv(text),
  parse: parseCsv,
  export: exportCsv,
};
