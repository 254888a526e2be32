// The groups of question types by where their correct response lives: types 1, 2 and 6 in
// `answers`, types 3, 4 and 5 in the areas of `properties` on an image (type 7 in
// `properties.text_answer`). Pure, so the editors, the candidate views and the server share them.
import { QUESTION_TYPE } from "../schemas/question/question-type";

/** Single choice, multiple choice and sort: the correct response is in `answers`. */
export const ANSWER_TYPES: readonly number[] = [
  QUESTION_TYPE.singleChoice,
  QUESTION_TYPE.multipleChoice,
  QUESTION_TYPE.sort,
];

/** Drag & drop, point & shoot and hot area: an image with areas in `properties`. */
export const AREA_TYPES: readonly number[] = [
  QUESTION_TYPE.dragAndDrop,
  QUESTION_TYPE.pointAndShoot,
  QUESTION_TYPE.hotArea,
];

/** The number of a question type with areas on an image: 3, 4 or 5. */
export type AreaQuestionType =
  typeof QUESTION_TYPE.dragAndDrop | typeof QUESTION_TYPE.pointAndShoot | typeof QUESTION_TYPE.hotArea;

export function hasAnswers(type: number): boolean {
  return ANSWER_TYPES.includes(type);
}

export function hasAreas(type: number): boolean {
  return AREA_TYPES.includes(type);
}
