// MathML in HTML fields (contract 9.1): which MathML the policy keeps inside `<math>`, and what it
// does with anything else there. The policy's pass (pass.ts) asks a MathScope about every
// element; this file holds the whole math rule, so the rest of the policy stays as it was.
//
// Decisions where the contract is silent (docs/decisions.md, "Math: MathML and LaTeX"):
// - Kept: MathML Core's presentation elements (MATHML_TAGS) inside a `<math>`, and `semantics`
//   with `annotation encoding="application/x-tex"` (the editor's LaTeX source). The same names
//   outside a `<math>` are unknown elements (unwrapped with a warning, as before).
// - Kept attributes: those MathML Core gives the element (MATHML_ATTRIBUTES), plus the ones every
//   MathML Core element has (MATHML_GLOBAL_ATTRIBUTES). `class`, `id`, `style` beyond text-align,
//   `href` and any other attribute are removed with a warning.
// - Anything else inside `<math>` is removed with a warning, never refused: script, style, links,
//   iframes, HTML and SVG elements, `annotation-xml`, and an `annotation` in another encoding.
//   Raw-text and non-rendered elements, `annotation-xml` and foreign annotations go with their
//   content (their text is code or a second copy of the formula); other elements are unwrapped
//   and their text kept (a link's text, a `<b>` inside `<mi>`).
// - Event-handler attributes and javascript:/vbscript:/data: URLs stay errors inside math as
//   everywhere (contract 9 rule 2 names attributes on any element).
import { DROP_CONTENT_TAGS, FORBIDDEN_TAGS, SRCSET_ATTRIBUTES, UNSAFE_SCHEMES, URL_ATTRIBUTES } from "./allowlist";
import type { ElementVerdict } from "./checks";
import { HTML_CODES, errorText, type IssueLog } from "./issues";
import { classifyUrl, srcsetCandidates } from "./urls";

/** MathML Core presentation elements kept inside `<math>` (and `math` itself). */
export const MATHML_TAGS: ReadonlySet<string> = new Set([
  "math",
  "mi",
  "mn",
  "mo",
  "ms",
  "mtext",
  "mspace",
  "mrow",
  "mfrac",
  "msqrt",
  "mroot",
  "mstyle",
  "merror",
  "mpadded",
  "mphantom",
  "msub",
  "msup",
  "msubsup",
  "munder",
  "mover",
  "munderover",
  "mmultiscripts",
  "mprescripts",
  "none",
  "mtable",
  "mtr",
  "mtd",
  "semantics",
  "annotation",
]);

/** The only annotation kept: the LaTeX the formula was written in. */
export const TEX_ENCODING = "application/x-tex";

/** Attributes of every MathML Core element (besides `style`, which keeps text-align only). */
export const MATHML_GLOBAL_ATTRIBUTES: readonly string[] = [
  "dir",
  "displaystyle",
  "mathbackground",
  "mathcolor",
  "mathvariant",
  "scriptlevel",
];

/** Attributes MathML Core gives one element; the rest of its attributes are the global ones. */
export const MATHML_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ["math", ["display", "alttext"]],
  [
    "mo",
    [
      "form",
      "fence",
      "separator",
      "lspace",
      "rspace",
      "stretchy",
      "symmetric",
      "maxsize",
      "minsize",
      "largeop",
      "movablelimits",
    ],
  ],
  ["mfrac", ["linethickness"]],
  ["mspace", ["width", "height", "depth"]],
  ["mpadded", ["width", "height", "depth", "lspace", "voffset"]],
  ["mover", ["accent"]],
  ["munder", ["accentunder"]],
  ["munderover", ["accent", "accentunder"]],
  ["mtable", ["columnalign", "rowalign", "columnspacing", "rowspacing"]],
  ["mtr", ["columnalign", "rowalign"]],
  ["mtd", ["columnspan", "rowspan", "columnalign", "rowalign"]],
  ["annotation", ["encoding"]],
]);

/** Every attribute the policy may keep on a MathML element, for sanitize-html's own allowlist. */
export function mathmlAttributesOf(name: string): string[] {
  return [...MATHML_GLOBAL_ATTRIBUTES, ...(MATHML_ATTRIBUTES.get(name) ?? [])];
}

export function isMathmlAttribute(name: string, attribute: string): boolean {
  return MATHML_GLOBAL_ATTRIBUTES.includes(attribute) || (MATHML_ATTRIBUTES.get(name)?.includes(attribute) ?? false);
}

/** What the pass does with an element inside `<math>`. */
export type MathVerdict = "keep" | "unwrap" | "drop";

/** Elements inside math that go with their content. */
const DROPPED_IN_MATH: ReadonlySet<string> = new Set([...DROP_CONTENT_TAGS, ...FORBIDDEN_TAGS, "annotation-xml"]);

/**
 * Tracks whether the parser is inside a `<math>` and decides each element there. `open` and
 * `close` follow the parser's own start and end tags (including elements inside dropped content).
 */
