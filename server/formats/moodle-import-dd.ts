// Moodle's image questions on import: ddmarker (→ 4, Point & Shoot) and ddimageortext (→ 3,
// Drag & Drop). Pure.
//
// ddmarker: the candidate drops markers on a background image; each drop zone (a circle, a
// rectangle or a polygon) becomes an area, all of them right; an area here is a rectangle, so a
// circle becomes the square around it and a polygon its bounding box (warned), and every area is
// at least AREA_MIN_WIDTH × AREA_MIN_HEIGHT (grown about its centre, kept inside the image).
// Which marker belongs on which zone is not kept (Point & Shoot has no labels; warned).
//
// ddimageortext: Moodle's drag items are images or texts of their own, ours are areas of the
// base image. The items are drawn in a tray below the base image (raster.ts composeTray), which
// becomes the question's image (a PNG); each is a draggable area where it was drawn, each drop
// zone a target of the size of the item it takes. A text item is drawn as a framed box of its
// words in a real font (drawn-text.ts), its line breaks kept and long lines wrapped; a text with
// a character the font has no glyph for cannot be drawn and is left out with the drop zones it
// belongs on, warned; a question left with no drop zone is skipped.
import { AREA_MAX_N, AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "../schemas/question/area-bounds";
import { decodeBase64, encodeBase64 } from "../media/base64";
import { detectMedia, imageDimensions } from "../media/detect";
import { AREA_TYPE, QUESTION_TYPE, type BlockArea, type DragDropArea } from "../schemas/question";
import { drawableText, textBox } from "./drawn-text";
import { collectFiles, fileEntry } from "./moodle-html";
import { decodeEntities } from "./shared";
import type { MoodleItem } from "./moodle-item";
import { composeTray, decodeImage, encodePng, type Rect, type RgbaImage } from "./raster";
import type { PlanItem } from "./types";
import { childElement, childElements, childText, type XmlElement } from "./xml-read";

interface Background {
  key: string;
  base64: string;
  bytes: Uint8Array;
  size: { width: number; height: number } | null;
}

/** The background image: the `<file>` that is a child of the question itself. */
function background(item: MoodleItem): Background | null {
  const [key, base64] =
    childElements(item.element, "file")
      .map(fileEntry)
      .find((entry) => entry !== null) ?? [];
  if (key === undefined || base64 === undefined) {
    item.error("has no background image (a <file> of the question itself)");
    return null;
  }
  const bytes = decodeBase64(base64);
  if (bytes === null) {
    item.error(`its background image ${JSON.stringify(key)} is not valid Base64`);
    return null;
  }
  const detected = detectMedia(bytes);
  return { key, base64, bytes, size: detected ? imageDimensions(bytes, detected) : null };
}

const int = (element: XmlElement, local: string): number | null => {
  const text = childText(element, local)?.trim() ?? "";
  const n = Number(text);
  return text !== "" && Number.isFinite(n) ? n : null;
};

/** The rectangle grown to the least area size about its centre, kept inside the image when its size is known. */
function fitted(rect: Rect, size: { width: number; height: number } | null): Rect {
  let { x, y, width, height } = rect;
  if (width < AREA_MIN_WIDTH) {
    x -= (AREA_MIN_WIDTH - width) / 2;
    width = AREA_MIN_WIDTH;
  }
  if (height < AREA_MIN_HEIGHT) {
    y -= (AREA_MIN_HEIGHT - height) / 2;
    height = AREA_MIN_HEIGHT;
  }
  x = Math.round(x);
  y = Math.round(y);
  width = Math.round(width);
  height = Math.round(height);
  if (size) {
    width = Math.min(width, size.width);
    height = Math.min(height, size.height);
    x = Math.min(Math.max(0, x), size.width - width);
    y = Math.min(Math.max(0, y), size.height - height);
  }
  return { x: Math.max(0, x), y: Math.max(0, y), width, height };
}

/** A ddmarker drop zone as a rectangle, and whether that is approximate; null when its coordinates cannot be read. */
export function shapeRect(shape: string, coords: string): { rect: Rect; approximate: boolean } | null {
  const points = coords.split(";").map((p) => p.split(",").map((v) => Number(v.trim())));
  if (points.some((p) => p.some((v) => !Number.isFinite(v)))) return null;
  if (shape === "circle" && points.length === 2 && points[0]!.length === 2 && points[1]!.length === 1) {
    const [[cx, cy], [r]] = points as [[number, number], [number]];
    return { rect: { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r }, approximate: true };
  }
  if (shape === "rectangle" && points.length === 2 && points[0]!.length === 2 && points[1]!.length === 2) {
    const [[x, y], [width, height]] = points as [[number, number], [number, number]];
    return { rect: { x, y, width, height }, approximate: false };
  }
  if (shape === "polygon" && points.length >= 3 && points.every((p) => p.length === 2)) {
    const xs = points.map((p) => p[0]!);
    const ys = points.map((p) => p[1]!);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { rect: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y }, approximate: true };
  }
  return null;
}

