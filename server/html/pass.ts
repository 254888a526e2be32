// One run of the HTML policy over a document. sanitize-html parses (htmlparser2, entities
// decoded), drops or unwraps what is not on the allowlists, and serialises with escaping. Its
// hooks let this pass see every element first, to report errors, decide attributes, warn about
// what goes, and collect media references.
//
// Hook order inside sanitize-html, for each start tag: `onOpenTag` (every element the parser
// sees, even inside content being dropped) → `transformTags["*"]` (only elements whose output is
// being decided) → its own allowedTags / nonTextTags checks. The pass relies on that order.
import sanitizeHtml from "sanitize-html";
import type { Issue } from "../errors";
import {
  ALLOWED_ATTRIBUTES,
  DROP_CONTENT_TAGS,
  EMBED_TAGS,
  EMPTY_VALUE_ATTRIBUTES,
  FORBIDDEN_TAGS,
  LINK_REL,
  LINK_SCHEMES,
  SELF_CLOSING_TAGS,
  URL_ATTRIBUTES,
  VOID_TAGS,
  YOUTUBE_EMBED_HOSTS,
  allowedTagsFor,
  fieldAllowsEmbeds,
  isAllowedAttribute,
  isMediaAttribute,
  type HtmlFieldKind,
} from "./allowlist";
import { checkElement } from "./checks";
import { HTML_CODES, IssueLog, errorText, warningText } from "./issues";
import { MATHML_TAGS, MathScope, checkMathElement, mathAttributes, mathWarning, mathmlAttributesOf } from "./mathml";
import { filterStyle } from "./style";
import { trimUrl } from "./urls";

/**
 * Deeper documents are refused: htmlparser2 keeps open elements in an array it shifts at the
 * front, so each start tag costs as much as the current depth. Capping the depth keeps a
 * 512 KiB document linear. Editor output stays far below this.
 */
export const MAX_NESTING = 100;

export interface PassResult {
  html: string;
  errors: Issue[];
  warnings: Issue[];
  mediaRefs: string[];
  hasContent: boolean;
  firstImageSrc: string | null;
}

class NestingTooDeep extends Error {}

type Attributes = Record<string, string>;

/** Anything but whitespace (including no-break and zero-width spaces) counts as text. */
const VISIBLE = /[^\s\u200B-\u200D\u2060]/;

const MEDIA_ELEMENTS = new Set(["img", "audio", "video"]);

/**
 * Cleans `html`. When an element was unwrapped, the result is cleaned once more: the parser
 * closes some elements implicitly depending on which element is open (`<ul>` closes an open
 * `<p>`), and an unwrapped `<font>` between them changes that, so the first output can read
 * differently than it was built. The second run reads only kept elements, and its output reads
 * back exactly as written (cleaning is idempotent). Media paths are rewritten in the first run
 * only, so a map never applies twice.
 */
export function runPolicy(
  html: string,
  kind: HtmlFieldKind,
  path: string,
  rewrite?: ReadonlyMap<string, string>,
): PassResult {
  return isPlainText(html) ? plainTextResult(html) : runFullPolicy(html, kind, path, rewrite);
}

/** runPolicy without the plain-text shortcut (the tests hold the shortcut to it). */
export function runFullPolicy(
  html: string,
  kind: HtmlFieldKind,
  path: string,
  rewrite?: ReadonlyMap<string, string>,
): PassResult {
  const first = runPass(html, kind, path, rewrite);
  if (!first.unwrapped) return first;
  const second = runPass(first.html, kind, path);
  return {
    ...second,
    errors: uniqueIssues([...first.errors, ...second.errors]),
    warnings: uniqueIssues([...first.warnings, ...second.warnings]),
  };
}

/**
 * Plain paragraphs (`<p>…</p>` with nothing inside that a parser could read as markup or an
 * entity), or such text alone: the policy stores these exactly as written, with no issue and no
 * media, so parsing them is skipped. Most answers and many questions look like this, and parsing
 * was a tenth of a question create's time. policy.test.ts holds this shortcut to the full pass.
 */
const PLAIN_RUN = "[^<>&\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*";
const PLAIN = new RegExp(`^(?:(?:<p>${PLAIN_RUN}</p>)+|${PLAIN_RUN})$`);

export function isPlainText(html: string): boolean {
  return html.length < 10_000 && PLAIN.test(html);
}

function plainTextResult(html: string): PassResult {
  return {
    html,
    errors: [],
    warnings: [],
    mediaRefs: [],
    hasContent: VISIBLE.test(html.replaceAll("<p>", "").replaceAll("</p>", "")),
    firstImageSrc: null,
  };
}

function uniqueIssues(issues: Issue[]): Issue[] {
  const seen = new Map<string, Issue>();
  for (const issue of issues) if (!seen.has(issue.message)) seen.set(issue.message, issue);
  return [...seen.values()];
}

