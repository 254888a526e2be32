// What the QTI 3.0 export and import share: namespaces, the package's layout, identifiers, and the
// names of the outcome variables every item and the test declare. Pure.
import { xmlElement, xmlText } from "./xml-write";

export const QTI_NS = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0";
export const QTI_XSD = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0p1_v1p0.xsd";
export const CP_NS = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1";
export const CP_XSD = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd";
export const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";

/** The tool-name our files carry; an item of ours is read back with its `data-es-*` marks. */
export const TOOL_NAME = "Exam Studio";
export const TOOL_VERSION = "1";

/** The root attributes of a QTI document (item, test, stimulus). */
export function qtiRootAttributes(): Record<string, string> {
  return { xmlns: QTI_NS, "xmlns:xsi": XSI_NS, "xsi:schemaLocation": `${QTI_NS} ${QTI_XSD}` };
}

// The package's layout: the test and the manifest at the root, then folders.
export const TEST_FILE = "assessment-test.xml";
export const itemFile = (identifier: string) => `items/${identifier}.xml`;
export const stimulusFile = (identifier: string) => `stimuli/${identifier}.xml`;
/** Media sit in media/ under their stored names (`<sha256>.<ext>`). */
export const mediaFile = (storedPath: string) => `media/${storedPath.replace(/^\/media\//, "")}`;

// Outcome variables.
export const RESPONSE = "RESPONSE";
export const SCORE = "SCORE";
export const MAXSCORE = "MAXSCORE";
/** 1 when the response is fully correct (product.md), else 0: methods 1 and 3 count these. */
export const CORRECT = "CORRECT";
export const FEEDBACK = "FEEDBACK";
export const EXPLANATION = "EXPLANATION";

/** XML's NCName, as QTI identifiers are (letters, digits, `-`, `_`, `.`; not starting with a digit, `-` or `.`). */
const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
export const isIdentifier = (value: string) => NCNAME.test(value) && value.length <= 200;

/** The relative path from a file's folder to another package path. */
export function relativeHref(fromFile: string, toPath: string): string {
  const from = fromFile.split("/").slice(0, -1);
  const to = toPath.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...from.slice(common).map(() => ".."), ...to.slice(common)].join("/");
}

/** A reference written in `fromFile` as a package path (`..` and `.` resolved; null when it leaves the package or is absolute). */
export function resolveHref(fromFile: string, href: string): string | null {
  const clean = href.split(/[?#]/)[0]!;
  if (clean === "" || /^[a-z][a-z0-9+.-]*:/i.test(clean) || clean.startsWith("/")) return null;
  const parts = fromFile.split("/").slice(0, -1);
  for (const seg of safeDecode(clean).split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join("/");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// ---------------------------------------------------------------------------------------------
// Expressions of response and outcome processing

export const e = {
  variable: (identifier: string) => xmlElement("qti-variable", { identifier }),
  correct: (identifier: string) => xmlElement("qti-correct", { identifier }),
  float: (value: number) => xmlElement("qti-base-value", { "base-type": "float" }, String(value)),
  integer: (value: number) => xmlElement("qti-base-value", { "base-type": "integer" }, String(value)),
  identifier: (value: string) => xmlElement("qti-base-value", { "base-type": "identifier" }, value),
  string: (value: string) => xmlElement("qti-base-value", { "base-type": "string" }, xmlText(value)),
  isNull: (expr: string) => xmlElement("qti-is-null", {}, expr),
  match: (a: string, b: string) => xmlElement("qti-match", {}, a, b),
  and: (...exprs: string[]) => (exprs.length === 1 ? exprs[0]! : xmlElement("qti-and", {}, ...exprs)),
  or: (...exprs: string[]) => (exprs.length === 1 ? exprs[0]! : xmlElement("qti-or", {}, ...exprs)),
  not: (expr: string) => xmlElement("qti-not", {}, expr),
  sum: (...exprs: string[]) => xmlElement("qti-sum", {}, ...exprs),
  set: (identifier: string, expr: string) => xmlElement("qti-set-outcome-value", { identifier }, expr),
};