const sameRect = (a: Rect, b: Rect) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

export function parseDdMarker(item: MoodleItem): PlanItem | null {
  const question = item.common(QUESTION_TYPE.pointAndShoot);
  const image = background(item);
  const drops = childElements(item.element, "drop");
  if (drops.length === 0) item.error("has no drop zones");
  if (drops.length > AREA_MAX_N)
    item.error(`has ${drops.length} drop zones; a question here has at most ${AREA_MAX_N} areas`);
  if (!image || item.errors.length > 0) return null;

  const labels = new Map<string, string>();
  for (const drag of childElements(item.element, "drag"))
    labels.set(childText(drag, "no")?.trim() ?? "", childText(drag, "text")?.trim() ?? "");
  const areas: BlockArea[] = [];
  const approximated: string[] = [];
  const grown: number[] = [];
  const onZone = new Map<string, number>();
  drops.forEach((drop, k) => {
    const shape = childText(drop, "shape")?.trim() ?? "";
    const coords = childText(drop, "coords")?.trim() ?? "";
    const read = shapeRect(shape, coords);
    if (!read) {
      item.error(
        `its drop zone ${k + 1} (line ${drop.line}) has the ${shape || "missing"} shape ${JSON.stringify(coords)}, which is not a circle (x,y;r), rectangle (x,y;w,h) or polygon (x1,y1;x2,y2;…)`,
        `question.properties.areas[${k}]`,
      );
      return;
    }
    const exact = {
      x: Math.round(read.rect.x),
      y: Math.round(read.rect.y),
      width: Math.round(read.rect.width),
      height: Math.round(read.rect.height),
    };
    const rect = fitted(read.rect, image.size);
    if (read.approximate) approximated.push(`${k + 1} (a ${shape})`);
    else if (!sameRect(rect, exact)) grown.push(k + 1);
    areas.push({ id: `block-${k + 1}`, ...rect });
    const choice = childText(drop, "choice")?.trim() ?? "";
    const label = labels.get(choice) || `marker ${choice || "(none)"}`;
    onZone.set(label, (onZone.get(label) ?? 0) + 1);
  });
  if (item.errors.length > 0) return null;
  if (approximated.length > 0)
    item.warn(
      `an area here is a rectangle: drop zone${approximated.length > 1 ? "s" : ""} ${approximated.join(", ")} became the rectangle around ${approximated.length > 1 ? "them" : "it"} (at least ${AREA_MIN_WIDTH}×${AREA_MIN_HEIGHT} pixels, inside the image)`,
    );
  if (grown.length > 0)
    item.warn(
      `drop zone${grown.length > 1 ? "s" : ""} ${grown.join(", ")} ${grown.length > 1 ? "were" : "was"} grown or moved to be at least ${AREA_MIN_WIDTH}×${AREA_MIN_HEIGHT} pixels and inside the image`,
    );
  const markers = [...onZone.entries()].map(([label, n]) => `${JSON.stringify(label)} on ${n} zone${n > 1 ? "s" : ""}`);
  item.warn(
    `which marker belongs on which zone is not kept (${markers.join(", ")}): Point & Shoot asks the candidate to point at every area that is right, and all ${areas.length} are; say in the question text what to mark`,
  );

  question.properties = {
    image: image.key,
    areas,
    options: { FixedHeight: false, FixedWidth: false, SingleAnswer: areas.length === 1 },
    correct: Object.fromEntries(areas.map((a) => [a.id, true])),
  };
  return item.done({ question, resources: { [image.key]: image.base64 } });
}

/** Widest text of a drawn drag item before it wraps (pixels). */
const DRAG_TEXT_WIDTH = 240;

interface DragItem {
  no: string;
  label: string;
  image: RgbaImage | null;
}

