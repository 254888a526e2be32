// One data row of a sheet being read (csv-import.ts, csv-row.ts): its cells by column, the
// issues and warnings found, and the readers of its typed cells (whole numbers, yes/no, text, the
// correct answers' list), each problem naming the row and the column. Pure.
import type { Issue, IssueDetails } from "../errors";
import { itemPath } from "./shared";
import { columnLetter, INT, NO, unguardFormula, YES } from "./csv-cells";
import type { Layout } from "./sheet-columns";

/** One data row being read: its cells by column, and the issues and warnings found. */
export class RowReader {
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
