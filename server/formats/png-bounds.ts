// A PNG checked before its pixels are decoded (./raster.ts): its header within the pixels composed
// or cropped here, and its image data inflating to no more than those pixels need. fast-png
// inflates the image data (and an ICC profile) with no bound at all: a PNG of some megabytes that
// says 10×10 pixels can inflate to gigabytes, outside the worker's heap limit (typed arrays are
// not on the heap). Only the chunks that carry the pixels are kept for decoding. Pure: no Node APIs.
import { inflatedSize } from "./inflate-bounded";

export type PngBounds = { ok: true; png: Uint8Array } | { ok: false; message: string };

/** The chunks decoding needs; the others (colour profiles, text, animation) are left out. */
const KEPT = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);
/** Samples per pixel of each colour type (grey, RGB, palette, grey + alpha, RGBA). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** The seven passes of Adam7 interlacing: first column and row, then the step of each. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/** Bytes of filtered scanlines `width × height` pixels of `bits` bits take: a filter byte a row. */
function scanlineBytes(width: number, height: number, bits: number): number {
  return width === 0 || height === 0 ? 0 : height * (1 + Math.ceil((width * bits) / 8));
}

/** The image data's inflated size, as the header's size, depth, colour type and interlacing make it. */
function imageDataBytes(width: number, height: number, bits: number, interlaced: boolean): number {
  if (!interlaced) return scanlineBytes(width, height, bits);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7)
    total += scanlineBytes(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy), bits);
  return total;
}

/**
 * The PNG's pixel-carrying chunks, once its size is at most `maxPixels` and its image data is seen
 * to inflate to no more than its pixels need (inflating stops the moment it passes that); or why
 * not, in words that follow the image's name.
 */
export function boundedPng(bytes: Uint8Array, maxPixels: number): PngBounds {
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  const data: Uint8Array[] = [];
  let header: { width: number; height: number; bits: number; interlaced: boolean } | null = null;
  for (let at = 8; ;) {
    if (at + 12 > bytes.length) return { ok: false, message: "cannot be decoded (the PNG is cut short)" };
    const length = u32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (end > bytes.length) return { ok: false, message: `cannot be decoded (its ${type} chunk is cut short)` };
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR" && length >= 13) {
      const width = u32(body, 0);
      const height = u32(body, 4);
      if (width * height > maxPixels)
        return {
          ok: false,
          message: `is ${width}×${height} pixels, more than the ${maxPixels / 1e6} megapixels composed or cropped here`,
        };
      const channels = CHANNELS[body[9]!];
      if (channels === undefined) return { ok: false, message: `cannot be decoded (PNG colour type ${body[9]})` };
      header = { width, height, bits: channels * body[8]!, interlaced: body[12] === 1 };
    }
    if (type === "IDAT") data.push(body);
    if (KEPT.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") break;
  }
  if (!header) return { ok: false, message: "cannot be decoded (the PNG has no IHDR header)" };
  const need = imageDataBytes(header.width, header.height, header.bits, header.interlaced);
  if (inflatedSize(concat(data), need, "zlib") === null)
    return {
      ok: false,
      message: `has image data that inflates to more than the ${need} bytes its ${header.width}×${header.height} pixels need; such a PNG is refused`,
    };
  return { ok: true, png: concat(kept) };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
