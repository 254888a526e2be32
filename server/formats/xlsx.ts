// XLSX (`xlsx`, contract 13.3 point 4): a workbook whose first sheet holds the CSV template's
// columns (csv.ts), or any columns through the `columns` mapping. Its rows are read as a CSV's
// are (./csv-import.ts parseSheetRows), from the cells ./xlsx-read.ts takes out of the workbook.
// Import only. Pure: no Node APIs.
import { parseSheetRows } from "./csv-import";
import { fileIssue } from "./shared";
import type { FormatModule, ImportOptions, ParseResult } from "./types";
import { looksLikeXlsx, readFirstSheet } from "./xlsx-read";

/** Without the server's limit (a test, a script): what LIMIT_IMPORT_MB defaults to. */
const DEFAULT_MAX_BYTES = 45 * 1024 * 1024;

/** The first sheet's rows as an import plan, or the workbook's problems at `file`. */
export function parseXlsx(bytes: Uint8Array, options: ImportOptions): ParseResult {
  const sheet = readFirstSheet(bytes, options.maxBytes ?? DEFAULT_MAX_BYTES);
  if (!sheet.ok)
    return { ok: false, issues: [fileIssue(sheet.tooLarge ? "too_large" : "malformed_file", sheet.message)] };
  if (sheet.rows.length === 0)
    return {
      ok: false,
      issues: [fileIssue("malformed_file", "has an empty first sheet: no header row, no questions")],
    };
  return parseSheetRows(sheet.rows, options);
}

export const xlsx: FormatModule = {
  id: "xlsx",
  recognize: ({ bytes }) => looksLikeXlsx(bytes),
  parse: parseXlsx,
};
