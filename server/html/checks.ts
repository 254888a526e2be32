// The errors of the HTML policy (contract 9.2 and 9.3), decided per element as the parser meets
// it, including elements inside content that is dropped anyway.
import {
  EMBED_TAGS,
  FORBIDDEN_TAGS,
  LINK_SCHEMES,
  SRCSET_ATTRIBUTES,
  UNSAFE_SCHEMES,
  URL_ATTRIBUTES,
  isMediaAttribute,
} from "./allowlist";
import { HTML_CODES, errorText, type IssueLog } from "./issues";
import { classifyUrl, isYoutubeEmbed, srcsetCandidates, trimUrl, type UrlClass } from "./urls";

export interface ElementVerdict {
  /** Attributes that must not be kept (their error is reported). */
  blocked: ReadonlySet<string>;
  /** The element must go with its content (an iframe that is not a YouTube embed). */
  refused: boolean;
}

const NOTHING_BLOCKED: ReadonlySet<string> = new Set();

/** Reports every error of one element into `issues`. */
export function checkElement(
  name: string,
  attribs: Readonly<Record<string, string>>,
  embedsAllowed: boolean,
  issues: IssueLog,
): ElementVerdict {
  if (FORBIDDEN_TAGS.has(name)) issues.error(HTML_CODES.forbidden, errorText.forbiddenTag(name));
  if (EMBED_TAGS.includes(name) && !embedsAllowed)
    issues.error(HTML_CODES.embedNotAllowed, errorText.embedNotAllowed(name));

  let blocked: Set<string> | null = null;
  for (const attribute of Object.keys(attribs)) {
    let ok = true;
    if (attribute.startsWith("on")) {
      issues.error(HTML_CODES.forbidden, errorText.eventHandler(name, attribute));
      ok = false;
    } else if (URL_ATTRIBUTES.has(attribute)) {
      ok = checkUrl(name, attribute, attribs[attribute] ?? "", embedsAllowed, issues);
    }
    if (!ok) (blocked ??= new Set()).add(attribute);
  }

  let refused = false;
  if (name === "iframe" && embedsAllowed) {
    const src = attribs.src;
    const srcBlocked = blocked?.has("src") ?? false;
    refused = src === undefined || srcBlocked || !isYoutubeEmbed(src);
    if (refused && !srcBlocked) issues.error(HTML_CODES.iframeSource, errorText.iframeSource(src));
  }
  return { blocked: blocked ?? NOTHING_BLOCKED, refused };
}

/** Reports a URL that may not be kept; true when the value is acceptable on this attribute. */
function checkUrl(name: string, attribute: string, value: string, embedsAllowed: boolean, issues: IssueLog): boolean {
  const candidates = SRCSET_ATTRIBUTES.has(attribute) ? srcsetCandidates(value) : [value];
  const classes = candidates.map(classifyUrl);
  let safe = true;
  for (const found of classes) {
    if (found.kind === "obfuscated") {
      issues.error(HTML_CODES.unsafeUrl, errorText.obfuscatedUrl(name, attribute));
      safe = false;
    } else if (found.kind === "absolute" && UNSAFE_SCHEMES.has(found.scheme)) {
      issues.error(HTML_CODES.unsafeUrl, errorText.unsafeUrl(found.scheme, name, attribute));
      safe = false;
    }
  }
  if (!safe) return false;

  const found: UrlClass = classes[0] ?? { kind: "relative" };
  if (isMediaAttribute(name, attribute) && found.kind !== "relative") {
    issues.error(HTML_CODES.absoluteMedia, errorText.absoluteMedia(name, attribute, trimUrl(value)));
    return false;
  }
  if (name === "a" && attribute === "href" && embedsAllowed && !isLinkTarget(found)) {
    issues.error(HTML_CODES.linkScheme, errorText.linkScheme(trimUrl(value)));
    return false;
  }
  return true;
}

/** http, https, mailto or a relative URL; `//host` is refused (write the scheme). */
function isLinkTarget(found: UrlClass): boolean {
  return found.kind === "relative" || (found.kind === "absolute" && LINK_SCHEMES.includes(found.scheme));
}
