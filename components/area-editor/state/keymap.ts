// Keyboard shortcuts of the area editor (issue 4): arrows nudge 1 px, Shift+arrows 10 px, Delete
// removes, Ctrl+D duplicates, Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo.
import type { AreaAction } from "./actions";
import type { AreaEditorState } from "./types";

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export type KeyCommand = AreaAction | { type: "undo" } | { type: "redo" };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function commandForKey(state: AreaEditorState, e: KeyInput): KeyCommand | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && key === "z") return { type: e.shiftKey ? "redo" : "undo" };
  if (mod && key === "y") return { type: "redo" };
  const ids = state.selected;
  if (ids.length === 0) return null;
  if (mod && key === "d") return { type: "duplicate", ids };
  if (!mod && (key === "Delete" || key === "Backspace")) return { type: "delete", ids };
  const arrow = ARROWS[key];
  if (arrow && !mod) {
    const step = e.shiftKey ? 10 : 1;
    return { type: "move", ids, dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (key === "Escape") return { type: "select", ids: [] };
  return null;
}
