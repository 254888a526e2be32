"use client";
// Type 3, drag & drop: the candidate drags each draggable onto the target it belongs on (mouse,
// pen or touch, through pointer events: HTML5 drag and drop does not work on touch screens), or,
// without dragging, activates a draggable and then a target (click, tap, Enter or Space). A
// filled target activated with nothing picked is emptied; a placed draggable dragged off its
// target goes back. Escape puts a picked draggable down. Each change is announced, naming tiles
// and targets by their marks on the picture (area-names.ts), never by their ids.
//
// A placed tile sits in its target at its own size and shape, centred (a circle stays a circle;
// image-frame.tsx placedTileStyle), and leaves its place in the picture: the place is blanked,
// covering the picture under it, so the candidate never sees the tile twice. With
// OneToOneMatching the place is spent (a grey slot); without, the tile can be placed again, so
// the blank place keeps the tile's amber outline and letter and picks it up as before. Taken off
// every target, it shows as before.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { areaAt } from "@/server/domain/scoring/hit-test";
import { cn } from "../ui/cn";
import { AreaBadge } from "./area-badge";
import { areaLabel, areaNames, capitalized } from "./area-names";
import { boxStyle, cropStyle, imagePointOf, ImageFrame, placedTileStyle, type ImageSize } from "./image-frame";
import {
  dragFrom,
  isDraggable,
  isTarget,
  place,
  removeFrom,
  type Placements,
  type ResponseArea,
} from "./image-response";

interface DragDropViewProps {
  src: string;
  size: ImageSize;
  areas: readonly ResponseArea[];
  oneToOne: boolean;
  placements: Placements;
  onChange: (placements: Placements) => void;
  disabled?: boolean;
}

/** A press that moves less than this (screen px) is a click, not a drag. */
const DRAG_SLOP = 5;

/** The width (px) of a target's border: `border-2` below. */
const TARGET_BORDER = 2;

const FOCUS = "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600";

interface Drag {
  draggable: string;
  /** The target it was picked up from, when dragged off one. */
  from: string | null;
  startX: number;
  startY: number;
  x: number;
  y: number;
  moving: boolean;
  /** The target under the pointer, highlighted as where the tile would land. */
  over: string | null;
  /** Screen pixels per image pixel as the drag starts: the ghost's scale. */
  scale: number;
}

