// Reading the XML formats (Moodle XML, QTI 3.0): a strict parser (saxes) turns the text into a
// small tree, and refuses what an import must never act on. A DOCTYPE is refused outright
// (contract 13.2.8): no entity is ever declared, so none is expanded (billion laughs) and no
// external entity or DTD is fetched (XXE); a reference to an undeclared entity is not
// well-formed. Every refusal says where, by line and column.
// Namespaces are not resolved: elements and attributes keep their qualified names, and `local`
// drops the prefix, which is all the formats need (QTI's elements are in one default namespace,
// Moodle XML has none). Pure: no Node APIs.
import { SaxesParser } from "saxes";

export interface XmlElement {
  /** Qualified name as written, e.g. `qti-choice-interaction` or `m:math`. */
  name: string;
  /** The name without its prefix. */
  local: string;
  /** By qualified name, as written. */
  attributes: Record<string, string>;
  children: XmlNode[];
  /** Where its start tag ends (1-based), for messages. */
  line: number;
}

/** Text (character data and CDATA, adjacent pieces joined) or an element. */
export type XmlNode = XmlElement | string;

export type XmlRead = { ok: true; root: XmlElement } | { ok: false; message: string };

/** Deeper nesting than any real question file; it keeps the recursive readers' stacks bounded. */
export const XML_MAX_DEPTH = 256;

class Refused extends Error {}

/**
 * The document's tree, or why it is not one this import reads: not well-formed, a DOCTYPE, or
 * nesting deeper than XML_MAX_DEPTH. The message starts with the place (`line 3, column 7: …`).
 */
export function readXml(text: string): XmlRead {
  const parser = new SaxesParser({ position: true });
  const open: XmlElement[] = [];
  let root: XmlElement | null = null;
  const where = () => `line ${parser.line}, column ${parser.column + 1}`;

  // Few handlers: saxes slows down for every later parse once its object holds many (see
  // server/media/svg-parse.ts). Without an error handler saxes throws, which is what we want.
  parser.on("doctype", () => {
    throw new Refused(
      `${where()}: the document has a DOCTYPE, which an import refuses (entities and DTDs are never read); remove the <!DOCTYPE …> declaration`,
    );
  });
  parser.on("opentag", (tag) => {
    if (open.length >= XML_MAX_DEPTH)
      throw new Refused(`${where()}: elements are nested more than ${XML_MAX_DEPTH} deep`);
    const colon = tag.name.indexOf(":");
    const element: XmlElement = {
      name: tag.name,
      local: colon < 0 ? tag.name : tag.name.slice(colon + 1),
      attributes: tag.attributes as Record<string, string>,
      children: [],
      line: parser.line,
    };
    const parent = open[open.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    if (!tag.isSelfClosing) open.push(element);
  });
  parser.on("closetag", (tag) => {
    if (!tag.isSelfClosing) open.pop();
  });
  const onText = (piece: string) => {
    const parent = open[open.length - 1];
    if (!parent) return;
    const last = parent.children.length - 1;
    if (typeof parent.children[last] === "string") parent.children[last] += piece;
    else parent.children.push(piece);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    // saxes's messages start with `line:column: `; ours says it in words.
    const raw = error instanceof Error ? error.message : String(error);
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(raw);
    const message = m ? `line ${m[1]}, column ${m[2]}: ${m[3]}` : raw;
    return { ok: false, message: `is not well-formed XML: ${message}` };
  }
  if (!root) return { ok: false, message: "is not an XML document: it has no root element" };
  return { ok: true, root };
}

// ---------------------------------------------------------------------------------------------
// Reading the tree

/** The element's child elements, all or those of one local name. */
export function childElements(element: XmlElement, local?: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children)
    if (typeof child !== "string" && (local === undefined || child.local === local)) found.push(child);
  return found;
}

/** The first child element of that local name, or null. */
export function childElement(element: XmlElement, local: string): XmlElement | null {
  for (const child of element.children) if (typeof child !== "string" && child.local === local) return child;
  return null;
}

/** All the text inside the element, in document order (elements' own text included). */
export function textContent(node: XmlNode): string {
  if (typeof node === "string") return node;
  let text = "";
  for (const child of node.children) text += textContent(child);
  return text;
}

/** The text of the first child of that local name (Moodle's `<name><text>…</text></name>` is `childText(q, "name", "text")`). */
export function childText(element: XmlElement, ...path: string[]): string | null {
  let at: XmlElement | null = element;
  for (const local of path) {
    at = childElement(at, local);
    if (!at) return null;
  }
  return textContent(at);
}
