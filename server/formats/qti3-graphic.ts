// The graphic interactions (contract 13.1.2): 3 `qti-graphic-gap-match-interaction` (each
// draggable area cut out of the base image as a `qti-gap-img`, each target a
// `qti-associable-hotspot`), 4 `qti-select-point-interaction` (the areas only in response
// processing, hidden from the candidate: one boolean outcome per area, named by its id, says
// whether a point fell inside it), 5 `qti-hotspot-interaction`. The base image is an `<img>`.
// Rectangles are `shape="rect"` with `coords="x1,y1,x2,y2"`. What QTI does not hold as such
// (FixedWidth/FixedHeight, the draggables' places on the base image, the areas' order) is in
// `data-es-*` attributes that our own import reads back. Pure.
import { areaAt } from "../domain/scoring/hit-test";
import { AREA_TYPE, type DragDropAreaType } from "../schemas/question";
import { e, RESPONSE } from "./qti3-common";
import { mapping } from "./qti3-interactions";
import type { InteractionParts, ItemContext } from "./qti3-item";
import { areasClicked, partialMode, rightMinusWrong } from "./qti3-partial";
import { cropImage, encodePng, type RgbaImage } from "./raster";
import type { ContentQuestion } from "./types";
import { xmlElement } from "./xml-write";

interface Area {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  type?: DragDropAreaType;
}

export const rectCoords = (a: Area) => `${a.x},${a.y},${a.x + a.width},${a.y + a.height}`;

const sum = (values: readonly number[]) => values.reduce((t, v) => t + v, 0);

interface Graphic {
  image: string;
  areas: Area[];
  options: Record<string, boolean>;
  /** The base image element, or null when its file is missing. */
  img: string;
  pixels: RgbaImage | null;
  notes: string[];
}

function graphic(q: ContentQuestion, ctx: ItemContext): Graphic {
  const p = q.properties;
  const image = typeof p.image === "string" ? p.image : "";
  const areas = (Array.isArray(p.areas) ? p.areas : []) as Area[];
  const options = (p.options ?? {}) as Record<string, boolean>;
  const notes: string[] = [];
  const bytes = ctx.media(image);
  const pixels = ctx.pixels(image);
  if (!bytes) notes.push(`the base image ${image} is missing from the media store`);
  const src = ctx.href(image) ?? image;
  const img = xmlElement("img", {
    src,
    alt: "",
    width: pixels ? String(pixels.width) : undefined,
    height: pixels ? String(pixels.height) : undefined,
  });
  return { image, areas, options, img, pixels, notes };
}

const sizeAttributes = (options: Record<string, boolean>) => ({
  "data-es-fixed-width": String(options.FixedWidth === true),
  "data-es-fixed-height": String(options.FixedHeight === true),
});

/** Type 5. */
export function hotspotParts(q: ContentQuestion, ctx: ItemContext): InteractionParts {
  const g = graphic(q, ctx);
  const correctMap = (q.properties.correct ?? {}) as Record<string, boolean>;
  const points = (q.properties.points ?? {}) as Record<string, number>;
  const correct = g.areas.filter((a) => correctMap[a.id] === true).map((a) => a.id);
  const mode = partialMode(q.properties);
  const map = mapping(g.areas.map((a) => ({ key: a.id, value: points[a.id] ?? 0 })));
  const declaration = xmlElement(
    "qti-response-declaration",
    { identifier: RESPONSE, cardinality: "multiple", "base-type": "identifier" },
    correct.length
      ? xmlElement("qti-correct-response", {}, ...correct.map((id) => xmlElement("qti-value", {}, id)))
      : "",
    map,
  );
  const single = g.options.SingleAnswer === true;
  const interaction = xmlElement(
    "qti-hotspot-interaction",
    { "response-identifier": RESPONSE, "max-choices": single ? "1" : "0", ...sizeAttributes(g.options) },
    g.img,
    ...g.areas.map((a) => xmlElement("qti-hotspot-choice", { identifier: a.id, shape: "rect", coords: rectCoords(a) })),
  );
  const notes = [...g.notes];
  if (g.areas.length === 0) {
    notes.push("it has no areas, and QTI's hotspot interaction needs at least one");
    return {
      declaration: "",
      interaction: "",
      fullyCorrect: null,
      earned: null,
      extraMax: 0,
      notes,
      lossy: true,
      omitted: true,
    };
  }
  if (correct.length === 0) notes.push("no area is marked correct, so the item has no correct response");
  return {
    declaration,
    interaction,
    fullyCorrect: correct.length ? e.match(e.variable(RESPONSE), e.correct(RESPONSE)) : null,
    earned: map === "" ? null : xmlElement("qti-map-response", { identifier: RESPONSE }),
    partial: mode === null ? null : rightMinusWrong(mode, correct, "identifier", correct.length),
    extraMax: sum(correct.map((id) => points[id] ?? 0)),
    notes,
    lossy: notes.length > 0 || g.areas.length === 0,
  };
}

