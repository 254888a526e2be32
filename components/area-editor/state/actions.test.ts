import { describe, expect, it } from "vitest";
import { dispatch } from "./history";
import { rect, run, stateWith } from "./test-helpers";
import { emptyDoc, initialState } from "./types";

describe("add", () => {
  it("gives the lowest free id per prefix and selects the new area", () => {
    let s = run(
      stateWith(4),
      { type: "add", rect: rect(0, 0) },
      { type: "add", rect: rect(100, 0) },
      { type: "add", rect: rect(200, 0) },
    );
    expect(s.doc.areas.map((a) => a.id)).toEqual(["block-1", "block-2", "block-3"]);
    s = run(s, { type: "delete", ids: ["block-2"] }, { type: "add", rect: rect(0, 100) });
    expect(s.doc.areas.map((a) => a.id)).toEqual(["block-1", "block-3", "block-2"]);
    expect(s.selected).toEqual(["block-2"]);
  });

  it("names targets and draggables separately in a drag & drop question", () => {
    const s = run(
      stateWith(3),
      { type: "add", rect: rect(0, 0) },
      { type: "add", rect: rect(100, 0), kind: 2 },
      { type: "add", rect: rect(0, 100), kind: 1 },
    );
    expect(s.doc.areas.map((a) => [a.id, a.kind])).toEqual([
      ["targ-1", 1],
      ["drag-1", 2],
      ["targ-2", 1],
    ]);
  });

  it("keeps a drawn area inside the image and at least 30 × 15", () => {
    const s = run(stateWith(5), { type: "add", rect: { x: 390, y: 295, width: 5, height: 2 } });
    expect(s.doc.areas[0]).toMatchObject({ x: 370, y: 285, width: 30, height: 15 });
    const big = run(stateWith(5), { type: "add", rect: { x: -20, y: -10, width: 900, height: 50.6 } });
    expect(big.doc.areas[0]).toMatchObject({ x: 0, y: 0, width: 400, height: 51 });
  });

  it("takes the first area's size under FixedWidth / FixedHeight", () => {
    const s = run(
      stateWith(4),
      { type: "setOption", name: "FixedWidth", value: true },
      { type: "add", rect: rect(0, 0, 80, 20) },
      { type: "add", rect: rect(100, 100, 40, 60) },
    );
    expect(s.doc.areas[1]).toMatchObject({ width: 80, height: 60 });
  });

  it("does nothing without an image", () => {
    const s = initialState(emptyDoc(4));
    expect(dispatch(s, { type: "add", rect: rect(0, 0) })).toBe(s);
  });

  it("does nothing when all 999 ids are taken", () => {
    const s = stateWith(4, { width: 4000, height: 4000 });
    const areas = Array.from({ length: 999 }, (_, i) => ({ id: `block-${i + 1}`, ...rect(0, 0) }));
    const full = { ...s, doc: { ...s.doc, areas } };
    expect(dispatch(full, { type: "add", rect: rect(0, 0) })).toBe(full);
  });
});

describe("move", () => {
  const base = run(stateWith(4), { type: "add", rect: rect(10, 10) }, { type: "add", rect: rect(100, 100) });

  it("moves the given areas together", () => {
    const s = run(base, { type: "move", ids: ["block-1", "block-2"], dx: 5, dy: -3 });
    expect(s.doc.areas.map((a) => [a.x, a.y])).toEqual([
      [15, 7],
      [105, 97],
    ]);
  });

  it("stops the whole group at the image's edge", () => {
    const s = run(base, { type: "move", ids: ["block-1", "block-2"], dx: -50, dy: 1000 });
    expect(s.doc.areas.map((a) => [a.x, a.y])).toEqual([
      [0, 170],
      [90, 260],
    ]);
  });

  it("records nothing when the area cannot move further", () => {
    const atEdge = run(base, { type: "move", ids: ["block-1"], dx: -10, dy: 0 });
    expect(dispatch(atEdge, { type: "move", ids: ["block-1"], dx: -1, dy: 0 })).toBe(atEdge);
  });
});