export function parseDdImageOrText(item: MoodleItem): PlanItem | null {
  const question = item.common(QUESTION_TYPE.dragAndDrop);
  const image = background(item);
  if (!image) return null;
  const base = decodeImage(image.bytes);
  if (!base.ok) {
    item.error(`its background image ${JSON.stringify(image.key)} ${base.message}`);
    return null;
  }
  const drags: DragItem[] = [];
  const drawnTexts: string[] = [];
  for (const drag of childElements(item.element, "drag")) {
    const no = childText(drag, "no")?.trim() ?? "";
    const lines = decodeEntities((childText(drag, "text") ?? "").replace(/<br\s*\/?>/gi, "\n").replace(/<[^>]*>/g, ""))
      .split("\n")
      .map((l) => l.replace(/\s+/g, " ").trim())
      .filter((l) => l !== "");
    const label = lines.join(" ");
    const files = childElement(drag, "file") ? [...collectFiles(drag).values()] : [];
    let picture: RgbaImage | null = null;
    if (files.length === 0) {
      const drawable = lines.map((l) => drawableText(l));
      if (lines.length > 0 && drawable.every((l) => l !== null)) {
        picture = textBox(drawable as string[], { maxWidth: DRAG_TEXT_WIDTH });
        drawnTexts.push(label);
      }
    } else {
      const bytes = decodeBase64(files[0]!);
      const decoded = bytes ? decodeImage(bytes) : ({ ok: false, message: "is not valid Base64" } as const);
      if (!decoded.ok) {
        item.error(`the image of its drag item ${no} ${decoded.message}`);
        continue;
      }
      picture = decoded.image;
    }
    drags.push({ no, label, image: picture });
  }
  if (item.errors.length > 0) return null;
  const pictures = drags.filter((d) => d.image !== null);
  const byNo = new Map(drags.map((d) => [d.no, d]));
  const texts = drags.filter((d) => d.image === null);
  const drops = childElements(item.element, "drop").map((drop) => ({
    drop,
    drag: byNo.get(childText(drop, "choice")?.trim() ?? ""),
  }));
  const kept = drops.filter(({ drag }) => drag?.image);
  if (kept.length === 0) {
    return item.skipped(
      texts.length > 0
        ? `it is a ddimageortext question whose drag items are texts with characters the font here (DejaVu Sans) has no glyph for (${texts.map((d) => JSON.stringify(d.label)).join(", ")}), so no drop zone is left`
        : "it is a ddimageortext question with no drop zone that takes a drag item",
    );
  }
  if (pictures.length + kept.length > AREA_MAX_N) {
    item.error(
      `has ${pictures.length} drag items and ${kept.length} drop zones; a question here has at most ${AREA_MAX_N} areas`,
    );
    return null;
  }

  const tray = composeTray(
    base.image,
    pictures.map((d) => d.image!),
  );
  const size = { width: tray.image.width, height: tray.image.height };
  const baseSize = { width: base.image.width, height: base.image.height };
  const areas: DragDropArea[] = [];
  const dragId = new Map<DragItem, string>();
  pictures.forEach((d, k) => {
    const id = `drag-${k + 1}`;
    dragId.set(d, id);
    areas.push({ id, type: AREA_TYPE.draggable, ...fitted(tray.placements[k]!, size) });
  });
  const match: Record<string, string> = {};
  const used = new Map<string, number>();
  kept.forEach(({ drop, drag }, k) => {
    const id = `targ-${k + 1}`;
    const rect = fitted(
      { x: int(drop, "xleft") ?? 0, y: int(drop, "ytop") ?? 0, width: drag!.image!.width, height: drag!.image!.height },
      baseSize,
    );
    areas.push({ id, type: AREA_TYPE.target, ...rect });
    match[id] = dragId.get(drag!)!;
    used.set(match[id]!, (used.get(match[id]!) ?? 0) + 1);
  });

  const key = `${image.key.replace(/\.[^./]*$/, "")}-with-drag-items.png`;
  item.warn(
    `its ${pictures.length} drag item${pictures.length > 1 ? "s are" : " is"} drawn in a tray below its image (Moodle shows them apart; here a draggable is a part of the image): the question's image is ${key}, ${size.width}×${size.height} pixels`,
  );
  if (drawnTexts.length > 0) {
    item.warn(
      `its text drag items (${drawnTexts.map((l) => JSON.stringify(l)).join(", ")}) are drawn as framed boxes in DejaVu Sans at 16 pixels (not Moodle's styling)`,
    );
  }
  const orphans = drops.filter(({ drag }) => !drag);
  if (orphans.length > 0) {
    item.warn(
      `drop zone${orphans.length > 1 ? "s" : ""} ${orphans.map(({ drop }) => childText(drop, "no")?.trim() ?? "?").join(", ")} name${orphans.length > 1 ? "" : "s"} no drag item of the question, so ${orphans.length > 1 ? "they are" : "it is"} left out`,
    );
  }
  if (texts.length > 0) {
    const lost = drops.filter(({ drag }) => drag && !drag.image).length;
    item.warn(
      `its text drag items ${texts.map((d) => JSON.stringify(d.label)).join(", ")} have characters the font here (DejaVu Sans) has no glyph for, so they are left out${lost > 0 ? ` with the ${lost} drop zone${lost > 1 ? "s" : ""} they belong on` : ""}`,
    );
  }
  const groups = new Set(childElements(item.element, "drag").map((d) => childText(d, "draggroup")?.trim() ?? "1"));
  if (groups.size > 1)
    item.warn(
      `its drag groups (${[...groups].join(", ")}) are not kept: here any draggable may be dropped on any target`,
    );

  question.properties = {
    image: key,
    areas,
    options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: [...used.values()].every((n) => n === 1) },
    match,
  };
  return item.done({ question, resources: { [key]: encodeBase64(encodePng(tray.image)) } });
}
