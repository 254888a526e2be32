// Reading a sheet's rows into an import plan, for CSV (parseCsv, here) and XLSX (./xlsx.ts) alike:
// the header row as the file's layout (./sheet-columns.ts: the template's, or a `columns`
// mapping's), then each row as an item, its problems at items[i] naming the row and column. Pure.
import { parse as parseCsvText } from "csv-parse/sync";
import type { Issue, IssueDetails } from "../errors";
import { QUESTION_TYPE, QUESTION_TYPE_NAMES, type AnswerInput, type QuestionType } from "../schemas/question";
import { fileIssue, itemPath, utf8Text } from "./shared";
import { DOMAIN_CODE_MAX } from "../schemas/blueprint";
import type {
  FileDomain,
  ImportOptions,
  ItemParams,
  ItemQuestion,
  ParseResult,
  PlanCaseStudy,
  PlanItem,
} from "./types";
import {
  cellToHtml,
  columnLetter,
  delimiterOf,
  EXPECTED,
  INT,
  NAME_MAX,
  NO,
  TAG_SEPARATOR,
  typeOf,
  unguardFormula,
  YES,
} from "./csv-cells";
import { isNotesRow, readLayout, unmappedColumns, type Layout, type SheetRow } from "./sheet-columns";

// ---------------------------------------------------------------------------------------------
// Import

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

  error(code: Issue["code"], path: string, column: number, message: string, details?: IssueDetails): void {
    this.issues.push({
      code,
      path: itemPath(this.index, path),
      message: `${this.ref}: ${this.where(column)}: ${message}`,
      ...(details ? { details } : {}),
    });
  }

  /** A problem of the row as a whole (a column it needs that the file lacks). */
  rowError(code: Issue["code"], path: string, message: string): void {
    this.issues.push({ code, path: itemPath(this.index, path), message: `${this.ref}: ${message}` });
  }

  /** A whole number cell; undefined when empty (or wrong, reported). */
  int(
    column: number | undefined,
    path: string,
    range: { min?: number; max?: number; what: string },
  ): number | undefined {
    if (column === undefined) return undefined;
    const raw = this.cell(column).trim();
    if (raw === "") return undefined;
    const min = range.min ?? -2147483648;
    const max = range.max ?? 2147483647;
    const value = INT.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      const bounds =
        range.min !== undefined && range.max !== undefined
          ? ` from ${min} to ${max}`
          : value > max
            ? ` of at most ${max}`
            : value < min
              ? ` of at least ${min}`
              : range.min !== undefined
                ? ` of at least ${min}`
                : "";
      this.error(
        "invalid_value",
        path,
        column,
        `must be ${range.what}, a whole number${bounds}; got ${JSON.stringify(raw)}`,
        // The app's import dialog words it from these: "Points: The file gives “250”; …".
        { ...(range.min !== undefined ? { min } : {}), ...(range.max !== undefined ? { max } : {}), given: raw },
      );
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
    this.error(
      "invalid_value",
      path,
      column,
      `must be yes or no (also true/false, 1/0, y/n, x for yes), got ${JSON.stringify(this.cell(column).trim())}`,
    );
    return undefined;
  }

  text(column: number | undefined): string {
    return unguardFormula(this.cell(column));
  }

  private listed: Set<number> | undefined | null = null;

  /**
   * The answers (by group number) the correct_answers cell lists, by number or letter (`2`,
   * `1,3`, `B`, `A,C`); undefined when the mapping has no such column or the cell is empty.
   */
  correctAnswers(): Set<number> | undefined {
    if (this.listed !== null) return this.listed;
    this.listed = undefined;
    const column = this.layout.correctAnswers;
    if (column === undefined) return undefined;
    const raw = this.cell(column).trim();
    if (raw === "") return undefined;
    const listed = new Set<number>();
    for (const token of raw.split(/[\s,;]+/).filter((t) => t !== "")) {
      const n = /^[0-9]{1,4}$/.test(token)
        ? Number(token)
        : /^[a-z]$/i.test(token)
          ? token.toUpperCase().charCodeAt(0) - 64
          : NaN;
      const group = this.layout.groups.find((g) => g.n === n);
      if (Number.isNaN(n))
        this.error(
          "invalid_value",
          "answers",
          column,
          `${JSON.stringify(token)} is not an answer's number or letter; list the correct answers as numbers (1,3) or letters (A,C)`,
        );
      else if (!group || this.cell(group.answer).trim() === "")
        this.error("invalid_value", "answers", column, `names answer ${token}, which the row does not have`);
      else listed.add(n);
    }
    this.listed = listed;
    return listed;
  }
}

