// The groups of question types by where their correct response lives: types 1, 2 and 6 in
// `answers`, types 3, 4 and 5 in the areas of `properties` on an image (type 7 in
// `properties.text_answer`). Pure, so the editors, the candidate views and the server share them.

/** Single choice, multiple choice and sort: the correct response is in `answers`. */
export const ANSWER_TYPES: readonly number[] = [1, 2, 6];

/** Drag & drop, point & shoot and hot area: an image with areas in `properties`. */
export const AREA_TYPES: readonly number[] = [3, 4, 5];

export function hasAnswers(type: number): boolean {
  return ANSWER_TYPES.includes(type);
}

export function hasAreas(type: number): boolean {
  return AREA_TYPES.includes(type);
}
