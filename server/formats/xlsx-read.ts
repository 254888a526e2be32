// Reading the first sheet of an XLSX workbook (Office Open XML SpreadsheetML) as rows of text
// cells: the project's own bounded zip reader (./zip.ts: no entry inflates past the import
// limit or past what it declares) and strict XML reader (./xml-read.ts: no DOCTYPE, no entity)
// do the unpacking and parsing; this module only follows the workbook to its first sheet and
// reads the cells (shared strings, inline strings, numbers, booleans, formula results).
// docs/decisions.md ("Spreadsheets: xlsx and the columns mapping") says why no XLSX library.
// Pure: no Node APIs.
import { centralDirectory } from "./zip-directory";
import { looksLikeZip, readZip } from "./zip";
import { childElement, childElements, readXml, textContent, type XmlElement } from "./xml-read";
import type { SheetRow } from "./sheet-columns";

export type SheetRead = { ok: true; rows: SheetRow[] } | { ok: false; message: string; tooLarge?: boolean };

/** Excel's own limits: 16,384 columns (XFD) and 1,048,576 rows. */
const MAX_COLUMN = 16_384;
const MAX_ROW = 1_048_576;
/** Cells kept in all (a row keeps the cells up to its last value): far more than 10,000 questions need. */
export const MAX_SHEET_CELLS = 5_000_000;

/** Whether the bytes are a zip holding xl/workbook.xml (read from its directory, nothing inflated). */
export function looksLikeXlsx(bytes: Uint8Array): boolean {
  if (!looksLikeZip(bytes)) return false;
  try {
    return centralDirectory(bytes, 100_000, () => new Error("too many entries")).some(
      (e) => e.name === "xl/workbook.xml",
    );
  } catch {
    return false;
  }
}

const fail = (message: string, tooLarge = false): SheetRead => ({
  ok: false,
  message,
  ...(tooLarge ? { tooLarge } : {}),
});

/** The first sheet's rows (rows without values left out), or why the workbook cannot be read. */
export function readFirstSheet(bytes: Uint8Array, maxBytes: number): SheetRead {
  const zip = readZip(bytes, maxBytes);
  if (!zip.ok) return fail(zip.message, zip.tooLarge);
  const { entries } = zip;
  const xml = (path: string): XmlElement | string => {
    const data = entries.get(path);
    if (!data) return `has no ${path}, which every workbook holds`;
    const read = readXml(new TextDecoder("utf-8").decode(data));
    return read.ok ? read.root : `${path} ${read.message}`;
  };

  const workbook = xml("xl/workbook.xml");
  if (typeof workbook === "string") return fail(workbook);
  const sheet = childElements(childElement(workbook, "sheets") ?? workbook, "sheet")[0];
  if (!sheet) return fail("has a workbook without sheets (xl/workbook.xml lists none)");
  const rels = relationships(entries.has("xl/_rels/workbook.xml.rels") ? xml("xl/_rels/workbook.xml.rels") : null);
  if (typeof rels === "string") return fail(rels);
  const relId = Object.entries(sheet.attributes).find(([name]) => name.endsWith(":id"))?.[1];
  const sheetTarget = relId === undefined ? undefined : rels.get(relId)?.target;
  if (sheetTarget === undefined)
    return fail(
      `has a first sheet ("${sheet.attributes.name ?? "?"}") that xl/_rels/workbook.xml.rels does not locate`,
    );
  const sharedTarget = [...rels.values()].find((r) => r.type.endsWith("/sharedStrings"))?.target;

  let shared: string[] = [];
  if (sharedTarget !== undefined && entries.has(resolve(sharedTarget))) {
    const sst = xml(resolve(sharedTarget));
    if (typeof sst === "string") return fail(sst);
    shared = childElements(sst, "si").map(stringItem);
  }
  const sheetPath = resolve(sheetTarget);
  const worksheet = xml(sheetPath);
  if (typeof worksheet === "string") return fail(worksheet);
  return readRows(worksheet, shared, sheetPath);
}

