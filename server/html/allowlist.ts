// The allowlists of the HTML policy (contract section 9). Everything the policy keeps is named
// here; everything else is removed (with a warning) or refused (with an error).
// Pure data: the rich-text editor can import it to check what it may produce.

export type HtmlFieldKind = "question" | "answer" | "explanation" | "description";

/** Elements every HTML field may contain. */
export const ALLOWED_TAGS: readonly string[] = [
  "p",
  "br",
  "hr",
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
  "u",
  "s",
  "sub",
  "sup",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "span",
  "img",
  "audio",
  "video",
  "source",
  "figure",
  "figcaption",
];

/** Links and YouTube embeds: only in explanations and descriptions (rule 3). */
export const EMBED_TAGS: readonly string[] = ["a", "iframe"];

export function fieldAllowsEmbeds(kind: HtmlFieldKind): boolean {
  return kind === "explanation" || kind === "description";
}

// Per-element tables are Maps, not object literals: tag names come from the input, and
// `<constructor>` must not find Object.prototype members.

/** Attributes allowed per element; `style` is allowed on every element (text-align only). */
export const ALLOWED_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ["img", ["src", "alt", "title", "width", "height"]],
  ["audio", ["src", "controls", "loop", "muted", "preload"]],
  ["video", ["src", "controls", "loop", "muted", "preload", "poster"]],
  ["source", ["src", "type"]],
  ["a", ["href", "title"]],
  ["th", ["colspan", "rowspan"]],
  ["td", ["colspan", "rowspan"]],
  ["ol", ["start"]],
  ["iframe", ["src", "allowfullscreen"]],
]);

/** Set by the policy on every stored link; any other `rel` is replaced. */
export const LINK_REL = "noopener noreferrer";

/** The only style property kept, and its values. */
export const TEXT_ALIGN_VALUES: ReadonlySet<string> = new Set(["left", "right", "center", "justify"]);

/** Attributes that keep their meaning with an empty value (all others are dropped when empty). */
export const EMPTY_VALUE_ATTRIBUTES: ReadonlySet<string> = new Set([
  "alt",
  "controls",
  "loop",
  "muted",
  "allowfullscreen",
]);

/**
 * Elements refused with an error: scripts, styles, plug-ins, forms and form controls.
 * `applet`, `keygen` and `isindex` are the obsolete members of those families.
 */
export const FORBIDDEN_TAGS: ReadonlySet<string> = new Set([
  "script",
  "style",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "option",
  "optgroup",
  "fieldset",
  "legend",
  "datalist",
  "output",
  "keygen",
  "isindex",
]);

/**
 * Elements removed together with their content when they are not kept: raw-text and
 * non-rendered containers whose content is not readable text (script and style text must never
 * survive), plus `iframe` (a refused embed) and inline SVG/MathML (their text is markup detail).
 */
export const DROP_CONTENT_TAGS: readonly string[] = [
  "script",
  "style",
  "textarea",
  "option",
  "optgroup",
  "select",
  "datalist",
  "xmp",
  "title",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "object",
  "applet",
  "iframe",
  "svg",
  "math",
];

/** Void elements, for the wording of removal warnings ("was removed", there is no content). */
export const VOID_TAGS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "basefont",
  "bgsound",
  "br",
  "col",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

/** Kept void elements, serialised as `<br />`. */
export const SELF_CLOSING_TAGS: readonly string[] = ["br", "hr", "img", "source"];

/**
 * Attributes that hold a URL, on any element. A `javascript:`, `vbscript:` or `data:` URL in any
 * of them is an error even where the attribute would be dropped anyway.
 */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  "href",
  "src",
  "poster",
  "action",
  "formaction",
  "xlink:href",
  "background",
  "cite",
  "data",
  "longdesc",
  "lowsrc",
  "dynsrc",
  "ping",
  "codebase",
  "manifest",
  "usemap",
  "itemid",
  "profile",
  "archive",
  "classid",
  "srcset",
  "imagesrcset",
]);

/** Attributes holding a comma-separated list of URL candidates. */
export const SRCSET_ATTRIBUTES: ReadonlySet<string> = new Set(["srcset", "imagesrcset"]);

export const UNSAFE_SCHEMES: ReadonlySet<string> = new Set(["javascript", "vbscript", "data"]);

/** Schemes a link may use besides a relative URL. */
export const LINK_SCHEMES: readonly string[] = ["http", "https", "mailto"];

/** Hosts of the accepted YouTube embeds; the path must start with `/embed/`. */
export const YOUTUBE_EMBED_HOSTS: readonly string[] = ["www.youtube.com", "www.youtube-nocookie.com"];

/** Media elements and the attributes that reference a media file (contract 8.5). */
export const MEDIA_ATTRIBUTES: ReadonlyMap<string, readonly string[]> = new Map([
  ["img", ["src"]],
  ["audio", ["src"]],
  ["video", ["src", "poster"]],
  ["source", ["src"]],
]);

export function isMediaAttribute(tag: string, attribute: string): boolean {
  return MEDIA_ATTRIBUTES.get(tag)?.includes(attribute) ?? false;
}

export function isAllowedAttribute(tag: string, attribute: string): boolean {
  return ALLOWED_ATTRIBUTES.get(tag)?.includes(attribute) ?? false;
}

export function allowedTagsFor(kind: HtmlFieldKind): readonly string[] {
  return fieldAllowsEmbeds(kind) ? [...ALLOWED_TAGS, ...EMBED_TAGS] : ALLOWED_TAGS;
}
