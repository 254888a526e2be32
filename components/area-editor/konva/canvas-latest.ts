// What the canvas's stable handlers read when they run: always the latest props and view, so the
// handlers (and the memoised area nodes holding them) never change identity.
import type { RefObject } from "react";
import type { AreaAction } from "../state/actions";
import type { AreaEditorState, AreaKind } from "../state/types";
import type { Size, View } from "./view";

export interface CanvasLatest {
  state: AreaEditorState;
  dispatch: (action: AreaAction) => void;
  tool: "edit" | "connect";
  drawKind: AreaKind;
  view: View | null;
  image: Size;
}

export type LatestRef = RefObject<CanvasLatest>;
