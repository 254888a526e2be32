"use client";
// Type 3: an arrow from each target to the draggable matched with it (centre to centre).
import { memo } from "react";
import { Arrow } from "react-konva";
import type { EditorArea } from "../state/types";

const centre = (a: EditorArea) => [a.x + a.width / 2, a.y + a.height / 2];

export const MatchLines = memo(function MatchLines({
  areas,
  match,
  zoom,
}: {
  areas: EditorArea[];
  match: Record<string, string>;
  zoom: number;
}) {
  const byId = new Map(areas.map((a) => [a.id, a]));
  return (
    <>
      {Object.entries(match).map(([target, draggable]) => {
        const t = byId.get(target);
        const d = byId.get(draggable);
        if (!t || !d) return null;
        return (
          <Arrow
            key={target}
            name="match-line"
            points={[...centre(t), ...centre(d)]}
            stroke="#7c3aed"
            fill="#7c3aed"
            strokeWidth={2}
            strokeScaleEnabled={false}
            pointerLength={10 / zoom}
            pointerWidth={8 / zoom}
            listening={false}
            perfectDrawEnabled={false}
          />
        );
      })}
    </>
  );
});
