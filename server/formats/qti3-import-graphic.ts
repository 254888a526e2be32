// The graphic interactions read back (contract 13.1, import): hotspot → 5, select point → 4,
// graphic gap match → 3. Shapes other than rectangles become the rectangle around them (a
// warning says so); area ids that are not ours (`block-N`, `targ-N`, `drag-N`) are renumbered.
// Another tool's gap images are separate pictures: they are composed into a tray below the base
// image (raster.ts), which becomes the question's image, each draggable an area on the tray.
// Pure.
import { ShapeNotes } from "./shape-notes";
import { areaAt } from "../domain/scoring/hit-test";
import type { AreaQuestionType } from "../domain/question-types";
import { AREA_TYPE, QUESTION_TYPE, type DragDropAreaType } from "../schemas/question";
import { resolveHref } from "./qti3-common";
import { composeTray, decodeImage, encodePng } from "./raster";
import type { declarationOf } from "./qti3-import-declaration";
import { childElement, childElements, type XmlElement } from "./xml-read";

type Declaration = ReturnType<typeof declarationOf>;

export interface GraphicContext {
  file: string;
  entries: ReadonlyMap<string, Uint8Array>;
  ours: boolean;
  warnings: string[];
  usesMapping: boolean;
}

export interface GraphicRead {
  type: AreaQuestionType;
  /** The size at which the interaction shows its image (its `img`'s width and height), when given. */
  shown?: { width?: number; height?: number };
  properties: Record<string, unknown>;
  image: string;
  madeFiles?: Map<string, Uint8Array>;
  derived?: string[];
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The rectangle of a QTI shape (rect, circle, ellipse, poly), or null for `default` or bad coords;
 * `converted` hears of a shape that was not a rectangle.
 */
export function shapeRect(
  shape: string | undefined,
  coords: string | undefined,
  converted: (shape: string) => void = () => {},
): Rect | null {
  const n = (coords ?? "").split(",").map((c) => Number(c.trim()));
  if (n.some((v) => !Number.isFinite(v))) return null;
  let r: Rect | null = null;
  switch (shape) {
    case "rect":
      if (n.length >= 4) r = { x: n[0]!, y: n[1]!, width: n[2]! - n[0]!, height: n[3]! - n[1]! };
      break;
    case "circle":
      if (n.length >= 3) r = { x: n[0]! - n[2]!, y: n[1]! - n[2]!, width: 2 * n[2]!, height: 2 * n[2]! };
      break;
    case "ellipse":
      if (n.length >= 4) r = { x: n[0]! - n[2]!, y: n[1]! - n[3]!, width: 2 * n[2]!, height: 2 * n[3]! };
      break;
    case "poly": {
      const xs = n.filter((_, i) => i % 2 === 0);
      const ys = n.filter((_, i) => i % 2 === 1);
      if (xs.length >= 3)
        r = {
          x: Math.min(...xs),
          y: Math.min(...ys),
          width: Math.max(...xs) - Math.min(...xs),
          height: Math.max(...ys) - Math.min(...ys),
        };
      break;
    }
    default:
      return null;
  }
  if (!r) return null;
  if (shape !== "rect") converted(shape);
  // Only rounded here: the import's shared repairs (server/formats/item-repairs.ts) scale it
  // from the size the image is shown at, move it inside the image and grow it to the minimum.
  return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
}

/** Our area ids (`block-N`…) when the file's are ours and unique, else new ones in order. */
function areaIds(ids: readonly string[], prefix: string): string[] {
  const pattern = new RegExp(`^${prefix}-[1-9][0-9]{0,2}$`);
  if (ids.every((id) => pattern.test(id)) && new Set(ids).size === ids.length) return [...ids];
  return ids.map((_, i) => `${prefix}-${i + 1}`);
}

/** The interaction's base image (package path), or null. */
function baseImage(interaction: XmlElement, ctx: GraphicContext): string | null {
  const img = childElement(interaction, "img") ?? childElement(interaction, "object");
  const src = img?.attributes.src ?? img?.attributes.data;
  if (!src) {
    ctx.warnings.push("its image is not an <img> (or <object>) with a source, so there is no base image");
    return null;
  }
  return resolveHref(ctx.file, src) ?? src;
}

/** The `width` and `height` the interaction's `img` (or `object`) shows its image at, in pixels; each left out when not given. */
function shownSize(interaction: XmlElement): { width?: number; height?: number } | undefined {
  const img = childElement(interaction, "img") ?? childElement(interaction, "object");
  const px = (v: string | undefined) =>
    v !== undefined && /^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(v) ? parseFloat(v) : undefined;
  const width = px(img?.attributes.width);
  const height = px(img?.attributes.height);
  if (width === undefined && height === undefined) return undefined;
  return { ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) };
}

