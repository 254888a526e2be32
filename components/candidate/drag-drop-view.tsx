"use client";
// Type 3, drag & drop: the candidate drags each draggable onto the target it belongs on (mouse,
// pen or touch, through pointer events), or, without dragging, activates a draggable and then a
// target (click, tap, Enter or Space). A filled target activated with nothing picked is emptied;
// a placed draggable dragged off its target goes back.
import { useRef, useState, type PointerEvent } from "react";
import { cn } from "../ui/cn";
import { boxStyle, imagePointOf, ImageFrame, type ImageSize } from "./image-frame";
import { areaAt } from "@/server/domain/scoring/hit-test";
import { place, removeFrom, type Placements, type ResponseArea } from "./image-response";

interface DragDropViewProps {
  src: string;
  size: ImageSize;
  areas: readonly ResponseArea[];
  oneToOne: boolean;
  placements: Placements;
  onChange: (placements: Placements) => void;
  disabled?: boolean;
}

/** A press that moves less than this (px) is a click, not a drag. */
const DRAG_SLOP = 5;

interface Drag {
  draggable: string;
  /** The target it was picked up from, when dragged off one. */
  from: string | null;
  startX: number;
  startY: number;
  x: number;
  y: number;
  moving: boolean;
}

export function DragDropView({ src, size, areas, oneToOne, placements, onChange, disabled }: DragDropViewProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [said, setSaid] = useState("");
  /** Set when a drag ends, so the click that follows the pointer release does nothing. */
  const dragEnded = useRef(false);
  const targets = areas.filter((a) => a.type !== 2);
  const draggables = areas.filter((a) => a.type === 2);
  const placedOn = (d: string) => Object.keys(placements).filter((t) => placements[t] === d);

  function drop(target: string, draggable: string, from: string | null) {
    let next = from && from !== target ? removeFrom(placements, from) : placements;
    next = place(next, target, draggable, oneToOne);
    onChange(next);
    setPicked(null);
    setSaid(`${draggable} placed on ${target}.`);
  }

  function takeBack(target: string) {
    const held = placements[target];
    onChange(removeFrom(placements, target));
    setSaid(`${held} taken off ${target}.`);
  }

  function activateDraggable(id: string) {
    if (dragEnded.current) return void (dragEnded.current = false);
    setPicked((p) => (p === id ? null : id));
    setSaid(picked === id ? `${id} put down.` : `${id} picked: now choose its target.`);
  }

  function activateTarget(id: string) {
    if (dragEnded.current) return void (dragEnded.current = false);
    if (picked) drop(id, picked, null);
    else if (placements[id]) takeBack(id);
    else setSaid(`Pick a draggable first, then ${id}.`);
  }

  function startDrag(e: PointerEvent<HTMLElement>, draggable: string, from: string | null) {
    if (disabled || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ draggable, from, startX: e.clientX, startY: e.clientY, x: e.clientX, y: e.clientY, moving: false });
  }

  function moveDrag(e: PointerEvent<HTMLElement>) {
    if (!drag) return;
    const moving = drag.moving || Math.hypot(e.clientX - drag.startX, e.clientY - drag.startY) >= DRAG_SLOP;
    setDrag({ ...drag, x: e.clientX, y: e.clientY, moving });
  }

  function endDrag(e: PointerEvent<HTMLElement>) {
    if (!drag) return;
    setDrag(null);
    if (!drag.moving || !frame.current) return; // a click: handled by onClick
    // The click the browser sends after this release must not act again; it comes in this same task.
    dragEnded.current = true;
    setTimeout(() => (dragEnded.current = false), 0);
    const p = imagePointOf(frame.current, e.clientX, e.clientY, size);
    const target = areaAt(targets, p.x, p.y);
    if (target) drop(target, drag.draggable, drag.from);
    else if (drag.from) takeBack(drag.from);
  }

  const dragHandlers = { onPointerMove: moveDrag, onPointerUp: endDrag, onPointerCancel: () => setDrag(null) };

  return (
    <div className="flex flex-col gap-2">
      <ImageFrame ref={frame} src={src} size={size} role="group" aria-label="Picture: place each draggable on its target">
        {targets.map((t) => {
          const held = placements[t.id];
          return (
            <button
              key={t.id}
              type="button"
              disabled={disabled}
              aria-label={`Target ${t.id}, ${held ? `holds ${held}` : "empty"}`}
              onClick={() => activateTarget(t.id)}
              onPointerDown={(e) => held && startDrag(e, held, t.id)}
              {...dragHandlers}
              style={boxStyle(t, size)}
              data-target={t.id}
              className={cn(
                "flex items-center justify-center rounded-sm border-2 border-dashed focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
                picked ? "border-brand-600 bg-brand-600/15" : "border-blue-700/80 bg-white/35",
              )}
            >
              {held && <span className="rounded bg-amber-400 px-1.5 py-0.5 text-xs font-semibold text-amber-950 shadow">{held}</span>}
            </button>
          );
        })}
        {draggables.map((d) => {
          const placedSomewhere = placedOn(d.id).length > 0;
          return (
            <button
              key={d.id}
              type="button"
              disabled={disabled}
              aria-pressed={picked === d.id}
              aria-label={`Draggable ${d.id}${placedSomewhere ? `, placed on ${placedOn(d.id).join(", ")}` : ""}`}
              onClick={() => activateDraggable(d.id)}
              onPointerDown={(e) => startDrag(e, d.id, null)}
              {...dragHandlers}
              style={boxStyle(d, size)}
              data-draggable={d.id}
              className={cn(
                "flex cursor-grab items-center justify-center rounded-sm border-2 text-xs font-semibold shadow-sm focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
                picked === d.id ? "border-brand-700 bg-brand-200 text-brand-900" : "border-amber-600 bg-amber-300/90 text-amber-950",
                placedSomewhere && oneToOne && picked !== d.id && "opacity-45",
              )}
            >
              {d.id}
            </button>
          );
        })}
      </ImageFrame>
      {drag?.moving && (
        <span className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2 rounded bg-amber-400 px-2 py-1 text-xs font-semibold text-amber-950 shadow-lg" style={{ left: drag.x, top: drag.y }}>
          {drag.draggable}
        </span>
      )}
      <p className="text-xs text-slate-600" aria-live="polite" data-testid="drag-drop-status">
        {said || "Drag each draggable onto its target, or pick a draggable and then a target."}
      </p>
    </div>
  );
}
