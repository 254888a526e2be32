// How the HTML policy reads URLs in attribute values (already entity-decoded by the parser).
// Scheme detection is deliberately lenient towards the attacker: it ignores every control
// character and space, so `java\tscript:`, ` javascript:` and `java script:` all count as
// `javascript:`, and a URL containing `<!--` (a trick to hide a scheme from filters) is refused
// outright. This reading is at least as strict as the one sanitize-html applies afterwards, so a
// URL the policy keeps is never dropped silently behind its back.
import { YOUTUBE_EMBED_HOSTS } from "./allowlist";

export type UrlClass =
  | { kind: "relative" }
  /** `//host/path` (or with backslashes): relative in syntax, but it names another host. */
  | { kind: "scheme-relative" }
  | { kind: "absolute"; scheme: string }
  /** Contains `<!--`: no legitimate URL does. */
  | { kind: "obfuscated" };

// The C0 control characters and space: every code point below U+0021.
const IGNORABLE = /[^\u0021-\u{10ffff}]+/gu;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const TWO_SLASHES = /^[/\\]{2}/;

export function classifyUrl(value: string): UrlClass {
  const seen = value.replace(IGNORABLE, "");
  if (seen.includes("<!--")) return { kind: "obfuscated" };
  const scheme = SCHEME.exec(seen);
  if (scheme?.[1]) return { kind: "absolute", scheme: scheme[1].toLowerCase() };
  if (TWO_SLASHES.test(seen)) return { kind: "scheme-relative" };
  return { kind: "relative" };
}

/** Strips what the URL parser strips at both ends: C0 control characters and spaces. */
export function trimUrl(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

/**
 * Each candidate of a `srcset` (`a.png 1x, b.png 2x`), descriptor included: read as a URL with
 * spaces ignored, `java script:x 2x` still shows its scheme.
 */
export function srcsetCandidates(value: string): string[] {
  return value
    .split(",")
    .map(trimUrl)
    .filter((candidate) => candidate !== "");
}

/** `https://www.youtube.com/embed/…` or `https://www.youtube-nocookie.com/embed/…`, nothing else. */
export function isYoutubeEmbed(src: string): boolean {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return (
    url.protocol === "https:" &&
    url.username === "" &&
    url.password === "" &&
    url.port === "" &&
    YOUTUBE_EMBED_HOSTS.includes(url.hostname) &&
    url.pathname.startsWith("/embed/") &&
    url.pathname.length > "/embed/".length
  );
}