/** The CSV's rows as an import plan, or its problems. */
export function parseCsv(bytes: Uint8Array, options: ImportOptions): ParseResult {
  const fail = (...issues: Issue[]): ParseResult => ({ ok: false, issues });
  const text = utf8Text(bytes);
  if (text === null)
    return fail(
      fileIssue(
        "malformed_file",
        'is not UTF-8 text; a CSV file of the template is UTF-8 (in a spreadsheet, save it as "CSV UTF-8")',
      ),
    );
  if (text.trim() === "")
    return fail(
      fileIssue("malformed_file", `holds no header row; the first row names the template's columns: ${EXPECTED}`),
    );
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
  return parseSheetRows(
    records.map((cells, i) => ({ row: i + 1, cells })),
    options,
  );
}

/**
 * A sheet's rows (CSV records, or an XLSX sheet's rows) as an import plan, or its problems. When
 * the header is not the template's and no mapping was given, the failure carries the file's
 * likely header, which a dry run answers as `columns_needed` (the app's column step).
 */
export function parseSheetRows(rows: readonly SheetRow[], options: ImportOptions): ParseResult {
  const fail = (...issues: Issue[]): ParseResult => ({ ok: false, issues });
  const read = readLayout(rows, options.columns);
  if (!read.ok)
    return options.columns === undefined
      ? { ok: false, issues: read.issues, header: read.header }
      : fail(...read.issues);
  const { layout } = read;
  const warnings: string[] = [];
  let first = read.headerAt + 1;
  let notesRow: number | undefined;
  if (layout.mapped) {
    const ignored = unmappedColumns(layout);
    if (ignored.length > 0)
      warnings.push(
        `the columns ${ignored.map((n) => JSON.stringify(n)).join(", ")} are not imported: the columns mapping names none of them`,
      );
    const notes = rows[first];
    if (notes && isNotesRow(layout, notes.cells)) {
      warnings.push(
        `row ${notes.row} repeats the columns' names, as a template's row of notes does: it is not a question, and was left out`,
      );
      notesRow = notes.row;
      first++;
    }
  }

  const items: PlanItem[] = [];
  const issues: Issue[] = [];
  const caseStudies: PlanCaseStudy[] = [];
  const names = new Set<string>();
  // The domains the rows name, by code (first spelling): a new exam's blueprint, weights 0.
  const domains = new Map<string, FileDomain>();
  for (let r = first; r < rows.length; r++) {
    const { row, cells } = rows[r]!;
    if (isEmptyRow(layout, cells)) continue;
    if (items.length >= options.maxItems)
      return fail(
        fileIssue(
          "too_many",
          `holds more than ${options.maxItems} question rows; at most ${options.maxItems} can be imported at once`,
        ),
      );
    const reader = new RowReader(items.length, row, cells, layout);
    const item = readRow(reader);
    const extra = layout.mapped ? -1 : cells.findIndex((c, i) => i >= layout.names.length && c.trim() !== "");
    if (extra >= 0) {
      reader.issues.push({
        code: "malformed_file",
        path: itemPath(reader.index),
        message: `${reader.ref}: has a value in column ${columnLetter(extra)}, which the header row does not name; name the column, or empty the cell`,
      });
    }
    issues.push(...reader.issues);
    items.push(item);
    if (typeof item.domain === "string" && !domains.has(item.domain.toLowerCase()))
      domains.set(item.domain.toLowerCase(), { code: item.domain, name: item.domain, weight: 0 });
    if (item.caseStudy !== null && !names.has(item.caseStudy)) {
      names.add(item.caseStudy);
      caseStudies.push({
        ref: `case study ${JSON.stringify(item.caseStudy)} (first named in ${reader.ref})`,
        name: item.caseStudy,
        description: "",
        resources: {},
        nameOnly: true,
      });
    }
  }
  if (issues.length > 0) return fail(...issues);
  if (items.length === 0) {
    // An empty template (ours, or Quizizz's with its row of notes) is a file of no question, not
    // a broken one: it is read, as a file of categories alone is (GIFT, Moodle XML), and its one
    // warning says what it holds. The columns it leaves out do not matter then.
    const warning = noQuestion(layout, rows[read.headerAt]!.row, notesRow, rows.length > first);
    return { ok: true, plan: { exam: null, caseStudies: [], items: [], warnings: [warning] } };
  }
  return {
    ok: true,
    plan: {
      exam: null,
      caseStudies,
      ...(domains.size > 0 ? { domains: [...domains.values()] } : {}),
      items,
      warnings,
    },
  };
}

/** The warning of a sheet with no question: what it holds instead, by row. */
function noQuestion(layout: Layout, headerRow: number, notesRow: number | undefined, rowsBelow: boolean): string {
  const notes = notesRow === undefined ? "" : ` and a row of notes (row ${notesRow}) that repeats the columns' names`;
  const empty = !rowsBelow
    ? ""
    : layout.mapped
      ? " and rows with nothing in the columns the mapping names"
      : " and empty rows";
  return `the file holds no question, only its header row (row ${headerRow})${notes}${empty}: nothing is imported; a question is a row below the header`;
}

