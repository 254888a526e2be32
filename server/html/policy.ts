// The HTML policy of every HTML field (contract section 9): what may be stored, what is refused
// with an error, what is removed with a warning, and which media files the HTML refers to.
// Pure (no database, no Node APIs): the browser can run the same checks for live validation.
//
// Decisions where the contract is silent:
// - A link (`a href`) whose scheme is not http, https or mailto (ftp:, tel:, file:, …), or that
//   starts with `//host`, is an error, not a silent drop: removing it would change what the author
//   wrote without their knowing, and the fix (write the full https:// address) is theirs to make.
// - Form controls are form input button select textarea option optgroup fieldset legend datalist
//   output (and the obsolete keygen, isindex); `applet` counts with object/embed. `label` is
//   harmless and only unwrapped.
// - An `iframe` without a YouTube embed source is an error and is dropped with its content;
//   content inside a kept iframe (which browsers never show) is removed with a warning.
// - `a` without `href` is kept (with `rel`); a `rel` other than "noopener noreferrer" is replaced
//   with a warning.
// - Allowed attributes with an empty value (`title=""`, `src=""`) are dropped silently, except
//   `alt` and the boolean attributes (`controls`, `loop`, `muted`, `allowfullscreen`).
// - URL attribute values are trimmed of leading and trailing spaces and control characters (as
//   browsers do); other attribute values (width, preload, type, …) are kept as written.
// - Scheme detection ignores all spaces and control characters, so `my file: a.png` reads as a
//   scheme and is refused as an absolute URL; a URL containing `<!--` is refused as obfuscated.
// - Errors are reported even for constructs inside content that would be dropped anyway
//   (`<svg><a onclick>`): the request is refused rather than half-cleaned.
// - MathML inside `<math>` is kept (contract 9.1); mathml.ts holds that rule and its decisions.
// - svg, noscript, template, title and xmp are dropped with their content (warning);
//   other unknown elements are unwrapped. A `url(…)` in a style is removed with the property
//   (warning), not reported as an unsafe URL.
// - hasContent counts media only when it references a file (an `img` without `src` is nothing;
//   a `source` counts inside audio or video).
// - Elements nested deeper than MAX_NESTING (100) levels are an error and the html is "".
import type { Issue } from "../errors";
import type { HtmlFieldKind } from "./allowlist";
import { runPolicy } from "./pass";
import { classifyUrl } from "./urls";

export type { HtmlFieldKind } from "./allowlist";
export { HTML_CODES } from "./issues";
export { MAX_NESTING } from "./pass";

export interface CleanHtmlResult {
  /** The cleaned HTML to store. */
  html: string;
  /** Forbidden constructs: the request must be rejected. */
  errors: Issue[];
  /** Things removed or unwrapped: the request proceeds. */
  warnings: Issue[];
  /** Media paths referenced (img/audio/video/source src, video poster), entity-decoded, unique, in document order. */
  mediaRefs: string[];
  /** True when the HTML has non-whitespace text or at least one media element with a file. */
  hasContent: boolean;
}

/** Cleans one HTML field; every issue carries `path` (e.g. `answers[2].answer`). */
export function cleanHtml(html: string, kind: HtmlFieldKind, path: string): CleanHtmlResult {
  const { html: cleaned, errors, warnings, mediaRefs, hasContent } = runPolicy(html, kind, path);
  return { html: cleaned, errors, warnings, mediaRefs, hasContent };
}

/**
 * Replaces media paths (same attributes as mediaRefs) using the map; other content unchanged.
 * Meant for HTML that cleanHtml produced: it runs the same policy (with links and embeds
 * allowed, so no field's clean HTML loses anything), which leaves clean HTML byte for byte as
 * it was apart from the replaced paths, and keeps any other input safe. Keys are compared with
 * the entity-decoded attribute values (as in mediaRefs); the new paths must be relative
 * (`/media/…`), since the policy would drop anything else.
 */
export function rewriteMediaRefs(html: string, map: ReadonlyMap<string, string>): string {
  for (const target of map.values()) {
    if (target === "" || classifyUrl(target).kind !== "relative") {
      throw new Error(`rewriteMediaRefs: ${JSON.stringify(target)} is not a relative path`);
    }
  }
  return runPolicy(html, "explanation", "", map).html;
}

/** First img src in document order, or null (used as the social preview image). */
export function firstImageSrc(html: string): string | null {
  return runPolicy(html, "explanation", "").firstImageSrc;
}
