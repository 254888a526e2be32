"use client";
// One area on the canvas: a Konva group (named "area", id = the area id, at the area's image
// position) holding its box and its id label. Memoised on the area object and its flags, so an
// edit re-renders only the areas it changed; a drag moves the Konva node alone (no React state
// per frame) and reports once, at the end.
import type Konva from "konva";
import { memo } from "react";
import { Group, Rect, Text } from "react-konva";
import type { EditorArea } from "../state/types";

export type AreaLook = "target" | "draggable" | "block" | "correct";

export interface AreaNodeProps {
  area: EditorArea;
  look: AreaLook;
  selected: boolean;
  /** Picked first when connecting (type 3). */
  connecting: boolean;
  outside: boolean;
  draggable: boolean;
  zoom: number;
  /** Stable handlers (see AreaCanvas): they read the current state themselves. */
  handlers: AreaNodeHandlers;
}

export interface AreaNodeHandlers {
  click(id: string, e: Konva.KonvaEventObject<MouseEvent>): void;
  dblclick(id: string): void;
  dragStart(id: string, e: Konva.KonvaEventObject<DragEvent>): void;
  dragMove(id: string, e: Konva.KonvaEventObject<DragEvent>): void;
  dragEnd(id: string, e: Konva.KonvaEventObject<DragEvent>): void;
  dragBound(id: string, pos: Konva.Vector2d): Konva.Vector2d;
  /** The Transformer resizes the box (not the group): its new scale and offset give the new rect. */
  transformEnd(id: string, box: Konva.Rect): void;
}

const COLORS: Record<AreaLook, { stroke: string; fill: string; text: string }> = {
  target: { stroke: "#2563eb", fill: "rgba(37, 99, 235, 0.12)", text: "#1e3a8a" },
  draggable: { stroke: "#d97706", fill: "rgba(245, 158, 11, 0.28)", text: "#78350f" },
  block: { stroke: "#475569", fill: "rgba(71, 85, 105, 0.14)", text: "#0f172a" },
  correct: { stroke: "#059669", fill: "rgba(16, 185, 129, 0.26)", text: "#064e3b" },
};
const SELECTED = "#7c3aed";
const OUTSIDE = "#dc2626";

export const AreaNode = memo(function AreaNode({
  area,
  look,
  selected,
  connecting,
  outside,
  draggable,
  zoom,
  handlers,
}: AreaNodeProps) {
  const colors = COLORS[look];
  const stroke = outside ? OUTSIDE : selected || connecting ? SELECTED : colors.stroke;
  // Labels keep a readable screen size at any zoom.
  const fontSize = 12 / zoom;
  return (
    <Group
      id={area.id}
      name="area"
      x={area.x}
      y={area.y}
      draggable={draggable}
      dragBoundFunc={(pos) => handlers.dragBound(area.id, pos)}
      onClick={(e) => handlers.click(area.id, e)}
      onTap={(e) => handlers.click(area.id, e as unknown as Konva.KonvaEventObject<MouseEvent>)}
      onDblClick={() => handlers.dblclick(area.id)}
      onDragStart={(e) => handlers.dragStart(area.id, e)}
      onDragMove={(e) => handlers.dragMove(area.id, e)}
      onDragEnd={(e) => handlers.dragEnd(area.id, e)}
      clipX={0}
      clipY={0}
      clipWidth={area.width}
      clipHeight={area.height}
    >
      <Rect
        name="area-box"
        width={area.width}
        height={area.height}
        fill={outside ? "rgba(220, 38, 38, 0.18)" : colors.fill}
        stroke={stroke}
        strokeWidth={selected || connecting ? 3 : 1.5}
        strokeScaleEnabled={false}
        dash={look === "target" ? [6, 4] : undefined}
        perfectDrawEnabled={false}
        onTransformEnd={(e) => handlers.transformEnd(area.id, e.target as Konva.Rect)}
      />
      <Text
        x={3 / zoom}
        y={2 / zoom}
        text={look === "correct" ? `✓ ${area.id}` : area.id}
        fontSize={fontSize}
        fontStyle="bold"
        fill={outside ? OUTSIDE : colors.text}
        listening={false}
        perfectDrawEnabled={false}
      />
    </Group>
  );
});