function runPass(
  html: string,
  kind: HtmlFieldKind,
  path: string,
  rewrite?: ReadonlyMap<string, string>,
): PassResult & { unwrapped: boolean } {
  const pass = new PolicyPass(kind, path, rewrite);
  let out: string;
  try {
    out = sanitizeHtml(html, pass.options());
  } catch (error) {
    if (!(error instanceof NestingTooDeep)) throw error;
    pass.issues.error(HTML_CODES.tooDeep, errorText.tooDeep(MAX_NESTING));
    return {
      html: "",
      errors: pass.issues.errors,
      warnings: [],
      mediaRefs: [],
      hasContent: false,
      firstImageSrc: null,
      unwrapped: false,
    };
  }
  return {
    html: out,
    errors: pass.issues.errors,
    warnings: pass.issues.warnings,
    mediaRefs: [...pass.mediaRefs],
    hasContent: pass.hasText || pass.hasMedia,
    firstImageSrc: pass.firstImage,
    unwrapped: pass.unwrapped,
  };
}

class PolicyPass {
  readonly issues: IssueLog;
  readonly mediaRefs = new Set<string>();
  firstImage: string | null = null;
  hasText = false;
  hasMedia = false;
  /** An element was removed but its content kept. */
  unwrapped = false;

  private readonly embedsAllowed: boolean;
  private readonly allowedTags: ReadonlySet<string>;
  /** Open elements as the parser sees them (its own stack has the same size). */
  private depth = 0;
  private openIframes = 0;
  private openAudioVideo = 0;
  /** The element being opened, refused beyond the static lists (dropped with its content). */
  private refused: string | null = null;
  /** What `onOpenTag` decided about the element being opened, for `transform`. */
  private currentAttribs: Attributes | null = null;
  private currentBlocked: ReadonlySet<string> = new Set();
  private currentInsideIframe = false;
  /** Where the parser is relative to `<math>` (contract 9.1: the math rule is all in mathml.ts). */
  private readonly math = new MathScope();

  constructor(
    kind: HtmlFieldKind,
    path: string,
    private readonly rewrite: ReadonlyMap<string, string> | undefined,
  ) {
    this.issues = new IssueLog(path);
    this.embedsAllowed = fieldAllowsEmbeds(kind);
    this.allowedTags = new Set(allowedTagsFor(kind));
  }

  options(): sanitizeHtml.IOptions {
    const allowedAttributes: Record<string, string[]> = {
      "*": ["style"],
      a: [...(ALLOWED_ATTRIBUTES.get("a") ?? []), "rel"],
    };
    for (const [name, attributes] of ALLOWED_ATTRIBUTES) allowedAttributes[name] ??= [...attributes];
    for (const name of MATHML_TAGS) allowedAttributes[name] ??= mathmlAttributesOf(name);
    return {
      allowedTags: this.gatedList([...this.allowedTags], -1, "keep"),
      nonTextTags: this.gatedList(DROP_CONTENT_TAGS, 0, "drop"),
      disallowedTagsMode: "discard",
      allowedAttributes,
      // The checks below repeat ours as a second line of defence; they never fire on a value
      // this pass keeps.
      allowedSchemes: [...LINK_SCHEMES],
      allowedSchemesByTag: { img: [], audio: [], video: [], source: [], iframe: ["https"] },
      allowProtocolRelative: false,
      allowedIframeHostnames: [...YOUTUBE_EMBED_HOSTS],
      allowIframeRelativeUrls: false,
      // `style` is rebuilt from the allowlist in `transform`; no CSS parser run per element.
      parseStyleAttributes: false,
      selfClosing: [...SELF_CLOSING_TAGS],
      parser: { decodeEntities: true },
      onOpenTag: (name, attribs) => this.onOpenTag(name, attribs),
      onCloseTag: (name) => this.onCloseTag(name),
      transformTags: { "*": (name, attribs) => ({ tagName: name, attribs: this.transform(name, attribs) }) },
      textFilter: (text, parent) => this.text(text, parent),
    };
  }

  /**
   * A copy of a static tag list whose lookup, for the element being opened, answers `refusedAnswer`
   * when this pass refused it. sanitize-html looks tags up with `indexOf` right after
   * `transform`; this is how a non-YouTube iframe (and anything inside an iframe) is dropped
   * with its content without a second parse. Inside `<math>`, the math verdict on the element
   * being opened answers instead (`inMath`: the verdict this list says yes to).
   */
  private gatedList(tags: readonly string[], refusedAnswer: number, inMath: "keep" | "drop"): string[] {
    const list = [...tags];
    const known = new Set(tags);
    list.indexOf = (name: string) => {
      if (name === this.refused) return refusedAnswer;
      if (this.math.decides(name)) return this.math.current === inMath ? 0 : -1;
      return known.has(name) ? 0 : -1;
    };
    return list;
  }

