// The area editor's state (issue 4): what the author edits on the canvas and in the side panel.
// Pure data; every change is a named action (actions.ts) so mouse, keyboard and panel share one
// path, and the history (history.ts) can undo any of them.
import type { AreaRect } from "@/server/domain/areas";
import type { AreaQuestionType } from "@/server/domain/question-types";
import type { DragDropAreaType } from "@/server/schemas/question";

export type { AreaQuestionType };

/** Area kind of a drag & drop question: target or draggable (the API's area `type`, AREA_TYPE). */
export type AreaKind = DragDropAreaType;

export interface EditorArea extends AreaRect {
  id: string;
  /** Type 3 only. */
  kind?: AreaKind;
}

export interface EditorImage {
  /** What `properties.image` holds: a `/media/…` path, or a resource name of a new upload. */
  src: string;
  width: number;
  height: number;
}

export interface AreaOptions {
  FixedWidth: boolean;
  FixedHeight: boolean;
  /** Type 3: a draggable belongs to at most one target. */
  OneToOneMatching: boolean;
  /** Types 4/5: at most one correct area. */
  SingleAnswer: boolean;
}

export interface AreaDoc {
  questionType: AreaQuestionType;
  image: EditorImage | null;
  areas: EditorArea[];
  options: AreaOptions;
  /** Type 3: target id → draggable id. */
  match: Record<string, string>;
  /** Types 4/5: area id → correct. */
  correct: Record<string, boolean>;
  /** Types 4/5: area id → points. */
  points: Record<string, number>;
  /** Type 3: target id → draggable id → points for placing that draggable there. */
  pairPoints: Record<string, Record<string, number>>;
}

export interface AreaEditorState {
  doc: AreaDoc;
  /** Selected area ids, in selection order. */
  selected: string[];
  /** Type 3: the target picked first when connecting (click target, then draggable). */
  connectFrom: string | null;
  past: AreaDoc[];
  future: AreaDoc[];
}

export function emptyDoc(questionType: AreaQuestionType): AreaDoc {
  return {
    questionType,
    image: null,
    areas: [],
    options: { FixedWidth: false, FixedHeight: false, OneToOneMatching: false, SingleAnswer: false },
    match: {},
    correct: {},
    points: {},
    pairPoints: {},
  };
}

export function initialState(doc: AreaDoc): AreaEditorState {
  return { doc, selected: [], connectFrom: null, past: [], future: [] };
}
