// Keeping match / correct / points consistent when areas go away or change id.
import type { AreaDoc } from "./types";

/** Drops every reference to the ids in `gone` (match both ways, correct, points, pair points). */
export function dropReferences(
  doc: AreaDoc,
  gone: ReadonlySet<string>,
): Pick<AreaDoc, "match" | "correct" | "points" | "pairPoints"> {
  const keep = <V>(record: Record<string, V>, ok: (key: string, value: V) => boolean) =>
    Object.fromEntries(Object.entries(record).filter(([k, v]) => ok(k, v))) as Record<string, V>;
  const pairPoints: AreaDoc["pairPoints"] = {};
  for (const [target, byDrag] of Object.entries(doc.pairPoints)) {
    if (gone.has(target)) continue;
    const kept = keep(byDrag, (drag) => !gone.has(drag));
    if (Object.keys(kept).length > 0) pairPoints[target] = kept;
  }
  return {
    match: keep(doc.match, (target, drag) => !gone.has(target) && !gone.has(drag)),
    correct: keep(doc.correct, (id) => !gone.has(id)),
    points: keep(doc.points, (id) => !gone.has(id)),
    pairPoints,
  };
}

/** OneToOneMatching: keeps, for each draggable, only the first target (in area order) using it. */
export function oneToOne(doc: AreaDoc): Record<string, string> {
  const used = new Set<string>();
  const match: Record<string, string> = {};
  for (const area of doc.areas) {
    const drag = doc.match[area.id];
    if (drag === undefined || used.has(drag)) continue;
    used.add(drag);
    match[area.id] = drag;
  }
  return match;
}

/** SingleAnswer: keeps only the first correct area (in area order). */
export function singleAnswer(doc: AreaDoc): Record<string, boolean> {
  let seen = false;
  const correct: Record<string, boolean> = {};
  for (const area of doc.areas) {
    const value = doc.correct[area.id];
    if (value === undefined) continue;
    correct[area.id] = value && !seen;
    if (value) seen = true;
  }
  return correct;
}
