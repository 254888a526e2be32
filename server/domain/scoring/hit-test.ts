// Point & shoot (type 4): the candidate clicks a point on the image and the area under it is
// selected. Where areas overlap, the one drawn last (on top) is chosen, as the canvas shows it.
import type { ScoredArea } from "./types";

export function areaAt(areas: readonly ScoredArea[], x: number, y: number): string | null {
  for (let i = areas.length - 1; i >= 0; i--) {
    const a = areas[i]!;
    if (x >= a.x && x <= a.x + a.width && y >= a.y && y <= a.y + a.height) return a.id;
  }
  return null;
}