/** A point of the area that no other area covers (a click there selects it alone), or null. */
function pointOnlyIn(areas: readonly Area[], area: Area): { x: number; y: number } | null {
  const steps = 8;
  const candidates: { x: number; y: number }[] = [
    { x: Math.round(area.x + area.width / 2), y: Math.round(area.y + area.height / 2) },
  ];
  for (let i = 1; i < steps; i++)
    for (let j = 1; j < steps; j++)
      candidates.push({
        x: Math.round(area.x + (area.width * i) / steps),
        y: Math.round(area.y + (area.height * j) / steps),
      });
  const inside = (a: Area, p: { x: number; y: number }) =>
    p.x >= a.x && p.x <= a.x + a.width && p.y >= a.y && p.y <= a.y + a.height;
  return (
    candidates.find((p) => areaAt(areas, p.x, p.y) === area.id && areas.every((o) => o === area || !inside(o, p))) ??
    null
  );
}

/** The pairs of areas (ids) whose rectangles share some surface. */
function overlaps(areas: readonly Area[]): [string, string][] {
  const out: [string, string][] = [];
  areas.forEach((a, i) =>
    areas.slice(i + 1).forEach((b) => {
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 0 && h > 0) out.push([a.id, b.id]);
    }),
  );
  return out;
}

/** Type 4. */
export function selectPointParts(q: ContentQuestion, ctx: ItemContext): InteractionParts {
  const g = graphic(q, ctx);
  const correctMap = (q.properties.correct ?? {}) as Record<string, boolean>;
  const points = (q.properties.points ?? {}) as Record<string, number>;
  const correctAreas = g.areas.filter((a) => correctMap[a.id] === true);
  const mode = partialMode(q.properties);
  const notes = [...g.notes];
  let lossy = notes.length > 0 || g.areas.length === 0;
  const clicks: string[] = [];
  for (const a of correctAreas) {
    const p = pointOnlyIn(g.areas, a);
    if (p) clicks.push(`${p.x} ${p.y}`);
    else {
      notes.push(
        `area ${a.id} lies wholly under other areas, so no click selects it alone; QTI scoring may differ from Exam Studio's there`,
      );
      lossy = true;
      clicks.push(`${Math.round(a.x + a.width / 2)} ${Math.round(a.y + a.height / 2)}`);
    }
  }
  const withPoints = g.areas.filter((a) => (points[a.id] ?? 0) !== 0);
  const areaMapping = withPoints.length
    ? xmlElement(
        "qti-area-mapping",
        { "default-value": "0" },
        ...withPoints.map((a) =>
          xmlElement("qti-area-map-entry", {
            shape: "rect",
            coords: rectCoords(a),
            "mapped-value": String(points[a.id]),
          }),
        ),
      )
    : "";
  // One click (SingleAnswer) is a single point; several a multiple container, which qti-inside
  // reads as "any of the points" (QTI 3, inside).
  const single = g.options.SingleAnswer === true;
  const declaration = xmlElement(
    "qti-response-declaration",
    { identifier: RESPONSE, cardinality: single ? "single" : "multiple", "base-type": "point" },
    clicks.length ? xmlElement("qti-correct-response", {}, ...clicks.map((c) => xmlElement("qti-value", {}, c))) : "",
    areaMapping,
  );
  const outcomes = g.areas
    .map((a) =>
      xmlElement(
        "qti-outcome-declaration",
        { identifier: a.id, cardinality: "single", "base-type": "boolean" },
        xmlElement("qti-default-value", {}, xmlElement("qti-value", {}, "false")),
      ),
    )
    .join("");
  const before = g.areas
    .map((a) =>
      xmlElement(
        "qti-response-condition",
        {},
        xmlElement(
          "qti-response-if",
          {},
          xmlElement("qti-inside", { shape: "rect", coords: rectCoords(a) }, e.variable(RESPONSE)),
          e.set(a.id, xmlElement("qti-base-value", { "base-type": "boolean" }, "true")),
        ),
      ),
    )
    .join("");
  const interaction = xmlElement(
    "qti-select-point-interaction",
    { "response-identifier": RESPONSE, "max-choices": single ? "1" : "0", ...sizeAttributes(g.options) },
    g.img,
  );
  if (correctAreas.length === 0) {
    notes.push("no area is marked correct, so the item has no correct response");
    lossy = true;
  }
  // A click where areas overlap selects the one drawn last here, but is inside each of them in
  // QTI: a partial mode would count them all.
  const overlapping = mode === null ? [] : overlaps(g.areas);
  if (overlapping.length > 0) {
    notes.push(
      `its scoring mode ${mode} counts the areas under each click: where ${overlapping.map(([a, b]) => `${a} and ${b}`).join(", ")} overlap, a click counts for each of them in QTI but only for the one on top in Exam Studio`,
    );
    lossy = true;
  }
  // Fully correct: a point inside each correct area and none inside another. The per-area flags
  // above say the same; the condition reads the geometry itself, which every engine evaluates alike.
  const inside = (a: Area) => xmlElement("qti-inside", { shape: "rect", coords: rectCoords(a) }, e.variable(RESPONSE));
  const flags = g.areas.map((a) => (correctMap[a.id] === true ? inside(a) : e.not(inside(a))));
  return {
    declaration,
    outcomes,
    interaction,
    before,
    fullyCorrect: correctAreas.length ? e.and(...flags) : null,
    earned: areaMapping === "" ? null : xmlElement("qti-map-response-point", { identifier: RESPONSE }),
    partial:
      mode === null
        ? null
        : areasClicked(
            mode,
            g.areas.map((a) => ({ coords: rectCoords(a), correct: correctMap[a.id] === true })),
            correctAreas.length,
          ),
    extraMax: sum(correctAreas.map((a) => points[a.id] ?? 0)),
    notes,
    lossy,
  };
}