/** A relationship's target as a path in the zip: relative to xl/, or absolute from the package's root. */
function resolve(target: string): string {
  if (target.startsWith("/")) return target.slice(1);
  const parts = ["xl"];
  for (const part of target.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

function relationships(root: XmlElement | string | null): Map<string, { target: string; type: string }> | string {
  const found = new Map<string, { target: string; type: string }>();
  if (root === null) return found;
  if (typeof root === "string") return root;
  for (const r of childElements(root, "Relationship"))
    if (r.attributes.Id && r.attributes.Target)
      found.set(r.attributes.Id, { target: r.attributes.Target, type: r.attributes.Type ?? "" });
  return found;
}

/** A shared or inline string: its text, or its runs' texts (phonetic runs, `rPh`, left out). */
function stringItem(si: XmlElement): string {
  const t = childElement(si, "t");
  if (t) return textContent(t);
  return childElements(si, "r")
    .map((r) => textContent(childElement(r, "t") ?? r))
    .join("");
}

/** `B12` → column 1 (from 0), row 12; null when it is not a cell reference. */
function cellRef(ref: string): { column: number; row: number } | null {
  const m = /^([A-Z]{1,3})([0-9]{1,7})$/.exec(ref);
  if (!m) return null;
  let column = 0;
  for (const c of m[1]!) column = column * 26 + (c.charCodeAt(0) - 64);
  return { column: column - 1, row: Number(m[2]) };
}

function readRows(worksheet: XmlElement, shared: readonly string[], path: string): SheetRead {
  const data = childElement(worksheet, "sheetData");
  if (!data) return fail(`${path} has no sheetData`);
  const rows: SheetRow[] = [];
  let kept = 0;
  let lastRow = 0;
  for (const row of childElements(data, "row")) {
    const number = row.attributes.r === undefined ? lastRow + 1 : Number(row.attributes.r);
    if (!Number.isInteger(number) || number <= lastRow || number > MAX_ROW)
      return fail(`${path} line ${row.line}: a row numbered ${JSON.stringify(row.attributes.r)} after row ${lastRow}`);
    lastRow = number;
    const cells: string[] = [];
    let lastColumn = -1;
    for (const c of childElements(row, "c")) {
      const ref = c.attributes.r === undefined ? { column: lastColumn + 1, row: number } : cellRef(c.attributes.r);
      if (!ref || ref.row !== number || ref.column <= lastColumn || ref.column >= MAX_COLUMN)
        return fail(
          `${path} line ${c.line}: cell ${JSON.stringify(c.attributes.r)} is not a cell of row ${number} after column ${lastColumn + 1}`,
        );
      lastColumn = ref.column;
      const value = cellValue(c, shared);
      if (typeof value !== "string") return fail(`${path} line ${c.line}: ${value.problem}`);
      if (value === "") continue;
      kept += ref.column + 1 - cells.length;
      if (kept > MAX_SHEET_CELLS)
        return fail(
          `has a first sheet of more than ${MAX_SHEET_CELLS} cells; it cannot hold a bank of questions`,
          true,
        );
      while (cells.length < ref.column) cells.push("");
      cells.push(value);
    }
    if (cells.length > 0) rows.push({ row: number, cells });
  }
  return { ok: true, rows };
}

/** A cell's value as text (a number as JavaScript writes it, a boolean as TRUE/FALSE), or what is wrong. */
function cellValue(c: XmlElement, shared: readonly string[]): string | { problem: string } {
  const type = c.attributes.t ?? "n";
  if (type === "inlineStr") {
    const is = childElement(c, "is");
    return is ? stringItem(is) : "";
  }
  const v = childElement(c, "v");
  const raw = v ? textContent(v) : "";
  if (raw === "") return "";
  switch (type) {
    case "s": {
      const index = Number(raw);
      const text = Number.isInteger(index) ? shared[index] : undefined;
      return text ?? { problem: `a cell refers to shared string ${raw}, which xl/sharedStrings.xml does not have` };
    }
    case "b":
      return raw === "1" ? "TRUE" : "FALSE";
    case "n": {
      const n = Number(raw);
      return Number.isFinite(n) ? String(n) : raw;
    }
    // "str" (a formula's text), "e" (an error such as #N/A), "d" (an ISO date): the text as written.
    default:
      return raw;
  }
}
