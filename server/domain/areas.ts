// Area ids and geometry for the image-based question types (3 drag & drop, 4 point & shoot,
// 5 hot area). Pure: the API checks requests with it and the area editor uses the same helpers
// while the author draws, so the canvas can never produce an area the API would reject.
import { joinPath, type Issue } from "../errors";
import { AREA_MAX_N, AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "../schemas/question/area-bounds";
import { AREA_TYPE, type DragDropAreaType } from "../schemas/question/properties";
import { QUESTION_TYPE } from "../schemas/question/question-type";
import type { AreaQuestionType } from "./question-types";

export type AreaPrefix = "targ" | "drag" | "block";

/** N is 1–999 without leading zeros. */
export const AREA_ID_PATTERN = /^(targ|drag|block)-([1-9][0-9]{0,2})$/;

export interface AreaRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** `"targ-12"` → `{ prefix: "targ", n: 12 }`; anything that is not a valid area id → null. */
export function parseAreaId(id: string): { prefix: AreaPrefix; n: number } | null {
  const m = AREA_ID_PATTERN.exec(id);
  if (!m) return null;
  return { prefix: m[1] as AreaPrefix, n: Number(m[2]) };
}

export function formatAreaId(prefix: AreaPrefix, n: number): string {
  return `${prefix}-${n}`;
}

/** The prefix an area's id must have: `block` for types 4/5, `targ`/`drag` by area type for 3. */
export function areaPrefixFor(questionType: number, areaType?: DragDropAreaType): AreaPrefix {
  if (questionType !== QUESTION_TYPE.dragAndDrop) return "block";
  return areaType === AREA_TYPE.draggable ? "drag" : "targ";
}

/**
 * The id with the lowest free N for `prefix`, given the ids already in use (ids with other
 * prefixes or that are not area ids are ignored). Null when all 999 are taken.
 */
export function nextFreeAreaId(prefix: AreaPrefix, existingIds: Iterable<string>): string | null {
  const used = new Set<number>();
  for (const id of existingIds) {
    const parsed = parseAreaId(id);
    if (parsed && parsed.prefix === prefix) used.add(parsed.n);
  }
  for (let n = 1; n <= AREA_MAX_N; n++) {
    if (!used.has(n)) return formatAreaId(prefix, n);
  }
  return null;
}

export function areaInsideImage(area: AreaRect, image: ImageSize): boolean {
  return area.x >= 0 && area.y >= 0 && area.x + area.width <= image.width && area.y + area.height <= image.height;
}

export function areaHasMinimumSize(area: Pick<AreaRect, "width" | "height">): boolean {
  return area.width >= AREA_MIN_WIDTH && area.height >= AREA_MIN_HEIGHT;
}

/** An area as far as it could be read: fields that failed their own check are left out. */
export interface PartialArea {
  /** Index in the request's `areas` array, for paths. */
  index: number;
  id?: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** Type 3 only. */
  type?: DragDropAreaType;
}

export interface AreaRulesContext {
  questionType: AreaQuestionType;
  options: { FixedWidth?: boolean; FixedHeight?: boolean };
  imageSize: ImageSize | null;
  /** Path of the `areas` array, e.g. `question.properties.areas`. */
  basePath: string;
}

/**
 * The rules between areas and against the image: id prefix matches the area type, ids unique,
 * inside the image, FixedWidth/FixedHeight. Field-level rules (x ≥ 0, width ≥ 30, id format) are
 * checked by the areas' schema; areas whose fields failed there are skipped here field by field,
 * so one bad value yields one issue, not a cascade.
 */
export function checkAreaRules(areas: readonly PartialArea[], ctx: AreaRulesContext): Issue[] {
  const issues: Issue[] = [];
  const at = (area: PartialArea, field: string) => joinPath(joinPath(ctx.basePath, area.index), field);
  const firstIndexById = new Map<string, number>();

  for (const area of areas) {
    if (area.id === undefined) continue;
    const parsed = parseAreaId(area.id);
    if (ctx.questionType === QUESTION_TYPE.dragAndDrop && parsed && area.type !== undefined) {
      const expected = areaPrefixFor(QUESTION_TYPE.dragAndDrop, area.type);
      if (parsed.prefix !== expected) {
        const kind = area.type === AREA_TYPE.target ? "a target area (type 1)" : "a draggable area (type 2)";
        issues.push({
          code: "area_id_mismatch",
          path: at(area, "id"),
          message: `${JSON.stringify(area.id)} does not fit ${kind}; ids of ${area.type === AREA_TYPE.target ? "targets" : "draggables"} are ${expected}-N (N from 1 to ${AREA_MAX_N})`,
          details: { area: area.id },
        });
      }
    }
    const first = firstIndexById.get(area.id);
    if (first !== undefined) {
      issues.push({
        code: "duplicate_area_id",
        path: at(area, "id"),
        message: `${JSON.stringify(area.id)} is already the id of ${joinPath(ctx.basePath, first)}; every area of a question needs its own id`,
        details: { area: area.id, other: joinPath(ctx.basePath, first) },
      });
    } else {
      firstIndexById.set(area.id, area.index);
    }
  }

  if (ctx.imageSize) {
    const image = ctx.imageSize;
    for (const area of areas) {
      if (area.x !== undefined && area.width !== undefined && area.x + area.width > image.width) {
        issues.push({
          code: "area_outside_image",
          path: at(area, "x"),
          message: `x + width is ${area.x + area.width}, past the image width of ${image.width} px; an area must stay inside the image (x + width ≤ ${image.width})`,
          details: {
            ...(area.id !== undefined ? { area: area.id } : {}),
            edge: "right",
            by: area.x + area.width - image.width,
          },
        });
      }
      if (area.y !== undefined && area.height !== undefined && area.y + area.height > image.height) {
        issues.push({
          code: "area_outside_image",
          path: at(area, "y"),
          message: `y + height is ${area.y + area.height}, past the image height of ${image.height} px; an area must stay inside the image (y + height ≤ ${image.height})`,
          details: {
            ...(area.id !== undefined ? { area: area.id } : {}),
            edge: "bottom",
            by: area.y + area.height - image.height,
          },
        });
      }
    }
  }

  const sameSize = (field: "width" | "height", option: "FixedWidth" | "FixedHeight") => {
    if (!ctx.options[option]) return;
    const reference = areas.find((a) => a[field] !== undefined);
    if (!reference) return;
    for (const area of areas) {
      const value = area[field];
      if (value === undefined || value === reference[field]) continue;
      issues.push({
        code: field === "width" ? "area_width_not_fixed" : "area_height_not_fixed",
        path: at(area, field),
        message: `options.${option} is on, so every area must have the ${field} of ${joinPath(ctx.basePath, reference.index)} (${reference[field]} px), got ${value} px`,
        details: { min: reference[field], other: joinPath(ctx.basePath, reference.index) },
      });
    }
  };
  sameSize("width", "FixedWidth");
  sameSize("height", "FixedHeight");

  return issues;
}
