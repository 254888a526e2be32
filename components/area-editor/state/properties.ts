// The API's `properties` of an image question ↔ the editor's doc. Loading then saving without
// an edit gives back the same properties, so opening a question made through the API and saving
// it changes nothing. The shapes are the question schemas' own (server/schemas/question).
import {
  AREA_TYPE,
  type BlockProperties,
  type DragDropProperties,
  type ImageProperties,
} from "@/server/schemas/question/properties";
import { QUESTION_TYPE } from "@/server/schemas/question/question-type";
import type { AreaDoc, AreaQuestionType, EditorArea } from "./types";
import { emptyDoc } from "./types";

/**
 * What a draft holds of an image question's properties: as stored, as this editor last produced
 * them, or nothing yet (a new question, `{}`).
 */
export type AreaPropertiesDraft = Partial<DragDropProperties> | Partial<BlockProperties>;

/** `imageSize` is the pixel size of `properties.image` as the browser loaded it. */
export function docFromProperties(
  questionType: AreaQuestionType,
  properties: AreaPropertiesDraft,
  imageSize: { width: number; height: number } | null,
): AreaDoc {
  const doc = emptyDoc(questionType);
  // The question's type says which of the two shapes the properties have.
  const dragDrop = questionType === QUESTION_TYPE.dragAndDrop ? (properties as Partial<DragDropProperties>) : null;
  const block = questionType === QUESTION_TYPE.dragAndDrop ? null : (properties as Partial<BlockProperties>);
  const options: Partial<Record<keyof AreaDoc["options"], boolean>> = properties.options ?? {};
  const areas: EditorArea[] = (properties.areas ?? []).map((a) => ({
    id: a.id,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    ...(dragDrop
      ? { kind: "type" in a && a.type === AREA_TYPE.draggable ? AREA_TYPE.draggable : AREA_TYPE.target }
      : {}),
  }));
  return {
    ...doc,
    image: properties.image && imageSize ? { src: properties.image, ...imageSize } : null,
    areas,
    options: {
      FixedWidth: options.FixedWidth === true,
      FixedHeight: options.FixedHeight === true,
      OneToOneMatching: options.OneToOneMatching === true,
      SingleAnswer: options.SingleAnswer === true,
    },
    match: { ...(dragDrop?.match ?? {}) },
    correct: { ...(block?.correct ?? {}) },
    points: block?.points ?? {},
    pairPoints: dragDrop?.points ?? {},
  };
}

export function propertiesFromDoc(doc: AreaDoc): ImageProperties {
  const geometry = (a: EditorArea) => ({ id: a.id, x: a.x, y: a.y, width: a.width, height: a.height });
  const image = doc.image?.src ?? "";
  if (doc.questionType === QUESTION_TYPE.dragAndDrop) {
    const areas = doc.areas.map((a) => ({ ...geometry(a), type: a.kind ?? AREA_TYPE.target }));
    const options = {
      FixedHeight: doc.options.FixedHeight,
      FixedWidth: doc.options.FixedWidth,
      OneToOneMatching: doc.options.OneToOneMatching,
    };
    const hasPoints = Object.keys(doc.pairPoints).length > 0;
    return { image, areas, options, match: doc.match, ...(hasPoints ? { points: doc.pairPoints } : {}) };
  }
  const options = {
    FixedHeight: doc.options.FixedHeight,
    FixedWidth: doc.options.FixedWidth,
    SingleAnswer: doc.options.SingleAnswer,
  };
  const hasPoints = Object.keys(doc.points).length > 0;
  return {
    image,
    areas: doc.areas.map(geometry),
    options,
    correct: doc.correct,
    ...(hasPoints ? { points: doc.points } : {}),
  };
}
