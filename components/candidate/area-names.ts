// How a candidate is told which area is which (types 3, 4, 5). Area ids (`targ-2`, `drag-7`,
// `block-3`) are the API's names and mean nothing to a candidate; every view a candidate sees
// (the attempt, "Try it", the result's review) marks the areas on the picture instead and uses
// the same mark in its words: targets and hot areas are numbered 1, 2, 3…, tiles lettered A, B,
// C… (like a choice's answers, and so that "tile B on target 1" never reads as "1 on 1"), each
// kind in the order the question lists its areas. Pure, so the views and tests share it.
import { QUESTION_TYPE } from "@/server/schemas/question";
import { isDraggable, type ResponseArea } from "./image-response";

export type AreaKind = "tile" | "target" | "area";

export interface AreaName {
  kind: AreaKind;
  /** What the picture shows on the area: "1", "2"… (targets, areas) or "A", "B"… (tiles). */
  mark: string;
  /** "tile B", "target 1", "area 3". */
  label: string;
}

/** The areas of a type 3 question are tiles and targets; those of types 4 and 5 are areas. */
function kindOf(area: ResponseArea, questionType: number): AreaKind {
  if (questionType !== QUESTION_TYPE.dragAndDrop) return "area";
  return isDraggable(area) ? "tile" : "target";
}

/** 1 → "A", 26 → "Z", 27 → "AA": a spreadsheet's column names, never running out. */
export function letters(n: number): string {
  let out = "";
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26))
    out = String.fromCharCode(65 + ((rest - 1) % 26)) + out;
  return out;
}

/** Each area's name by its id. */
export function areaNames(areas: readonly ResponseArea[], questionType: number): ReadonlyMap<string, AreaName> {
  const counts: Record<AreaKind, number> = { tile: 0, target: 0, area: 0 };
  const names = new Map<string, AreaName>();
  for (const area of areas) {
    const kind = kindOf(area, questionType);
    const n = ++counts[kind];
    const mark = kind === "tile" ? letters(n) : String(n);
    names.set(area.id, { kind, mark, label: `${kind} ${mark}` });
  }
  return names;
}

/** The label of area `id`, or "an area no longer in the question" for one that is gone. */
export function areaLabel(names: ReadonlyMap<string, AreaName>, id: string): string {
  return names.get(id)?.label ?? "an area no longer in the question";
}

/** "tile B" → "Tile B", for the start of a sentence. */
export const capitalized = (text: string) => text.replace(/^./, (c) => c.toUpperCase());
