// Zoom and pan of the area canvas as pure math. The stage is as large as its box on the page;
// the image sits in it scaled by `zoom` and shifted by (x, y) screen pixels, so a 4000 × 3000
// image never needs a 4000 × 3000 canvas.
export interface View {
  zoom: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;
/** Free space kept around the image when it is larger than the box. */
const MARGIN = 24;

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

export const clampZoom = (zoom: number) => clamp(zoom, MIN_ZOOM, MAX_ZOOM);

/** The zoom at which the whole image fits the box (never above 100%). */
export function fitZoom(image: Size, box: Size): number {
  if (box.width <= 0 || box.height <= 0) return 1;
  return clampZoom(Math.min(1, (box.width - 2 * MARGIN) / image.width, (box.height - 2 * MARGIN) / image.height));
}

/**
 * Keeps the image reachable: along an axis where it is smaller than the box it is centred;
 * where it is larger, it may move until its edge is MARGIN inside the box, no further.
 */
export function clampPan(view: View, image: Size, box: Size): View {
  const axis = (offset: number, imageLength: number, boxLength: number) => {
    const shown = imageLength * view.zoom;
    if (shown + 2 * MARGIN <= boxLength) return Math.round((boxLength - shown) / 2);
    return clamp(offset, boxLength - shown - MARGIN, MARGIN);
  };
  return { zoom: view.zoom, x: axis(view.x, image.width, box.width), y: axis(view.y, image.height, box.height) };
}

/** The view on opening: 100% when the image fits, else fitted; centred either way. */
export function initialView(image: Size, box: Size): View {
  const zoom = fitZoom(image, box) < 1 ? fitZoom(image, box) : 1;
  return clampPan({ zoom, x: 0, y: 0 }, image, box);
}

/** Zooms to `zoom` keeping the image point under screen point (px, py) where it is. */
export function zoomAround(view: View, zoom: number, px: number, py: number, image: Size, box: Size): View {
  const next = clampZoom(zoom);
  const ix = (px - view.x) / view.zoom;
  const iy = (py - view.y) / view.zoom;
  return clampPan({ zoom: next, x: px - ix * next, y: py - iy * next }, image, box);
}

/** Image pixel under a screen point of the stage. */
export function toImage(view: View, px: number, py: number): { x: number; y: number } {
  return { x: (px - view.x) / view.zoom, y: (py - view.y) / view.zoom };
}
