// SVG parsing: is this UTF-8 text an XML document with an <svg> root, and what tree does it
// hold. Used by detectMedia (recognising), imageDimensions (root size), sanitizeSvg and
// checkResource (an SVG over a limit).
// A strict XML parser (saxes) reads the text; namespaces are resolved here (svg-namespaces.ts)
// in constant time per name, since saxes's own resolution walks every open element. The reading
// stops as soon as the document crosses a limit of SVG_LIMITS (depth, elements, attributes,
// namespace declarations), so neither time nor memory grows beyond what a document at the limits
// costs. Comments, the DOCTYPE, the XML declaration and processing instructions other than
// xml-stylesheet are not kept; adjacent text and CDATA become one text node.
// Pure: no Node APIs (TextDecoder only), so it could run in a browser.
import { SaxesParser, type SaxesAttributePlain } from "saxes";
import { SVG_LIMITS, svgLimitMessage, type SvgLimit } from "./limits";
import { NamespaceScopes, XML_NS, XMLNS_NS, type ReplacedBindings } from "./svg-namespaces";
import { decodeUtf8, scanProlog, withoutDoctype } from "./svg-prolog";

export const SVG_NS = "http://www.w3.org/2000/svg";
export const XLINK_NS = "http://www.w3.org/1999/xlink";
export { XML_NS, XMLNS_NS };

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

export interface SvgLimitBreach {
  limit: SvgLimit;
  /** Says what the document does and what is allowed. */
  message: string;
}

export type SvgParse =
  | { kind: "svg"; root: SvgElement }
  /** Its start reads as an SVG, but it crossed a limit; the rest was not read. */
  | { kind: "too_complex"; breach: SvgLimitBreach }
  | { kind: "not_svg" };

const NOT_SVG: SvgParse = { kind: "not_svg" };
const tooComplex = (limit: SvgLimit): SvgParse => ({
  kind: "too_complex",
  breach: { limit, message: svgLimitMessage(limit) },
});

class NotWellFormed extends Error {}

class LimitCrossed extends Error {
  constructor(readonly limit: SvgLimit) {
    super(limit);
  }
}

interface OpenElement {
  element: SvgElement;
  /** What this element's namespace declarations replaced; null for none (most elements). */
  declared: ReplacedBindings | null;
}

/**
 * Builds the tree from saxes's events (saxes without `xmlns`: it checks well-formedness and
 * reports qualified names; the namespace rules are applied here), counting against the limits.
 */
class TreeBuilder {
  root: SvgElement | null = null;
  private readonly scopes = new NamespaceScopes({ xlink: XLINK_NS });
  private readonly open: OpenElement[] = [];
  private elements = 0;
  private attributeCount = 0;
  private declarations = 0;
  /** Attributes of the start tag being read, in document order. */
  private pending: SaxesAttributePlain[] = [];

  // Six handlers, no more: saxes stores each under a computed key, and a seventh or eighth
  // turned the parser object into a dictionary in V8 (Node 20), which made all of saxes about
  // four times slower, in this and every later parse. Without an error handler saxes throws.
  constructor(private readonly parser: SaxesParser) {
    parser.on("attribute", (attribute) => this.attribute(attribute));
    parser.on("opentag", (tag) => this.openTag(tag.name));
    parser.on("closetag", () => this.closeTag());
    parser.on("text", (text) => this.text(text));
    parser.on("cdata", (text) => this.text(text));
    parser.on("processinginstruction", (pi) => this.processingInstruction(pi.target));
  }

  private attribute(attribute: SaxesAttributePlain): void {
    if (++this.attributeCount > SVG_LIMITS.attributes) throw new LimitCrossed("attributes");
    const { name } = attribute;
    const declaration = name.startsWith("xmlns") && (name.length === 5 || name[5] === ":");
    if (declaration && ++this.declarations > SVG_LIMITS.namespaceDeclarations)
      throw new LimitCrossed("namespaceDeclarations");
    this.pending.push(attribute);
  }

  private openTag(qualifiedName: string): void {
    if (this.open.length + 1 > SVG_LIMITS.depth) throw new LimitCrossed("depth");
    if (++this.elements > SVG_LIMITS.elements) throw new LimitCrossed("elements");
    // Declarations apply to the element's own name and attributes, wherever they are written.
    const declared = this.declareNamespaces();
    const { prefix, local } = splitName(qualifiedName);
    if (prefix === "xmlns") throw new NotWellFormed('an element name cannot have the prefix "xmlns"');
    const uri = this.scopes.resolve(prefix);
    if (uri === undefined) throw new NotWellFormed(`unbound prefix ${prefix}`);
    const element: SvgElement = {
      type: "element",
      name: qualifiedName,
      local,
      uri,
      attributes: this.resolveAttributes(),
      children: [],
    };

    const parent = this.open[this.open.length - 1];
    if (parent) parent.element.children.push(element);
    else {
      // The root decides at once: another root is not an SVG, however long the rest.
      if (local !== "svg" || (uri !== SVG_NS && uri !== "")) throw new NotWellFormed("the root is not <svg>");
      this.root = element;
    }
    this.open.push({ element, declared });
  }

  /** Binds the start tag's `xmlns` / `xmlns:p` attributes; what they replaced, or null. */
  private declareNamespaces(): ReplacedBindings | null {
    let declared: ReplacedBindings | null = null;
    const xml11 = this.parser.xmlDecl.version === "1.1";
    for (const { name, value } of this.pending) {
      let prefix: string;
      if (name === "xmlns") prefix = "";
      else if (name.startsWith("xmlns:")) prefix = splitName(name).local;
      else continue;
      const problem = this.scopes.declare(prefix, value, xml11, (declared ??= []));
      if (problem) throw new NotWellFormed(problem);
    }
    return declared;
  }

