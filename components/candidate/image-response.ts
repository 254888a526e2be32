// A candidate's response to an image question (types 3, 4, 5) as pure functions: what a drop, a
// click or a toggle does to it under the question's options, and the arithmetic between image
// pixels (what areas and responses are in) and the picture as displayed at whatever size. The
// views only turn pointer and key events into these calls.
import { areaAt } from "@/server/domain/scoring/hit-test";
import { AREA_TYPE, QUESTION_TYPE } from "@/server/schemas/question";
import type { CandidateResponse, ScoredArea } from "@/server/domain/scoring/types";

/** An area as the API stores it (types 3, 4, 5). */
export type ResponseArea = ScoredArea;

export type Placements = Record<string, string>;

export interface Point {
  x: number;
  y: number;
}

/** The natural pixel size of the base image: the unit of every area and point. */
export interface ImageSize {
  width: number;
  height: number;
}

// The scoring reads any area that is not a draggable as a target (question-score.ts); so do we.
export const isDraggable = (a: ResponseArea) => a.type === AREA_TYPE.draggable;
export const isTarget = (a: ResponseArea) => a.type !== AREA_TYPE.draggable;

// ---------------------------------------------------------------------------------------------
// Scaling. Everything over the picture is placed in percentages of the natural size, so it stays
// on its area at any displayed width without measuring; only a pointer position has to be turned
// back into image pixels, by the ratio natural size / displayed size.

/** An image-pixel rectangle as percentages (0–100) of the picture. */
export function percentBox(r: ResponseArea | { x: number; y: number; width: number; height: number }, size: ImageSize) {
  return {
    left: (r.x / size.width) * 100,
    top: (r.y / size.height) * 100,
    width: (r.width / size.width) * 100,
    height: (r.height / size.height) * 100,
  };
}

/** An image-pixel point as percentages (0–100) of the picture. */
export function percentPoint(p: Point, size: ImageSize) {
  return { left: (p.x / size.width) * 100, top: (p.y / size.height) * 100 };
}

/**
 * The image pixel under a viewport point, given where the picture is displayed (its client
 * rectangle). Clamped to the picture: a drop or click on its very edge still lands inside it.
 */
export function clientToImage(
  client: Point,
  displayed: { left: number; top: number; width: number; height: number },
  size: ImageSize,
): Point {
  const x = ((client.x - displayed.left) * size.width) / displayed.width;
  const y = ((client.y - displayed.top) * size.height) / displayed.height;
  return { x: clamp(x, 0, size.width), y: clamp(y, 0, size.height) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

// ---------------------------------------------------------------------------------------------
// Type 3, drag & drop.

/**
 * `draggable` dropped on `target`. With OneToOneMatching a draggable sits on one target at a
 * time (dropping it elsewhere moves it); without, it can be placed on several. Whatever the
 * target held before goes back.
 */
export function place(placements: Placements, target: string, draggable: string, oneToOne: boolean): Placements {
  const next: Placements = {};
  for (const [t, d] of Object.entries(placements)) if (t !== target && !(oneToOne && d === draggable)) next[t] = d;
  next[target] = draggable;
  return next;
}

/** The target emptied. */
export function removeFrom(placements: Placements, target: string): Placements {
  const { [target]: _removed, ...rest } = placements;
  return rest;
}

/**
 * A placed draggable dragged from target `from` and let go: on another target it moves there
 * (also without OneToOneMatching: a drag carries the tile, it does not copy it); off every target
 * it goes back.
 */
export function dragFrom(placements: Placements, from: string, to: string | null, oneToOne: boolean): Placements {
  const draggable = placements[from];
  if (draggable === undefined || to === from) return placements;
  const rest = removeFrom(placements, from);
  return to === null ? rest : place(rest, to, draggable, oneToOne);
}

/** A rectangle as fractions (0–1) of another one's box. */
export interface FractionBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a placed tile sits in its target, as fractions of the target's box: at the tile's own
 * size and shape (a tile is a piece of the picture; stretched to the target's shape a circle
 * becomes an ellipse), centred, and scaled down evenly only when it does not fit. An imported
 * tray (server/formats/raster.ts) gives every target its piece's size, so there the tile fills it.
 */
export function tileInTarget(
  tile: { width: number; height: number },
  target: { width: number; height: number },
): FractionBox {
  const scale = Math.min(1, target.width / tile.width, target.height / tile.height);
  const width = (tile.width * scale) / target.width;
  const height = (tile.height * scale) / target.height;
  return { left: (1 - width) / 2, top: (1 - height) / 2, width, height };
}

// ---------------------------------------------------------------------------------------------
// Types 4 and 5.

/** An area (type 5) selected or deselected; SingleAnswer keeps one. */
export function toggle(selected: readonly string[], id: string, single: boolean): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  return single ? [id] : [...selected, id];
}

/**
 * Type 4: a click at `point`. Clicking on (or within `radius` of) an earlier marker takes it
 * back; otherwise the point is added (SingleAnswer: it replaces the earlier one). A click takes
 * back only one marker, the nearest, so two close markers need two clicks.
 */
export function clickPoint(points: readonly Point[], point: Point, single: boolean, radius: number): Point[] {
  let hit = -1;
  let best = Infinity;
  points.forEach((p, i) => {
    const d = Math.hypot(p.x - point.x, p.y - point.y);
    if (d <= radius && d < best) [hit, best] = [i, d];
  });
  if (hit >= 0) return points.filter((_, i) => i !== hit);
  return single ? [point] : [...points, point];
}

/** Type 4: the area under each marker (the top one where areas overlap, as scoring reads a click), in the areas' order. */
export function areasUnderPoints(areas: readonly ResponseArea[], points: readonly Point[]): string[] {
  const ids = new Set(points.map((p) => areaAt(areas, p.x, p.y)).filter((id): id is string => id !== null));
  return areas.filter((a) => ids.has(a.id)).map((a) => a.id);
}

/**
 * Type 4: a point where a click selects area `id` (its centre unless another area covers that),
 * or null when other areas cover all of it. The response keeps area ids, not points, so this is
 * how markers are shown again for an answer given earlier (the exam preview remounts the view
 * when the candidate comes back to a question).
 */
export function pointSelecting(areas: readonly ResponseArea[], id: string): Point | null {
  const a = areas.find((x) => x.id === id);
  if (!a) return null;
  const steps = 8;
  const candidates: Point[] = [{ x: a.x + a.width / 2, y: a.y + a.height / 2 }];
  for (let i = 0; i <= steps; i++)
    for (let j = 0; j <= steps; j++)
      candidates.push({ x: a.x + (a.width * i) / steps, y: a.y + (a.height * j) / steps });
  return (
    candidates.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })).find((p) => areaAt(areas, p.x, p.y) === id) ??
    null
  );
}

