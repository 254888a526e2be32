"use client";
// Type 4, point & shoot: the areas are hidden; the candidate clicks (or taps) points on the
// picture and the response is every area under a point.
//
// Several points or one: with SingleAnswer on, a new click replaces the marker (one point, at
// most one area). With it off, every click adds a marker, so a question whose correct answer is
// several areas can be answered; a click on (within ~10 screen px of) a marker takes it back.
// Two markers in one area select it once.
//
// Without a mouse: the picture takes focus, the arrow keys move a crosshair 1 image pixel
// (Shift: 10) and Enter or Space clicks there. The status line says where the crosshair is and
// what a click did, never which area it hit (that would give the answer away).
import { useEffect, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import { imagePointOf, ImageFrame, pointStyle, type ImageSize } from "./image-frame";
import {
  areasUnderPoints,
  clickPoint,
  moveCrosshair,
  pointsFor,
  sameIds,
  type Point,
  type ResponseArea,
} from "./image-response";

interface PointViewProps {
  src: string;
  size: ImageSize;
  areas: readonly ResponseArea[];
  single: boolean;
  /** The areas selected so far; null when there is no response yet or it was reset (the markers go too). */
  selected: readonly string[] | null;
  onChange: (areaIds: string[]) => void;
  disabled?: boolean;
}

const MARKER =
  "pointer-events-none absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow ring-1 ring-brand-700";
const count = (n: number) => `${n} ${n === 1 ? "marker" : "markers"}`;

export function PointView({ src, size, areas, single, selected, onChange, disabled }: PointViewProps) {
  // The response holds area ids, not points: a response given earlier (the preview remounts the
  // view when the candidate comes back) gets a marker inside each selected area again, so the
  // candidate sees their answer and a next click adds to it instead of silently replacing it.
  const [points, setPoints] = useState<Point[]>(() => (selected ? pointsFor(areas, selected) : []));
  const centre = { x: Math.round(size.width / 2), y: Math.round(size.height / 2) };
  const [cursor, setCursor] = useState<Point>(centre);
  const [showCursor, setShowCursor] = useState(false);
  const [said, setSaid] = useState("");

  // Reset from outside: the markers go and the crosshair starts again from the centre. Adjusted
  // while rendering, against the render before.
  const reset = selected === null;
  const { x: cx, y: cy } = centre;
  const [seen, setSeen] = useState({ reset, cx, cy });
  if (seen.reset !== reset || seen.cx !== cx || seen.cy !== cy) {
    setSeen({ reset, cx, cy });
    if (reset) {
      setPoints([]);
      setCursor({ x: cx, y: cy });
    }
  }
  // The author may switch SingleAnswer on while "Try it" is open: the last marker stays.
  if (single && points.length > 1) setPoints((p) => p.slice(-1));

  // The author may move, delete or add areas while "Try it" is open: the markers stay where the
  // candidate put them and the response follows what is under them now.
  useEffect(() => {
    if (selected === null) return;
    const ids = areasUnderPoints(areas, points);
    if (!sameIds(ids, selected)) onChange(ids);
  }, [areas, points, selected, onChange]);

  function click(p: Point, frame: HTMLElement) {
    if (disabled) return;
    const at = { x: Math.round(p.x), y: Math.round(p.y) };
    // A marker is taken back by a click within about 10 screen pixels of it, at any zoom.
    const radius = (10 * size.width) / frame.getBoundingClientRect().width;
    const next = clickPoint(points, at, single, radius);
    setPoints(next);
    setCursor(at);
    onChange(areasUnderPoints(areas, next));
    setSaid(
      next.length < points.length
        ? `Marker taken back (${count(next.length)}).`
        : `Marker placed at ${at.x}, ${at.y} (${count(next.length)}).`,
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const moved = moveCrosshair(cursor, e.key, e.shiftKey, size);
    if (moved) {
      e.preventDefault();
      setCursor(moved);
      setShowCursor(true);
      setSaid(`Crosshair at ${moved.x}, ${moved.y}.`);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      setShowCursor(true);
      click(cursor, e.currentTarget);
    }
  }

  // The crosshair shows for keyboard focus only; a mouse user has the pointer.
  const onFocus = (e: FocusEvent<HTMLDivElement>) => setShowCursor(e.currentTarget.matches(":focus-visible"));
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    setShowCursor(false);
    click(imagePointOf(e.currentTarget, e.clientX, e.clientY, size), e.currentTarget);
  };

  return (
    <div className="flex flex-col gap-2">
      <ImageFrame
        src={src}
        size={size}
        tabIndex={disabled ? -1 : 0}
        role="application"
        aria-disabled={disabled || undefined}
        aria-label={`Picture: click where the answer is${single ? "" : " (one or more points)"}. Arrow keys move the crosshair, Shift moves it further, Enter or Space clicks. ${count(points.length)}.`}
        className="cursor-crosshair rounded-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={() => setShowCursor(false)}
        data-testid="point-picture"
      >
        {points.map((p, i) => (
          <span key={`${p.x},${p.y},${i}`} className={MARKER} style={pointStyle(p, size)} data-testid="point-marker" />
        ))}
        {showCursor && (
          <span
            aria-hidden
            className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2"
            style={pointStyle(cursor, size)}
            data-testid="point-crosshair"
          >
            <span className="absolute top-1/2 left-0 h-0.5 w-full -translate-y-1/2 bg-red-600 outline outline-white/80" />
            <span className="absolute top-0 left-1/2 h-full w-0.5 -translate-x-1/2 bg-red-600 outline outline-white/80" />
          </span>
        )}
      </ImageFrame>
      <p className="text-xs text-slate-600" aria-live="polite" data-testid="point-status">
        {said ||
          (single
            ? "Click the point that answers the question; a new click replaces it."
            : "Click each point that answers the question; click a marker again to take it back.")}
      </p>
    </div>
  );
}
