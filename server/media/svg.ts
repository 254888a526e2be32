// SVG sanitising before an SVG is stored (contract 8.3: scripts, event handlers, foreign objects
// and external references are removed, with a warning).
// The parsed tree (svg-parse.ts) is written back out by our own serialiser from an allowlist of
// SVG elements, so what is stored is exactly what was checked: nothing of the original text
// reaches the output unparsed.
// What may be kept is svg-policy.ts's. Pure: no Node APIs (TextEncoder only), so it could run in a
// browser.
import {
  SVG_NS,
  XLINK_NS,
  XML_NS,
  XMLNS_NS,
  attributeValue,
  parseSvgBytes,
  type SvgChild,
  type SvgElement,
} from "./svg-parse";

import {
  ALLOWED_ELEMENTS,
  ANIMATION_ELEMENTS,
  checkCss,
  EDITOR_NAMESPACES,
  KIND,
  RASTER_DATA_URL,
  REFERENCING_ELEMENTS,
  Removals,
  sanitizeStyleAttribute,
} from "./svg-policy";

export { readSvgRoot, type SvgRootInfo } from "./svg-parse";

/** Text and attribute values are escaped and measured in pieces of this many characters. */
const ESCAPE_CHUNK = 64 * 1024;

/** The cleaned document would be larger than the caller allows (escaping can make it grow). */
export class SvgOutputTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the cleaned SVG would be larger than ${maxBytes} bytes`);
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};
const escapeOne = (c: string) => ESCAPES[c]!;

/** One pass per string (chained replaces copied a 16 MiB text once per character escaped). */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, escapeOne);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"\t\n\r]/g, escapeOne);
}

function hrefOf(element: SvgElement): string | null {
  return attributeValue(element, "href") ?? attributeValue(element, "href", XLINK_NS);
}

function isLocalReference(href: string): boolean {
  return href.trim().startsWith("#");
}

class Serializer {
  readonly removals = new Removals();
  usesXlink = false;
  private readonly parts: string[] = [];
  /** Characters written so far; UTF-8 needs at least one byte for each. */
  private length = 0;
  /** Namespace URIs that mean SVG: also "" when the root itself has no namespace. */
  private readonly svgUris: Set<string>;

  constructor(
    root: SvgElement,
    private readonly maxBytes: number,
  ) {
    this.svgUris = new Set(root.uri === "" ? [SVG_NS, ""] : [SVG_NS]);
  }

  run(root: SvgElement): string {
    this.element(root);
    // The root's start tag was written as "<svg"; add the namespace declarations it needs.
    const declarations = ` xmlns="${SVG_NS}"` + (this.usesXlink ? ` xmlns:xlink="${XLINK_NS}"` : "");
    this.grow(declarations.length);
    this.parts[0] = `<svg${declarations}`;
    return this.parts.join("");
  }

  /** Counts characters about to be written; stops once the output is over the bound. */
  private grow(characters: number): void {
    this.length += characters;
    if (this.length > this.maxBytes) throw new SvgOutputTooLarge(this.maxBytes);
  }

  /** Appends to the output; the new number of parts. */
  private write(part: string): number {
    this.grow(part.length);
    return this.parts.push(part);
  }

  /** Text or an attribute value, escaped in pieces, so an over-long output stops early. */
  private writeEscaped(text: string, escape: (piece: string) => string): void {
    if (text.length <= ESCAPE_CHUNK) this.write(escape(text));
    else for (let i = 0; i < text.length; i += ESCAPE_CHUNK) this.write(escape(text.slice(i, i + ESCAPE_CHUNK)));
  }

  /** Elements nest at most SVG_LIMITS.depth levels (the parser refuses deeper documents). */
  private element(el: SvgElement): void {
    const name = el.local;
    if (!this.svgUris.has(el.uri)) {
      if (!EDITOR_NAMESPACES.has(el.uri)) this.removals.add(KIND.foreignElement, el.name);
      return;
    }
    if (name === "script") return this.removals.add(KIND.script, "<script>");
    if (name === "foreignObject") return this.removals.add(KIND.foreignObject);
    if (name === "metadata") return; // licensing/editor data, never rendered
    if (!ALLOWED_ELEMENTS.has(name)) return this.removals.add(KIND.unsupported, name);

    if (ANIMATION_ELEMENTS.has(name)) {
      const target = (attributeValue(el, "attributeName") ?? "")
        .trim()
        .toLowerCase()
        .replace(/^[^:]*:/, "");
      if (target === "href" || target.startsWith("on")) return this.removals.add(KIND.animation, target);
    }
    const href = hrefOf(el);
    if (REFERENCING_ELEMENTS.has(name) && href !== null && !isLocalReference(href)) {
      if (!((name === "image" || name === "feImage") && RASTER_DATA_URL.test(href.trim()))) {
        return this.removals.add(KIND.external, href.trim().startsWith("data:") ? "data: URL" : href.trim());
      }
    }
    if (name === "style") return this.styleElement(el);

    this.write(`<${name}`);
    this.attributes(el, name);
    const endOfStartTag = this.write(">") - 1;
    for (const child of el.children) this.child(child);
    // Nothing written for the children (none, or all removed): an empty-element tag.
    if (this.parts.length === endOfStartTag + 1) this.parts[endOfStartTag] = "/>";
    else this.write(`</${name}>`);
  }

  /**
   * A style sheet is the concatenation of the element's own text children (browsers ignore
   * child elements' text), so exactly that text is checked and written, nothing else.
   */
  private styleElement(el: SvgElement): void {
    let css = "";
    for (const child of el.children) if (child.type === "text") css += child.text;
    const check = checkCss(css);
    if (!check.safe) {
      const problem = check.problem!;
      this.removals.add(problem.kind, problem.kind === KIND.importRule ? undefined : problem.detail);
      return;
    }
    this.write("<style");
    this.attributes(el, "style");
    if (!css) return void this.write("/>");
    this.write(">");
    this.writeEscaped(css, escapeText);
    this.write("</style>");
  }

  private child(node: SvgChild): void {
    if (node.type === "element") this.element(node);
    else if (node.type === "text") {
      if (node.text) this.writeEscaped(node.text, escapeText);
    } else if (node.target === "xml-stylesheet") {
      // <?xml-stylesheet href="…"?> loads a style sheet; other PIs mean nothing to browsers.
      this.removals.add(KIND.external, "xml-stylesheet");
    }
  }

  private attributes(el: SvgElement, elementName: string): void {
    for (const attr of el.attributes) {
      const { uri, local, value } = attr;
      let name: string;
      if (uri === XMLNS_NS) continue; // we write our own declarations
      if (uri === "") {
        name = local;
      } else if (uri === XLINK_NS) {
        name = `xlink:${local}`;
      } else if (uri === XML_NS) {
        if (local === "base") {
          this.removals.add(KIND.external, "xml:base");
          continue;
        }
        name = `xml:${local}`;
      } else {
        continue; // drawing programs' private attributes (inkscape:label, …): inert, dropped
      }

      if (/^on/i.test(local)) {
        this.removals.add(KIND.handler, local);
        continue;
      }
      let kept: string | null = value;
      if (local === "href" && (uri === "" || uri === XLINK_NS)) {
        const trimmed = value.trim();
        const rasterImage = (elementName === "image" || elementName === "feImage") && RASTER_DATA_URL.test(trimmed);
        if (!isLocalReference(value) && !rasterImage) {
          this.removals.add(KIND.external, trimmed.startsWith("data:") ? "data: URL" : trimmed);
          continue;
        }
      } else if (local === "style" && uri === "") {
        kept = sanitizeStyleAttribute(value, this.removals);
      } else if (value.includes("(")) {
        // Presentation attributes are CSS values: fill="url(…)", cursor="url(…)", filter, mask, …
        const check = checkCss(value);
        if (!check.safe) {
          if (check.problem) this.removals.add(check.problem.kind, check.problem.detail);
          kept = null;
        }
      }
      if (kept === null) continue;
      if (name.startsWith("xlink:")) this.usesXlink = true;
      this.write(` ${name}="`);
      this.writeEscaped(kept, escapeAttribute);
      this.write('"');
    }
  }
}