/** Type 3. */
export function gapMatchParts(q: ContentQuestion, ctx: ItemContext): InteractionParts {
  const g = graphic(q, ctx);
  const match = (q.properties.match ?? {}) as Record<string, string>;
  const pairPoints = (q.properties.points ?? {}) as Record<string, Record<string, number>>;
  const mode = partialMode(q.properties);
  const notes = [...g.notes];
  let lossy = notes.length > 0;
  const targets = g.areas.map((a, index) => ({ a, index })).filter((x) => x.a.type !== AREA_TYPE.draggable);
  const drags = g.areas.map((a, index) => ({ a, index })).filter((x) => x.a.type === AREA_TYPE.draggable);
  const pairs = Object.entries(match).filter(
    ([t, d]) => targets.some((x) => x.a.id === t) && drags.some((x) => x.a.id === d),
  );
  const entries: { key: string; value: number }[] = [];
  for (const [t, byDrag] of Object.entries(pairPoints))
    for (const [d, v] of Object.entries(byDrag)) entries.push({ key: `${d} ${t}`, value: v });
  const map = mapping(entries);
  const declaration = xmlElement(
    "qti-response-declaration",
    { identifier: RESPONSE, cardinality: "multiple", "base-type": "directedPair" },
    pairs.length
      ? xmlElement("qti-correct-response", {}, ...pairs.map(([t, d]) => xmlElement("qti-value", {}, `${d} ${t}`)))
      : "",
    map,
  );
  const oneToOne = g.options.OneToOneMatching === true;
  const gapImgs = drags.map(({ a, index }) => {
    let src: string;
    let size: { width: number; height: number } = { width: a.width, height: a.height };
    if (g.pixels) {
      const piece = cropImage(g.pixels, a);
      size = { width: piece.width, height: piece.height };
      const base = g.image.replace(/^.*\//, "").replace(/\.[a-z0-9]+$/i, "");
      // Named by the rectangle cut out: two questions on one image share a piece only when it is the same.
      src = ctx.addFile(`media/${base}-${a.x}-${a.y}-${a.width}x${a.height}.png`, encodePng(piece));
    } else {
      src = ctx.href(g.image) ?? g.image;
      notes.push(`${a.id}: the base image could not be read, so its gap image is the whole base image`);
      lossy = true;
    }
    return xmlElement(
      "qti-gap-img",
      {
        identifier: a.id,
        "match-max": oneToOne ? "1" : "0",
        "data-es-index": String(index),
        "data-es-x": String(a.x),
        "data-es-y": String(a.y),
        "data-es-width": String(a.width),
        "data-es-height": String(a.height),
      },
      xmlElement("img", { src, alt: a.id, width: String(size.width), height: String(size.height) }),
    );
  });
  const hotspots = targets.map(({ a, index }) =>
    xmlElement("qti-associable-hotspot", {
      identifier: a.id,
      shape: "rect",
      coords: rectCoords(a),
      "match-max": "1",
      "data-es-index": String(index),
    }),
  );
  if (drags.length === 0 || targets.length === 0) {
    notes.push("QTI's graphic gap match needs at least one draggable and one target area");
    return {
      declaration: "",
      interaction: "",
      fullyCorrect: null,
      earned: null,
      extraMax: 0,
      notes,
      lossy: true,
      omitted: true,
    };
  }
  if (pairs.length === 0) {
    notes.push(
      "no target is matched with a draggable, so the item has no correct response (left empty, QTI counts no response)",
    );
    lossy = true;
  }
  const interaction = xmlElement(
    "qti-graphic-gap-match-interaction",
    {
      "response-identifier": RESPONSE,
      "max-associations": String(targets.length),
      "data-es-one-to-one": String(oneToOne),
      ...sizeAttributes(g.options),
    },
    g.img,
    ...gapImgs,
    ...hotspots,
  );
  return {
    declaration,
    interaction,
    fullyCorrect: pairs.length ? e.match(e.variable(RESPONSE), e.correct(RESPONSE)) : null,
    earned: map === "" ? null : xmlElement("qti-map-response", { identifier: RESPONSE }),
    partial:
      mode === null
        ? null
        : rightMinusWrong(
            mode,
            pairs.map(([t, d]) => `${d} ${t}`),
            "directedPair",
            Object.keys(match).length,
          ),
    extraMax: sum(Object.entries(match).map(([t, d]) => pairPoints[t]?.[d] ?? 0)),
    notes,
    lossy,
  };
}
