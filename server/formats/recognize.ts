// Which format a file is in, from its content (contract 13.2.1), for an import that does not say:
// each format's module recognises its own files; the first that does, in RECOGNITION_ORDER, wins.
// Pure.
import type { Issue } from "../errors";
import { FORMAT_MODULES } from "./registry";
import { utf8Text } from "./shared";
import { FORMAT_IDS, FORMATS, type FormatId, type FormatModule } from "./types";

export type Recognition = { ok: true; format: FormatId } | { ok: false; issue: Issue };

/**
 * The order in which modules are asked, fixed so that recognition is deterministic: the formats
 * with an unambiguous mark first (the archive's JSON marker, a zip, an XML root, the CSV
 * template's header row), then the text formats by their syntax, GIFT (answers in `{…}`) before
 * Aiken (`A.` options and an `ANSWER:` line), whose marks are the loosest. QTI 2.x comes before
 * QTI 3.0: both are zips with a manifest, and qti2 claims only those whose manifest or items say 2.x. GIFT and Aiken also
 * refuse any JSON or XML document themselves, so neither takes an archive whatever the order.
 */
export const RECOGNITION_ORDER: readonly FormatId[] = [
  "exam_json",
  "qti2",
  "qti3",
  "xlsx",
  "moodle_xml",
  "csv",
  "gift",
  "aiken",
];

/** The format of `bytes`, or an issue at `file` saying that it matches none and which formats exist. */
export function recognizeFormat(
  bytes: Uint8Array,
  modules: Readonly<Partial<Record<FormatId, FormatModule>>> = FORMAT_MODULES,
): Recognition {
  let text: string | null | undefined;
  const file = {
    bytes,
    // Decoded once, and only when a module asks.
    get text() {
      if (text === undefined) text = utf8Text(bytes);
      return text;
    },
  };
  for (const id of RECOGNITION_ORDER) {
    if (modules[id]?.recognize(file)) return { ok: true, format: id };
  }
  // Then by looser marks (a CSV in other columns than the template's), in the same order.
  for (const id of RECOGNITION_ORDER) {
    if (modules[id]?.recognizeLoosely?.(file)) return { ok: true, format: id };
  }
  return { ok: false, issue: unrecognized(modules, file.text === null) };
}

function unrecognized(modules: Readonly<Partial<Record<FormatId, FormatModule>>>, notUtf8: boolean): Issue {
  const list = FORMAT_IDS.map((id) => `${id} (${FORMATS[id].name}: ${FORMATS[id].looks})`).join("; ");
  const importable = FORMAT_IDS.filter((id) => modules[id]?.parse);
  return {
    code: "unknown_format",
    path: "file",
    message: `is in no format this import knows${notUtf8 ? " (it is not UTF-8 text either, which the text formats need)" : ""}; the formats are ${list}. Of these, ${importable.join(", ") || "none"} can be imported; send format to name the file's format`,
  };
}
