"use client";
// The gestures on areas, as stable handlers for the area nodes: click → select (connect in the
// Connect tool), double click → correct, drag → move (the whole selection, inside the image),
// handles → resize. While a drag runs only Konva nodes move; its end dispatches one action.
import type Konva from "konva";
import { useMemo, useRef, type RefObject } from "react";
import { AREA_TYPE, QUESTION_TYPE } from "@/server/schemas/question";
import { clampGroupDelta } from "../state/geometry";
import type { AreaNodeHandlers } from "./area-node";
import type { LatestRef } from "./canvas-latest";
import { toImage } from "./view";

interface DragGroup {
  ids: string[];
  start: Map<string, { x: number; y: number }>;
}

export function useAreaGestures(latest: LatestRef, stageRef: RefObject<Konva.Stage | null>): AreaNodeHandlers {
  const dragGroup = useRef<DragGroup | null>(null);
  return useMemo<AreaNodeHandlers>(() => {
    const areaOf = (id: string) => latest.current.state.doc.areas.find((a) => a.id === id);
    const nodeOf = (id: string) => stageRef.current?.findOne(`#${id}`);
    return {
      click(id, e) {
        e.cancelBubble = true;
        const { state: s, tool: t, dispatch: d } = latest.current;
        const area = areaOf(id);
        if (!area) return;
        if (t === "connect" && s.doc.questionType === QUESTION_TYPE.dragAndDrop) {
          if (area.kind === AREA_TYPE.target) d({ type: "startConnect", target: id });
          // The reducer reads the picked target: a second click can come before this render.
          else d({ type: "connectPicked", draggable: id });
          return;
        }
        const additive = e.evt.shiftKey || e.evt.ctrlKey || e.evt.metaKey;
        d(additive ? { type: "toggleSelect", id } : { type: "select", ids: [id] });
      },
      dblclick(id) {
        const { state: s, dispatch: d } = latest.current;
        if (s.doc.questionType !== QUESTION_TYPE.dragAndDrop) d({ type: "toggleCorrect", id });
      },
      dragStart(id) {
        const { state: s, dispatch: d } = latest.current;
        const ids = s.selected.includes(id) ? s.selected : [id];
        if (!s.selected.includes(id)) d({ type: "select", ids: [id] });
        const start = new Map<string, { x: number; y: number }>();
        for (const a of s.doc.areas) if (ids.includes(a.id)) start.set(a.id, { x: a.x, y: a.y });
        dragGroup.current = { ids, start };
      },
      dragBound(id, pos) {
        const { view: v, image: img, state: s } = latest.current;
        const area = areaOf(id);
        if (!v || !area) return pos;
        const group = dragGroup.current ?? { ids: [id], start: new Map([[id, { x: area.x, y: area.y }]]) };
        const origin = group.start.get(id) ?? { x: area.x, y: area.y };
        const members = s.doc.areas
          .filter((a) => group.ids.includes(a.id))
          .map((a) => ({ ...a, ...(group.start.get(a.id) ?? a) }));
        const wanted = toImage(v, pos.x, pos.y);
        // Whole pixels, and the whole group stays inside the image.
        const d = clampGroupDelta(members, wanted.x - origin.x, wanted.y - origin.y, img);
        return { x: v.x + (origin.x + d.dx) * v.zoom, y: v.y + (origin.y + d.dy) * v.zoom };
      },
      dragMove(id, e) {
        const group = dragGroup.current;
        const origin = group?.start.get(id);
        if (!group || !origin || group.ids.length < 2) return;
        const dx = e.target.x() - origin.x;
        const dy = e.target.y() - origin.y;
        for (const other of group.ids) {
          if (other === id) continue;
          const start = group.start.get(other);
          if (start) nodeOf(other)?.position({ x: start.x + dx, y: start.y + dy });
        }
      },
      dragEnd(id, e) {
        const group = dragGroup.current;
        dragGroup.current = null;
        const origin = group?.start.get(id);
        if (!group || !origin) return;
        const dx = Math.round(e.target.x() - origin.x);
        const dy = Math.round(e.target.y() - origin.y);
        // The nodes go back to the state's positions; the action (and so the history) moves them.
        for (const member of group.ids) {
          const start = group.start.get(member);
          if (start) nodeOf(member)?.position(start);
        }
        if (dx !== 0 || dy !== 0) latest.current.dispatch({ type: "move", ids: group.ids, dx, dy });
      },
      transformEnd(id, boxNode) {
        const parent = boxNode.getParent();
        if (!parent) return;
        const rect = {
          x: parent.x() + boxNode.x(),
          y: parent.y() + boxNode.y(),
          width: boxNode.width() * boxNode.scaleX(),
          height: boxNode.height() * boxNode.scaleY(),
        };
        boxNode.setAttrs({ x: 0, y: 0, scaleX: 1, scaleY: 1 });
        latest.current.dispatch({ type: "resize", id, rect });
      },
    };
  }, [latest, stageRef]);
}
