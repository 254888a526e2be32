// What comes before an SVG's root element, read without an XML parser: the UTF-8 text (BOM,
// quick rejection of binary data), the prolog (XML declaration, comments, processing
// instructions, one DOCTYPE) and the DOCTYPE's simple entities, expanded into the text so the
// parser never sees a DTD. Every step is one linear scan.
// Pure: no Node APIs (TextDecoder only).
import { SVG_LIMITS } from "./limits";

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function decodeUtf8(bytes: Uint8Array): string | null {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3; // UTF-8 BOM
  // Cheap rejection of binary data before decoding a large buffer: the first
  // non-whitespace character of an XML document is "<".
  let i = start;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (bytes[i] !== 0x3c) return null;
  try {
    return UTF8.decode(bytes.subarray(start));
  } catch {
    return null; // not UTF-8 (UTF-16 and legacy encodings are not accepted)
  }
}

export interface Prolog {
  /** Index of the "<" that opens the root element. */
  rootStart: number;
  /** The DOCTYPE declaration, when there is one. */
  doctype?: { start: number; end: number; subset: string };
}

/** Index just after the matching `close`, or -1. */
function skipPast(text: string, from: number, close: string): number {
  const at = text.indexOf(close, from);
  return at < 0 ? -1 : at + close.length;
}

/**
 * Walks what may precede the root element: whitespace, the XML declaration, comments,
 * processing instructions and one DOCTYPE (with its internal subset). Null when anything else
 * comes first or a construct is unterminated.
 */
export function scanProlog(text: string): Prolog | null {
  let i = 0;
  let doctype: Prolog["doctype"];
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith("<?", i)) {
      i = skipPast(text, i + 2, "?>");
    } else if (text.startsWith("<!--", i)) {
      i = skipPast(text, i + 4, "-->");
    } else if (text.startsWith("<!DOCTYPE", i)) {
      if (doctype) return null;
      const start = i;
      let j = i + 9;
      let subset = "";
      // Up to "[" or ">", skipping quoted system/public identifiers.
      while (j < text.length && text[j] !== "[" && text[j] !== ">") {
        const q = text[j];
        j = q === '"' || q === "'" ? skipPast(text, j + 1, q) : j + 1;
        if (j < 0) return null;
      }
      if (text[j] === "[") {
        const subsetStart = j + 1;
        j = subsetStart;
        while (j < text.length && text[j] !== "]") {
          const q = text[j];
          if (q === '"' || q === "'") j = skipPast(text, j + 1, q);
          else if (text.startsWith("<!--", j)) j = skipPast(text, j + 4, "-->");
          else j++;
          if (j < 0) return null;
        }
        if (j >= text.length) return null;
        subset = text.slice(subsetStart, j);
        j++;
        while (j < text.length && /\s/.test(text[j]!)) j++;
      }
      if (text[j] !== ">") return null;
      i = j + 1;
      doctype = { start, end: i, subset };
    } else if (text[i] === "<") {
      return { rootStart: i, doctype };
    } else {
      return null;
    }
    if (i < 0) return null;
  }
}

/**
 * General entities declared with a literal value in the internal DTD subset (Adobe Illustrator
 * declares its namespaces that way). Values that would need recursive expansion or contain
 * markup are not supported: references to them then fail to parse.
 */
function declaredEntities(subset: string): Map<string, string> {
  const entities = new Map<string, string>();
  const re = /<!ENTITY\s+([A-Za-z_][\w.:-]*)\s+("([^"]*)"|'([^']*)')\s*>/g;
  for (let m = re.exec(subset); m; m = re.exec(subset)) {
    const value = m[3] ?? m[4] ?? "";
    if (/[&<%]/.test(value)) continue;
    if (!entities.has(m[1]!)) entities.set(m[1]!, value);
  }
  return entities;
}

/** The text with the DOCTYPE removed and its simple entities expanded; null if it grows too much. */
export function withoutDoctype(text: string, prolog: Prolog): string | null {
  const doctype = prolog.doctype;
  if (!doctype) return text;
  const body = text.slice(0, doctype.start) + text.slice(doctype.end);
  const entities = declaredEntities(doctype.subset);
  if (entities.size === 0) return body;
  let growth = 0;
  let tooBig = false;
  const expanded = body.replace(/&([A-Za-z_][\w.:-]*);/g, (ref, name: string) => {
    const value = entities.get(name);
    if (value === undefined) return ref;
    growth += value.length - ref.length;
    if (growth > SVG_LIMITS.entityGrowth) tooBig = true;
    return value;
  });
  return tooBig ? null : expanded;
}
