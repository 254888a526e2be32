"use client";
// The area editor's canvas (react-konva; loaded only in the browser). It draws the state and
// turns pointer gestures into the editor's named actions: draw on empty space → add, click →
// select (connect in the Connect tool), drag → move, handles → resize. While a gesture runs only
// Konva nodes change (no React state per frame: 200 areas on a 4000 × 3000 image drag at full
// frame rate); each gesture dispatches one action at its end, so one gesture is one undo step.
// The view (use-canvas-view.ts), zoom (use-canvas-zoom.ts), gestures on areas
// (use-area-gestures.ts), drawing (use-draw-gesture.ts) and handles (use-area-transformer.ts)
// are hooks of their own; this file lays out the stage.
import Konva from "konva";
import { useLayoutEffect, useRef } from "react";
import { Image as KonvaImage, Layer, Rect, Stage, Transformer } from "react-konva";
import { AREA_TYPE, QUESTION_TYPE } from "@/server/schemas/question";
import type { AreaAction } from "../state/actions";
import type { AreaEditorState, AreaKind, EditorArea } from "../state/types";
import { AreaNode, type AreaLook } from "./area-node";
import type { CanvasLatest } from "./canvas-latest";
import { MatchLines } from "./match-lines";
import { useAreaGestures } from "./use-area-gestures";
import { useAreaTransformer } from "./use-area-transformer";
import { useCanvasView } from "./use-canvas-view";
import { useCanvasZoom } from "./use-canvas-zoom";
import { useDrawGesture } from "./use-draw-gesture";
import { useLoadedImage } from "./use-loaded-image";
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

function lookOf(area: EditorArea, questionType: number, correct: boolean): AreaLook {
  if (questionType === QUESTION_TYPE.dragAndDrop) return area.kind === AREA_TYPE.draggable ? "draggable" : "target";
  return correct ? "correct" : "block";
}

export default function AreaCanvas({ state, dispatch, imageUrl, tool, drawKind, outside }: AreaCanvasProps) {
  const { doc, selected, connectFrom } = state;
  const image = doc.image!;
  const stageRef = useRef<Konva.Stage>(null);
  const { boxRef, box, view, setView } = useCanvasView(image);
  const bitmap = useLoadedImage(imageUrl);

  // What the stable handlers read: the props and view of the latest render, stored once it is
  // committed (before the browser can send the next event).
  const latest = useRef<CanvasLatest>({ state, dispatch, tool, drawKind, view, image });
  useLayoutEffect(() => {
    latest.current = { state, dispatch, tool, drawKind, view, image };
  });

  const handlers = useAreaGestures(latest, stageRef);
  const { drawing, startDrawing } = useDrawGesture(latest, stageRef, boxRef);
  const { onWheel, zoomTo, fit } = useCanvasZoom(view, setView, image, box, stageRef);
  // Handles on the one selected area (edit tool only).
  const single = tool === "edit" && selected.length === 1 ? selected[0]! : null;
  const { transformerRef, boundBox } = useAreaTransformer(latest, stageRef, single, doc.areas, view);
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
          <Stage
            ref={stageRef}
            width={box.width}
            height={box.height}
            x={view.x}
            y={view.y}
            scaleX={view.zoom}
            scaleY={view.zoom}
            onMouseDown={startDrawing}
            onWheel={onWheel}
          >
            <Layer listening={false}>
              <Rect
                width={image.width}
                height={image.height}
                fill="#ffffff"
                stroke="#94a3b8"
                strokeWidth={1}
                strokeScaleEnabled={false}
              />
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
                <Rect
                  {...drawing}
                  stroke="#7c3aed"
                  strokeWidth={1.5}
                  dash={[4, 3]}
                  strokeScaleEnabled={false}
                  fill="rgba(124, 58, 237, 0.08)"
                  listening={false}
                />
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
                boundBoxFunc={boundBox}
              />
            </Layer>
            {doc.questionType === QUESTION_TYPE.dragAndDrop && (
              <Layer listening={false}>
                <MatchLines areas={doc.areas} match={doc.match} zoom={view.zoom} />
              </Layer>
            )}
          </Stage>
        )}
      </div>
      {view && <ZoomControls zoom={view.zoom} onZoom={zoomTo} onFit={fit} />}
    </div>
  );
}
