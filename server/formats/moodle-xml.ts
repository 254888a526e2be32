// Moodle XML (`moodle_xml`, contract 13.1 rule 3): the format module, its recognition (XML whose
// root is <quiz> or <question>), its import (moodle-import.ts, moodle-import-dd.ts) and its
// export (moodle-export.ts). Pure.
import { exportMoodleXml } from "./moodle-export";
import { parseMoodleXml } from "./moodle-import";
import type { FormatModule } from "./types";

// The prolog before the root: an XML declaration, comments, processing instructions and a DOCTYPE
// (recognised, so that the import refuses it saying why, rather than calling the file unknown).
const MOODLE_ROOT =
  /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)*<(?:quiz|question)[\s>/]/;

/** XML whose root element is <quiz> or <question>. */
export function looksLikeMoodleXml(text: string | null): boolean {
  return text !== null && MOODLE_ROOT.test(text);
}

export const moodleXml: FormatModule = {
  id: "moodle_xml",
  recognize: ({ text }) => looksLikeMoodleXml(text),
  parse: parseMoodleXml,
  export: exportMoodleXml,
};
