// SVG parsing: is this UTF-8 text an XML document with an <svg> root, and what tree does it
// hold. Used by detectMedia (recognising), imageDimensions (root size) and sanitizeSvg.
// A strict, namespace-aware XML parser (saxes) builds a small tree of our own; comments, the
// DOCTYPE and the XML declaration are not kept.
// Pure: no Node APIs (TextDecoder only), so it could run in a browser.
import { SaxesParser } from "saxes";

export const SVG_NS = "http://www.w3.org/2000/svg";
export const XLINK_NS = "http://www.w3.org/1999/xlink";
export const XML_NS = "http://www.w3.org/XML/1998/namespace";
export const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

/** Entity expansion may add at most this many characters (guards against entity bombs). */
const MAX_ENTITY_GROWTH = 4 * 1024 * 1024;

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array): string | null {
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

interface Prolog {
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
function scanProlog(text: string): Prolog | null {
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
function withoutDoctype(text: string, prolog: Prolog): string | null {
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
    if (growth > MAX_ENTITY_GROWTH) tooBig = true;
    return value;
  });
  return tooBig ? null : expanded;
}

export interface SvgAttribute {
  /** Qualified name as written, e.g. `xlink:href`. */
  name: string;
  local: string;
  /** Namespace URI, "" for none. */
  uri: string;
  value: string;
}

export interface SvgElement {
  type: "element";
  name: string;
  local: string;
  uri: string;
  attributes: SvgAttribute[];
  children: SvgChild[];
}

export type SvgChild = SvgElement | { type: "text"; text: string } | { type: "pi"; target: string };

/** Parses text as an SVG document; the root element, or null when it is not well-formed SVG. */
function parseSvgText(text: string): SvgElement | null {
  const prolog = scanProlog(text);
  if (!prolog) return null;
  // Quick check before the full parse: the root is <svg or <prefix:svg.
  if (!/^<([A-Za-z_][\w.-]*:)?svg[\s/>]/.test(text.slice(prolog.rootStart, prolog.rootStart + 80))) return null;
  const source = withoutDoctype(text, prolog);
  if (source === null) return null;

  // The xlink prefix need not be declared (as in inline SVG); the serialiser declares it.
  const parser = new SaxesParser({ xmlns: true, position: false, additionalNamespaces: { xlink: XLINK_NS } });
  const top: SvgChild[] = [];
  const stack: SvgElement[] = [];
  const append = (child: SvgChild) => (stack.length ? stack[stack.length - 1]!.children : top).push(child);
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const element: SvgElement = {
      type: "element",
      name: tag.name,
      local: tag.local,
      uri: tag.uri,
      attributes: Object.values(tag.attributes).map((a) => ({ name: a.name, local: a.local, uri: a.uri, value: a.value })),
      children: [],
    };
    append(element);
    stack.push(element);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.on("text", (data) => {
    if (stack.length) append({ type: "text", text: data });
  });
  parser.on("cdata", (data) => append({ type: "text", text: data }));
  parser.on("processinginstruction", (pi) => {
    if (stack.length) append({ type: "pi", target: pi.target });
  });
  try {
    parser.write(source).close();
  } catch {
    return null;
  }
  const root = top.find((c): c is SvgElement => c.type === "element");
  if (!root || root.local !== "svg") return null;
  // A root without a namespace is taken as SVG (as browsers do for inline SVG in HTML): its
  // unprefixed descendants then count as SVG too.
  if (root.uri !== SVG_NS && root.uri !== "") return null;
  return root;
}

/**
 * Parse results by input array: detectMedia, sanitizeSvg and imageDimensions are called on the
 * same bytes in turn, and a large SVG should be parsed once.
 */
const parsed = new WeakMap<Uint8Array, SvgElement | null>();

/** The root element of an SVG document, or null when the bytes are not one. */
export function parseSvgBytes(bytes: Uint8Array): SvgElement | null {
  const cached = parsed.get(bytes);
  if (cached !== undefined) return cached;
  const text = decodeUtf8(bytes);
  const root = text === null ? null : parseSvgText(text);
  parsed.set(bytes, root);
  return root;
}

export function attributeValue(element: SvgElement, local: string, uri = ""): string | null {
  return element.attributes.find((a) => a.local === local && a.uri === uri)?.value ?? null;
}

/** Attributes of the root element that size an SVG; null when the bytes are not an SVG document. */
export interface SvgRootInfo {
  width: string | null;
  height: string | null;
  viewBox: string | null;
}

/**
 * Null unless the bytes are a well-formed UTF-8 XML document whose root is an `<svg>` element
 * (possibly after a BOM, an XML declaration, comments, processing instructions, a DOCTYPE).
 */
export function readSvgRoot(bytes: Uint8Array): SvgRootInfo | null {
  const root = parseSvgBytes(bytes);
  if (!root) return null;
  return { width: attributeValue(root, "width"), height: attributeValue(root, "height"), viewBox: attributeValue(root, "viewBox") };
}
