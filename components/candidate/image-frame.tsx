"use client";
// The base image of an image question as a candidate sees it: scaled to the space available
// (never above its natural size), with elements laid over it in image pixels turned into
// percentages, so they stay on their areas at any width.
import { forwardRef, type CSSProperties, type HTMLAttributes, type ReactNode } from "react";
import { cn } from "../ui/cn";

export interface ImageSize {
  width: number;
  height: number;
}

const pct = (v: number) => `${(v * 100).toFixed(4)}%`;

/** Absolute position of an image-pixel rectangle over the frame. */
export function boxStyle(r: { x: number; y: number; width: number; height: number }, size: ImageSize): CSSProperties {
  return { position: "absolute", left: pct(r.x / size.width), top: pct(r.y / size.height), width: pct(r.width / size.width), height: pct(r.height / size.height) };
}

/** Absolute position of an image-pixel point over the frame. */
export function pointStyle(p: { x: number; y: number }, size: ImageSize): CSSProperties {
  return { position: "absolute", left: pct(p.x / size.width), top: pct(p.y / size.height) };
}

/** The image pixel under a client (viewport) point of `frame`. */
export function imagePointOf(frame: HTMLElement, clientX: number, clientY: number, size: ImageSize): { x: number; y: number } {
  const r = frame.getBoundingClientRect();
  return { x: ((clientX - r.left) / r.width) * size.width, y: ((clientY - r.top) / r.height) * size.height };
}

interface ImageFrameProps extends HTMLAttributes<HTMLDivElement> {
  src: string;
  size: ImageSize;
  children?: ReactNode;
}

export const ImageFrame = forwardRef<HTMLDivElement, ImageFrameProps>(function ImageFrame({ src, size, children, className, style, ...rest }, ref) {
  return (
    <div
      ref={ref}
      className={cn("relative w-full touch-none select-none", className)}
      style={{ maxWidth: size.width, aspectRatio: `${size.width} / ${size.height}`, ...style }}
      {...rest}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- media served as stored, at its own size */}
      <img src={src} alt="" draggable={false} className="pointer-events-none absolute inset-0 size-full" />
      {children}
    </div>
  );
});
