// The HTML repairs of an imported item (contract 13.3 point 1): what another tool's file may hold
// that our HTML policy refuses, rewritten into what the candidate would have seen, each change
// said in words. Only imports repair; questionCreate keeps refusing the same HTML (contract 9.3),
// since there the author can fix it. Pure: htmlparser2's DOM, no Node APIs.
//
// - In a field without links (question, answer): a link becomes its text, and its address in
//   parentheses after it when the text differs; an embed (iframe) becomes its address as text.
// - In every field: an `object` that shows an image becomes an `img` (the policy refuses object).
// - Media the file names but does not carry: the reference is removed, an image's alt text kept.
//
// A field with nothing to repair is returned exactly as given (the policy then reads it as usual).
import { DomUtils, parseDocument } from "htmlparser2";
import { VOID_TAGS, fieldAllowsEmbeds, type HtmlFieldKind } from "./allowlist";
import { trimUrl } from "./urls";

type ChildNode = ReturnType<typeof parseDocument>["children"][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

export interface HtmlRepair {
  /** The repaired HTML (the input itself when nothing changed). */
  html: string;
  /** One sentence per change, without the field's name. */
  changes: string[];
}

export interface HtmlRepairOptions {
  /** Media paths (entity-decoded, as the policy reads them) whose references are to be removed. */
  missingMedia?: ReadonlySet<string>;
}

const MAYBE_REPAIRED = /<\s*(?:a|iframe|object)[\s>/]/i;
const IMAGE_EXTENSION = /\.(?:png|jpe?g|gif|webp|avif|svg)(?:[?#]|$)/i;
const MEDIA_TAGS = new Set(["img", "audio", "video", "source"]);

/** Repairs one field's HTML; `kind` decides whether links and embeds may stay. */
export function repairImportedHtml(html: string, kind: HtmlFieldKind, options: HtmlRepairOptions = {}): HtmlRepair {
  const missing = options.missingMedia ?? new Set<string>();
  if (!MAYBE_REPAIRED.test(html) && (missing.size === 0 || !mentionsAny(html, missing))) return { html, changes: [] };
  const repair = new Repair(!fieldAllowsEmbeds(kind), missing);
  const document = parseDocument(html, { decodeEntities: true });
  const out = repair.nodes(document.children);
  return repair.changes.length === 0 ? { html, changes: [] } : { html: out, changes: repair.changes };
}

/** Whether the text names one of the paths at all (a cheap test before parsing). */
function mentionsAny(html: string, paths: ReadonlySet<string>): boolean {
  for (const path of paths) if (html.includes(path) || html.includes(escapeAttribute(path))) return true;
  return false;
}

class Repair {
  readonly changes: string[] = [];

  constructor(
    private readonly noLinks: boolean,
    private readonly missing: ReadonlySet<string>,
  ) {}

  nodes(nodes: readonly ChildNode[]): string {
    return nodes.map((n) => this.node(n)).join("");
  }

  private node(node: ChildNode): string {
    if (DomUtils.isText(node)) return escapeText(node.data);
    if (DomUtils.isComment(node)) return `<!--${node.data}-->`;
    if (!DomUtils.isTag(node)) return DomUtils.getOuterHTML(node);
    const name = node.name;
    if (this.noLinks && name === "a") return this.link(node);
    if (this.noLinks && (name === "iframe" || name === "embed")) return this.embed(node);
    if (name === "object" && isImageObject(node)) return this.imageObject(node);
    if (MEDIA_TAGS.has(name)) {
      const removed = this.missingMedia(name, node.attribs, node.children);
      if (removed !== null) return removed;
    }
    return this.element(name, node.attribs, node.children);
  }

  private element(name: string, attribs: Record<string, string>, children: readonly ChildNode[]): string {
    const attributes = Object.entries(attribs)
      .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
      .join("");
    if (VOID_TAGS.has(name)) return `<${name}${attributes} />`;
    return `<${name}${attributes}>${this.nodes(children)}</${name}>`;
  }

  /** A link's content, then its address in parentheses when the text does not already say it. */
  private link(node: Element): string {
    const inner = this.nodes(node.children);
    const href = trimUrl(node.attribs.href ?? "");
    const text = collapse(DomUtils.textContent(node));
    const says = text === href || `mailto:${text}` === href;
    const shown = text === "" ? "" : `"${text}"`;
    if (href === "") {
      this.changes.push(`the link ${shown || "without text"} had no address; its text was kept without the link`);
      return inner;
    }
    if (says || text === "") {
      this.changes.push(`the link to ${href} was replaced by its address as text, since this field cannot hold links`);
      return says ? inner : `${inner}${escapeText(href)}`;
    }
    this.changes.push(
      `the link ${shown} to ${href} was replaced by its text with the address in parentheses, since this field cannot hold links`,
    );
    return `${inner} (${escapeText(href)})`;
  }

  /** An embedded video (or any frame) becomes its address as text. */
  private embed(node: Element): string {
    const src = trimUrl(node.attribs.src ?? "");
    this.changes.push(
      src === ""
        ? `an embedded <${node.name}> without a source was removed, since this field cannot hold embeds`
        : `the embed of ${src} was replaced by its address as text, since this field cannot hold embeds`,
    );
    return src === "" ? "" : escapeText(src);
  }

  /** `<object data="x.svg" type="image/svg+xml">fallback</object>` → `<img src="x.svg" alt="fallback">`. */
  private imageObject(node: Element): string {
    const src = trimUrl(node.attribs.data ?? "");
    const alt = collapse(DomUtils.textContent(node));
    const img: Record<string, string> = { src, alt };
    for (const key of ["width", "height", "title"]) if (node.attribs[key]) img[key] = node.attribs[key]!;
    this.changes.push(`the <object> showing the image ${src} became an <img>`);
    return this.missingMedia("img", img, []) ?? this.element("img", img, []);
  }

  /** Null when the element names no missing file; else what stays of it. */
  private missingMedia(name: string, attribs: Record<string, string>, children: readonly ChildNode[]): string | null {
    const src = trimUrl(attribs.src ?? "");
    const poster = trimUrl(attribs.poster ?? "");
    if (name === "video" && poster !== "" && this.missing.has(poster) && !this.missing.has(src)) {
      const rest = Object.fromEntries(Object.entries(attribs).filter(([k]) => k !== "poster"));
      this.changes.push(`the video's poster ${poster} is not in the file, so it was removed`);
      return this.element(name, rest, children);
    }
    if (src === "" || !this.missing.has(src)) return null;
    if (name === "img") {
      const alt = collapse(attribs.alt ?? "");
      this.changes.push(
        alt === ""
          ? `the image ${src} is not in the file, so it was removed`
          : `the image ${src} is not in the file, so it was replaced by its alt text "${alt}"`,
      );
      return escapeText(alt);
    }
    this.changes.push(`the ${name} ${src} is not in the file, so it was removed`);
    return "";
  }
}

/** An `object` whose type or file name says it shows an image. */
function isImageObject(node: Element): boolean {
  const type = (node.attribs.type ?? "").trim().toLowerCase();
  const data = trimUrl(node.attribs.data ?? "");
  return data !== "" && (type.startsWith("image/") || (type === "" && IMAGE_EXTENSION.test(data)));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"]/g, (c) => (c === "&" ? "&amp;" : "&quot;"));
}
