// CSV in the Exam Studio template (`csv`, contract 13.1): one row per question under a header row
// of named columns, for the question types a row can hold — 1 single choice, 2 multiple choice,
// 6 sort and 7 text input — with their points, external ids, case study names, domain codes and
// tags (contract 15.3). Import and
// export; csvTemplate() is the template people download (app/templates/questions.csv). Pure: no
// database, no Node APIs. docs/api/import-export.md ("CSV") describes the template for people.
//
// The columns (any order on import, names in any case; only type and question are required):
//   external_id, type, case_study, domain, tags, points, question, explanation, text_similarity,
//   case_sensitive, answer_1, correct_1, points_1, answer_2, correct_2, points_2, … (as many
//   groups as needed). `domain` is the code of the question's domain in the exam's blueprint;
//   `tags` its tags separated by ";". A new exam imported from the file gets a domain (weight 0)
//   for each code the file names; into an exam, codes are matched among its domains.
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
import type { FormatModule } from "./types";
import { looksLikeCsv, looksLikeOtherCsv } from "./csv-cells";
import { exportCsv } from "./csv-export";
import { parseCsv } from "./csv-import";

export { cellToHtml, columnLetter, csvHeader, guardFormula, looksLikeCsv, unguardFormula } from "./csv-cells";
export { csvTemplate, csvTemplateBytes, encodeCsv, exportCsv } from "./csv-export";
export { parseCsv } from "./csv-import";

export const csv: FormatModule = {
  id: "csv",
  recognize: ({ text }) => looksLikeCsv(text),
  // A CSV in other columns: read with a `columns` mapping (a dry run without one names the header).
  recognizeLoosely: ({ text }) => looksLikeOtherCsv(text),
  parse: parseCsv,
  export: exportCsv,
};
