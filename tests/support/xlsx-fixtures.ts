// Small XLSX workbooks written for tests: one sheet of text cells (inline strings, or numbers for
// cells that are numbers), zipped with fflate, in the layout Excel writes (workbook, its
// relationships, the sheet). The real files of other tools are in tests/fixtures/real-world/sheets.
import { strToU8, zipSync } from "fflate";
import { columnLetter as column } from "@/server/formats/column-keys";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The sheet's XML: each row's cells, a number cell for a number, an inline string otherwise. */
export function sheetXml(rows: readonly (readonly (string | number)[])[]): string {
  const body = rows
    .map((cells, r) => {
      const cs = cells
        .map((v, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (v === "") return "";
          return typeof v === "number"
            ? `<c r="${ref}"><v>${v}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t>${escape(v)}</t></is></c>`;
        })
        .join("");
      return `<row r="${r + 1}">${cs}</row>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** A workbook whose first sheet is `sheet` (XML, or rows), with `extra` entries beside it. */
export function makeXlsx(
  sheet: string | readonly (readonly (string | number)[])[],
  extra: Record<string, string> = {},
): Uint8Array {
  const files: Record<string, Uint8Array> = {
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    ),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Questions" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(typeof sheet === "string" ? sheet : sheetXml(sheet)),
  };
  for (const [name, text] of Object.entries(extra)) files[name] = strToU8(text);
  return zipSync(files);
}
