// Which format a file is in, from its content (contract 13.2.1), for an import that does not say:
// each format's module recognises its own files; the first that does wins. Pure.
import type { Issue } from "../errors";
import { FORMAT_MODULES } from "./registry";
import { utf8Text } from "./shared";
import { FORMAT_IDS, FORMATS, type FormatId, type FormatModule } from "./types";

export type Recognition = { ok: true; format: FormatId } | { ok: false; issue: Issue };

/**
 * The format of `bytes`, or an issue at `file` saying that it matches none and which formats
 * exist. Modules are asked in the order of contract 13.1 (the zip and JSON formats, whose marks
 * are unambiguous, before the text formats).
 */
export function recognizeFormat(bytes: Uint8Array, modules: Readonly<Partial<Record<FormatId, FormatModule>>> = FORMAT_MODULES): Recognition {
  let text: string | null | undefined;
  const file = {
    bytes,
    // Decoded once, and only when a module asks.
    get text() {
      if (text === undefined) text = utf8Text(bytes);
      return text;
    },
  };
  for (const id of FORMAT_IDS) {
    const module = modules[id];
    if (module?.recognize(file)) return { ok: true, format: id };
  }
  return { ok: false, issue: unrecognized(modules) };
}

function unrecognized(modules: Readonly<Partial<Record<FormatId, FormatModule>>>): Issue {
  const list = FORMAT_IDS.map((id) => `${id} (${FORMATS[id].name}: ${FORMATS[id].looks})`).join("; ");
  const importable = FORMAT_IDS.filter((id) => modules[id]?.parse);
  return {
    code: "unknown_format",
    path: "file",
    message: `is in no format this import knows; the formats are ${list}. Of these, ${importable.join(", ") || "none"} can be imported so far; send format to name the file's format`,
  };
}
