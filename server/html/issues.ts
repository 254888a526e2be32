// The errors and warnings of the HTML policy: codes, wording, and one issue per distinct thing.
import type { Issue, IssueCode } from "../errors";
import { LINK_REL } from "./allowlist";
import type { RemovedDeclaration } from "./style";

export const HTML_CODES = {
  /** A forbidden element or an event-handler attribute. */
  forbidden: "html_forbidden",
  /** A link or an embed in a field that allows neither (question, answer). */
  embedNotAllowed: "html_embed_not_allowed",
  /** A `javascript:`, `vbscript:` or `data:` URL, or an obfuscated one. */
  unsafeUrl: "html_unsafe_url",
  /** A media reference that is not a relative path. */
  absoluteMedia: "html_absolute_media",
  /** A link whose scheme is not http, https or mailto. */
  linkScheme: "html_link_scheme",
  /** An iframe whose source is not a YouTube embed. */
  iframeSource: "html_iframe_source",
  /** Elements nested deeper than the policy reads. */
  tooDeep: "html_too_deep",
  /** Warning: something was unwrapped, dropped or replaced. */
  removed: "html_removed",
  /** More distinct errors than are listed for one field (MAX_LISTED_ISSUES); the count of the rest. */
  moreErrors: "html_more_errors",
} as const;

/**
 * Distinct errors, and distinct warnings, listed for one field; the rest are counted in one
 * closing issue. A 512 KiB field of distinct attribute names (`<p a0 a1 a2 …>`) made 100,000
 * warnings, 20 MB of response for one field, and a request carries over a hundred fields.
 */
export const MAX_LISTED_ISSUES = 50;

/** One field's issues of one kind: one per distinct message, in first-seen order, the first MAX_LISTED_ISSUES listed. */
class DistinctIssues {
  private readonly listed = new Map<string, Issue>();
  private readonly unlisted = new Set<string>();

  add(issue: Issue): void {
    if (this.listed.has(issue.message)) return;
    if (this.listed.size < MAX_LISTED_ISSUES) this.listed.set(issue.message, issue);
    else this.unlisted.add(issue.message);
  }

  /** The listed issues, then `summary(n)` when n more were not listed. */
  list(summary: (more: number) => Issue): Issue[] {
    const issues = [...this.listed.values()];
    if (this.unlisted.size > 0) issues.push(summary(this.unlisted.size));
    return issues;
  }
}

/** Collects issues of one field, keeping one per distinct message, in first-seen order. */
export class IssueLog {
  private readonly seenErrors = new DistinctIssues();
  private readonly seenWarnings = new DistinctIssues();

  constructor(private readonly path: string) {}

  error(code: IssueCode, message: string): void {
    this.seenErrors.add({ code, path: this.path, message });
  }

  warn(message: string): void {
    this.seenWarnings.add({ code: HTML_CODES.removed, path: this.path, message });
  }

  get errors(): Issue[] {
    return this.seenErrors.list((more) => ({
      code: HTML_CODES.moreErrors,
      path: this.path,
      message: errorText.moreErrors(more),
    }));
  }

  get warnings(): Issue[] {
    return this.seenWarnings.list((more) => ({
      code: HTML_CODES.removed,
      path: this.path,
      message: warningText.moreRemovals(more),
    }));
  }
}

/** Names and values come from the input: control characters are shown escaped, long ones cut. */
function shown(text: string, max = 60): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut).slice(1, -1);
}

const tag = (name: string) => `<${shown(name)}>`;
const quoted = (text: string) => `"${shown(text, 100)}"`;

export const errorText = {
  forbiddenTag: (name: string) =>
    `${tag(name)} is not allowed (scripts, styles, plug-ins and form controls cannot be used in HTML fields)`,
  eventHandler: (name: string, attribute: string) =>
    `attribute ${quoted(attribute)} on ${tag(name)} is not allowed (event handlers cannot be used)`,
  embedNotAllowed: (name: string) =>
    name === "a"
      ? `<a> is not allowed: links cannot be used in a question or an answer`
      : `${tag(name)} is not allowed: embeds such as YouTube cannot be used in a question or an answer`,
  unsafeUrl: (scheme: string, name: string, attribute: string) =>
    `a ${shown(scheme)}: URL in <${shown(name)} ${shown(attribute)}> is not allowed`,
  obfuscatedUrl: (name: string, attribute: string) =>
    `an obfuscated URL (containing "<!--") in <${shown(name)} ${shown(attribute)}> is not allowed`,
  absoluteMedia: (name: string, attribute: string, url: string) =>
    `<${shown(name)} ${shown(attribute)}> must be a relative path of an uploaded file, not the absolute URL ${quoted(url)}`,
  linkScheme: (url: string) =>
    `link ${quoted(url)} is not allowed: a link must be an http, https or mailto URL or a relative path`,
  iframeSource: (src: string | undefined) =>
    `<iframe${src === undefined ? "> without a source" : ` src=${quoted(src)}>`} is not allowed: ` +
    `only YouTube embeds (https://www.youtube.com/embed/… or https://www.youtube-nocookie.com/embed/…) are`,
  tooDeep: (limit: number) => `HTML elements are nested more than ${limit} levels deep; at most ${limit} are allowed`,
  moreErrors: (more: number) =>
    `and ${more.toLocaleString("en-US")} more distinct errors like those above (only the first ${MAX_LISTED_ISSUES} of a field are listed)`,
};

export const warningText = {
  unwrapped: (name: string) => `${tag(name)} was removed (its content was kept)`,
  droppedWithContent: (name: string) => `${tag(name)} was removed with its content`,
  droppedVoid: (name: string) => `${tag(name)} was removed`,
  attribute: (name: string, attribute: string) => `attribute ${quoted(attribute)} on ${tag(name)} was removed`,
  style: (name: string, removed: RemovedDeclaration) =>
    removed.value === undefined
      ? `style ${quoted(removed.property)} on ${tag(name)} was removed`
      : `style ${quoted(`${removed.property}: ${removed.value}`)} on ${tag(name)} was removed ` +
        `(text-align may be left, right, center or justify)`,
  relReplaced: (rel: string) => `attribute "rel" on <a> was replaced: ${quoted(rel)} became "${LINK_REL}"`,
  iframeContent: () => `content inside <iframe> was removed`,
  moreRemovals: (more: number) =>
    `and ${more.toLocaleString("en-US")} more distinct removals like those above (only the first ${MAX_LISTED_ISSUES} of a field are listed)`,
};
