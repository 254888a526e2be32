// What a resource is, from its bytes alone (contract 8.3): magic numbers and a little structure,
// never the name. Pure: Uint8Array/TextDecoder only, so the browser can run the same checks.
import { GIF } from "image-size/types/gif";
import { HEIF } from "image-size/types/heif";
import type { IImage } from "image-size/types/interface";
import { JPG } from "image-size/types/jpg";
import { PNG } from "image-size/types/png";
import { WEBP } from "image-size/types/webp";
import {
  ascii,
  id3End,
  isAdtsStream,
  isMp3Stream,
  isWav,
  isoBmffType,
  oggType,
  startsWith,
  u32be,
  webmDocType,
} from "./containers";
import { readSvgRoot } from "./svg-parse";

export type MediaKind = "image" | "audio" | "video";

export interface DetectedMedia {
  kind: MediaKind;
  /** Lowercase extension without the dot; also the extension of the stored file. */
  ext: string;
  contentType: string;
}

/** Every type we accept, by the extension we store it under. */
export const MEDIA_TYPES = {
  png: { kind: "image", ext: "png", contentType: "image/png" },
  jpg: { kind: "image", ext: "jpg", contentType: "image/jpeg" },
  gif: { kind: "image", ext: "gif", contentType: "image/gif" },
  webp: { kind: "image", ext: "webp", contentType: "image/webp" },
  avif: { kind: "image", ext: "avif", contentType: "image/avif" },
  svg: { kind: "image", ext: "svg", contentType: "image/svg+xml" },
  mp3: { kind: "audio", ext: "mp3", contentType: "audio/mpeg" },
  ogg: { kind: "audio", ext: "ogg", contentType: "audio/ogg" },
  wav: { kind: "audio", ext: "wav", contentType: "audio/wav" },
  m4a: { kind: "audio", ext: "m4a", contentType: "audio/mp4" },
  aac: { kind: "audio", ext: "aac", contentType: "audio/aac" },
  mp4: { kind: "video", ext: "mp4", contentType: "video/mp4" },
  ogv: { kind: "video", ext: "ogv", contentType: "video/ogg" },
  webm: { kind: "video", ext: "webm", contentType: "video/webm" },
} as const satisfies Record<string, DetectedMedia>;

export type MediaExt = keyof typeof MEDIA_TYPES;

/** The type of a stored file by its extension (for serving `/media/<hash>.<ext>`), or null. */
export function mediaTypeForExt(ext: string): DetectedMedia | null {
  return Object.hasOwn(MEDIA_TYPES, ext) ? { ...MEDIA_TYPES[ext as MediaExt] } : null;
}

function result(ext: MediaExt): DetectedMedia {
  return { ...MEDIA_TYPES[ext] };
}

// ---------------------------------------------------------------------------------------------
// Images

function isPng(b: Uint8Array): boolean {
  // Signature, then the IHDR chunk (length 13) that must come first.
  return (
    b.length >= 33 &&
    startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    u32be(b, 8) === 13 &&
    ascii(b, 12, 16) === "IHDR"
  );
}

function isJpeg(b: Uint8Array): boolean {
  // SOI followed by the start of another marker segment (APPn, DQT, SOFn, DHT, COM, …).
  return b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b[3]! >= 0xc0 && b[3]! <= 0xfe;
}

function isGif(b: Uint8Array): boolean {
  const sig = ascii(b, 0, 6);
  return b.length >= 13 && (sig === "GIF87a" || sig === "GIF89a");
}

function riffForm(b: Uint8Array): string | null {
  return b.length >= 12 && ascii(b, 0, 4) === "RIFF" ? ascii(b, 8, 12) : null;
}

function isWebp(b: Uint8Array): boolean {
  const chunk = ascii(b, 12, 16);
  return b.length >= 20 && (chunk === "VP8 " || chunk === "VP8L" || chunk === "VP8X");
}

// ---------------------------------------------------------------------------------------------

/**
 * Identifies an accepted media type from the bytes: PNG, JPEG, GIF, WebP, AVIF, SVG, MP3, OGG,
 * WAV, M4A, AAC (ADTS), MP4, WebM. Null for anything else, including empty and truncated
 * headers.
 */