export class MathScope {
  /** Open elements, innermost last, from the outermost `<math>` in; empty outside math. */
  private readonly stack: string[] = [];
  /** Depth (in `stack`) of the element being dropped with its content, or -1. */
  private droppedAt = -1;
  /** The verdict on the element opened last, while inside math. */
  current: MathVerdict | null = null;
  /** The element opened last, while inside math. */
  private currentName: string | null = null;

  get inside(): boolean {
    return this.stack.length > 0;
  }

  /** Called for every start tag, before the element's output is decided. */
  open(name: string, attribs: Readonly<Record<string, string>>): void {
    if (!this.inside && name !== "math") {
      this.current = null;
      this.currentName = null;
      return;
    }
    this.stack.push(name);
    this.currentName = name;
    if (this.droppedAt >= 0) {
      this.current = "drop";
      return;
    }
    this.current = verdictOf(name, attribs);
    if (this.current === "drop") this.droppedAt = this.stack.length - 1;
  }

  close(): void {
    if (!this.inside) return;
    this.stack.pop();
    if (this.droppedAt >= this.stack.length) this.droppedAt = -1;
  }

  /** True when the math verdict decides this element: it is the one opened last, inside math. */
  decides(name: string): boolean {
    return this.current !== null && this.currentName === name;
  }
}

/** What the policy does with an element inside math (the editor reads pasted MathML by the same rule). */
export function verdictOf(name: string, attribs: Readonly<Record<string, string>>): MathVerdict {
  if (name === "annotation") return (attribs.encoding ?? "").trim().toLowerCase() === TEX_ENCODING ? "keep" : "drop";
  if (MATHML_TAGS.has(name)) return "keep";
  return DROPPED_IN_MATH.has(name) ? "drop" : "unwrap";
}

/**
 * The errors of an element inside math (contract 9 rule 2, which names attributes on any element):
 * event handlers and javascript:, vbscript: or data: URLs. Elements themselves are never errors
 * there (9.1: anything that is not MathML is removed with a warning).
 */
export function checkMathElement(
  name: string,
  attribs: Readonly<Record<string, string>>,
  issues: IssueLog,
): ElementVerdict {
  const blocked = new Set<string>();
  for (const [attribute, value] of Object.entries(attribs)) {
    if (attribute.startsWith("on")) {
      issues.error(HTML_CODES.forbidden, errorText.eventHandler(name, attribute));
      blocked.add(attribute);
    } else if (URL_ATTRIBUTES.has(attribute)) {
      const candidates = SRCSET_ATTRIBUTES.has(attribute) ? srcsetCandidates(value) : [value];
      for (const found of candidates.map(classifyUrl)) {
        if (found.kind === "obfuscated") issues.error(HTML_CODES.unsafeUrl, errorText.obfuscatedUrl(name, attribute));
        else if (found.kind === "absolute" && UNSAFE_SCHEMES.has(found.scheme))
          issues.error(HTML_CODES.unsafeUrl, errorText.unsafeUrl(found.scheme, name, attribute));
        else continue;
        blocked.add(attribute);
      }
    }
  }
  return { blocked, refused: false };
}

/** A kept MathML element's attributes: those it may have (blocked ones left out), and the names of the others. `style` is the caller's. */
export function mathAttributes(
  name: string,
  attribs: Readonly<Record<string, string>>,
  blocked: ReadonlySet<string>,
): { kept: Record<string, string>; removed: string[] } {
  const kept: Record<string, string> = {};
  const removed: string[] = [];
  for (const [attribute, value] of Object.entries(attribs)) {
    if (blocked.has(attribute) || attribute === "style") continue;
    // An empty value says nothing; dropped without a warning, as on HTML elements.
    if (!isMathmlAttribute(name, attribute)) removed.push(attribute);
    else if (value.trim() !== "") kept[attribute] = attribute === "encoding" ? TEX_ENCODING : value;
  }
  return { kept, removed };
}

/** The warning for an element inside math that is not kept. */
export function mathWarning(name: string, attribs: Readonly<Record<string, string>>, verdict: MathVerdict): string {
  if (name === "annotation") return mathWarningText.annotation(attribs.encoding ?? "");
  return verdict === "drop" ? mathWarningText.dropped(name) : mathWarningText.unwrapped(name);
}

/** Names and values come from the input: shown escaped and cut, as the policy's other messages. */
function shown(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text).slice(1, -1);
}

export const mathWarningText = {
  dropped: (name: string) => `<${shown(name)}> inside <math> was removed with its content (only MathML is kept there)`,
  unwrapped: (name: string) =>
    `<${shown(name)}> inside <math> was removed (its content was kept; only MathML is kept there)`,
  annotation: (encoding: string) =>
    `<annotation encoding="${shown(encoding)}"> inside <math> was removed with its content (only "${TEX_ENCODING}" annotations are kept)`,
};
