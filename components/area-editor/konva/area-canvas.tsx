"use client";
// The area editor's canvas (react-konva; loaded only in the browser). It draws the state and
// turns pointer gestures into the editor's named actions: draw on empty space → add, click →
// select (connect in the Connect tool), drag → move, handles → resize. While a gesture runs only
// Konva nodes change (no React state per frame: 200 areas on a 4000 × 3000 image drag at full
// frame rate); each gesture dispatches one action at its end, so one gesture is one undo step.
import Konva from "konva";
import { useEffect, useMemo, useRef, useState } from "react";
import { Image as KonvaImage, Layer, Rect, Stage, Transformer } from "react-konva";
import { AREA_MIN_HEIGHT, AREA_MIN_WIDTH, type AreaRect } from "@/server/domain/areas";
import type { AreaAction } from "../state/actions";
import { clampGroupDelta, rectFromCorners } from "../state/geometry";
import type { AreaEditorState, AreaKind, EditorArea } from "../state/types";
import { AreaNode, type AreaLook, type AreaNodeHandlers } from "./area-node";
import { MatchLines } from "./match-lines";
import { useLoadedImage } from "./use-loaded-image";
import { clampPan, fitZoom, initialView, toImage, zoomAround, type Size, type View } from "./view";
import { ZoomControls } from "./zoom-controls";

export interface AreaCanvasProps {
  state: AreaEditorState;
  dispatch: (action: AreaAction) => void;
  /** URL the browser loads the base image from (a blob: URL for a new upload, else /media/…). */
  imageUrl: string;
  /** "edit": draw / select / move / resize. "connect" (type 3): click a target, then a draggable. */
  tool: "edit" | "connect";
  /** Type 3: the kind a newly drawn area gets. */
  drawKind: AreaKind;
  /** Areas lying (partly) outside the image, drawn in red. */
  outside: readonly string[];
}

// Konva's browser bundle registers itself as window.Konva, which devtools and the browser tests use
// to read the stage; its ES module build does not, so the canvas does.
if (typeof window !== "undefined") (window as unknown as { Konva?: typeof Konva }).Konva ??= Konva;

const MAX_BOX_HEIGHT = 560;
/** A press that moves less than this (screen px) is a click, not a drawn area. */
const CLICK_SLOP = 3;

function lookOf(area: EditorArea, questionType: number, correct: boolean): AreaLook {
  if (questionType === 3) return area.kind === 2 ? "draggable" : "target";
  return correct ? "correct" : "block";
}

interface DragGroup {
  ids: string[];
  start: Map<string, { x: number; y: number }>;
}

