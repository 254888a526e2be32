// The QTI 3.0 content package (`qti3`, contract 13.1): export in qti3-export.ts, import in
// qti3-import.ts; recognised as a zip with imsmanifest.xml at its root. Pure.
import { exportQti3 } from "./qti3-export";
import { looksLikeQti3, parseQti3 } from "./qti3-import";
import type { FormatModule } from "./types";

export const qti3: FormatModule = {
  id: "qti3",
  recognize: ({ bytes }) => looksLikeQti3(bytes),
  parse: parseQti3,
  export: exportQti3,
};
