// Reading a sheet's rows into an import plan, for CSV (parseCsv, here) and XLSX (./xlsx.ts) alike:
// the header row as the file's layout (./sheet-columns.ts: the template's, or a `columns`
// mapping's), then each row as an item (csv-row.ts, through csv-row-reader.ts), its problems at
// items[i] naming the row and column. Pure.
import { parse as parseCsvText } from "csv-parse/sync";
import type { Issue } from "../errors";
import { fileIssue, itemPath, utf8Text } from "./shared";
import type { FileDomain, ImportOptions, ParseResult, PlanCaseStudy, PlanItem } from "./types";
import { columnLetter, delimiterOf, EXPECTED } from "./csv-cells";
import { isNotesRow, readLayout, unmappedColumns, type Layout, type SheetRow } from "./sheet-columns";
import { readRow } from "./csv-row";
import { RowReader } from "./csv-row-reader";

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