/** Type 4: the markers to show for a response given earlier (one per selected area that can still be hit). */
export function pointsFor(areas: readonly ResponseArea[], areaIds: readonly string[]): Point[] {
  return areaIds.map((id) => pointSelecting(areas, id)).filter((p): p is Point => p !== null);
}

/** Type 4 keyboard crosshair: arrow keys move 1 image pixel, 10 with Shift; null for other keys. */
export function moveCrosshair(at: Point, key: string, shift: boolean, size: ImageSize): Point | null {
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };
  const move = moves[key];
  if (!move) return null;
  const step = shift ? 10 : 1;
  return { x: clamp(at.x + move[0] * step, 0, size.width), y: clamp(at.y + move[1] * step, 0, size.height) };
}

// ---------------------------------------------------------------------------------------------
// The question edited while a response is open ("Try it" beside the editor).

export interface ResponseOptions {
  /** Type 3: OneToOneMatching. */
  oneToOne?: boolean;
  /** Types 4, 5: SingleAnswer. */
  single?: boolean;
}

/**
 * The response as it still fits the question: placements and selections of areas that are gone
 * (or changed kind) are dropped, and options switched on since are applied (OneToOneMatching:
 * a draggable stays on the first of its targets in the areas' order; SingleAnswer: the last
 * area selected stays). Returns the same object when nothing changed, so callers can compare.
 */
export function pruneResponse(
  response: CandidateResponse | null,
  areas: readonly ResponseArea[],
  options: ResponseOptions = {},
): CandidateResponse | null {
  if (!response) return null;
  if (response.type === QUESTION_TYPE.dragAndDrop) {
    const targets = areas.filter(isTarget).map((a) => a.id);
    const draggables = new Set(areas.filter(isDraggable).map((a) => a.id));
    const placements: Placements = {};
    const used = new Set<string>();
    for (const t of targets) {
      const d = response.placements[t];
      if (d === undefined || !draggables.has(d) || (options.oneToOne && used.has(d))) continue;
      placements[t] = d;
      used.add(d);
    }
    return samePlacements(placements, response.placements) ? response : { type: QUESTION_TYPE.dragAndDrop, placements };
  }
  if (response.type === QUESTION_TYPE.pointAndShoot || response.type === QUESTION_TYPE.hotArea) {
    const ids = new Set(areas.map((a) => a.id));
    let areaIds = response.areaIds.filter((id) => ids.has(id));
    if (options.single && areaIds.length > 1) areaIds = areaIds.slice(-1);
    return areaIds.length === response.areaIds.length ? response : { type: response.type, areaIds };
  }
  return response;
}

function samePlacements(a: Placements, b: Placements): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** Same ids, in any order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const sb = new Set(b);
  return a.length === b.length && a.every((id) => sb.has(id));
}
