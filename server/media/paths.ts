// Resource paths (contract 8.2) and our own stored media paths (contract 8.4).
// Pure: no Node APIs, so forms can check a path with the same rules.

export const MAX_RESOURCE_PATH_LENGTH = 500;

const ALLOWED = "a relative URL such as images/figure-1.png";

/** Per the URL standard a segment of "..", ".%2e", "%2e." or "%2e%2e" climbs a level. */
function isDoubleDotSegment(segment: string): boolean {
  return /^(\.|%2e)(\.|%2e)$/i.test(segment);
}

function codePointLabel(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Null when `path` is acceptable as a key of `resources`, else a message saying what is wrong
 * and what is allowed. A path is a relative URL: no scheme, not starting with "//", no "\",
 * no ".." segment, 1 to 500 characters, no control characters, no surrounding whitespace.
 */
export function checkResourcePath(path: string): string | null {
  if (path.length === 0) return `the path is empty; give ${ALLOWED}`;

  const length = Array.from(path).length;
  if (length > MAX_RESOURCE_PATH_LENGTH) {
    return `the path is ${length} characters long; at most ${MAX_RESOURCE_PATH_LENGTH} are allowed`;
  }

  for (const char of path) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      return `the path contains the control character ${codePointLabel(code)}; only printable characters are allowed`;
    }
  }

  if (path.trim() !== path) {
    return `the path starts or ends with whitespace; give ${ALLOWED} without surrounding spaces`;
  }

  if (path.includes("\\")) {
    return `the path contains a backslash ("\\"); separate folders with "/", as in images/figure-1.png`;
  }

  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(path);
  if (scheme) {
    return `the path has a scheme ("${scheme[1]}:"), so it is an absolute URL; only ${ALLOWED} is allowed`;
  }

  if (path.startsWith("//")) {
    return `the path starts with "//", which names another host; only ${ALLOWED} is allowed`;
  }

  const pathPart = path.split(/[?#]/, 1)[0]!;
  if (pathPart.split("/").some(isDoubleDotSegment)) {
    return `the path contains a ".." segment; give ${ALLOWED} that does not climb out of its folder`;
  }

  return null;
}

const HASH_RE = /^[0-9a-f]{64}$/;
const EXT_RE = /^[a-z0-9]{1,10}$/;
const MEDIA_NAME_RE = /^([0-9a-f]{64})\.([a-z0-9]{1,10})$/;
const MEDIA_PATH_RE = /^\/media\/([0-9a-f]{64})\.([a-z0-9]{1,10})$/;

export interface MediaRef {
  /** SHA-256 of the bytes, 64 lowercase hex digits. */
  hash: string;
  /** Lowercase extension without the dot, as chosen by detectMedia. */
  ext: string;
}

/** Recognises our own stored paths `/media/<64 lowercase hex>.<ext>`; null for anything else. */
export function parseMediaPath(path: string): MediaRef | null {
  const match = MEDIA_PATH_RE.exec(path);
  return match ? { hash: match[1]!, ext: match[2]! } : null;
}

/** Recognises a stored file name `<64 lowercase hex>.<ext>` (the part after `/media/`). */
export function parseMediaName(name: string): MediaRef | null {
  const match = MEDIA_NAME_RE.exec(name);
  return match ? { hash: match[1]!, ext: match[2]! } : null;
}

/** The file name a media store keys by: `<hash>.<ext>`. Throws on a malformed hash or ext. */
export function mediaName(hash: string, ext: string): string {
  if (!HASH_RE.test(hash)) throw new Error(`mediaName: not a lowercase SHA-256 hex digest: ${JSON.stringify(hash)}`);
  if (!EXT_RE.test(ext)) throw new Error(`mediaName: not a lowercase extension: ${JSON.stringify(ext)}`);
  return `${hash}.${ext}`;
}

/** The public path of stored media: `/media/<hash>.<ext>`. Throws on a malformed hash or ext. */
export function mediaPath(hash: string, ext: string): string {
  return `/media/${mediaName(hash, ext)}`;
}