describe("resize and setGeometry", () => {
  const base = run(stateWith(4), { type: "add", rect: rect(10, 10) }, { type: "add", rect: rect(100, 100) });

  it("keeps the minimum size and the image bounds", () => {
    const s = run(base, { type: "resize", id: "block-1", rect: { x: 10, y: 10, width: 3, height: 900 } });
    expect(s.doc.areas[0]).toMatchObject({ x: 10, y: 0, width: 30, height: 300 });
  });

  it("resizes every area under FixedWidth and FixedHeight", () => {
    const s = run(
      base,
      { type: "setOption", name: "FixedWidth", value: true },
      { type: "setOption", name: "FixedHeight", value: true },
      { type: "resize", id: "block-2", rect: rect(100, 100, 70, 25) },
    );
    expect(s.doc.areas.map((a) => [a.width, a.height])).toEqual([
      [70, 25],
      [70, 25],
    ]);
  });

  it("sets single fields from the side panel", () => {
    const s = run(
      base,
      { type: "setGeometry", id: "block-2", x: 390 },
      { type: "setGeometry", id: "block-1", height: 33 },
    );
    expect(s.doc.areas[1]).toMatchObject({ x: 350, y: 100 });
    expect(s.doc.areas[0]).toMatchObject({ height: 33 });
  });
});

describe("delete and duplicate", () => {
  it("deleting removes the area and every reference to it", () => {
    const s = run(
      stateWith(3),
      { type: "add", rect: rect(0, 0) },
      { type: "add", rect: rect(100, 0), kind: 2 },
      { type: "connect", target: "targ-1", draggable: "drag-1" },
      { type: "setPairPoints", target: "targ-1", draggable: "drag-1", points: 2 },
      { type: "select", ids: ["drag-1"] },
      { type: "delete", ids: ["drag-1"] },
    );
    expect(s.doc.areas.map((a) => a.id)).toEqual(["targ-1"]);
    expect(s.doc.match).toEqual({});
    expect(s.doc.pairPoints).toEqual({});
    expect(s.selected).toEqual([]);
  });

  it("deleting removes correct marks and points of blocks", () => {
    const s = run(
      stateWith(5),
      { type: "add", rect: rect(0, 0) },
      { type: "toggleCorrect", id: "block-1" },
      { type: "setPoints", id: "block-1", points: 3 },
      { type: "delete", ids: ["block-1"] },
    );
    expect(s.doc.correct).toEqual({});
    expect(s.doc.points).toEqual({});
  });

  it("duplicates with new ids, offset and inside the image, keeping points but not correct marks", () => {
    const s = run(
      stateWith(4),
      { type: "add", rect: rect(360, 270, 40, 30) },
      { type: "toggleCorrect", id: "block-1" },
      { type: "setPoints", id: "block-1", points: 2 },
      { type: "duplicate", ids: ["block-1"] },
    );
    expect(s.doc.areas[1]).toMatchObject({ id: "block-2", x: 360, y: 270, width: 40, height: 30 });
    expect(s.doc.correct).toEqual({ "block-1": true });
    expect(s.doc.points).toEqual({ "block-1": 2, "block-2": 2 });
    expect(s.selected).toEqual(["block-2"]);
  });

  it("duplicates a draggable as a draggable", () => {
    const s = run(stateWith(3), { type: "add", rect: rect(0, 0), kind: 2 }, { type: "duplicate", ids: ["drag-1"] });
    expect(s.doc.areas.map((a) => [a.id, a.kind, a.x])).toEqual([
      ["drag-1", 2, 0],
      ["drag-2", 2, 10],
    ]);
  });
});

