// Builders for the area-editor state tests.
import { dispatch } from "./history";
import type { AreaAction } from "./actions";
import { emptyDoc, initialState, type AreaEditorState, type AreaQuestionType } from "./types";

export function stateWith(questionType: AreaQuestionType, image = { width: 400, height: 300 }): AreaEditorState {
  return initialState({ ...emptyDoc(questionType), image: { src: "/media/x.png", ...image } });
}

export function run(state: AreaEditorState, ...actions: AreaAction[]): AreaEditorState {
  return actions.reduce(dispatch, state);
}

export const rect = (x: number, y: number, width = 50, height = 40) => ({ x, y, width, height });
