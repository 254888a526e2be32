"use client";
// The base image of an image question as a candidate sees it: scaled to the space available
// (never above its natural size), with elements laid over it in image pixels turned into
// percentages (image-response.ts), so they stay on their areas at any width without measuring.
import { forwardRef, type CSSProperties, type HTMLAttributes, type ReactNode } from "react";
import { cn } from "../ui/cn";
import { clientToImage, percentBox, percentPoint, tileInTarget, type ImageSize, type Point } from "./image-response";

export type { ImageSize } from "./image-response";

const pct = (v: number) => `${v.toFixed(4)}%`;

/** Absolute position of an image-pixel rectangle over the frame. */
export function boxStyle(r: { x: number; y: number; width: number; height: number }, size: ImageSize): CSSProperties {
  const b = percentBox(r, size);
  return { position: "absolute", left: pct(b.left), top: pct(b.top), width: pct(b.width), height: pct(b.height) };
}

/**
 * The base image's pixels inside `r` as the background of a box of any size: a draggable's tile.
 * A draggable area is a piece of the picture (the author draws it over a label or an icon in the
 * image), so the candidate moves that piece, not a box with the area's id.
 */
export function cropStyle(
  src: string,
  r: { x: number; y: number; width: number; height: number },
  size: ImageSize,
): CSSProperties {
  // background-position p% lines up p% of the image with p% of the box, so an offset of x pixels
  // is x / (image width - box width); a box as wide as the image has nothing to shift.
  const position = (offset: number, part: number, whole: number) =>
    whole > part ? (offset / (whole - part)) * 100 : 0;
  return {
    backgroundImage: `url("${src.replace(/["\\\n]/g, encodeURIComponent)}")`,
    backgroundSize: `${pct((size.width / r.width) * 100)} ${pct((size.height / r.height) * 100)}`,
    backgroundPosition: `${pct(position(r.x, r.width, size.width))} ${pct(position(r.y, r.height, size.height))}`,
    backgroundRepeat: "no-repeat",
    // Laid over the whole box, under its border too: a draggable's tile then shows exactly the
    // pixels of the picture below it, not the piece squeezed inside the border.
    backgroundOrigin: "border-box",
  };
}

type Rect = { x: number; y: number; width: number; height: number };

/**
 * A tile placed on a target: the tile's piece of the picture (cropStyle) as an absolutely placed
 * child of the target's element, at the tile's own size and shape, centred (tileInTarget).
 * `border` is the width in CSS px of the target element's border: an absolute child is placed
 * from the inside of the border, so the fractions of the whole target are moved by it.
 */
export function placedTileStyle(src: string, tile: Rect, target: Rect, size: ImageSize, border: number): CSSProperties {
  const f = tileInTarget(tile, target);
  // Of the target's whole width W = 100% + 2·border: the start f·W - border and the length f·W.
  const start = (fraction: number) => `calc(${pct(fraction * 100)} + ${(2 * border * fraction - border).toFixed(4)}px)`;
  const length = (fraction: number) => `calc(${pct(fraction * 100)} + ${(2 * border * fraction).toFixed(4)}px)`;
  return {
    position: "absolute",
    left: start(f.left),
    top: start(f.top),
    width: length(f.width),
    height: length(f.height),
    ...cropStyle(src, tile, size),
  };
}

/** Absolute position of an image-pixel point over the frame. */
export function pointStyle(p: Point, size: ImageSize): CSSProperties {
  const b = percentPoint(p, size);
  return { position: "absolute", left: pct(b.left), top: pct(b.top) };
}

/** The image pixel under a client (viewport) point of `frame`. */
export function imagePointOf(frame: HTMLElement, clientX: number, clientY: number, size: ImageSize): Point {
  return clientToImage({ x: clientX, y: clientY }, frame.getBoundingClientRect(), size);
}

interface ImageFrameProps extends HTMLAttributes<HTMLDivElement> {
  src: string;
  size: ImageSize;
  children?: ReactNode;
}

export const ImageFrame = forwardRef<HTMLDivElement, ImageFrameProps>(function ImageFrame(
  { src, size, children, className, style, ...rest },
  ref,
) {
  return (
    <div
      ref={ref}
      // touch-none: a finger dragging a tile or aiming at a point must not scroll the page instead.
      className={cn("relative w-full touch-none select-none", className)}
      style={{ maxWidth: size.width, aspectRatio: `${size.width} / ${size.height}`, ...style }}
      {...rest}
    >
      <img src={src} alt="" draggable={false} className="pointer-events-none absolute inset-0 size-full" />
      {children}
    </div>
  );
});
