// Point & shoot and hot area properties (types 4, 5): image, block areas, options, which areas
// are correct and optional points per area.
import { joinPath } from "../../errors";
import {
  blockAreaSchema,
  blockOptionsSchema,
  blockPropertiesSchema,
  type QUESTION_TYPE,
  type BlockArea,
  type BlockProperties,
} from "../../schemas/question";
import { checkAreaRules } from "../areas";
import { readAreas } from "./read-areas";
import { listIds, PROPS, type Reader } from "./reader";
import type { QuestionRulesContext } from "./types";

export function checkBlockProperties(
  type: typeof QUESTION_TYPE.pointAndShoot | typeof QUESTION_TYPE.hotArea,
  raw: Record<string, unknown>,
  read: Reader,
  ctx: QuestionRulesContext,
): BlockProperties {
  read.warnUnknown(raw, Object.keys(blockPropertiesSchema.shape), PROPS);
  const image = read.value(blockPropertiesSchema.shape.image, raw.image, joinPath(PROPS, "image"));
  const optionsObj = read.object(raw.options, joinPath(PROPS, "options"));
  const options = optionsObj ? read.fields(blockOptionsSchema.shape, optionsObj, joinPath(PROPS, "options")) : {};
  const areas = readAreas(blockAreaSchema, raw.areas, read);

  if (areas) {
    read.report.merge({
      errors: checkAreaRules(areas.partial, {
        questionType: type,
        options,
        imageSize: ctx.imageSize,
        basePath: joinPath(PROPS, "areas"),
      }),
    });
  }
  const ids = areas?.ids ?? new Set<string>();
  const brokenIds = areas?.brokenIds ?? new Set<string>();
  const checkRefs = areas !== undefined;
  const isUnknown = (id: string) => checkRefs && !ids.has(id) && !brokenIds.has(id);

  const correctPath = joinPath(PROPS, "correct");
  const correct = read.record(blockPropertiesSchema.shape.correct.valueType, raw.correct, correctPath);
  const correctOut: Record<string, boolean> = {};
  if (correct) {
    let firstTrue: string | undefined;
    for (const [id, isCorrect] of correct) {
      const at = joinPath(correctPath, id);
      if (isUnknown(id)) {
        read.report.error(
          "unknown_area",
          at,
          `no area has the id ${JSON.stringify(id)}; correct keys must be area ids (${listIds(ids)})`,
        );
        continue;
      }
      if (isCorrect && options.SingleAnswer && firstTrue !== undefined) {
        read.report.error(
          "too_many_correct",
          at,
          `${JSON.stringify(firstTrue)} is already marked correct; options.SingleAnswer allows only one correct area`,
          { questionType: type, area: firstTrue },
        );
        continue;
      }
      if (isCorrect && firstTrue === undefined) firstTrue = id;
      correctOut[id] = isCorrect;
    }
    if (![...correct.values()].some(Boolean)) {
      read.report.warn(
        "no_correct_area",
        correctPath,
        "no area is marked correct, so the question cannot be answered correctly; set at least one area id to true",
      );
    }
  }

  const pointsPath = joinPath(PROPS, "points");
  let pointsOut: Record<string, number> | undefined;
  if (raw.points !== undefined) {
    const points = read.record(blockPropertiesSchema.shape.points.unwrap().valueType, raw.points, pointsPath);
    if (points) {
      pointsOut = {};
      for (const [id, value] of points) {
        if (isUnknown(id)) {
          read.report.error(
            "unknown_area",
            joinPath(pointsPath, id),
            `no area has the id ${JSON.stringify(id)}; points keys must be area ids (${listIds(ids)})`,
          );
          continue;
        }
        pointsOut[id] = value;
      }
    }
  }

  const out: BlockProperties = {
    image: image ?? "",
    areas: (areas?.complete ?? []) as BlockArea[],
    options: {
      FixedHeight: options.FixedHeight ?? false,
      FixedWidth: options.FixedWidth ?? false,
      SingleAnswer: options.SingleAnswer ?? false,
    },
    correct: correctOut,
  };
  if (pointsOut) out.points = pointsOut;
  return out;
}