export function DragDropView({ src, size, areas, oneToOne, placements, onChange, disabled }: DragDropViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [pickedId, setPicked] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [said, setSaid] = useState("");
  /** Set when a drag ends, so the click the browser sends after the release does nothing. */
  const dragEnded = useRef(false);
  const targets = areas.filter(isTarget);
  const draggables = areas.filter(isDraggable);
  // The author may delete the picked draggable while "Try it" is open.
  const picked = pickedId !== null && draggables.some((d) => d.id === pickedId) ? pickedId : null;
  const placedOn = (d: string) => targets.filter((t) => placements[t.id] === d).map((t) => t.id);
  const draggableById = (id: string) => draggables.find((d) => d.id === id);
  const names = areaNames(areas, 3);
  const named = (id: string) => areaLabel(names, id);
  const Named = (id: string) => capitalized(named(id));

  function change(next: Placements, message: string) {
    onChange(next);
    setPicked(null);
    setSaid(message);
  }

  function activateDraggable(id: string) {
    if (dragEnded.current) return void (dragEnded.current = false);
    setPicked(picked === id ? null : id);
    setSaid(picked === id ? `${Named(id)} put down.` : `${Named(id)} picked: now choose its target.`);
  }

  function activateTarget(id: string) {
    if (dragEnded.current) return void (dragEnded.current = false);
    if (picked) change(place(placements, id, picked, oneToOne), `${Named(picked)} placed on ${named(id)}.`);
    else if (placements[id]) change(removeFrom(placements, id), `${Named(placements[id]!)} taken off ${named(id)}.`);
    else setSaid(`${Named(id)} is empty: pick a tile first, then its target.`);
  }

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === "Escape" && picked) {
      e.preventDefault();
      setPicked(null);
      setSaid(`${Named(picked)} put down.`);
    }
  }

  function startDrag(e: PointerEvent<HTMLElement>, draggable: string, from: string | null) {
    if (disabled || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({
      draggable,
      from,
      startX: e.clientX,
      startY: e.clientY,
      x: e.clientX,
      y: e.clientY,
      moving: false,
      over: null,
      scale: frame.current ? frame.current.getBoundingClientRect().width / size.width : 1,
    });
  }

  const targetUnder = (clientX: number, clientY: number) => {
    if (!frame.current) return null;
    const p = imagePointOf(frame.current, clientX, clientY, size);
    return areaAt(targets, p.x, p.y);
  };

  function moveDrag(e: PointerEvent<HTMLElement>) {
    if (!drag) return;
    const moving = drag.moving || Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) >= DRAG_SLOP;
    setDrag({ ...drag, x: e.clientX, y: e.clientY, moving, over: moving ? targetUnder(e.clientX, e.clientY) : null });
  }

  function endDrag(e: PointerEvent<HTMLElement>) {
    if (!drag) return;
    setDrag(null);
    if (!drag.moving) return; // a click: onClick handles it
    // The click that follows this release comes in the same task; the timeout clears the flag
    // when none comes (touch sends no click after a drag).
    dragEnded.current = true;
    setTimeout(() => (dragEnded.current = false), 0);
    const target = targetUnder(e.clientX, e.clientY);
    const { draggable, from } = drag;
    if (from) {
      if (target === from) return;
      change(
        dragFrom(placements, from, target, oneToOne),
        target
          ? `${Named(draggable)} moved from ${named(from)} to ${named(target)}.`
          : `${Named(draggable)} taken off ${named(from)}.`,
      );
    } else if (target)
      change(place(placements, target, draggable, oneToOne), `${Named(draggable)} placed on ${named(target)}.`);
    else setSaid(`${Named(draggable)} not placed: drop it on a target.`);
  }

  const dragHandlers = {
    onPointerMove: moveDrag,
    onPointerUp: endDrag,
    onPointerCancel: () => setDrag(null),
    onKeyDown,
  };

  return (
    <div className="flex flex-col gap-2">
      <ImageFrame
        ref={frame}
        src={src}
        size={size}
        role="group"
        aria-label="Picture: place each draggable on its target"
      >
        {targets.map((t) => {
          const held = placements[t.id];
          return (
            <button
              key={t.id}
              type="button"
              disabled={disabled}
              aria-label={`${Named(t.id)}, ${held ? `holds ${named(held)}` : "empty"}`}
              onClick={() => activateTarget(t.id)}
              onPointerDown={(e) => held && startDrag(e, held, t.id)}
              {...dragHandlers}
              style={boxStyle(t, size)}
              data-target={t.id}
              className={cn(
                "flex items-center justify-center rounded-sm border-2 border-dashed",
                FOCUS,
                // The ring (outside the box) shows also around a tile that covers the target.
                drag?.over === t.id
                  ? "border-solid border-brand-700 bg-brand-600/30 ring-2 ring-brand-700"
                  : picked
                    ? "border-brand-600 bg-brand-600/15 ring-2 ring-brand-600/40"
                    : "border-blue-700/80 bg-white/35",
              )}
            >
              {held && draggableById(held) && (
                <span
                  aria-hidden
                  className="cursor-grab rounded-sm shadow"
                  style={placedTileStyle(src, draggableById(held)!, t, size, TARGET_BORDER)}
                  data-holds={held}
                />
              )}
              <AreaBadge mark={names.get(t.id)!.mark} />
            </button>
          );
        })}
        {draggables.map((d) => {
          const on = placedOn(d.id);
          // Placed, or being dragged out of its place: it has left it (see the head of the file).
          const left =
            (on.length > 0 && picked !== d.id) ||
            (drag?.moving === true && drag.from === null && drag.draggable === d.id);
          const spent = left && oneToOne;
          // Blank while it has left: the tile's own crop is not drawn, and the opaque fill covers
          // the same pixels of the picture below.
          return (
            <button
              key={d.id}
              type="button"
              disabled={disabled}
              aria-pressed={picked === d.id}
              aria-label={`${Named(d.id)}${on.length > 0 ? `, placed on ${on.map(named).join(", ")}` : ""}`}
              onClick={() => activateDraggable(d.id)}
              onPointerDown={(e) => startDrag(e, d.id, null)}
              {...dragHandlers}
              style={{ ...boxStyle(d, size), ...(left ? {} : cropStyle(src, d, size)) }}
              data-draggable={d.id}
              className={cn(
                "cursor-grab rounded-sm border-2 shadow-sm",
                FOCUS,
                picked === d.id
                  ? "border-brand-700 ring-4 ring-brand-600/40"
                  : spent
                    ? "border-dashed border-slate-400 bg-slate-200 shadow-none"
                    : left
                      ? "border-dashed border-amber-500 bg-slate-100 shadow-none"
                      : "border-amber-500",
              )}
            >
              <AreaBadge mark={names.get(d.id)!.mark} tile />
            </button>
          );
        })}
      </ImageFrame>
      {drag?.moving && (
        <DragGhost
          src={src}
          size={size}
          area={draggableById(drag.draggable)}
          scale={drag.scale}
          x={drag.x}
          y={drag.y}
        />
      )}
      <p className="text-xs text-slate-600" aria-live="polite" data-testid="drag-drop-status">
        {said ||
          "Drag each tile onto its target, or pick a tile and then a target. Activate a filled target to empty it."}
      </p>
    </div>
  );
}

/** The tile under the pointer while it is dragged, at the size it has in the picture. */
function DragGhost({
  src,
  size,
  area,
  scale,
  x,
  y,
}: {
  src: string;
  size: ImageSize;
  area: ResponseArea | undefined;
  scale: number;
  x: number;
  y: number;
}) {
  if (!area) return null;
  return (
    <span
      aria-hidden
      className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2 rounded-sm border-2 border-amber-500 shadow-lg"
      style={{ left: x, top: y, width: area.width * scale, height: area.height * scale, ...cropStyle(src, area, size) }}
    />
  );
}
