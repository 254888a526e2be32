// Where to go after signing in or up: the `next` query parameter, honoured only when it is a path
// of this site. Browsers are lenient with URLs in ways that turn an innocent-looking path into
// another host: they strip tabs and newlines ("/\t/evil" becomes "//evil"), read a backslash as
// a slash ("/\evil"), and resolve dot segments ("/..//evil"). Anything that could end up
// anywhere but a path on this origin is refused, also when percent-encoded. Pure.

/** The default destination: the exam list. */
export const DEFAULT_NEXT = "/exams";

const MAX_LENGTH = 2048;
// Control characters (C0, DEL, C1) and every kind of white space; a backslash.
const UNSAFE = /[\p{Cc}\u0020\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/u;
const BASE = "http://site.invalid";

/** The decoded forms of `text` (percent-decoding repeated until it no longer changes); null when one does not decode. */
function decodedForms(text: string): string[] | null {
  const forms = [text];
  let current = text;
  for (let i = 0; i < 4 && current.includes("%"); i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** The path part of a URL reference: before its query or fragment. */
const pathPart = (reference: string) => reference.split(/[?#]/, 1)[0]!;

/** A path part that no decoding of it turns into another host: one leading "/", no "//" start, nothing unsafe. */
function pathStaysHere(reference: string): boolean {
  const forms = decodedForms(pathPart(reference));
  return !!forms && forms.every((form) => form.startsWith("/") && !form.startsWith("//") && !UNSAFE.test(form));
}

/**
 * The path `raw` names when it is a path of this site ("/exams/12?tab=history"), normalised the
 * way a browser resolves it; null for anything else: absolute or protocol-relative URLs, a
 * backslash, control characters or white space anywhere, a path part that starts with "//" or
 * holds any of those once percent-decoded, a path that resolves to "//…". The query and fragment
 * may hold encoded characters ("?q=net%20basics"): they cannot change the host.
 */
export function sitePath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (UNSAFE.test(raw) || !pathStaysHere(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  // Dot segments may still resolve to "//host" ("/..//evil"): check what the browser would use.
  if (url.origin !== BASE || !pathStaysHere(path)) return null;
  return path;
}

/** `next` when it is a path of this site, else the exam list. */
export function nextDestination(raw: string | null | undefined): string {
  return sitePath(raw) ?? DEFAULT_NEXT;
}