/** A row with nothing in it; through a mapping, nothing in the mapped columns (Kahoot numbers rows that hold no question yet). */
function isEmptyRow(layout: Layout, cells: readonly string[]): boolean {
  if (!layout.mapped) return cells.every((c) => c.trim() === "");
  const used = [
    ...Object.values(layout.at),
    ...layout.groups.flatMap((g) => [g.answer, g.correct, g.points]),
    layout.correctAnswers,
  ];
  return used.every((i) => i === undefined || (cells[i] ?? "").trim() === "");
}

function readRow(r: RowReader): PlanItem {
  const { at } = r.layout;
  const externalId = at.external_id === undefined ? "" : r.text(at.external_id);
  if (externalId.trim() !== "") r.ref = `row ${r.row} (external id ${externalId})`;
  const skippedItem = (warning: string): PlanItem => ({
    ref: r.ref,
    params: null,
    caseStudy: null,
    warnings: [warning],
  });
  // A row whose type is wrong: its issues fail the file, so the item itself is never used.
  const failedItem = (): PlanItem => ({ ref: r.ref, params: null, caseStudy: null, warnings: [] });

  const type = at.type === undefined ? inferredType(r) : declaredType(r, at.type);
  if (type === null) return failedItem();
  if (type === QUESTION_TYPE.dragAndDrop || type === QUESTION_TYPE.pointAndShoot || type === QUESTION_TYPE.hotArea) {
    const name = QUESTION_TYPE_NAMES[type];
    return skippedItem(
      `skipped: a ${name} question (type ${type}) needs an image with areas, which a CSV row cannot hold; create it in the app, or import it from an Exam Studio archive (exam_json)`,
    );
  }

  const question: ItemQuestion = { type, question: "" };
  const questionText = r.text(at.question);
  if (questionText.trim() === "")
    r.error(
      "required",
      "question.question",
      at.question!,
      "is empty; every question needs its text (plain text or HTML)",
    );
  question.question = cellToHtml(questionText);
  const explanation = cellToHtml(r.text(at.explanation));
  if (explanation !== "") question.explanation = explanation;
  if (externalId.trim() !== "") question.external_id = externalId;
  const points = r.int(at.points, "question.points", { min: 0, what: "the question's points" });
  if (points !== undefined) question.points = points;

  let caseStudy: string | null = null;
  if (at.case_study !== undefined) {
    const name = r.text(at.case_study).trim();
    if (name.length > NAME_MAX)
      r.error(
        "too_long",
        "case_study",
        at.case_study,
        `a case study's name has at most ${NAME_MAX} characters; this one has ${name.length}`,
      );
    else if (name !== "") caseStudy = name;
  }

  let answers: AnswerInput[] | undefined;
  if (type === QUESTION_TYPE.textInput) question.properties = textInputProperties(r);
  else {
    for (const column of ["text_similarity", "case_sensitive"] as const) {
      const c = at[column];
      if (c !== undefined && r.cell(c).trim() !== "")
        r.warnings.push(`${r.where(c)} is for text input questions (type 7) only; ignored`);
    }
    answers = choiceAnswers(r, type as QuestionType);
    if (type === QUESTION_TYPE.sort) question.properties = { optional_answers: answers.some((a) => !a.is_correct) };
  }
  // The domain and tags (contract 15.3): a column the file lacks says nothing (an update keeps the
  // question's); an empty cell is none.
  let domain: string | null | undefined;
  if (at.domain !== undefined) {
    const code = r.text(at.domain).trim();
    if (code.length > DOMAIN_CODE_MAX)
      r.error(
        "too_long",
        "domain",
        at.domain,
        `a domain's code has at most ${DOMAIN_CODE_MAX} characters; this one has ${code.length}`,
      );
    else domain = code === "" ? null : code;
  }
  if (at.tags !== undefined)
    question.tags = r
      .text(at.tags)
      .split(TAG_SEPARATOR)
      .map((t) => t.trim())
      .filter((t) => t !== "");
  const params: ItemParams = { question, ...(answers && answers.length > 0 ? { answers } : {}) };
  return { ref: r.ref, params, caseStudy, ...(domain === undefined ? {} : { domain }), warnings: r.warnings };
}

/** The type the row's type cell names; null when it names none (reported). */
function declaredType(r: RowReader, column: number): number | null {
  const typeCell = r.cell(column).trim();
  if (typeCell === "") {
    r.error(
      "required",
      "question.type",
      column,
      "is empty; write the question type: 1 single choice, 2 multiple choice, 6 sort or 7 text input",
    );
    return null;
  }
  const type = typeOf(typeCell);
  if (type === null)
    r.error(
      "invalid_value",
      "question.type",
      column,
      `must be a question type a CSV row can hold: 1 single choice, 2 multiple choice, 6 sort or 7 text input (the number or the name); got ${JSON.stringify(typeCell)}`,
    );
  return type;
}

