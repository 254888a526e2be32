"use client";
// Type 4, point & shoot: the areas are hidden; the candidate clicks (or taps) points on the
// picture and the response is every area under a point. Clicking a marker again takes it back;
// with SingleAnswer a new click replaces the last one. Without a mouse: the picture takes focus,
// the arrow keys move a crosshair (Shift: ten times as far) and Enter or Space clicks there.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { imagePointOf, ImageFrame, pointStyle, type ImageSize } from "./image-frame";
import { areasUnderPoints, clickPoint, type Point, type ResponseArea } from "./image-response";

interface PointViewProps {
  src: string;
  size: ImageSize;
  areas: readonly ResponseArea[];
  single: boolean;
  /** Null when the response was cleared from outside (Reset): the markers go too. */
  selected: readonly string[] | null;
  onChange: (areaIds: string[]) => void;
  disabled?: boolean;
}

const MARKER = "pointer-events-none absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow";

export function PointView({ src, size, areas, single, selected, onChange, disabled }: PointViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [points, setPoints] = useState<Point[]>([]);
  const [cursor, setCursor] = useState<Point | null>(null);
  useEffect(() => {
    if (selected === null) setPoints([]);
  }, [selected]);

  // A marker is taken back by a click within about 10 screen pixels of it.
  const radius = () => (frame.current ? (10 * size.width) / frame.current.getBoundingClientRect().width : 10);

  function click(p: Point) {
    if (disabled) return;
    const next = clickPoint(points, { x: Math.round(p.x), y: Math.round(p.y) }, single, radius());
    setPoints(next);
    onChange(areasUnderPoints(areas, next));
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = Math.max(2, Math.round(Math.min(size.width, size.height) / 50)) * (e.shiftKey ? 10 : 1);
    const at = cursor ?? { x: Math.round(size.width / 2), y: Math.round(size.height / 2) };
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setCursor({ x: Math.min(Math.max(at.x + move[0], 0), size.width), y: Math.min(Math.max(at.y + move[1], 0), size.height) });
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      click(at);
      setCursor(at);
    }
  }

  return (
    <ImageFrame
      ref={frame}
      src={src}
      size={size}
      tabIndex={disabled ? -1 : 0}
      role="application"
      aria-label={`Picture: click where the answer is. Arrow keys move the crosshair, Enter clicks. ${points.length} ${points.length === 1 ? "point" : "points"} marked.`}
      className="cursor-crosshair rounded-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      onClick={(e) => click(imagePointOf(e.currentTarget, e.clientX, e.clientY, size))}
      onKeyDown={onKeyDown}
      onBlur={() => setCursor(null)}
      data-testid="point-picture"
    >
      {points.map((p, i) => (
        <span key={`${p.x},${p.y},${i}`} className={MARKER} style={pointStyle(p, size)} data-testid="point-marker" />
      ))}
      {cursor && (
        <span aria-hidden className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2" style={pointStyle(cursor, size)}>
          <span className="absolute top-1/2 left-0 h-0.5 w-full -translate-y-1/2 bg-red-600" />
          <span className="absolute top-0 left-1/2 h-full w-0.5 -translate-x-1/2 bg-red-600" />
        </span>
      )}
    </ImageFrame>
  );
}
