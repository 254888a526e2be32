// The repairs every import makes to an item of another tool's file before it is checked as
// questionCreate checks a question (contract 13.3 point 1): HTML the policy would refuse
// (links and embeds where none may be, `object` images, media the file does not carry), points
// that are not whole numbers, and area geometry. Each change is one warning of the item, at the
// field it changed. Shared by every format: a format reads its file as its tool does and leaves
// the repairs here. Pure.
import type { Issue } from "../errors";
import { fitArea, type ShownSize } from "../domain/area-fit";
import type { ImageSize } from "../domain/areas";
import { repairImportedHtml } from "../html/import-repairs";
import type { HtmlFieldKind } from "../html/policy";
import type { ItemParams } from "./types";

export interface ItemRepairContext {
  /** The pixels of the item's image (`properties.image`), when the file carries it. */
  imageSize?: ImageSize | null;
  /** The size at which the file shows the image; areas are in it. */
  imageShown?: ShownSize | null;
  /** Media paths the item names that neither the file nor the workspace holds. */
  missingMedia?: ReadonlySet<string>;
}

export interface RepairedItem {
  params: ItemParams;
  /** Each at the path its questionCreate params have (`question.points`, `answers[1].answer`). */
  warnings: Issue[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Rounded half away from zero: 0.5 → 1, -0.5 → -1, 33.3 → 33. */
export function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The item with every repair made; `params` is the input itself when nothing changed. */
export function repairItem(params: ItemParams, context: ItemRepairContext = {}): RepairedItem {
  const warnings: Issue[] = [];
  const repaired = { ...params, question: { ...params.question } };
  const question = repaired.question;

  const html = (value: unknown, kind: HtmlFieldKind, path: string): unknown => {
    if (typeof value !== "string") return value;
    const out = repairImportedHtml(value, kind, { missingMedia: context.missingMedia });
    for (const change of out.changes) warnings.push({ code: "import_repaired", path, message: change });
    return out.html;
  };
  const whole = (value: unknown, path: string): unknown => {
    if (typeof value !== "number" || !Number.isFinite(value) || Number.isInteger(value)) return value;
    const rounded = roundHalfAway(value);
    warnings.push({
      code: "import_repaired",
      path,
      message: `${value} was rounded to ${rounded}, since points are whole numbers`,
    });
    return rounded;
  };

  question.question = html(question.question, "question", "question.question") as typeof question.question;
  question.explanation = html(
    question.explanation,
    "explanation",
    "question.explanation",
  ) as typeof question.explanation;
  question.points = whole(question.points, "question.points") as typeof question.points;
  if (params.answers)
    repaired.answers = params.answers.map((a, i) => {
      if (!isRecord(a)) return a;
      const answer = { ...a };
      answer.answer = html(a.answer, "answer", `answers[${i}].answer`) as typeof a.answer;
      answer.points = whole(a.points, `answers[${i}].points`) as typeof a.points;
      return answer;
    });
  if (isRecord(question.properties))
    question.properties = repairProperties(question.properties, context, whole, warnings) as typeof question.properties;

  return warnings.length === 0 ? { params, warnings } : { params: repaired, warnings };
}

function repairProperties(
  properties: Record<string, unknown>,
  context: ItemRepairContext,
  whole: (value: unknown, path: string) => unknown,
  warnings: Issue[],
): Record<string, unknown> {
  const out = { ...properties };
  const base = "question.properties";
  // Area points (type 4/5: area → points; type 3: target → draggable → points), text values' points (type 7).
  const points = (value: unknown, path: string): unknown =>
    isRecord(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, points(v, `${path}.${k}`)]))
      : whole(value, path);
  if (isRecord(properties.points)) out.points = points(properties.points, `${base}.points`);
  if (Array.isArray(properties.text_answer))
    out.text_answer = properties.text_answer.map((t, i) =>
      isRecord(t) && "points" in t ? { ...t, points: whole(t.points, `${base}.text_answer[${i}].points`) } : t,
    );
  if (context.imageSize && Array.isArray(properties.areas))
    out.areas = properties.areas.map((a, i) => fitted(a, i, context.imageSize!, context.imageShown, warnings));
  return out;
}

/** One area fitted to the image, when it is an area with numeric geometry; a warning says what changed. */
function fitted(
  area: unknown,
  index: number,
  image: ImageSize,
  shown: ShownSize | null | undefined,
  warnings: Issue[],
) {
  if (!isRecord(area)) return area;
  const { x, y, width, height } = area;
  if (![x, y, width, height].every((v) => typeof v === "number" && Number.isFinite(v))) return area;
  const before = { x: x as number, y: y as number, width: width as number, height: height as number };
  const { area: after, changes } = fitArea(before, image, shown);
  if (changes.length === 0) return area;
  const name = typeof area.id === "string" ? `area ${area.id}` : `area ${index + 1}`;
  warnings.push({
    code: "import_repaired",
    path: `question.properties.areas[${index}]`,
    message: `${name} (x ${before.x}, y ${before.y}, ${before.width} × ${before.height} in the file): ${changes.join(", ")}; now x ${after.x}, y ${after.y}, ${after.width} × ${after.height}`,
  });
  return { ...area, ...after };
}