  private resolveAttributes(): SvgAttribute[] {
    const attributes: SvgAttribute[] = [];
    let prefixed: Set<string> | null = null;
    for (const { name, value } of this.pending) {
      const { prefix, local } = splitName(name);
      if (prefix === "") {
        // Unprefixed attributes are in no namespace (the default one does not apply to them);
        // saxes has already refused the same name twice.
        attributes.push({ name, local, uri: name === "xmlns" ? XMLNS_NS : "", value });
        continue;
      }
      const uri = this.scopes.resolve(prefix);
      if (uri === undefined) throw new NotWellFormed(`unbound prefix ${prefix}`);
      if (prefix === "xmlns") {
        // A declaration: only this prefix has this URI, and saxes has refused a name twice.
        attributes.push({ name, local, uri, value });
        continue;
      }
      // Two prefixes bound to one URI make `a:x` and `b:x` the same attribute.
      const expanded = `${uri} ${local}`;
      if ((prefixed ??= new Set()).has(expanded)) throw new NotWellFormed(`duplicate attribute ${name}`);
      prefixed.add(expanded);
      attributes.push({ name, local, uri, value });
    }
    this.pending = [];
    return attributes;
  }

  private closeTag(): void {
    const closed = this.open.pop();
    if (closed?.declared) this.scopes.release(closed.declared);
  }

  private text(text: string): void {
    const parent = this.open[this.open.length - 1];
    if (!parent) return;
    const children = parent.element.children;
    const last = children[children.length - 1];
    // Text split by comments (or CDATA sections) is one text node: a node per piece would let a
    // document of `a<!---->` pieces cost a node per 8 bytes.
    if (last?.type === "text") last.text += text;
    else children.push({ type: "text", text });
  }

  private processingInstruction(target: string): void {
    if (target.includes(":")) throw new NotWellFormed("a processing instruction's target cannot contain a colon");
    const parent = this.open[this.open.length - 1];
    // Only xml-stylesheet means anything to a browser (the serialiser reports it); one in a row
    // says as much as many.
    if (!parent || target !== "xml-stylesheet") return;
    const last = parent.element.children[parent.element.children.length - 1];
    if (last?.type !== "pi") parent.element.children.push({ type: "pi", target });
  }
}

/** Prefix and local part of a qualified name (QName); a name with an empty part is not one. */
function splitName(name: string): { prefix: string; local: string } {
  const colon = name.indexOf(":");
  if (colon < 0) return { prefix: "", local: name };
  const prefix = name.slice(0, colon);
  const local = name.slice(colon + 1);
  if (prefix === "" || local === "" || local.includes(":")) throw new NotWellFormed(`malformed name ${name}`);
  return { prefix, local };
}

/** Parses text as an SVG document. */
function parseSvgText(text: string): SvgParse {
  const prolog = scanProlog(text);
  if (!prolog) return NOT_SVG;
  // Quick check before the full parse: the root is <svg or <prefix:svg.
  if (!/^<([A-Za-z_][\w.-]*:)?svg[\s/>]/.test(text.slice(prolog.rootStart, prolog.rootStart + 80))) return NOT_SVG;
  const source = withoutDoctype(text, prolog);
  if (source === null) return tooComplex("entityGrowth");

  const parser = new SaxesParser({ position: false });
  const builder = new TreeBuilder(parser);
  try {
    parser.write(source).close();
  } catch (error) {
    // A limit counts only while nothing else was wrong: the start was an SVG's.
    return error instanceof LimitCrossed ? tooComplex(error.limit) : NOT_SVG;
  }
  return builder.root ? { kind: "svg", root: builder.root } : NOT_SVG;
}

/**
 * Parse results by input array: detectMedia, sanitizeSvg, imageDimensions and checkResource are
 * called on the same bytes in turn, and a large SVG should be parsed once.
 */
const parsed = new WeakMap<Uint8Array, SvgParse>();

/** What the bytes are as an SVG document. */
export function parseSvg(bytes: Uint8Array): SvgParse {
  const cached = parsed.get(bytes);
  if (cached !== undefined) return cached;
  const text = decodeUtf8(bytes);
  const result = text === null ? NOT_SVG : parseSvgText(text);
  parsed.set(bytes, result);
  return result;
}

/** The root element of an SVG document within the limits, or null. */
export function parseSvgBytes(bytes: Uint8Array): SvgElement | null {
  const result = parseSvg(bytes);
  return result.kind === "svg" ? result.root : null;
}

/**
 * The limit an SVG document crossed, or null (for an SVG within the limits, and for bytes that
 * are not an SVG at all).
 */
export function svgLimitBreach(bytes: Uint8Array): SvgLimitBreach | null {
  const result = parseSvg(bytes);
  return result.kind === "too_complex" ? result.breach : null;
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
 * (possibly after a BOM, an XML declaration, comments, processing instructions, a DOCTYPE),
 * within the limits of SVG_LIMITS.
 */
export function readSvgRoot(bytes: Uint8Array): SvgRootInfo | null {
  const root = parseSvgBytes(bytes);
  if (!root) return null;
  return {
    width: attributeValue(root, "width"),
    height: attributeValue(root, "height"),
    viewBox: attributeValue(root, "viewBox"),
  };
}