export function detectMedia(bytes: Uint8Array): DetectedMedia | null {
  const b = bytes;
  if (b.length === 0) return null;
  if (isPng(b)) return result("png");
  if (isJpeg(b)) return result("jpg");
  if (isGif(b)) return result("gif");
  const riff = riffForm(b);
  if (riff === "WEBP") return isWebp(b) ? result("webp") : null;
  if (riff === "WAVE") return isWav(b) ? result("wav") : null;
  if (riff !== null) return null; // AVI and other RIFF forms
  const iso = isoBmffType(b);
  if (iso) return result(iso);
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return webmDocType(b) === "webm" ? result("webm") : null;
  if (startsWith(b, [0x4f, 0x67, 0x67, 0x53])) {
    const ogg = oggType(b);
    return ogg ? result(ogg) : null;
  }
  const tagEnd = id3End(b);
  if (tagEnd !== null) return isAdtsStream(b, tagEnd) ? result("aac") : result("mp3");
  if (isMp3Stream(b)) return result("mp3");
  if (isAdtsStream(b)) return result("aac");
  if (readSvgRoot(b)) return result("svg");
  return null;
}

// ---------------------------------------------------------------------------------------------
// Dimensions

const RASTER_READERS: Partial<Record<string, IImage>> = {
  png: PNG,
  jpg: JPG,
  gif: GIF,
  webp: WEBP,
  avif: HEIF,
};

/** CSS pixels per unit for SVG lengths. */
const SVG_UNITS: Record<string, number> = { "": 1, px: 1, pt: 96 / 72, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };

function svgLength(value: string | null): number | null {
  if (value === null) return null;
  const m = /^\s*([+]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(value);
  if (!m) return null; // percentages, em, auto: no intrinsic size
  const n = Number(m[1]) * SVG_UNITS[(m[2] ?? "").toLowerCase()]!;
  return Number.isFinite(n) && n > 0 ? n : null;
}

function svgDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const root = readSvgRoot(bytes);
  if (!root) return null;
  let width = svgLength(root.width);
  let height = svgLength(root.height);
  if (width === null || height === null) {
    const box = (root.viewBox ?? "")
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const [vbWidth, vbHeight] = [box[2], box[3]];
    if (box.length !== 4 || box.some((n) => !Number.isFinite(n)) || !(vbWidth! > 0) || !(vbHeight! > 0)) return null;
    if (width !== null) height = (width * vbHeight!) / vbWidth!;
    else if (height !== null) width = (height * vbWidth!) / vbHeight!;
    else [width, height] = [vbWidth!, vbHeight!];
  }
  const size = { width: Math.round(width), height: Math.round(height!) };
  return size.width >= 1 && size.height >= 1 ? size : null;
}

/**
 * The pixel size of an image as a browser displays it (JPEG EXIF orientations 5–8 swap width
 * and height). SVG: the width/height attributes, else the viewBox. Null for audio and video,
 * and when the size cannot be read.
 */
export function imageDimensions(bytes: Uint8Array, detected: DetectedMedia): { width: number; height: number } | null {
  if (detected.kind !== "image") return null;
  if (detected.ext === "svg") return svgDimensions(bytes);
  const reader = RASTER_READERS[detected.ext];
  if (!reader) return null;
  try {
    const size = reader.calculate(bytes);
    const { width, height } = size;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) return null;
    const rotated = (size.orientation ?? 1) >= 5 && (size.orientation ?? 1) <= 8;
    return rotated ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Names

/** File-name extensions that agree with each detected type. */
const NAME_EXTENSIONS: Record<MediaExt, readonly string[]> = {
  png: ["png", "apng"],
  jpg: ["jpg", "jpeg", "jpe", "jfif", "pjpeg", "pjp"],
  gif: ["gif"],
  webp: ["webp"],
  avif: ["avif"],
  svg: ["svg"],
  mp3: ["mp3", "mpga"],
  ogg: ["ogg", "oga", "opus", "spx"],
  wav: ["wav", "wave"],
  m4a: ["m4a", "m4b", "mp4", "aac"],
  aac: ["aac", "adts"],
  mp4: ["mp4", "m4v"],
  ogv: ["ogv", "ogg"],
  webm: ["webm"],
};

/** The lowercase extension of the last segment of a URL path, or "" when it has none. */
export function pathExtension(path: string): string {
  const pathPart = path.split(/[?#]/, 1)[0]!;
  const segment = pathPart.slice(pathPart.lastIndexOf("/") + 1);
  const dot = segment.lastIndexOf(".");
  return dot <= 0 ? "" : segment.slice(dot + 1).toLowerCase();
}

/**
 * Whether the name's extension agrees with what the bytes are (jpg/jpeg and the like count as
 * the same). A name without an extension agrees with anything.
 */
export function extensionMatches(path: string, detected: DetectedMedia): boolean {
  const ext = pathExtension(path);
  if (ext === "") return true;
  const accepted = NAME_EXTENSIONS[detected.ext as MediaExt] ?? [detected.ext];
  return accepted.includes(ext);
}