export default function AreaCanvas({ state, dispatch, imageUrl, tool, drawKind, outside }: AreaCanvasProps) {
  const { doc, selected, connectFrom } = state;
  const image = doc.image!;
  const boxRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const box: Size = useMemo(() => ({ width: boxWidth, height: Math.min(MAX_BOX_HEIGHT, image.height + 48) }), [boxWidth, image.height]);
  const [view, setView] = useState<View | null>(null);
  const [drawing, setDrawing] = useState<AreaRect | null>(null);
  const bitmap = useLoadedImage(imageUrl);

  // What the stable handlers read: always the latest props and view.
  const latest = useRef({ state, dispatch, tool, drawKind, view, image });
  latest.current = { state, dispatch, tool, drawKind, view, image };
  const dragGroup = useRef<DragGroup | null>(null);

  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A new image (or the first layout) starts from the initial view; a resized box keeps the view valid.
  const ready = box.width > 0;
  useEffect(() => {
    if (ready) setView(initialView(image, box));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the image changes or the box first has a size
  }, [ready, image.width, image.height]);
  useEffect(() => {
    setView((v) => (v && ready ? clampPan(v, image, box) : v));
  }, [box, image, ready]);

  const handlers = useMemo<AreaNodeHandlers>(() => {
    const areaOf = (id: string) => latest.current.state.doc.areas.find((a) => a.id === id);
    const nodeOf = (id: string) => stageRef.current?.findOne(`#${id}`);
    return {
      click(id, e) {
        e.cancelBubble = true;
        const { state: s, tool: t, dispatch: d } = latest.current;
        const area = areaOf(id);
        if (!area) return;
        if (t === "connect" && s.doc.questionType === 3) {
          if (area.kind === 1) d({ type: "startConnect", target: id });
          // The reducer reads the picked target: a second click can come before this render.
          else d({ type: "connectPicked", draggable: id });
          return;
        }
        const additive = e.evt.shiftKey || e.evt.ctrlKey || e.evt.metaKey;
        if (!additive) d({ type: "select", ids: [id] });
        else d({ type: "select", ids: s.selected.includes(id) ? s.selected.filter((x) => x !== id) : [...s.selected, id] });
      },
      dblclick(id) {
        const { state: s, dispatch: d } = latest.current;
        if (s.doc.questionType !== 3) d({ type: "toggleCorrect", id });
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
        const members = s.doc.areas.filter((a) => group.ids.includes(a.id)).map((a) => ({ ...a, ...(group.start.get(a.id) ?? a) }));
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
  }, []);

  // Handles on the one selected area (edit tool only).
  const single = tool === "edit" && selected.length === 1 ? selected[0]! : null;
  useEffect(() => {
    const tr = transformerRef.current;
    if (!tr) return;
    const group = single ? stageRef.current?.findOne<Konva.Group>(`#${single}`) : undefined;
    const target = group?.findOne(".area-box");
    tr.nodes(target ? [target] : []);
    tr.getLayer()?.batchDraw();
  }, [single, doc.areas, view]);

  // Drawing on empty space: followed on the window, so releasing outside the canvas still ends it.
  function startDrawing(e: Konva.KonvaEventObject<MouseEvent>) {
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
      latest.current.dispatch({ type: "add", rect: rectFromCorners(start.x, start.y, p.x, p.y), kind: latest.current.drawKind });
    };
    window.addEventListener("mousemove", onMove);
    window.addEventListener("mouseup", onUp);
  }

  function onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
    if (!view) return;
    const ev = e.evt;
    const pointer = stageRef.current?.getPointerPosition() ?? { x: box.width / 2, y: box.height / 2 };
    if (ev.ctrlKey || ev.metaKey) {
      ev.preventDefault();
      setView(zoomAround(view, view.zoom * (ev.deltaY < 0 ? 1.15 : 1 / 1.15), pointer.x, pointer.y, image, box));
      return;
    }
    // The wheel pans only an image larger than the box; otherwise the page scrolls as usual.
    const larger = image.width * view.zoom > box.width || image.height * view.zoom > box.height;
    if (!larger) return;
    ev.preventDefault();
    const [dx, dy] = ev.shiftKey ? [ev.deltaY, 0] : [ev.deltaX, ev.deltaY];
    setView(clampPan({ ...view, x: view.x - dx, y: view.y - dy }, image, box));
  }

  const zoomTo = (zoom: number) => view && setView(zoomAround(view, zoom, box.width / 2, box.height / 2, image, box));
  const connectMode = tool === "connect";

  return (
    <div className="relative overflow-hidden rounded-md border border-slate-300 bg-[repeating-conic-gradient(#f1f5f9_0_25%,#ffffff_0_50%)] bg-[length:16px_16px]">
      <div
        ref={boxRef}
        data-testid="area-canvas"
        data-zoom={view?.zoom ?? 1}
        data-pan-x={view?.x ?? 0}
        data-pan-y={view?.y ?? 0}
        style={{ height: box.height, cursor: connectMode ? "pointer" : "crosshair" }}
        aria-label={`Canvas: ${doc.areas.length} ${doc.areas.length === 1 ? "area" : "areas"} on a ${image.width} × ${image.height} px image. The table below lists them.`}
        role="img"
      >
        {view && (
          <Stage ref={stageRef} width={box.width} height={box.height} x={view.x} y={view.y} scaleX={view.zoom} scaleY={view.zoom} onMouseDown={startDrawing} onWheel={onWheel}>
            <Layer listening={false}>
              <Rect width={image.width} height={image.height} fill="#ffffff" stroke="#94a3b8" strokeWidth={1} strokeScaleEnabled={false} />
              {bitmap && <KonvaImage image={bitmap} width={image.width} height={image.height} />}
            </Layer>
            <Layer>
              {doc.areas.map((area) => (
                <AreaNode
                  key={area.id}
                  area={area}
                  look={lookOf(area, doc.questionType, doc.correct[area.id] === true)}
                  selected={selected.includes(area.id)}
                  connecting={connectFrom === area.id}
                  outside={outside.includes(area.id)}
                  draggable={!connectMode}
                  zoom={view.zoom}
                  handlers={handlers}
                />
              ))}
              {drawing && (
                <Rect {...drawing} stroke="#7c3aed" strokeWidth={1.5} dash={[4, 3]} strokeScaleEnabled={false} fill="rgba(124, 58, 237, 0.08)" listening={false} />
              )}
              <Transformer
                ref={transformerRef}
                rotateEnabled={false}
                flipEnabled={false}
                keepRatio={false}
                ignoreStroke
                anchorSize={9}
                borderStroke="#7c3aed"
                anchorStroke="#7c3aed"
                boundBoxFunc={(oldBox, newBox) => {
                  const { view: v, image: img } = latest.current;
                  if (!v) return oldBox;
                  const p = toImage(v, newBox.x, newBox.y);
                  const width = newBox.width / v.zoom;
                  const height = newBox.height / v.zoom;
                  const fits = width >= AREA_MIN_WIDTH - 0.5 && height >= AREA_MIN_HEIGHT - 0.5 && p.x >= -0.5 && p.y >= -0.5 && p.x + width <= img.width + 0.5 && p.y + height <= img.height + 0.5;
                  return fits ? newBox : oldBox;
                }}
              />
            </Layer>
            {doc.questionType === 3 && (
              <Layer listening={false}>
                <MatchLines areas={doc.areas} match={doc.match} zoom={view.zoom} />
              </Layer>
            )}
          </Stage>
        )}
      </div>
      {view && <ZoomControls zoom={view.zoom} onZoom={zoomTo} onFit={() => setView(clampPan({ zoom: fitZoom(image, box), x: 0, y: 0 }, image, box))} />}
    </div>
  );
}
