import { describe, expect, it } from "vitest";
import { areasUnderPoints, clickPoint, place, pruneResponse, removeFrom, toggle } from "./image-response";

const areas = [
  { id: "block-1", x: 10, y: 10, width: 50, height: 30 },
  { id: "block-2", x: 40, y: 20, width: 50, height: 30 },
  { id: "block-3", x: 200, y: 200, width: 30, height: 15 },
];

describe("placing draggables (type 3)", () => {
  it("places, replaces what a target held, and empties", () => {
    let p = place({}, "targ-1", "drag-1", false);
    expect(p).toEqual({ "targ-1": "drag-1" });
    p = place(p, "targ-1", "drag-2", false);
    expect(p).toEqual({ "targ-1": "drag-2" });
    expect(removeFrom(p, "targ-1")).toEqual({});
  });

  it("lets a draggable sit on several targets unless OneToOneMatching", () => {
    const shared = place({ "targ-1": "drag-1" }, "targ-2", "drag-1", false);
    expect(shared).toEqual({ "targ-1": "drag-1", "targ-2": "drag-1" });
    expect(place({ "targ-1": "drag-1" }, "targ-2", "drag-1", true)).toEqual({ "targ-2": "drag-1" });
  });
});

describe("toggling areas (type 5) and clicking points (type 4)", () => {
  it("toggles, and keeps one with SingleAnswer", () => {
    expect(toggle([], "block-1", false)).toEqual(["block-1"]);
    expect(toggle(["block-1"], "block-2", false)).toEqual(["block-1", "block-2"]);
    expect(toggle(["block-1"], "block-2", true)).toEqual(["block-2"]);
    expect(toggle(["block-1", "block-2"], "block-1", false)).toEqual(["block-2"]);
  });

  it("adds a marker per click, takes one back when clicked again, one only with SingleAnswer", () => {
    let points = clickPoint([], { x: 20, y: 20 }, false, 8);
    points = clickPoint(points, { x: 210, y: 205 }, false, 8);
    expect(areasUnderPoints(areas, points)).toEqual(["block-1", "block-3"]);
    points = clickPoint(points, { x: 22, y: 23 }, false, 8);
    expect(points).toEqual([{ x: 210, y: 205 }]);
    expect(clickPoint(points, { x: 50, y: 30 }, true, 8)).toEqual([{ x: 50, y: 30 }]);
    expect(areasUnderPoints(areas, [{ x: 150, y: 150 }])).toEqual([]);
    // Where areas overlap, the click selects the top one (drawn last), as scoring reads it.
    expect(areasUnderPoints(areas, [{ x: 50, y: 30 }])).toEqual(["block-2"]);
  });
});

describe("pruneResponse", () => {
  it("drops what refers to areas that are gone, and keeps the same object otherwise", () => {
    const placed = { type: 3 as const, placements: { "targ-1": "drag-1", "targ-2": "drag-9" } };
    const kept = [{ id: "targ-1", x: 0, y: 0, width: 30, height: 15 }, { id: "targ-2", x: 0, y: 0, width: 30, height: 15 }, { id: "drag-1", x: 0, y: 0, width: 30, height: 15 }];
    expect(pruneResponse(placed, kept)).toEqual({ type: 3, placements: { "targ-1": "drag-1" } });
    const selected = { type: 5 as const, areaIds: ["block-1"] };
    expect(pruneResponse(selected, areas)).toBe(selected);
    expect(pruneResponse({ type: 4, areaIds: ["block-1", "block-7"] }, areas)).toEqual({ type: 4, areaIds: ["block-1"] });
    expect(pruneResponse(null, areas)).toBeNull();
  });
});
