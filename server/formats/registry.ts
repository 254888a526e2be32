// Each format's module, by id: every format of contract 13.1 and 13.3 can be imported, and all but
// GIFT, Aiken and QTI 2.x exported. A format without a module (or without the half a call needs) is answered with a
// clear -32602 naming the formats that can. Pure.
import type { Issue } from "../errors";
import { aiken } from "./aiken";
import { csv } from "./csv";
import { examJson } from "./exam-json";
import { gift } from "./gift";
import { qti2 } from "./qti2";
import { qti3 } from "./qti3";
import { moodleXml } from "./moodle-xml";
import { xlsx } from "./xlsx";
import { FORMAT_IDS, FORMATS, type FormatId, type FormatModule } from "./types";

export const FORMAT_MODULES: Readonly<Partial<Record<FormatId, FormatModule>>> = {
  exam_json: examJson,
  qti3,
  qti2,
  moodle_xml: moodleXml,
  gift,
  aiken,
  csv,
  xlsx,
};

export type Direction = "import" | "export";

/** The module that reads (import) or writes (export) the format; null when there is none yet. */
export function formatModule(format: FormatId, direction: Direction, modules = FORMAT_MODULES): FormatModule | null {
  const found = modules[format];
  if (!found) return null;
  return (direction === "import" ? found.parse : found.export) ? found : null;
}

/** The formats that can be imported (or exported) now, by id. */
export function availableFormats(direction: Direction, modules = FORMAT_MODULES): FormatId[] {
  return FORMAT_IDS.filter((id) => formatModule(id, direction, modules) !== null);
}

/** `format` names a format that cannot be imported (or exported) yet: -32602 at `path`. */
export function unavailableFormat(
  format: FormatId,
  direction: Direction,
  path: string,
  modules = FORMAT_MODULES,
): Issue {
  const available = availableFormats(direction, modules);
  return {
    code: "format_unavailable",
    path,
    message:
      direction === "export" && !FORMATS[format].exportable
        ? `${format} (${FORMATS[format].name}) is a format to import from only; export is available for ${available.join(", ") || "no format"}`
        : `${format} (${FORMATS[format].name}) cannot be ${direction}ed yet; ${direction} is available for ${available.join(", ") || "no format"} so far`,
  };
}
