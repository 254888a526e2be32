// Which formats can be imported and exported so far: each format's module, by id. A format of
// contract 13.1 without a module here is accepted by the methods' schemas and answered with a
// clear -32602 ("not available yet"). Pure.
import type { Issue } from "../errors";
import { aiken } from "./aiken";
import { csv } from "./csv";
import { examJson } from "./exam-json";
import { gift } from "./gift";
import { qti3 } from "./qti3";
import { FORMAT_IDS, FORMATS, type FormatId, type FormatModule } from "./types";

export const FORMAT_MODULES: Readonly<Partial<Record<FormatId, FormatModule>>> = {
  exam_json: examJson,
  qti3,
  gift,
  aiken,
  csv,
};

export type Direction = "import" | "export";

/** The module that reads (import) or writes (export) the format; null when there is none yet. */
export function formatModule(format: FormatId, direction: Direction, modules = FORMAT_MODULES): FormatModule | null {
  const module = modules[format];
  if (!module) return null;
  return (direction === "import" ? module.parse : module.export) ? module : null;
}

/** The formats that can be imported (or exported) now, by id. */
export function availableFormats(direction: Direction, modules = FORMAT_MODULES): FormatId[] {
  return FORMAT_IDS.filter((id) => formatModule(id, direction, modules) !== null);
}

/** `format` names a format that cannot be imported (or exported) yet: -32602 at `path`. */
export function unavailableFormat(format: FormatId, direction: Direction, path: string, modules = FORMAT_MODULES): Issue {
  const available = availableFormats(direction, modules);
  return {
    code: "format_unavailable",
    path,
    message: `${format} (${FORMATS[format].name}) cannot be ${direction}ed yet; ${direction} is available for ${available.join(", ") || "no format"} so far`,
  };
}
