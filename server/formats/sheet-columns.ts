// Where a spreadsheet's columns are (CSV and XLSX alike): the file's header row read as the
// template's (csv.ts), or, with the `columns` mapping of exam.examImport (contract 13.3 point 4),
// each column of the template found by the name the mapping gives it in the file. The result is
// one layout that the row reader (./csv-import.ts) reads every row with. Pure.
import type { Issue } from "../errors";
import { CORRECT_ANSWERS, CSV_QUESTION_COLUMNS, GROUP, type ColumnsMapping, type QuestionColumn } from "./column-keys";
import { columnLetter, columnName, CSV_REQUIRED_COLUMNS, EXPECTED } from "./csv-cells";
import { fileIssue } from "./shared";

/** One row of a sheet: its number as the file counts rows (1 = the first), and its cells. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export interface Layout {
  /** Column index of each question column the file has. */
  at: Partial<Record<QuestionColumn, number>>;
  /** The answer groups, by number: the column index of each of its three columns the file has. */
  groups: { n: number; answer: number; correct?: number; points?: number }[];
  /** The header row's cells (as written, for messages). */
  names: string[];
  /** The correct_answers column (a mapping only). */
  correctAnswers?: number;
  /**
   * Read through a `columns` mapping: the file's other columns are ignored, a row's type may be
   * left to its correct answers, and text_similarity defaults to 100 (docs/api/import-export.md).
   */
  mapped: boolean;
}

export type LayoutRead =
  { ok: true; layout: Layout; headerAt: number } | { ok: false; issues: Issue[]; header: string[] };

/** Rows searched for a header row: a template's notes above it (Kahoot's has seven rows of them) fit. */
export const HEADER_SEARCH_ROWS = 20;

/** A column's name compared: trimmed, white space as one space, in any case. */
const sameName = (cell: string) => columnName(cell).replace(/\s+/g, " ");

/**
 * The row that most likely names the file's columns: the first (of the first HEADER_SEARCH_ROWS)
 * with at least two non-empty cells, else the first row. The app's column step shows it.
 */
export function likelyHeader(rows: readonly SheetRow[]): string[] {
  const search = rows.slice(0, HEADER_SEARCH_ROWS);
  const found = search.find((r) => r.cells.filter((c) => c.trim() !== "").length >= 2) ?? search[0];
  const cells = (found?.cells ?? []).map((c) => c.trim());
  while (cells.length > 0 && cells.at(-1) === "") cells.pop();
  return cells;
}

/** The sheet's layout: the first row as the template's header, or the rows searched for the mapping's names. */
export function readLayout(rows: readonly SheetRow[], columns: ColumnsMapping | undefined): LayoutRead {
  if (columns !== undefined) return mappedLayout(rows, columns);
  const first = rows[0];
  const read = templateLayout(first?.cells ?? []);
  return read.ok
    ? { ok: true, layout: read.layout, headerAt: 0 }
    : { ok: false, issues: [read.issue], header: likelyHeader(rows) };
}

// ---------------------------------------------------------------------------------------------
// The template's header

function templateLayout(header: string[]): { ok: true; layout: Layout } | { ok: false; issue: Issue } {
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
    groups.push({ n, ...group, answer: group.answer });
  }
  if (problems.length > 0) {
    const found = names.length === 0 ? "nothing" : names.map((n) => n || "(empty)").join(", ");
    return {
      ok: false,
      issue: fileIssue(
        "malformed_file",
        `has a header row that is not the template's: ${problems.join("; ")}. Expected the columns ${EXPECTED}; found ${found}. A file in other columns imports with the columns param, which names the file's column for each column of the template`,
      ),
    };
  }
  return { ok: true, layout: { at, groups, names: header.map((c) => c.trim()), mapped: false } };
}

// ---------------------------------------------------------------------------------------------
// A mapping

const quoted = (names: readonly string[]) => names.map((n) => JSON.stringify(n)).join(", ");