  private onOpenTag(name: string, attribs: Attributes): void {
    this.refused = null;
    if (++this.depth > MAX_NESTING) throw new NestingTooDeep();
    const insideIframe = this.openIframes > 0;
    if (name === "iframe") this.openIframes++;
    if (name === "audio" || name === "video") this.openAudioVideo++;
    this.math.open(name, attribs);
    const verdict = this.math.inside
      ? checkMathElement(name, attribs, this.issues)
      : checkElement(name, attribs, this.embedsAllowed, this.issues);
    this.currentBlocked = verdict.blocked;
    this.currentAttribs = attribs;
    this.currentInsideIframe = insideIframe;
    if (verdict.refused || insideIframe) this.refused = name;
  }

  private onCloseTag(name: string): void {
    this.depth--;
    this.math.close();
    if (name === "iframe") this.openIframes--;
    if (name === "audio" || name === "video") this.openAudioVideo--;
  }

  /** Decides the attributes of an element whose output is being decided (see the file header). */
  private transform(name: string, attribs: Attributes): Attributes {
    // Always the element onOpenTag just saw; checked again should sanitize-html ever differ.
    const known = this.currentAttribs === attribs;
    const blocked = known ? this.currentBlocked : checkElement(name, attribs, this.embedsAllowed, this.issues).blocked;
    if (known && this.math.decides(name)) return this.mathElement(name, attribs, blocked);
    if (this.refused === name) {
      if (known && this.currentInsideIframe) this.issues.warn(warningText.iframeContent());
      return {};
    }
    if (!this.allowedTags.has(name)) {
      if (!FORBIDDEN_TAGS.has(name) && !EMBED_TAGS.includes(name)) this.issues.warn(removalWarning(name));
      if (!DROP_CONTENT_TAGS.includes(name) && !VOID_TAGS.has(name)) this.unwrapped = true;
      return {};
    }
    const kept: Attributes = {};
    for (const attribute of Object.keys(attribs)) {
      const raw = attribs[attribute] ?? "";
      if (blocked.has(attribute)) continue;
      if (attribute === "style") {
        const style = filterStyle(raw);
        for (const removed of style.removed) this.issues.warn(warningText.style(name, removed));
        if (style.kept !== null) kept.style = style.kept;
      } else if (name === "a" && attribute === "rel") {
        if (!sameTokens(raw, LINK_REL)) this.issues.warn(warningText.relReplaced(raw));
      } else if (!isAllowedAttribute(name, attribute)) {
        this.issues.warn(warningText.attribute(name, attribute));
      } else {
        const value = URL_ATTRIBUTES.has(attribute) ? trimUrl(raw) : raw;
        // An empty value says nothing (`title=""`, `src=""`); it is dropped without a warning.
        if (value === "" && !EMPTY_VALUE_ATTRIBUTES.has(attribute)) continue;
        kept[attribute] = isMediaAttribute(name, attribute) ? this.media(name, value) : value;
      }
    }
    if (name === "a") kept.rel = LINK_REL;
    return kept;
  }

  /** An element inside `<math>`: kept with its MathML attributes, or removed with a warning. */
  private mathElement(name: string, attribs: Attributes, blocked: ReadonlySet<string>): Attributes {
    const verdict = this.math.current ?? "keep";
    if (verdict !== "keep") {
      this.issues.warn(mathWarning(name, attribs, verdict));
      if (verdict === "unwrap") this.unwrapped = true;
      return {};
    }
    const { kept, removed } = mathAttributes(name, attribs, blocked);
    for (const attribute of removed) this.issues.warn(warningText.attribute(name, attribute));
    if (attribs.style !== undefined && !blocked.has("style")) {
      const style = filterStyle(attribs.style);
      for (const declaration of style.removed) this.issues.warn(warningText.style(name, declaration));
      if (style.kept !== null) kept.style = style.kept;
    }
    return kept;
  }

  /** Records a media reference; returns the value to store (rewritten when mapped). */
  private media(name: string, value: string): string {
    this.mediaRefs.add(value);
    if (name === "img" && this.firstImage === null) this.firstImage = value;
    if (MEDIA_ELEMENTS.has(name) || this.openAudioVideo > 0) this.hasMedia = true;
    return this.rewrite?.get(value) ?? value;
  }

  private text(text: string, parent: string | undefined): string {
    if (parent === "iframe") {
      // Only a kept (YouTube) iframe gets here; browsers never show its content.
      if (VISIBLE.test(text)) this.issues.warn(warningText.iframeContent());
      return "";
    }
    if (!this.hasText && VISIBLE.test(text)) this.hasText = true;
    return text;
  }
}

function removalWarning(name: string): string {
  if (DROP_CONTENT_TAGS.includes(name)) return warningText.droppedWithContent(name);
  if (VOID_TAGS.has(name)) return warningText.droppedVoid(name);
  return warningText.unwrapped(name);
}

function sameTokens(a: string, b: string): boolean {
  const tokens = (s: string) => [...new Set(s.toLowerCase().split(/\s+/).filter(Boolean))].sort().join(" ");
  return tokens(a) === tokens(b);
}