describe("setKind", () => {
  it("turns a target into a draggable with a drag id and drops its connections", () => {
    const s = run(
      stateWith(3),
      { type: "add", rect: rect(0, 0) },
      { type: "add", rect: rect(100, 0), kind: 2 },
      { type: "connect", target: "targ-1", draggable: "drag-1" },
      { type: "select", ids: ["targ-1"] },
      { type: "setKind", id: "targ-1", kind: 2 },
    );
    expect(s.doc.areas.map((a) => [a.id, a.kind])).toEqual([
      ["drag-2", 2],
      ["drag-1", 2],
    ]);
    expect(s.doc.match).toEqual({});
    expect(s.selected).toEqual(["drag-2"]);
  });

  it("does nothing for types 4/5 or the same kind", () => {
    const s = run(stateWith(4), { type: "add", rect: rect(0, 0) });
    expect(dispatch(s, { type: "setKind", id: "block-1", kind: 2 })).toBe(s);
    const t = run(stateWith(3), { type: "add", rect: rect(0, 0) });
    expect(dispatch(t, { type: "setKind", id: "targ-1", kind: 1 })).toBe(t);
  });
});

describe("connect and disconnect", () => {
  const base = run(
    stateWith(3),
    { type: "add", rect: rect(0, 0) },
    { type: "add", rect: rect(0, 100) },
    { type: "add", rect: rect(200, 0), kind: 2 },
    { type: "add", rect: rect(200, 100), kind: 2 },
  );

  it("connects a target to a draggable and replaces its previous draggable", () => {
    const s = run(
      base,
      { type: "connect", target: "targ-1", draggable: "drag-1" },
      { type: "connect", target: "targ-1", draggable: "drag-2" },
    );
    expect(s.doc.match).toEqual({ "targ-1": "drag-2" });
  });

  it("lets two targets share a draggable unless OneToOneMatching", () => {
    const shared = run(
      base,
      { type: "connect", target: "targ-1", draggable: "drag-1" },
      { type: "connect", target: "targ-2", draggable: "drag-1" },
    );
    expect(shared.doc.match).toEqual({ "targ-1": "drag-1", "targ-2": "drag-1" });
    const oneToOne = run(shared, { type: "setOption", name: "OneToOneMatching", value: true });
    expect(oneToOne.doc.match).toEqual({ "targ-1": "drag-1" });
    const moved = run(oneToOne, { type: "connect", target: "targ-2", draggable: "drag-1" });
    expect(moved.doc.match).toEqual({ "targ-2": "drag-1" });
  });

  it("refuses a connection that is not target → draggable", () => {
    expect(dispatch(base, { type: "connect", target: "drag-1", draggable: "targ-1" })).toBe(base);
    expect(dispatch(base, { type: "connect", target: "targ-1", draggable: "targ-2" })).toBe(base);
  });

  it("disconnects, and the two-click connect clears its pending target", () => {
    let s = run(base, { type: "startConnect", target: "targ-2" });
    expect(s.connectFrom).toBe("targ-2");
    s = run(s, { type: "connect", target: "targ-2", draggable: "drag-2" });
    expect(s.connectFrom).toBeNull();
    s = run(s, { type: "disconnect", target: "targ-2" });
    expect(s.doc.match).toEqual({});
    expect(dispatch(s, { type: "disconnect", target: "targ-2" })).toBe(s);
    expect(dispatch(s, { type: "startConnect", target: "drag-1" })).toBe(s);
  });

  it("connects the picked target to a clicked draggable, and does nothing with none picked", () => {
    expect(dispatch(base, { type: "connectPicked", draggable: "drag-1" })).toBe(base);
    const s = run(base, { type: "startConnect", target: "targ-2" }, { type: "connectPicked", draggable: "drag-1" });
    expect(s.doc.match).toEqual({ "targ-2": "drag-1" });
    expect(s.connectFrom).toBeNull();
    expect(s.past).toHaveLength(base.past.length + 1);
  });
});

