"use client";
// Drawing a new area on empty space (a press that barely moves is a click: it clears the
// selection; in the Connect tool it drops the picked target). Followed on the window, so
// releasing outside the canvas still ends it; one action at the end.
import type Konva from "konva";
import { useState, type RefObject } from "react";
import type { AreaRect } from "@/server/domain/areas";
import { rectFromCorners } from "../state/geometry";
import type { LatestRef } from "./canvas-latest";
import { toImage } from "./view";

/** A press that moves less than this (screen px) is a click, not a drawn area. */
const CLICK_SLOP = 3;

export function useDrawGesture(
  latest: LatestRef,
  stageRef: RefObject<Konva.Stage | null>,
  boxRef: RefObject<HTMLDivElement | null>,
) {
  const [drawing, setDrawing] = useState<AreaRect | null>(null);

  function startDrawing(e: Konva.KonvaEventObject<MouseEvent>) {
    const { view, image, tool, dispatch } = latest.current;
    if (!view || e.evt.button !== 0 || e.target !== stageRef.current) return;
    if (tool === "connect") {
      dispatch({ type: "startConnect", target: null });
      return;
    }
    const boxEl = boxRef.current!;
    const clampToImage = (clientX: number, clientY: number) => {
      const r = boxEl.getBoundingClientRect();
      const p = toImage(view, clientX - r.left, clientY - r.top);
      return { x: Math.min(Math.max(p.x, 0), image.width), y: Math.min(Math.max(p.y, 0), image.height) };
    };
    const start = clampToImage(e.evt.clientX, e.evt.clientY);
    const startScreen = { x: e.evt.clientX, y: e.evt.clientY };
    let moved = false;
    const onMove = (ev: MouseEvent) => {
      if (!moved && Math.hypot(ev.clientX - startScreen.x, ev.clientY - startScreen.y) < CLICK_SLOP) return;
      moved = true;
      const p = clampToImage(ev.clientX, ev.clientY);
      setDrawing(rectFromCorners(start.x, start.y, p.x, p.y));
    };
    const onUp = (ev: MouseEvent) => {
      window.removeEventListener("mousemove", onMove);
      window.removeEventListener("mouseup", onUp);
      setDrawing(null);
      if (!moved) return latest.current.dispatch({ type: "select", ids: [] });
      const p = clampToImage(ev.clientX, ev.clientY);
      latest.current.dispatch({
        type: "add",
        rect: rectFromCorners(start.x, start.y, p.x, p.y),
        kind: latest.current.drawKind,
      });
    };
    window.addEventListener("mousemove", onMove);
    window.addEventListener("mouseup", onUp);
  }

  return { drawing, startDrawing };
}
