// HTML between the project's HTML fields and QTI 3.0's content model (contract 13.1.2). Stored
// HTML (the HTML policy's output, server/html) is almost XHTML; what QTI's XSD does not take is
// rewritten without changing what a candidate sees, and marked with `data-es-*` attributes (which
// QTI allows on its HTML elements) so that our own import writes back exactly what was stored:
//   - `<u>` and `<s>` (not in QTI) → `<span class="qti-underline" data-es-tag="u">`,
//     `<span class="qti-line-through" data-es-tag="s">`;
//   - an `<iframe>` (a YouTube embed, explanations and descriptions only) → a link to it,
//     `<a href="…" data-es-tag="iframe">`, which QTI can hold (the video is not embedded: lossy);
//   - an `<img>` without `alt` (QTI requires one) → `alt="" data-es-alt="none"`;
//   - bare boolean attributes (`controls`) → `controls="controls"`;
//   - an element whose QTI content model holds only inline content (p, span, h1–h6, strong, …)
//     but which holds an `<audio>` or `<video>` → `<div data-es-tag="p">` (and so down to the
//     media element), since a QTI `<p>` cannot hold `<audio>`.
// Media paths (`/media/<sha256>.<ext>`) become the package's relative paths. MathML (contract 9.1)
// is carried as it is, in the MathML namespace that QTI's XSD imports; on import, MathML in any
// prefix (`<m:math>`) is read by its local names. Pure.
import { decodeEntities } from "./shared";
import { readXml, type XmlElement, type XmlNode } from "./xml-read";
import { xmlAttr, xmlText } from "./xml-write";

const BOOLEAN_ATTRIBUTES = new Set(["controls", "loop", "muted", "allowfullscreen", "autoplay"]);
const VOID = new Set(["br", "hr", "img", "source"]);
/** Elements of QTI's HTMLTextDType (inline content only): they cannot hold audio or video. */
const INLINE_ONLY = new Set([
  "p",
  "span",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "sub",
  "sup",
  "code",
  "pre",
  "u",
  "s",
  "a",
  "small",
  "big",
  "cite",
  "q",
  "abbr",
  "kbd",
  "samp",
  "var",
  "dfn",
  "tt",
  "acronym",
  "label",
]);
const RENAMED: Record<string, { tag: string; class: string }> = {
  u: { tag: "span", class: "qti-underline" },
  s: { tag: "span", class: "qti-line-through" },
};
const MEDIA_SRC: Record<string, string[]> = { img: ["src"], audio: ["src"], video: ["src", "poster"], source: ["src"] };

// ---------------------------------------------------------------------------------------------
// Stored HTML → QTI XML

