// Pixels for the formats that move image questions between two models: Moodle's ddimageortext
// and QTI's qti-gap-img hold each draggable as an image of its own, while a Drag & Drop
// question here holds its draggables as areas of one base image. Import composes the separate
// images onto the base image (in a tray below it); export crops each draggable area out of it.
// PNG (fast-png), JPEG (jpeg-js) and GIF (omggif, first frame) are decoded; everything is
// written as PNG. Pure JavaScript, no Node APIs, bounded: an image over RASTER_MAX_PIXELS is
// not decoded, nor a PNG whose image data inflates to more than its pixels need (./png-bounds.ts).
import { decode as decodePngBytes, encode as encodePngBytes, convertIndexedToRgb, hasPngSignature } from "fast-png";
import { decode as decodeJpegBytes } from "jpeg-js";
import { GifReader } from "omggif";
import { boundedPng } from "./png-bounds";

/** 8-bit RGBA, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** 40 megapixels: far beyond a question's image, and 160 MB of RGBA at most. */
export const RASTER_MAX_PIXELS = 40_000_000;

export type Decoded = { ok: true; image: RgbaImage } | { ok: false; message: string };

/** The image's pixels, or why they cannot be had (a format not decoded here, corrupt, too large). */
export function decodeImage(bytes: Uint8Array): Decoded {
  try {
    if (hasPngSignature(bytes)) {
      const png = boundedPng(bytes, RASTER_MAX_PIXELS);
      return png.ok ? bounded(pngToRgba(png.png)) : png;
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8) {
      const jpeg = decodeJpegBytes(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: RASTER_MAX_PIXELS / 1e6,
        maxMemoryUsageInMB: 512,
      });
      return bounded({ width: jpeg.width, height: jpeg.height, data: jpeg.data });
    }
    if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) {
      const gif = new GifReader(bytes);
      if (gif.width * gif.height > RASTER_MAX_PIXELS) return tooLarge(gif.width, gif.height);
      const data = new Uint8Array(gif.width * gif.height * 4);
      gif.decodeAndBlitFrameRGBA(0, data);
      return { ok: true, image: { width: gif.width, height: gif.height, data } };
    }
  } catch (error) {
    return { ok: false, message: `cannot be decoded (${error instanceof Error ? error.message : String(error)})` };
  }
  return {
    ok: false,
    message: "is not a PNG, JPEG or GIF image, the formats whose pixels an import or export can compose or crop",
  };
}

function tooLarge(width: number, height: number): Decoded {
  return {
    ok: false,
    message: `is ${width}×${height} pixels, more than the ${RASTER_MAX_PIXELS / 1e6} megapixels composed or cropped here`,
  };
}

function bounded(image: RgbaImage): Decoded {
  return image.width * image.height > RASTER_MAX_PIXELS ? tooLarge(image.width, image.height) : { ok: true, image };
}

function pngToRgba(bytes: Uint8Array): RgbaImage {
  const png = decodePngBytes(bytes);
  const { width, height } = png;
  if (width * height > RASTER_MAX_PIXELS) return { width, height, data: new Uint8Array(0) };
  let channels = png.channels;
  let data: Uint8Array | Uint8ClampedArray | Uint16Array = png.data;
  if (png.palette) {
    data = convertIndexedToRgb(png);
    channels = png.palette[0]?.length ?? 3;
  }
  const out = new Uint8Array(width * height * 4);
  const shift = png.depth === 16 && !png.palette ? 8 : 0;
  const pixels = width * height;
  for (let i = 0; i < pixels; i++) {
    const s = i * channels;
    const o = i * 4;
    const v = (k: number) => (shift ? data[s + k]! >> shift : data[s + k]!);
    if (channels >= 3) {
      out[o] = v(0);
      out[o + 1] = v(1);
      out[o + 2] = v(2);
      out[o + 3] = channels === 4 ? v(3) : 255;
    } else {
      // Grey, with or without alpha.
      out[o] = out[o + 1] = out[o + 2] = v(0);
      out[o + 3] = channels === 2 ? v(1) : 255;
    }
  }
  return { width, height, data: out };
}

/** The image as an 8-bit RGBA PNG. */
export function encodePng(image: RgbaImage): Uint8Array {
  return encodePngBytes({ width: image.width, height: image.height, data: image.data, depth: 8, channels: 4 });
}

/** The part of `image` inside `rect` (clipped to the image; at least 1×1). */
export function cropImage(image: RgbaImage, rect: Rect): RgbaImage {
  const x = clamp(Math.round(rect.x), 0, image.width - 1);
  const y = clamp(Math.round(rect.y), 0, image.height - 1);
  const width = clamp(Math.round(rect.width), 1, image.width - x);
  const height = clamp(Math.round(rect.height), 1, image.height - y);
  const data = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 4;
    data.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export interface Tray {
  /** The base image with the tray below it. */
  image: RgbaImage;
  /** Where each piece was drawn, in the order given. */
  placements: Rect[];
}

/** Space between pieces, and around them, in the tray. */
const TRAY_GAP = 10;
/** The tray's colour: a light grey that sets it off from most images' white. */
const TRAY_RGBA = [241, 243, 245, 255] as const;

/**
 * The base image with a tray below it holding every piece, left to right in rows as wide as the
 * base image (a piece wider than that gets a row of its own and widens the result), each at its
 * own size, alpha-blended onto the tray. The base image's pixels keep their coordinates, so areas
 * on it stay where they are.
 */
export function composeTray(base: RgbaImage, pieces: readonly RgbaImage[]): Tray {
  const width = Math.max(base.width, ...pieces.map((p) => p.width + 2 * TRAY_GAP));
  const placements: Rect[] = [];
  let x = TRAY_GAP;
  let y = base.height + TRAY_GAP;
  let rowHeight = 0;
  for (const piece of pieces) {
    if (x > TRAY_GAP && x + piece.width + TRAY_GAP > width) {
      x = TRAY_GAP;
      y += rowHeight + TRAY_GAP;
      rowHeight = 0;
    }
    placements.push({ x, y, width: piece.width, height: piece.height });
    x += piece.width + TRAY_GAP;
    rowHeight = Math.max(rowHeight, piece.height);
  }
  const height = pieces.length === 0 ? base.height : y + rowHeight + TRAY_GAP;
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(TRAY_RGBA, i);
  draw(data, width, base, 0, 0, false);
  pieces.forEach((piece, i) => draw(data, width, piece, placements[i]!.x, placements[i]!.y, true));
  return { image: { width, height, data }, placements };
}

/** Copies (or alpha-blends) `source` into the `target` pixels at (left, top). */
function draw(
  target: Uint8Array,
  targetWidth: number,
  source: RgbaImage,
  left: number,
  top: number,
  blend: boolean,
): void {
  for (let row = 0; row < source.height; row++) {
    const from = row * source.width * 4;
    const to = ((top + row) * targetWidth + left) * 4;
    if (!blend) {
      target.set(source.data.subarray(from, from + source.width * 4), to);
      continue;
    }
    for (let i = 0; i < source.width * 4; i += 4) {
      const a = source.data[from + i + 3]! / 255;
      for (let c = 0; c < 3; c++)
        target[to + i + c] = Math.round(source.data[from + i + c]! * a + target[to + i + c]! * (1 - a));
      target[to + i + 3] = 255;
    }
  }
}
