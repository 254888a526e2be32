// Reading a CSV in the Exam Studio template (csv.ts) into an import plan: the header row as the
// file's layout, then each row as an item, its problems at items[i] naming the row and column. Pure.
import { parse as parseCsvText } from "csv-parse/sync";
import type { Issue } from "../errors";
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
  columnName,
  CSV_QUESTION_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  delimiterOf,
  EXPECTED,
  GROUP,
  INT,
  NAME_MAX,
  NO,
  TAG_SEPARATOR,
  typeOf,
  unguardFormula,
  YES,
  type QuestionColumn,
} from "./csv-cells";

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
      problems.push(
        group
          ? `${group.correct !== undefined ? "correct" : "points"}_${n} needs its answer_${n} column`
          : `answer_${n} is missing (answer groups are numbered from 1 without gaps, up to answer_${count} here)`,
      );
      continue;
    }
    groups.push({
      answer: group.answer,
      ...(group.correct !== undefined ? { correct: group.correct } : {}),
      ...(group.points !== undefined ? { points: group.points } : {}),
    });
  }
  if (problems.length > 0) {
    const found = names.length === 0 ? "nothing" : names.map((n) => n || "(empty)").join(", ");
    return {
      ok: false,
      issue: fileIssue(
        "malformed_file",
        `has a header row that is not the template's: ${problems.join("; ")}. Expected the columns ${EXPECTED}; found ${found}`,
      ),
    };
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
    this.issues.push({
      code,
      path: itemPath(this.index, path),
      message: `${this.ref}: ${this.where(column)}: ${message}`,
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
  const header = readHeader(records[0] ?? []);
  if (!header.ok) return fail(header.issue);
  const { layout } = header;

  const items: PlanItem[] = [];
  const issues: Issue[] = [];
  const caseStudies: PlanCaseStudy[] = [];
  const names = new Set<string>();
  // The domains the rows name, by code (first spelling): a new exam's blueprint, weights 0.
  const domains = new Map<string, FileDomain>();
  for (let r = 1; r < records.length; r++) {
    const cells = records[r]!;
    if (cells.every((c) => c.trim() === "")) continue;
    if (items.length >= options.maxItems)
      return fail(
        fileIssue(
          "too_many",
          `holds more than ${options.maxItems} question rows; at most ${options.maxItems} can be imported at once`,
        ),
      );
    const reader = new RowReader(items.length, r + 1, cells, layout);
    const item = readRow(reader);
    const extra = cells.findIndex((c, i) => i >= layout.names.length && c.trim() !== "");
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
  if (items.length === 0)
    return fail(fileIssue("malformed_file", "holds only the header row: no question rows below it"));
  return {
    ok: true,
    plan: {
      exam: null,
      caseStudies,
      ...(domains.size > 0 ? { domains: [...domains.values()] } : {}),
      items,
      warnings: [],
    },
  };
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

  const typeCell = r.cell(at.type).trim();
  const type = typeOf(typeCell);
  if (typeCell === "") {
    r.error(
      "required",
      "question.type",
      at.type!,
      "is empty; write the question type: 1 single choice, 2 multiple choice, 6 sort or 7 text input",
    );
    return failedItem();
  }
  if (type === null) {
    r.error(
      "invalid_value",
      "question.type",
      at.type!,
      `must be a question type a CSV row can hold: 1 single choice, 2 multiple choice, 6 sort or 7 text input (the number or the name); got ${JSON.stringify(typeCell)}`,
    );
    return failedItem();
  }
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
    const correct = r.bool(group.correct, `answers[${j}].is_correct`);
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
  if (at.text_similarity === undefined) {
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
