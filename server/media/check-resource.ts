// Everything that is checked of one resource's content (contract 8.1, 8.3): Base64, size, type
// from the bytes, SVG sanitising and the SVG limits, the name's extension, an image's pixel size.
// Pure (no Node APIs), so it runs unchanged on the request's thread for small files and in a
// parse worker (server/workers) for large ones.
import { formatBytes } from "../format-bytes";
import type { Issue, IssueCode } from "../errors";
import { decodeBase64, decodedLength } from "./base64";
import { detectMedia, extensionMatches, imageDimensions, type DetectedMedia } from "./detect";
import { imageSizeProblem } from "./limits";
import { SvgOutputTooLarge, sanitizeSvg } from "./svg";
import { svgLimitBreach } from "./svg-parse";

export interface ResourceCheckInput {
  /** The key of `resources`, as the HTML names it. */
  key: string;
  /** Where issues point, e.g. `resources["img/a.png"]`. */
  path: string;
  base64: string;
  /** The decoded size limit in bytes (Infinity for none). */
  maxBytes: number;
}

export type ResourceCheck =
  | {
      ok: true;
      /** The bytes to store (a sanitised SVG differs from what was sent). */
      bytes: Uint8Array;
      detected: DetectedMedia;
      dims: { width: number; height: number } | null;
      warnings: Issue[];
    }
  | { ok: false; tooLarge: boolean; errors: Issue[]; warnings: Issue[] };

const ALLOWED_TYPES =
  "the file type is not allowed; allowed: PNG, JPEG, GIF, WebP, AVIF, SVG images, MP3, OGG, WAV, M4A/AAC audio, MP4 and WebM video";

export function checkResource({ key, path, base64, maxBytes }: ResourceCheckInput): ResourceCheck {
  const warnings: Issue[] = [];
  const fail = (code: IssueCode, message: string, tooLarge = false): ResourceCheck => ({
    ok: false,
    tooLarge,
    errors: [{ code, path, message }],
    warnings,
  });
  if (decodedLength(base64) > maxBytes) return fail("too_large", "the decoded file is over the size limit", true);
  const decoded = decodeBase64(base64);
  if (!decoded)
    return fail("invalid_base64", "is not valid Base64 (standard alphabet A–Z a–z 0–9 + /, padding optional)");
  if (decoded.byteLength === 0) return fail("empty_file", "the file is empty");
  const detected = detectMedia(decoded);
  if (!detected) {
    // An SVG the parser stopped reading at a limit is not "a type not allowed": say which limit.
    const breach = svgLimitBreach(decoded);
    return breach ? fail("svg_too_complex", breach.message) : fail("unsupported_media", ALLOWED_TYPES);
  }
  // The size as sent: the cleaned SVG keeps the root's width, height and viewBox (the parse of
  // `decoded` is cached, so the SVG is not read again).
  const dims = detected.kind === "image" ? imageDimensions(decoded, detected) : null;
  const sizeProblem = dims && imageSizeProblem(dims);
  if (sizeProblem) return fail("image_too_large", sizeProblem);
  let bytes = decoded;
  if (detected.ext === "svg") {
    let clean;
    try {
      clean = sanitizeSvg(decoded, maxBytes);
    } catch (error) {
      if (!(error instanceof SvgOutputTooLarge)) throw error;
      const limit = formatBytes(maxBytes);
      return fail(
        "svg_too_large",
        `the SVG would be larger than ${limit} once cleaned (its text and attribute values hold many characters written as references, such as < as &lt;); at most ${limit} may be stored`,
      );
    }
    bytes = clean.bytes;
    if (clean.removed.length > 0)
      warnings.push({ code: "svg_sanitized", path, message: `removed from the SVG: ${clean.removed.join(", ")}` });
  }
  if (!extensionMatches(key, detected)) {
    warnings.push({
      code: "extension_mismatch",
      path,
      message: `the name says otherwise, but the content is ${detected.contentType}; it is stored as .${detected.ext}`,
    });
  }
  return { ok: true, bytes, detected, dims, warnings };
}
