"use client";
// The resize handles (a Konva Transformer) on the one selected area in the edit tool, and the
// bound that keeps a resized box at least the minimum size and inside the image.
import type Konva from "konva";
import { useEffect, useRef, type RefObject } from "react";
import { AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "@/server/schemas/question/area-bounds";
import type { EditorArea } from "../state/types";
import type { LatestRef } from "./canvas-latest";
import { toImage, type View } from "./view";

type Box = Parameters<NonNullable<Konva.TransformerConfig["boundBoxFunc"]>>[0];

export function useAreaTransformer(
  latest: LatestRef,
  stageRef: RefObject<Konva.Stage | null>,
  single: string | null,
  areas: readonly EditorArea[],
  view: View | null,
) {
  const transformerRef = useRef<Konva.Transformer>(null);

  useEffect(() => {
    const tr = transformerRef.current;
    if (!tr) return;
    const group = single ? stageRef.current?.findOne<Konva.Group>(`#${single}`) : undefined;
    const target = group?.findOne(".area-box");
    tr.nodes(target ? [target] : []);
    tr.getLayer()?.batchDraw();
    // Re-attached when the areas or the view change: the selected area's node may be new.
  }, [single, stageRef, areas, view]);

  function boundBox(oldBox: Box, newBox: Box): Box {
    const { view: v, image: img } = latest.current;
    if (!v) return oldBox;
    const p = toImage(v, newBox.x, newBox.y);
    const width = newBox.width / v.zoom;
    const height = newBox.height / v.zoom;
    const fits =
      width >= AREA_MIN_WIDTH - 0.5 &&
      height >= AREA_MIN_HEIGHT - 0.5 &&
      p.x >= -0.5 &&
      p.y >= -0.5 &&
      p.x + width <= img.width + 0.5 &&
      p.y + height <= img.height + 0.5;
    return fits ? newBox : oldBox;
  }

  return { transformerRef, boundBox };
}
