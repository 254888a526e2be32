// The errors and warnings of the HTML policy: codes, wording, and one issue per distinct thing.
import type { Issue } from "../errors";
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
} as const;

/** Collects issues of one field, keeping one per distinct message, in first-seen order. */
export class IssueLog {
  private readonly seenErrors = new Map<string, Issue>();
  private readonly seenWarnings = new Map<string, Issue>();

  constructor(private readonly path: string) {}

  error(code: string, message: string): void {
    if (!this.seenErrors.has(message)) this.seenErrors.set(message, { code, path: this.path, message });
  }

  warn(message: string): void {
    if (!this.seenWarnings.has(message)) {
      this.seenWarnings.set(message, { code: HTML_CODES.removed, path: this.path, message });
    }
  }

  get errors(): Issue[] {
    return [...this.seenErrors.values()];
  }

  get warnings(): Issue[] {
    return [...this.seenWarnings.values()];
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
};
