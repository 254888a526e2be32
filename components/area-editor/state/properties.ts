// The API's `properties` of an image question ↔ the editor's doc. Loading then saving without
// an edit gives back the same properties, so opening a question made through the API and saving
// it changes nothing.
import type { AreaDoc, AreaQuestionType, EditorArea } from "./types";
import { emptyDoc } from "./types";

export interface ApiArea {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  type?: 1 | 2;
}

export interface ImageQuestionProperties {
  image: string;
  areas: ApiArea[];
  options: Record<string, boolean>;
  match?: Record<string, string>;
  correct?: Record<string, boolean>;
  points?: Record<string, number> | Record<string, Record<string, number>>;
}

/** `imageSize` is the pixel size of `properties.image` as the browser loaded it. */
export function docFromProperties(questionType: AreaQuestionType, properties: Partial<ImageQuestionProperties>, imageSize: { width: number; height: number } | null): AreaDoc {
  const doc = emptyDoc(questionType);
  const options = properties.options ?? {};
  const areas: EditorArea[] = (properties.areas ?? []).map((a) => ({
    id: a.id,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    ...(questionType === 3 ? { kind: a.type === 2 ? 2 : 1 } : {}),
  }));
  const points = properties.points ?? {};
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
    match: questionType === 3 ? { ...(properties.match ?? {}) } : {},
    correct: questionType === 3 ? {} : { ...(properties.correct ?? {}) },
    points: questionType === 3 ? {} : (points as Record<string, number>),
    pairPoints: questionType === 3 ? (points as Record<string, Record<string, number>>) : {},
  };
}

export function propertiesFromDoc(doc: AreaDoc): ImageQuestionProperties {
  const areas = doc.areas.map((a) => ({ id: a.id, x: a.x, y: a.y, width: a.width, height: a.height, ...(doc.questionType === 3 ? { type: a.kind ?? 1 } : {}) }));
  const image = doc.image?.src ?? "";
  if (doc.questionType === 3) {
    const options = { FixedHeight: doc.options.FixedHeight, FixedWidth: doc.options.FixedWidth, OneToOneMatching: doc.options.OneToOneMatching };
    const hasPoints = Object.keys(doc.pairPoints).length > 0;
    return { image, areas, options, match: doc.match, ...(hasPoints ? { points: doc.pairPoints } : {}) };
  }
  const options = { FixedHeight: doc.options.FixedHeight, FixedWidth: doc.options.FixedWidth, SingleAnswer: doc.options.SingleAnswer };
  const hasPoints = Object.keys(doc.points).length > 0;
  return { image, areas, options, correct: doc.correct, ...(hasPoints ? { points: doc.points } : {}) };
}
