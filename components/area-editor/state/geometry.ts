// Keeping areas inside the limits of contract section 7 while the author draws: inside the
// image, at least 30 × 15 px, whole pixels, and the shared size of FixedWidth / FixedHeight.
import type { AreaRect, ImageSize } from "@/server/domain/areas";
import { AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "@/server/schemas/question/area-bounds";
import type { AreaOptions, EditorArea } from "./types";

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** A rectangle from two corners in any order (a drag up and to the left gives negative sizes). */
export function rectFromCorners(x1: number, y1: number, x2: number, y2: number): AreaRect {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

/**
 * The closest rectangle that obeys the limits: whole pixels, at least the minimum size (but no
 * larger than the image), and inside the image (moved back in rather than cut).
 */
export function fitRect(rect: AreaRect, image: ImageSize): AreaRect {
  const width = clamp(Math.round(rect.width), Math.min(AREA_MIN_WIDTH, image.width), image.width);
  const height = clamp(Math.round(rect.height), Math.min(AREA_MIN_HEIGHT, image.height), image.height);
  const x = clamp(Math.round(rect.x), 0, image.width - width);
  const y = clamp(Math.round(rect.y), 0, image.height - height);
  return { x, y, width, height };
}

/** Moves `rect` by (dx, dy), stopping at the image's edges. */
export function moveRect(rect: AreaRect, dx: number, dy: number, image: ImageSize): AreaRect {
  return fitRect({ ...rect, x: rect.x + dx, y: rect.y + dy }, image);
}

/** The bounding box of several rectangles. */
export function boundsOf(rects: readonly AreaRect[]): AreaRect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** The movement a group can make as a whole without any member leaving the image. */
export function clampGroupDelta(
  rects: readonly AreaRect[],
  dx: number,
  dy: number,
  image: ImageSize,
): { dx: number; dy: number } {
  if (rects.length === 0) return { dx: 0, dy: 0 };
  const b = boundsOf(rects);
  return {
    dx: clamp(Math.round(dx), -b.x, image.width - (b.x + b.width)),
    dy: clamp(Math.round(dy), -b.y, image.height - (b.y + b.height)),
  };
}

/**
 * Applies FixedWidth / FixedHeight: every area takes `size` (by default the first area's), and is
 * moved back inside the image if the new size pushes it out.
 */
export function applyFixedSize(
  areas: readonly EditorArea[],
  options: AreaOptions,
  image: ImageSize | null,
  size?: { width: number; height: number },
): EditorArea[] {
  const first = size ?? areas[0];
  if (!first || (!options.FixedWidth && !options.FixedHeight)) return [...areas];
  return areas.map((a) => {
    const next = {
      ...a,
      width: options.FixedWidth ? first.width : a.width,
      height: options.FixedHeight ? first.height : a.height,
    };
    return image ? { ...next, ...fitRect(next, image) } : next;
  });
}

/** Ids of areas that do not fit inside `image` (after a smaller image replaced the old one). */
export function areasOutside(areas: readonly EditorArea[], image: ImageSize | null): string[] {
  if (!image) return [];
  return areas
    .filter((a) => a.x < 0 || a.y < 0 || a.x + a.width > image.width || a.y + a.height > image.height)
    .map((a) => a.id);
}
