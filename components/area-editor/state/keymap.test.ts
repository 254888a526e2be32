import { describe, expect, it } from "vitest";
import { commandForKey, type KeyInput } from "./keymap";
import { rect, run, stateWith } from "./test-helpers";

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe("commandForKey", () => {
  const selected = run(stateWith(4), { type: "add", rect: rect(10, 10) });
  const none = run(selected, { type: "select", ids: [] });

  it.each([
    ["ArrowLeft", {}, { type: "move", ids: ["block-1"], dx: -1, dy: 0 }],
    ["ArrowDown", {}, { type: "move", ids: ["block-1"], dx: 0, dy: 1 }],
    ["ArrowRight", { shiftKey: true }, { type: "move", ids: ["block-1"], dx: 10, dy: 0 }],
    ["ArrowUp", { shiftKey: true }, { type: "move", ids: ["block-1"], dx: 0, dy: -10 }],
    ["Delete", {}, { type: "delete", ids: ["block-1"] }],
    ["Backspace", {}, { type: "delete", ids: ["block-1"] }],
    ["d", { ctrlKey: true }, { type: "duplicate", ids: ["block-1"] }],
    ["z", { ctrlKey: true }, { type: "undo" }],
    ["Z", { ctrlKey: true, shiftKey: true }, { type: "redo" }],
    ["z", { metaKey: true }, { type: "undo" }],
    ["y", { ctrlKey: true }, { type: "redo" }],
    ["Escape", {}, { type: "select", ids: [] }],
  ] as const)("%s %o → %o", (k, mods, expected) => {
    expect(commandForKey(selected, key(k, mods))).toEqual(expected);
  });

  it("needs a selection for everything but undo/redo", () => {
    expect(commandForKey(none, key("ArrowLeft"))).toBeNull();
    expect(commandForKey(none, key("Delete"))).toBeNull();
    expect(commandForKey(none, key("z", { ctrlKey: true }))).toEqual({ type: "undo" });
  });

  it("ignores other keys", () => {
    expect(commandForKey(selected, key("a"))).toBeNull();
    expect(commandForKey(selected, key("ArrowLeft", { ctrlKey: true }))).toBeNull();
  });
});
