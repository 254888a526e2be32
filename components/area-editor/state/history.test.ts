import { describe, expect, it } from "vitest";
import { dispatch, HISTORY_LIMIT, redo, undo } from "./history";
import { rect, run, stateWith } from "./test-helpers";

describe("undo / redo", () => {
  const drawn = run(stateWith(4), { type: "add", rect: rect(10, 10) });

  it("undoes a move and a resize in turn, and redoes them", () => {
    const edited = run(
      drawn,
      { type: "move", ids: ["block-1"], dx: 20, dy: 0 },
      { type: "resize", id: "block-1", rect: rect(30, 10, 100, 60) },
    );
    const twiceBack = undo(undo(edited));
    expect(twiceBack.doc.areas[0]).toMatchObject(rect(10, 10));
    const onceForward = redo(twiceBack);
    expect(onceForward.doc.areas[0]).toMatchObject(rect(30, 10));
    expect(redo(onceForward).doc).toBe(edited.doc);
  });

  it("a new action after undo clears the redo stack", () => {
    const back = undo(run(drawn, { type: "move", ids: ["block-1"], dx: 5, dy: 5 }));
    const branched = dispatch(back, { type: "move", ids: ["block-1"], dx: 0, dy: 1 });
    expect(branched.future).toEqual([]);
    expect(redo(branched)).toBe(branched);
  });

  it("undo with nothing to undo changes nothing", () => {
    const fresh = stateWith(4);
    expect(undo(fresh)).toBe(fresh);
    expect(redo(fresh)).toBe(fresh);
  });

  it("does not record selection, nor actions that change nothing", () => {
    const s = run(
      drawn,
      { type: "select", ids: [] },
      { type: "move", ids: ["block-1"], dx: 0, dy: 0 },
      { type: "select", ids: ["block-1"] },
    );
    expect(s.past).toHaveLength(1);
  });

  it("undoing an add drops the removed area from the selection", () => {
    const back = undo(drawn);
    expect(back.doc.areas).toEqual([]);
    expect(back.selected).toEqual([]);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let s = drawn;
    for (let i = 0; i < HISTORY_LIMIT + 20; i++)
      s = dispatch(s, { type: "move", ids: ["block-1"], dx: i % 2 ? 1 : -1, dy: 0 });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
  });
});