export interface SanitizedSvg {
  /** The cleaned document, UTF-8, always with the SVG namespace declared on the root. */
  bytes: Uint8Array;
  /** One short description per kind of thing removed, e.g. "event handler attributes (onload)". */
  removed: string[];
}

/**
 * Removes everything that could run script or load another resource from an SVG: scripts,
 * `on*` attributes, foreignObject, elements outside the SVG namespace and unknown elements,
 * links and references other than `#id` (href, xlink:href, xml:base, `url(…)` in attributes and
 * styles, `<use>`/`<image>`/`<feImage>` of other files; `<image>` keeps raster data: URLs),
 * style sheets with @import, animations that retarget links or handlers, comments, processing
 * instructions and the DOCTYPE. Throws when the bytes are not an SVG document within the
 * parser's limits (check with detectMedia first), and SvgOutputTooLarge when the cleaned
 * document would be over `maxBytes` (escaping can make text grow: CDATA's "<" becomes "&lt;"),
 * as soon as it is.
 */
export function sanitizeSvg(bytes: Uint8Array, maxBytes = Number.POSITIVE_INFINITY): SanitizedSvg {
  const root = parseSvgBytes(bytes);
  if (!root)
    throw new Error("sanitizeSvg: the bytes are not a well-formed SVG document within the limits of SVG_LIMITS");
  const serializer = new Serializer(root, maxBytes);
  const out = new TextEncoder().encode(serializer.run(root));
  if (out.byteLength > maxBytes) throw new SvgOutputTooLarge(maxBytes);
  return { bytes: out, removed: serializer.removals.list() };
}