function mappedLayout(rows: readonly SheetRow[], columns: ColumnsMapping): LayoutRead {
  const entries = Object.entries(columns);
  const issues: Issue[] = [];
  const at = (key: string): Issue["path"] => `columns.${key}`;
  if (columns.question === undefined)
    issues.push({
      code: "required",
      path: "columns",
      message: "must name the file's column that holds the question's text (question)",
    });
  const keyOfName = new Map<string, string>();
  for (const [key, name] of entries) {
    const other = keyOfName.get(sameName(name));
    if (other !== undefined)
      issues.push({
        code: "duplicate",
        path: at(key),
        message: `names the column ${JSON.stringify(name)}, as ${other} does; each column of the file holds one column of the template`,
      });
    else keyOfName.set(sameName(name), key);
    const group = GROUP.exec(key);
    if (group && group[1] !== "answer" && columns[`answer_${group[2]}`] === undefined)
      issues.push({
        code: "required",
        path: at(key),
        message: `needs answer_${group[2]} too: ${key} says something about that answer`,
      });
  }
  if (columns[CORRECT_ANSWERS] !== undefined && entries.some(([key]) => key.startsWith("correct_") && GROUP.test(key)))
    issues.push({
      code: "conflict",
      path: at(CORRECT_ANSWERS),
      message: "name the correct answers either in one correct_answers column or in correct_N columns, not both",
    });
  const header = likelyHeader(rows);
  if (issues.length > 0) return { ok: false, issues, header };

  // The header row: the first that names every column of the mapping.
  const wanted = entries.map(([, name]) => sameName(name));
  const headerAt = rows
    .slice(0, HEADER_SEARCH_ROWS)
    .findIndex((r) => wanted.every((w) => r.cells.some((c) => sameName(c) === w)));
  if (headerAt < 0) {
    const names = new Set(header.map(sameName));
    const missing = entries.filter(([, name]) => !names.has(sameName(name)));
    const listed = header.length > 0 ? `the file's columns are ${quoted(header)}` : "the file has no header row";
    return {
      ok: false,
      header,
      issues: (missing.length > 0 ? missing : entries).map(([key, name]) => ({
        code: "invalid_value",
        path: at(key),
        message:
          missing.length > 0
            ? `names the column ${JSON.stringify(name)}, which the file does not have; ${listed}`
            : `names the column ${JSON.stringify(name)}, but no row of the file's first ${HEADER_SEARCH_ROWS} names all the columns of the mapping; ${listed}`,
      })),
    };
  }
  const cells = rows[headerAt]!.cells;
  const indexOf = (key: string, name: string): number | undefined => {
    const found = cells.flatMap((c, i) => (sameName(c) === sameName(name) ? [i] : []));
    if (found.length > 1)
      issues.push({
        code: "duplicate",
        path: at(key),
        message: `names the column ${JSON.stringify(name)}, which the header row has twice (columns ${found.map(columnLetter).join(" and ")}); rename one in the file`,
      });
    return found[0];
  };
  const layout: Layout = { at: {}, groups: [], names: cells.map((c) => c.trim()), mapped: true };
  const groupAt = new Map<number, { answer?: number; correct?: number; points?: number }>();
  for (const [key, name] of entries) {
    const i = indexOf(key, name);
    if (i === undefined) continue;
    const group = GROUP.exec(key);
    if (key === CORRECT_ANSWERS) layout.correctAnswers = i;
    else if (group) {
      const n = Number(group[2]);
      groupAt.set(n, { ...groupAt.get(n), [group[1]!]: i });
    } else layout.at[key as QuestionColumn] = i;
  }
  if (issues.length > 0) return { ok: false, issues, header };
  layout.groups = [...groupAt.entries()].sort(([a], [b]) => a - b).map(([n, g]) => ({ n, ...g, answer: g.answer! }));
  return { ok: true, layout, headerAt };
}

/** The names of the header's columns that the mapping leaves out (they are not imported). */
export function unmappedColumns(layout: Layout): string[] {
  const used = new Set<number>(
    [
      ...Object.values(layout.at),
      ...layout.groups.flatMap((g) => [g.answer, g.correct, g.points]),
      ...(layout.correctAnswers === undefined ? [] : [layout.correctAnswers]),
    ].filter((i): i is number => i !== undefined),
  );
  return layout.names.filter((name, i) => name !== "" && !used.has(i));
}

/**
 * Whether the row under a mapped header is a row of notes that repeats the columns' names, as
 * Quizizz's template has ("Question Type (default is Multiple Choice)" under "Question Type"): at
 * least two of its non-empty cells, and half of them, contain the name of their column.
 */
export function isNotesRow(layout: Layout, cells: readonly string[]): boolean {
  let filled = 0;
  let echoes = 0;
  layout.names.forEach((name, i) => {
    const cell = sameName(cells[i] ?? "");
    if (cell === "") return;
    filled++;
    if (name !== "" && cell.includes(sameName(name))) echoes++;
  });
  return echoes >= 2 && echoes * 2 >= filled;
}
