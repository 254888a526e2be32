// Dispatching actions with undo / redo. Only actions that change the question are recorded;
// selection changes are not, and an action that changes nothing leaves the history alone.
import { ACTIONS, type AreaAction } from "./actions";
import type { AreaEditorState } from "./types";

export const HISTORY_LIMIT = 200;

export function dispatch(state: AreaEditorState, action: AreaAction): AreaEditorState {
  const spec = ACTIONS[action.type] as {
    records: boolean;
    perform(s: AreaEditorState, a: AreaAction): ReturnType<(typeof ACTIONS)["add"]["perform"]>;
  };
  const change = spec.perform(state, action);
  if (!change) return state;
  const next = { ...state, ...change };
  if (!spec.records || !change.doc || change.doc === state.doc) return next;
  return { ...next, past: [...state.past, state.doc].slice(-HISTORY_LIMIT), future: [] };
}

export function undo(state: AreaEditorState): AreaEditorState {
  const previous = state.past.at(-1);
  if (!previous) return state;
  return {
    ...state,
    doc: previous,
    past: state.past.slice(0, -1),
    future: [state.doc, ...state.future],
    selected: keepExisting(state.selected, previous),
    connectFrom: null,
  };
}

export function redo(state: AreaEditorState): AreaEditorState {
  const next = state.future[0];
  if (!next) return state;
  return {
    ...state,
    doc: next,
    past: [...state.past, state.doc],
    future: state.future.slice(1),
    selected: keepExisting(state.selected, next),
    connectFrom: null,
  };
}

function keepExisting(selected: readonly string[], doc: AreaEditorState["doc"]): string[] {
  return selected.filter((id) => doc.areas.some((a) => a.id === id));
}