/**
 * The type of a row read through a mapping that names no type column: with correct answers
 * marked (correct_answers or correct_N), single choice for one, multiple choice for several;
 * with no column that marks them, a text input question whose answers are its accepted values.
 */
function inferredType(r: RowReader): number | null {
  const { layout } = r;
  if (layout.correctAnswers === undefined && layout.groups.every((g) => g.correct === undefined))
    return QUESTION_TYPE.textInput;
  const listed = r.correctAnswers();
  const count =
    listed?.size ??
    layout.groups.filter((g) => r.cell(g.answer).trim() !== "" && r.bool(g.correct, "answers") === true).length;
  if (r.issues.length > 0) return null;
  if (count === 0) {
    r.rowError(
      "no_correct_answer",
      "answers",
      "no answer is marked correct, so the row's type (single or multiple choice) cannot be told; mark its correct answers, or map a type column",
    );
    return null;
  }
  return count > 1 ? QUESTION_TYPE.multipleChoice : QUESTION_TYPE.singleChoice;
}

/** The answers of a type 1, 2 or 6 row, from its answer groups in column order. */
function choiceAnswers(r: RowReader, type: QuestionType): AnswerInput[] {
  const answers: AnswerInput[] = [];
  for (const group of r.layout.groups) {
    const text = r.text(group.answer);
    if (text.trim() === "") {
      for (const c of [group.correct, group.points]) {
        if (c !== undefined && r.cell(c).trim() !== "")
          r.error(
            "required",
            `answers[${answers.length}].answer`,
            c,
            `is set, but ${r.layout.names[group.answer]} is empty; write the answer, or empty this cell`,
          );
      }
      continue;
    }
    const j = answers.length;
    const listed = r.correctAnswers();
    const correct = listed ? listed.has(group.n) : r.bool(group.correct, `answers[${j}].is_correct`);
    const points = r.int(group.points, `answers[${j}].points`, {
      what: "the answer's points (negative for a penalty)",
    });
    answers.push({
      answer: cellToHtml(text),
      is_correct: correct ?? type === QUESTION_TYPE.sort,
      order: j + 1,
      points: points ?? 0,
    });
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
        r.error(
          "required",
          `question.properties.text_answer[${values.length}].value`,
          group.points,
          `is set, but ${r.layout.names[group.answer]} is empty; write the accepted value, or empty this cell`,
        );
      }
      continue;
    }
    const j = values.length;
    const listed = r.correctAnswers();
    if (listed && listed.size > 0 && !listed.has(group.n)) continue;
    if (r.bool(group.correct, `question.properties.text_answer[${j}]`) === false) {
      r.error(
        "invalid_value",
        `question.properties.text_answer[${j}]`,
        group.correct!,
        "every accepted value of a text input question is correct; leave this cell empty (or remove the value)",
      );
    }
    const points = r.int(group.points, `question.properties.text_answer[${j}].points`, {
      what: "the accepted value's points",
    });
    values.push({ value, ...(points !== undefined ? { points } : {}) });
  }
  if (values.length === 0) {
    const message = "a text input question (type 7) needs at least one accepted value, one in each answer_N column";
    const first = r.layout.groups[0]?.answer;
    if (first === undefined)
      r.rowError("required", "question.properties.text_answer", `${message}; the file has no answer_1 column`);
    else r.error("required", "question.properties.text_answer", first, message);
  }
  const similarity = r.int(at.text_similarity, "question.properties.text_similarity", {
    min: 0,
    max: 100,
    what: "the least similarity in percent (100: exact match)",
  });
  const similarityNeeded = "the least similarity in percent, from 0 to 100 (100: exact match)";
  if (r.layout.mapped) {
    // Other tools' sheets have no such column: an accepted value is matched exactly.
  } else if (at.text_similarity === undefined) {
    r.rowError(
      "required",
      "question.properties.text_similarity",
      `a text input question (type 7) needs a text_similarity column, which the file lacks: ${similarityNeeded}`,
    );
  } else if (similarity === undefined && r.cell(at.text_similarity).trim() === "") {
    r.error(
      "required",
      "question.properties.text_similarity",
      at.text_similarity,
      `is required for a text input question (type 7): ${similarityNeeded}`,
    );
  }
  const caseSensitive = r.bool(at.case_sensitive, "question.properties.case_sensitive");
  return { text_similarity: similarity ?? 100, case_sensitive: caseSensitive ?? false, text_answer: values };
}
