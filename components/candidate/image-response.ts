// A candidate's response to an image question (types 3, 4, 5) as pure functions: what a drop, a
// click or a toggle does to it, under the question's options. The views (image-question-view.tsx)
// only turn pointer and key events into these calls.
import { areaAt } from "@/server/domain/scoring/hit-test";
import type { CandidateResponse, ScoredArea } from "@/server/domain/scoring/types";

/** An area as the API stores it (types 3, 4, 5). */
export type ResponseArea = ScoredArea;

export type Placements = Record<string, string>;

/**
 * Type 3: `draggable` dropped on `target`. With OneToOneMatching a draggable sits on one target
 * at a time (dropping it elsewhere moves it); without, it can be placed on several.
 */
export function place(placements: Placements, target: string, draggable: string, oneToOne: boolean): Placements {
  const next: Placements = {};
  for (const [t, d] of Object.entries(placements)) if (!(oneToOne && d === draggable)) next[t] = d;
  next[target] = draggable;
  return next;
}

/** Type 3: the target emptied. */
export function removeFrom(placements: Placements, target: string): Placements {
  const { [target]: _removed, ...rest } = placements;
  return rest;
}

/** Types 4, 5: an area (or a click's marker) selected or deselected; SingleAnswer keeps one. */
export function toggle(selected: readonly string[], id: string, single: boolean): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  return single ? [id] : [...selected, id];
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Type 4: a click at `point`. Clicking on (or within `radius` of) an earlier marker takes it
 * back; otherwise the point is added (SingleAnswer: it replaces the earlier one). The response
 * is the area under each marker.
 */
export function clickPoint(points: readonly Point[], point: Point, single: boolean, radius: number): Point[] {
  const hit = points.findIndex((p) => Math.hypot(p.x - point.x, p.y - point.y) <= radius);
  if (hit >= 0) return points.filter((_, i) => i !== hit);
  return single ? [point] : [...points, point];
}

/** Type 4: the area under each marker (the top one where areas overlap, as scoring reads a click). */
export function areasUnderPoints(areas: readonly ResponseArea[], points: readonly Point[]): string[] {
  const ids = new Set(points.map((p) => areaAt(areas, p.x, p.y)).filter((id): id is string => id !== null));
  return areas.filter((a) => ids.has(a.id)).map((a) => a.id);
}

/** The response without references to areas that no longer exist (the author edited them). */
export function pruneResponse(response: CandidateResponse | null, areas: readonly ResponseArea[]): CandidateResponse | null {
  if (!response) return null;
  const ids = new Set(areas.map((a) => a.id));
  if (response.type === 3) {
    const placements = Object.fromEntries(Object.entries(response.placements).filter(([t, d]) => ids.has(t) && ids.has(d)));
    return Object.keys(placements).length === Object.keys(response.placements).length ? response : { type: 3, placements };
  }
  if (response.type === 4 || response.type === 5) {
    const areaIds = response.areaIds.filter((id) => ids.has(id));
    return areaIds.length === response.areaIds.length ? response : { type: response.type, areaIds };
  }
  return response;
}