const sizeOptions = (interaction: XmlElement) => ({
  FixedHeight: interaction.attributes["data-es-fixed-height"] === "true",
  FixedWidth: interaction.attributes["data-es-fixed-width"] === "true",
});

/** Type 5. */
export function readHotspot(interaction: XmlElement, decl: Declaration, ctx: GraphicContext): GraphicRead | null {
  const image = baseImage(interaction, ctx);
  if (!image) return null;
  const choices = childElements(interaction, "qti-hotspot-choice");
  const fileIds = choices.map((c) => c.attributes.identifier ?? "");
  const ids = areaIds(fileIds, "block");
  const areas: ({ id: string } & Rect)[] = [];
  const correct: Record<string, boolean> = {};
  const points: Record<string, number> = {};
  const shapes = new ShapeNotes();
  choices.forEach((c, i) => {
    const rect = shapeRect(c.attributes.shape, c.attributes.coords, (shape) =>
      shapes.add("hotspot", fileIds[i]!, shape),
    );
    if (!rect) {
      ctx.warnings.push(`hotspot ${fileIds[i]} has no shape an area can take; it was left out`);
      return;
    }
    areas.push({ id: ids[i]!, ...rect });
    correct[ids[i]!] = decl.correct.includes(fileIds[i]!);
    const p = ctx.usesMapping ? (decl.mapping.get(fileIds[i]!)?.value ?? 0) : 0;
    if (p !== 0) points[ids[i]!] = p;
  });
  ctx.warnings.push(...shapes.warnings());
  const properties: Record<string, unknown> = {
    image,
    areas,
    options: { ...sizeOptions(interaction), SingleAnswer: interaction.attributes["max-choices"] === "1" },
    correct,
  };
  if (Object.keys(points).length > 0) properties.points = points;
  return { type: QUESTION_TYPE.hotArea, properties, image, shown: shownSize(interaction) };
}

/** Type 4: our areas are in the response processing (one flag per area); another tool's in its area mapping. */
export function readSelectPoint(
  root: XmlElement,
  interaction: XmlElement,
  decl: Declaration,
  ctx: GraphicContext,
): GraphicRead | null {
  const image = baseImage(interaction, ctx);
  if (!image) return null;
  const areas: ({ id: string } & Rect)[] = [];
  const points: Record<string, number> = {};
  const areaMap = decl.decl ? childElement(decl.decl, "qti-area-mapping") : null;
  const mapEntries = areaMap ? childElements(areaMap, "qti-area-map-entry") : [];
  const rp = childElement(root, "qti-response-processing");
  const flags = ctx.ours && rp ? ourAreaFlags(rp) : [];
  if (flags.length > 0) {
    for (const f of flags) {
      const rect = shapeRect("rect", f.coords);
      if (rect) areas.push({ id: f.id, ...rect });
    }
    for (const entry of mapEntries) {
      const hit = flags.find((f) => f.coords === entry.attributes.coords);
      const v = Number(entry.attributes["mapped-value"] ?? 0) || 0;
      if (hit && v !== 0) points[hit.id] = v;
    }
  } else {
    if (mapEntries.length === 0) {
      ctx.warnings.push("its select point interaction has no area mapping, so there are no areas to import");
      return null;
    }
    const shapes = new ShapeNotes();
    mapEntries.forEach((entry, i) => {
      const id = `block-${i + 1}`;
      const rect = shapeRect(entry.attributes.shape, entry.attributes.coords, (shape) =>
        shapes.add("area", String(i + 1), shape, " of its area mapping"),
      );
      if (!rect) return;
      areas.push({ id, ...rect });
      const v = Number(entry.attributes["mapped-value"] ?? 0) || 0;
      if (v !== 0 && ctx.usesMapping) points[id] = v;
    });
    ctx.warnings.push(...shapes.warnings());
  }
  // The correct areas: those under the correct response's points.
  const correct: Record<string, boolean> = Object.fromEntries(areas.map((a) => [a.id, false]));
  for (const value of decl.correct) {
    const [x, y] = value.split(/\s+/).map(Number);
    const id = Number.isFinite(x) && Number.isFinite(y) ? areaAt(areas, x!, y!) : null;
    if (id) correct[id] = true;
    else ctx.warnings.push(`the point ${value} of its correct response is in no area`);
  }
  if (!ctx.ours && decl.correct.length === 0)
    for (const [id, v] of Object.entries(points)) if (v > 0) correct[id] = true;
  const properties: Record<string, unknown> = {
    image,
    areas,
    options: { ...sizeOptions(interaction), SingleAnswer: interaction.attributes["max-choices"] === "1" },
    correct,
  };
  if (Object.keys(points).length > 0) properties.points = points;
  return { type: QUESTION_TYPE.pointAndShoot, properties, image, shown: shownSize(interaction) };
}