describe("correct, points and options", () => {
  const base = run(
    stateWith(5),
    { type: "add", rect: rect(0, 0) },
    { type: "add", rect: rect(100, 0) },
    { type: "add", rect: rect(200, 0) },
  );

  it("toggles correct marks; SingleAnswer keeps only one", () => {
    let s = run(base, { type: "toggleCorrect", id: "block-1" }, { type: "toggleCorrect", id: "block-3" });
    expect(s.doc.correct).toEqual({ "block-1": true, "block-3": true });
    s = run(s, { type: "setOption", name: "SingleAnswer", value: true });
    expect(s.doc.correct).toEqual({ "block-1": true, "block-3": false });
    s = run(s, { type: "toggleCorrect", id: "block-2" });
    expect(s.doc.correct).toEqual({ "block-1": false, "block-2": true, "block-3": false });
    s = run(s, { type: "toggleCorrect", id: "block-2" });
    expect(s.doc.correct["block-2"]).toBe(false);
  });

  it("sets and clears points as integers", () => {
    let s = run(base, { type: "setPoints", id: "block-2", points: -2.7 });
    expect(s.doc.points).toEqual({ "block-2": -2 });
    s = run(s, { type: "setPoints", id: "block-2", points: null });
    expect(s.doc.points).toEqual({});
    expect(dispatch(s, { type: "setPoints", id: "nope", points: 1 })).toBe(s);
  });

  it("sets and clears points of a target/draggable pair", () => {
    const dd = run(stateWith(3), { type: "add", rect: rect(0, 0) }, { type: "add", rect: rect(100, 0), kind: 2 });
    let s = run(dd, { type: "setPairPoints", target: "targ-1", draggable: "drag-1", points: 4 });
    expect(s.doc.pairPoints).toEqual({ "targ-1": { "drag-1": 4 } });
    s = run(s, { type: "setPairPoints", target: "targ-1", draggable: "drag-1", points: null });
    expect(s.doc.pairPoints).toEqual({});
  });

  it("turning FixedHeight on gives every area the first one's height", () => {
    const sized = run(
      base,
      { type: "resize", id: "block-1", rect: rect(0, 0, 50, 90) },
      { type: "setOption", name: "FixedHeight", value: true },
    );
    expect(sized.doc.areas.map((a) => a.height)).toEqual([90, 90, 90]);
    expect(dispatch(sized, { type: "setOption", name: "FixedHeight", value: true })).toBe(sized);
  });
});

describe("replaceImage and select", () => {
  it("keeps areas as they are when the image shrinks (they are pointed out instead)", () => {
    const s = run(
      stateWith(4),
      { type: "add", rect: rect(300, 200) },
      { type: "replaceImage", image: { src: "small.png", width: 200, height: 100 } },
    );
    expect(s.doc.image).toEqual({ src: "small.png", width: 200, height: 100 });
    expect(s.doc.areas[0]).toMatchObject({ x: 300, y: 200 });
  });

  it("selects only existing areas and is not recorded", () => {
    const s = run(stateWith(4), { type: "add", rect: rect(0, 0) }, { type: "select", ids: ["block-1", "block-9"] });
    expect(s.selected).toEqual(["block-1"]);
    expect(s.past).toHaveLength(1);
  });

  it("toggles one area in or out of the selection, not recorded", () => {
    const two = run(stateWith(4), { type: "add", rect: rect(0, 0) }, { type: "add", rect: rect(100, 0) });
    const both = run(two, { type: "toggleSelect", id: "block-1" });
    expect(both.selected).toEqual(["block-2", "block-1"]);
    expect(run(both, { type: "toggleSelect", id: "block-2" }).selected).toEqual(["block-1"]);
    expect(run(both, { type: "toggleSelect", id: "block-9" }).selected).toEqual(["block-2", "block-1"]);
    expect(both.past).toHaveLength(2);
  });
});
