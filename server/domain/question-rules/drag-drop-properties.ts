// Drag & drop properties (type 3): image, areas, options, the target → draggable match and
// optional points per pair.
import { joinPath } from "../../errors";
import {
  dragDropAreaSchema,
  dragDropOptionsSchema,
  dragDropPropertiesSchema,
  QUESTION_TYPE,
  type DragDropArea,
  type DragDropProperties,
} from "../../schemas/question";
import { checkAreaRules, parseAreaId } from "../areas";
import { readAreas } from "./read-areas";
import { listIds, PROPS, type Reader } from "./reader";
import type { QuestionRulesContext } from "./types";

export function checkDragDropProperties(
  raw: Record<string, unknown>,
  read: Reader,
  ctx: QuestionRulesContext,
): DragDropProperties {
  read.warnUnknown(raw, Object.keys(dragDropPropertiesSchema.shape), PROPS);
  const image = read.value(dragDropPropertiesSchema.shape.image, raw.image, joinPath(PROPS, "image"));
  const optionsObj = read.object(raw.options, joinPath(PROPS, "options"));
  const options = optionsObj ? read.fields(dragDropOptionsSchema.shape, optionsObj, joinPath(PROPS, "options")) : {};
  const areas = readAreas(dragDropAreaSchema, raw.areas, read);

  if (areas) {
    read.report.merge({
      errors: checkAreaRules(areas.partial, {
        questionType: QUESTION_TYPE.dragAndDrop,
        options,
        imageSize: ctx.imageSize,
        basePath: joinPath(PROPS, "areas"),
      }),
    });
  }

  // Targets and draggables by id prefix: a prefix that disagrees with the area's type is already
  // an error, and classifying by prefix keeps that one mistake from cascading into match errors.
  const targets = new Set<string>();
  const draggables = new Set<string>();
  for (const id of areas?.ids ?? []) {
    const parsed = parseAreaId(id);
    if (parsed?.prefix === "targ") targets.add(id);
    if (parsed?.prefix === "drag") draggables.add(id);
  }
  // When the areas could not be read at all, references to them cannot be checked; nor can
  // references to an id that was itself refused.
  const brokenIds = areas?.brokenIds ?? new Set<string>();
  const checkRefs = areas !== undefined;

  const matchPath = joinPath(PROPS, "match");
  const match = read.record(dragDropPropertiesSchema.shape.match.valueType, raw.match, matchPath);
  const matchOut: Record<string, string> = {};
  if (match) {
    if (Object.keys(raw.match as object).length === 0) {
      read.report.warn(
        "match_empty",
        matchPath,
        "no target is matched to a draggable, so the question cannot be answered correctly; map target area ids to draggable area ids",
      );
    }
    const matchedBy = new Map<string, string>();
    for (const [target, draggable] of match) {
      const at = joinPath(matchPath, target);
      let ok = true;
      if (checkRefs && !targets.has(target) && !brokenIds.has(target)) {
        ok = false;
        read.report.error(
          "unknown_target",
          at,
          draggables.has(target)
            ? `${JSON.stringify(target)} is a draggable area; match keys must be target area ids (${listIds(targets)})`
            : `no target area has the id ${JSON.stringify(target)}; match keys must be target area ids (${listIds(targets)})`,
        );
      }
      if (checkRefs && !draggables.has(draggable) && !brokenIds.has(draggable)) {
        ok = false;
        read.report.error(
          "unknown_draggable",
          at,
          targets.has(draggable)
            ? `${JSON.stringify(draggable)} is a target area; a target must be matched to a draggable area id (${listIds(draggables)})`
            : `no draggable area has the id ${JSON.stringify(draggable)}; a target must be matched to a draggable area id (${listIds(draggables)})`,
        );
      }
      const earlier = matchedBy.get(draggable);
      if (options.OneToOneMatching && earlier !== undefined) {
        ok = false;
        read.report.error(
          "draggable_matched_twice",
          at,
          `${JSON.stringify(draggable)} is already matched to ${JSON.stringify(earlier)}; options.OneToOneMatching allows each draggable to match only one target`,
        );
      } else if (earlier === undefined) {
        matchedBy.set(draggable, target);
      }
      if (ok) matchOut[target] = draggable;
    }
  }

  const pointsPath = joinPath(PROPS, "points");
  let pointsOut: Record<string, Record<string, number>> | undefined;
  if (raw.points !== undefined) {
    const outer = read.object(raw.points, pointsPath);
    if (outer) {
      pointsOut = {};
      for (const [target, inner] of Object.entries(outer)) {
        const targetPath = joinPath(pointsPath, target);
        if (checkRefs && !targets.has(target) && !brokenIds.has(target)) {
          read.report.error(
            "unknown_target",
            targetPath,
            `no target area has the id ${JSON.stringify(target)}; points keys must be target area ids (${listIds(targets)})`,
          );
        }
        const values = read.record(
          dragDropPropertiesSchema.shape.points.unwrap().valueType.valueType,
          inner,
          targetPath,
        );
        if (!values) continue;
        const row: Record<string, number> = {};
        for (const [draggable, points] of values) {
          if (checkRefs && !draggables.has(draggable) && !brokenIds.has(draggable)) {
            read.report.error(
              "unknown_draggable",
              joinPath(targetPath, draggable),
              `no draggable area has the id ${JSON.stringify(draggable)}; points are given per draggable area id (${listIds(draggables)})`,
            );
            continue;
          }
          row[draggable] = points;
        }
        pointsOut[target] = row;
      }
    }
  }

  const out: DragDropProperties = {
    image: image ?? "",
    areas: (areas?.complete ?? []) as DragDropArea[],
    options: {
      FixedHeight: options.FixedHeight ?? false,
      FixedWidth: options.FixedWidth ?? false,
      OneToOneMatching: options.OneToOneMatching ?? false,
    },
    match: matchOut,
  };
  if (pointsOut) out.points = pointsOut;
  return out;
}