/** Our per-area rules: `if inside(rect) then <area id> = true`, in area order. */
function ourAreaFlags(rp: XmlElement): { id: string; coords: string }[] {
  const out: { id: string; coords: string }[] = [];
  for (const cond of childElements(rp, "qti-response-condition")) {
    const branch = childElement(cond, "qti-response-if");
    const inside = branch ? childElement(branch, "qti-inside") : null;
    const set = branch ? childElement(branch, "qti-set-outcome-value") : null;
    if (inside && set && /^block-[1-9][0-9]{0,2}$/.test(set.attributes.identifier ?? ""))
      out.push({ id: set.attributes.identifier!, coords: inside.attributes.coords ?? "" });
  }
  return out;
}

/** Type 3. */
export function readGraphicGapMatch(
  interaction: XmlElement,
  decl: Declaration,
  ctx: GraphicContext,
): GraphicRead | null {
  const image = baseImage(interaction, ctx);
  if (!image) return null;
  const gaps = childElements(interaction, "qti-gap-img");
  if (childElements(interaction, "qti-gap-text").length > 0)
    ctx.warnings.push("its text gaps (qti-gap-text) were left out: draggables are pieces of the image");
  const hotspots = childElements(interaction, "qti-associable-hotspot");
  const gapIds = gaps.map((g) => g.attributes.identifier ?? "");
  const hotIds = hotspots.map((h) => h.attributes.identifier ?? "");
  const dragIds = areaIds(gapIds, "drag");
  const targIds = areaIds(hotIds, "targ");
  const placedByUs =
    ctx.ours &&
    gaps.every((g) => ["data-es-x", "data-es-y", "data-es-width", "data-es-height"].every((a) => a in g.attributes));
  let madeFiles: Map<string, Uint8Array> | undefined;
  let questionImage = image;
  const dragRects: Rect[] = [];
  const derived: string[] = [];
  if (placedByUs) {
    for (const g of gaps) {
      const src = childElement(g, "img")?.attributes.src;
      const path = src ? resolveHref(ctx.file, src) : null;
      if (path) derived.push(path);
    }
    for (const g of gaps)
      dragRects.push({
        x: Number(g.attributes["data-es-x"]),
        y: Number(g.attributes["data-es-y"]),
        width: Number(g.attributes["data-es-width"]),
        height: Number(g.attributes["data-es-height"]),
      });
  } else {
    const baseBytes = ctx.entries.get(image);
    const base = baseBytes ? decodeImage(baseBytes) : null;
    if (!base?.ok) {
      ctx.warnings.push(
        `its base image ${image} ${baseBytes ? "could not be read" : "is not in the package"}, so its gap images cannot be placed beside it`,
      );
      return null;
    }
    const pieces = [];
    for (const g of gaps) {
      const img = childElement(g, "img") ?? childElement(g, "object");
      const src = img?.attributes.src ?? img?.attributes.data;
      const path = src ? resolveHref(ctx.file, src) : null;
      if (path) derived.push(path);
      const bytes = path ? ctx.entries.get(path) : undefined;
      const piece = bytes ? decodeImage(bytes) : null;
      if (!piece?.ok) {
        ctx.warnings.push(`gap image ${g.attributes.identifier} could not be read (a PNG, JPEG or GIF in the package)`);
        return null;
      }
      pieces.push(piece.image);
    }
    const tray = composeTray(base.image, pieces);
    // One per item: two items on one base image have trays of their own.
    const item = ctx.file.replace(/^.*\//, "").replace(/\.xml$/i, "");
    questionImage = `${image.replace(/\.[a-z0-9]+$/i, "")}-${item}-with-draggables.png`;
    madeFiles = new Map([[questionImage, encodePng(tray.image)]]);
    dragRects.push(...tray.placements);
    ctx.warnings.push("its gap images were put in a tray below the base image, which is the question's image now");
  }
  type Area = { id: string; type: DragDropAreaType; index: number } & Rect;
  const areas: Area[] = [];
  gaps.forEach((g, i) => {
    const r = dragRects[i]!;
    const rect = shapeRect("rect", `${r.x},${r.y},${r.x + r.width},${r.y + r.height}`)!;
    areas.push({
      id: dragIds[i]!,
      type: AREA_TYPE.draggable,
      index: Number(g.attributes["data-es-index"] ?? 1000 + i),
      ...rect,
    });
  });
  const shapes = new ShapeNotes();
  hotspots.forEach((h, i) => {
    const rect = shapeRect(h.attributes.shape, h.attributes.coords, (shape) =>
      shapes.add("hotspot", hotIds[i]!, shape),
    );
    if (!rect) {
      ctx.warnings.push(`hotspot ${hotIds[i]} has no shape an area can take; it was left out`);
      return;
    }
    areas.push({
      id: targIds[i]!,
      type: AREA_TYPE.target,
      index: Number(h.attributes["data-es-index"] ?? 2000 + i),
      ...rect,
    });
  });
  ctx.warnings.push(...shapes.warnings());
  if (placedByUs) areas.sort((a, b) => a.index - b.index);
  else areas.sort((a, b) => (a.type === b.type ? a.index - b.index : a.type - b.type));
  const dragOf = new Map(gapIds.map((id, i) => [id, dragIds[i]!]));
  const targOf = new Map(hotIds.map((id, i) => [id, targIds[i]!]));
  const match: Record<string, string> = {};
  for (const pair of decl.correct) {
    const [gap, hot] = pair.split(/\s+/);
    const d = dragOf.get(gap ?? "");
    const t = targOf.get(hot ?? "");
    if (d && t) {
      if (match[t])
        ctx.warnings.push(`target ${hot} has more than one draggable in the correct response; the first is its match`);
      else match[t] = d;
    }
  }
  const points: Record<string, Record<string, number>> = {};
  if (ctx.usesMapping)
    for (const [key, m] of decl.mapping) {
      const [gap, hot] = key.split(/\s+/);
      const d = dragOf.get(gap ?? "");
      const t = targOf.get(hot ?? "");
      if (d && t && m.value !== 0) (points[t] ??= {})[d] = m.value;
    }
  const oneToOne = gaps.length > 0 && gaps.every((g) => g.attributes["match-max"] === "1");
  const properties: Record<string, unknown> = {
    image: questionImage,
    areas: areas.map(({ index: _index, ...a }) => ({
      id: a.id,
      x: a.x,
      y: a.y,
      width: a.width,
      height: a.height,
      type: a.type,
    })),
    options: { ...sizeOptions(interaction), OneToOneMatching: oneToOne },
    match,
  };
  if (Object.keys(points).length > 0) properties.points = points;
  return { type: QUESTION_TYPE.dragAndDrop, properties, image: questionImage, madeFiles, derived };
}
