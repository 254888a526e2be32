// The editor's document as the HTML we store. Tiptap's getHTML() goes through the browser's DOM
// serialiser, which writes `<br>`, `controls=""` and `&nbsp;`; the HTML policy (sanitize-html)
// writes `<br />`, `controls` and the character itself. This serialiser writes exactly what the
// policy writes back for the same markup, from each node's and mark's own toDOM spec (so the
// extension list stays the one description of the output), without needing a DOM: the editor,
// Node and the tests run the same code.
//
// Also: an empty document is "" (Tiptap gives "<p></p>"), and empty paragraphs at the end are
// left out (the trailing-node plugin keeps one there so the cursor can get below a table).
import type { DOMOutputSpec, Mark, Node as PMNode } from "@tiptap/pm/model";
import { MATH_NODE, mathNodeHtml } from "./math-node";

/** Elements the policy writes as `<x />` (server/html/allowlist.ts SELF_CLOSING_TAGS). */
const SELF_CLOSING = new Set(["br", "hr", "img", "source"]);
/** The one attribute sanitize-html writes as `name=""` when empty; others become bare names. */
const EMPTY_VALUE_KEPT = new Set(["alt"]);

export function docToHtml(doc: PMNode): string {
  const blocks: PMNode[] = [];
  doc.content.forEach((node) => blocks.push(node));
  while (blocks.length > 0 && isEmptyParagraph(blocks[blocks.length - 1]!)) blocks.pop();
  return childrenHtml(blocks);
}

function isEmptyParagraph(node: PMNode): boolean {
  return node.type.name === "paragraph" && node.content.size === 0;
}

/** Children in order; marks open and close around runs of inline nodes that share them. */
function childrenHtml(nodes: readonly PMNode[]): string {
  let out = "";
  const open: { mark: Mark; close: string }[] = [];
  for (const node of nodes) {
    const marks = node.marks;
    let keep = 0;
    while (keep < open.length && keep < marks.length && open[keep]!.mark.eq(marks[keep]!)) keep++;
    while (open.length > keep) out += open.pop()!.close;
    for (const mark of marks.slice(keep)) {
      const toDOM = mark.type.spec.toDOM;
      if (!toDOM) throw new Error(`Mark ${mark.type.name} cannot be written as HTML`);
      const [before, after] = specHtml(toDOM(mark, true));
      out += before;
      open.push({ mark, close: after });
    }
    out += nodeHtml(node);
  }
  while (open.length > 0) out += open.pop()!.close;
  return out;
}

function nodeHtml(node: PMNode): string {
  if (node.isText) return escapeText(node.text ?? "");
  // A formula is MathML, which a DOM spec of this serialiser cannot nest; it writes its own.
  if (node.type.name === MATH_NODE) return mathNodeHtml(node);
  const toDOM = node.type.spec.toDOM;
  if (!toDOM) throw new Error(`Node ${node.type.name} cannot be written as HTML`);
  const [before, after] = specHtml(toDOM(node));
  const children: PMNode[] = [];
  node.content.forEach((child) => children.push(child));
  return before + childrenHtml(children) + after;
}

/** The HTML before and after the content hole (`0`) of an array spec. */
function specHtml(spec: DOMOutputSpec): [string, string] {
  const rendered = renderSpec(spec);
  return [rendered.before, rendered.after];
}

interface Rendered {
  before: string;
  after: string;
  /** The spec holds the content hole (everything after it goes to `after`). */
  hole: boolean;
}

function renderSpec(spec: unknown): Rendered {
  if (typeof spec === "string") return { before: escapeText(spec), after: "", hole: false };
  if (!Array.isArray(spec)) throw new Error("Only array specs can be written as HTML (no DOM nodes)");
  const [tag, ...rest] = spec as readonly unknown[];
  if (typeof tag !== "string" || !/^[a-z][a-z0-9]*$/.test(tag)) throw new Error(`Unexpected element ${String(tag)}`);
  let children = rest;
  let attributes: Record<string, unknown> = {};
  const first = rest[0];
  if (first !== null && typeof first === "object" && !Array.isArray(first)) {
    attributes = first as Record<string, unknown>;
    children = rest.slice(1);
  }
  const start = `<${tag}${attributesHtml(attributes)}`;
  if (SELF_CLOSING.has(tag)) {
    if (children.length > 0) throw new Error(`<${tag}> cannot have content`);
    return { before: `${start} />`, after: "", hole: false };
  }
  let before = `${start}>`;
  let after = "";
  let hole = false;
  for (const child of children) {
    if (child === 0) {
      hole = true;
      continue;
    }
    const inner = renderSpec(child);
    if (inner.hole) {
      before += inner.before;
      after += inner.after;
      hole = true;
    } else if (hole) {
      after += inner.before;
    } else {
      before += inner.before;
    }
  }
  return { before, after: `${after}</${tag}>`, hole };
}

function attributesHtml(attributes: Record<string, unknown>): string {
  let out = "";
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    const text = String(value);
    if (text === "") out += EMPTY_VALUE_KEPT.has(name) ? ` ${name}=""` : ` ${name}`;
    else out += ` ${name}="${escapeAttribute(text)}"`;
  }
  return out;
}

/** As sanitize-html escapes text (parser.decodeEntities on). */
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}