/** Bare attributes in start tags given a value, so that the policy's output reads as XML. */
function asXml(html: string): string {
  return html.replace(
    /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/g,
    (_whole, name: string, attrs: string, slash: string) => {
      const fixed = attrs.replace(
        /(\s+)([^\s=>/]+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?/g,
        (_m, space: string, attr: string, value?: string) => {
          if (value === undefined) return `${space}${attr}=""`;
          const v = value.replace(/^\s*=\s*/, "");
          return v.startsWith('"') || v.startsWith("'") ? `${space}${attr}=${v}` : `${space}${attr}="${v}"`;
        },
      );
      return `<${name}${fixed}${slash === "/" ? "/" : ""}>`;
    },
  );
}

/** The nodes of stored HTML, or null when it does not read as XML (the policy's output always does). */
export function readStoredHtml(html: string): XmlNode[] | null {
  // Named entities other than XML's own never appear in the policy's output; decode any anyway.
  const read = readXml(
    `<root>${asXml(html.replace(/&(?!amp;|lt;|gt;|quot;|apos;|#)([a-zA-Z]+);/g, (m) => decodeEntities(m)))}</root>`,
  );
  return read.ok ? read.root.children : null;
}

export interface HtmlToQti {
  xml: string;
  /** What QTI could not hold as it is (the report's notes). */
  notes: string[];
}

/**
 * Stored HTML as QTI content. `href` maps a stored media path to the package-relative path the
 * file refers to it by (null: left as written).
 */
export function htmlToQti(html: string, href: (path: string) => string | null): HtmlToQti {
  const notes: string[] = [];
  const nodes = readStoredHtml(html);
  if (nodes === null) {
    notes.push("its HTML could not be read as XML and was written as text");
    return { xml: xmlText(html), notes };
  }
  const xml = nodes.map((n) => nodeToQti(n, href, notes)).join("");
  return { xml, notes: [...new Set(notes)] };
}

function holdsMedia(node: XmlNode): boolean {
  if (typeof node === "string") return false;
  if (node.name === "audio" || node.name === "video") return true;
  return node.children.some(holdsMedia);
}

const MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML";

function nodeToQti(node: XmlNode, href: (path: string) => string | null, notes: string[]): string {
  if (typeof node === "string") return xmlText(node);
  const name = node.name.toLowerCase();
  const attrs: [string, string][] = name === "math" ? [["xmlns", MATHML_NAMESPACE]] : [];
  let tag = name;
  let extraClass: string | null = null;
  if (INLINE_ONLY.has(name) && node.children.some(holdsMedia)) {
    tag = "div";
  } else if (RENAMED[name]) {
    tag = RENAMED[name].tag;
    extraClass = RENAMED[name].class;
  }
  if (name === "iframe") {
    notes.push("an embedded video (iframe) is a link to it in QTI");
    const src = node.attributes.src ?? "";
    const out: [string, string][] = [
      ["href", src],
      ["data-es-tag", "iframe"],
    ];
    if ("allowfullscreen" in node.attributes) out.push(["data-es-allowfullscreen", "true"]);
    return `<a${attrText(out)}>${xmlText(src)}</a>`;
  }
  if (tag !== name) attrs.push(["data-es-tag", name]);
  if (extraClass) attrs.push(["class", extraClass]);
  for (const [key, raw] of Object.entries(node.attributes)) {
    let value = raw;
    if (BOOLEAN_ATTRIBUTES.has(key)) value = key;
    else if (MEDIA_SRC[name]?.includes(key)) value = href(value) ?? value;
    attrs.push([key, value]);
  }
  if (name === "img" && !("alt" in node.attributes)) attrs.push(["alt", ""], ["data-es-alt", "none"]);
  const children = node.children.map((c) => nodeToQti(c, href, notes)).join("");
  if (VOID.has(name)) return `<${tag}${attrText(attrs)}/>`;
  return `<${tag}${attrText(attrs)}>${children}</${tag}>`;
}

function attrText(attrs: readonly [string, string][]): string {
  return attrs.map(([k, v]) => ` ${k}="${xmlAttr(v)}"`).join("");
}

// ---------------------------------------------------------------------------------------------
// QTI XML → HTML

export interface QtiToHtmlOptions {
  /** A media reference as written (src, poster) → what the HTML refers to it by (the package path). */
  src: (value: string) => string;
  /** Collects what was left out. */
  warnings: string[];
}

const HTML_TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const htmlText = (s: string) => s.replace(/[&<>]/g, (c) => HTML_TEXT_ESCAPES[c]!);
const htmlAttr = (s: string) => s.replace(/[&"]/g, (c) => (c === "&" ? "&amp;" : "&quot;"));

/**
 * QTI content (the children of a body, a choice, …) as HTML in the form the HTML policy writes.
 * `trim` drops the indentation between top-level elements and around the content (another
 * tool's files are indented; ours are not, and are read as written).
 */
export function qtiToHtml(nodes: readonly XmlNode[], options: QtiToHtmlOptions & { trim?: boolean }): string {
  const kept = options.trim ? nodes.filter((n) => typeof n !== "string" || n.trim() !== "") : nodes;
  const html = kept.map((n) => nodeToHtml(n, options)).join("");
  return options.trim ? html.trim() : html;
}

function nodeToHtml(node: XmlNode, options: QtiToHtmlOptions): string {
  if (typeof node === "string") return htmlText(node);
  if (node.local === "math") return mathmlToHtml(node);
  if (node.name.includes(":") || node.local.startsWith("qti-")) {
    options.warnings.push(`<${node.name}> has no HTML equivalent and was left out`);
    return "";
  }
  if (node.local === "object" && isImageObject(node)) return imageOfObject(node, options);
  const original = node.attributes["data-es-tag"];
  if (original === "iframe") {
    const all = node.attributes["data-es-allowfullscreen"] === "true" ? " allowfullscreen" : "";
    return `<iframe src="${htmlAttr(node.attributes.href ?? "")}"${all}></iframe>`;
  }
  const tag = original ?? node.local;
  let out = `<${tag}`;
  for (const [key, value] of Object.entries(node.attributes)) {
    if (key.startsWith("data-es-") || key.startsWith("xmlns")) continue;
    if (key === "class" && original && RENAMED[original]) continue;
    if (key === "alt" && node.attributes["data-es-alt"] === "none") continue;
    if (BOOLEAN_ATTRIBUTES.has(key)) {
      if (value !== "false") out += ` ${key}`;
      continue;
    }
    const v = MEDIA_SRC[tag]?.includes(key) ? options.src(value) : value;
    out += ` ${key}="${htmlAttr(v)}"`;
  }
  if (VOID.has(tag)) return `${out} />`;
  return `${out}>${qtiToHtml(node.children, options)}</${tag}>`;
}

/**
 * A MathML element and its content as HTML: local names, no namespace declarations and no
 * prefixed attributes. What is not MathML Core is the policy's to remove, with its warning.
 */
function mathmlToHtml(node: XmlNode): string {
  if (typeof node === "string") return htmlText(node);
  let out = `<${node.local}`;
  for (const [key, value] of Object.entries(node.attributes)) {
    if (key.includes(":") || key === "xmlns") continue;
    out += ` ${key}="${htmlAttr(value)}"`;
  }
  return `${out}>${node.children.map(mathmlToHtml).join("")}</${node.local}>`;
}

/** An `object` whose type or file says it shows an image (QTI 2 and many packages show SVG this way). */
function isImageObject(node: XmlElement): boolean {
  const type = (node.attributes.type ?? "").trim().toLowerCase();
  const data = (node.attributes.data ?? "").trim();
  return data !== "" && (type.startsWith("image/") || (type === "" && /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(data)));
}

/**
 * The `img` an image `object` becomes (contract 13.3 point 1: our HTML has no `object`), its
 * fallback content as the alt text, so the package's file is one of the item's media.
 */
function imageOfObject(node: XmlElement, options: QtiToHtmlOptions): string {
  const data = node.attributes.data!.trim();
  const alt = textOf(node).replace(/\s+/g, " ").trim();
  let out = `<img src="${htmlAttr(options.src(data))}" alt="${htmlAttr(alt)}"`;
  for (const key of ["width", "height"])
    if (node.attributes[key]) out += ` ${key}="${htmlAttr(node.attributes[key]!)}"`;
  options.warnings.push(`the <object> showing the image ${data} became an <img>`);
  return `${out} />`;
}

function textOf(node: XmlNode): string {
  return typeof node === "string" ? node : node.children.map(textOf).join("");
}

/** The element's children without the whitespace-only text between elements. */
export function elementChildren(element: XmlElement): XmlElement[] {
  return element.children.filter((c): c is XmlElement => typeof c !== "string");
}
