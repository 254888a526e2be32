import { describe, expect, it } from "vitest";
import type { CandidateResponse } from "@/server/domain/scoring/types";
import {
  areasUnderPoints,
  clickPoint,
  clientToImage,
  dragFrom,
  moveCrosshair,
  percentBox,
  percentPoint,
  place,
  pointSelecting,
  pointsFor,
  pruneResponse,
  removeFrom,
  sameIds,
  tileInTarget,
  toggle,
  type Placements,
  type ResponseArea,
} from "./image-response";

const box = (id: string, x: number, y: number, width = 50, height = 30, type?: 1 | 2): ResponseArea => ({
  id,
  x,
  y,
  width,
  height,
  ...(type ? { type } : {}),
});

// block-2 overlaps block-1 (drawn later, so on top where they overlap).
const blocks = [box("block-1", 10, 10), box("block-2", 40, 20), box("block-3", 200, 200, 30, 15)];

describe("placing draggables (type 3)", () => {
  const cases: {
    name: string;
    from: Placements;
    target: string;
    draggable: string;
    oneToOne: boolean;
    expected: Placements;
  }[] = [
    {
      name: "places on an empty target",
      from: {},
      target: "targ-1",
      draggable: "drag-1",
      oneToOne: false,
      expected: { "targ-1": "drag-1" },
    },
    {
      name: "replaces what the target held",
      from: { "targ-1": "drag-1" },
      target: "targ-1",
      draggable: "drag-2",
      oneToOne: false,
      expected: { "targ-1": "drag-2" },
    },
    {
      name: "without OneToOneMatching the tile can sit on several targets",
      from: { "targ-1": "drag-1" },
      target: "targ-2",
      draggable: "drag-1",
      oneToOne: false,
      expected: { "targ-1": "drag-1", "targ-2": "drag-1" },
    },
    {
      name: "with OneToOneMatching placing it elsewhere moves it",
      from: { "targ-1": "drag-1", "targ-3": "drag-2" },
      target: "targ-2",
      draggable: "drag-1",
      oneToOne: true,
      expected: { "targ-2": "drag-1", "targ-3": "drag-2" },
    },
    {
      name: "with OneToOneMatching on the target it is on, nothing changes",
      from: { "targ-1": "drag-1" },
      target: "targ-1",
      draggable: "drag-1",
      oneToOne: true,
      expected: { "targ-1": "drag-1" },
    },
  ];
  it.each(cases)("$name", ({ from, target, draggable, oneToOne, expected }) => {
    const before = { ...from };
    expect(place(from, target, draggable, oneToOne)).toEqual(expected);
    expect(from).toEqual(before); // never changed in place
  });

  it("empties a target", () => {
    expect(removeFrom({ "targ-1": "drag-1", "targ-2": "drag-2" }, "targ-1")).toEqual({ "targ-2": "drag-2" });
    expect(removeFrom({}, "targ-1")).toEqual({});
  });

  const drags: { name: string; from: string; to: string | null; oneToOne: boolean; expected: Placements }[] = [
    {
      name: "dragged off every target it goes back",
      from: "targ-1",
      to: null,
      oneToOne: false,
      expected: { "targ-2": "drag-2" },
    },
    {
      name: "dragged to another target it moves (also without OneToOneMatching)",
      from: "targ-1",
      to: "targ-3",
      oneToOne: false,
      expected: { "targ-2": "drag-2", "targ-3": "drag-1" },
    },
    {
      name: "dragged onto a filled target it takes its place",
      from: "targ-1",
      to: "targ-2",
      oneToOne: true,
      expected: { "targ-2": "drag-1" },
    },
    {
      name: "let go on its own target nothing changes",
      from: "targ-1",
      to: "targ-1",
      oneToOne: true,
      expected: { "targ-1": "drag-1", "targ-2": "drag-2" },
    },
    {
      name: "from an empty target nothing changes",
      from: "targ-9",
      to: "targ-3",
      oneToOne: true,
      expected: { "targ-1": "drag-1", "targ-2": "drag-2" },
    },
  ];
  it.each(drags)("$name", ({ from, to, oneToOne, expected }) => {
    expect(dragFrom({ "targ-1": "drag-1", "targ-2": "drag-2" }, from, to, oneToOne)).toEqual(expected);
  });
});

describe("a placed tile in its target (type 3)", () => {
  const cases: { name: string; tile: [number, number]; target: [number, number]; expected: object }[] = [
    {
      name: "a 120 × 120 tile on a 200 × 120 target keeps its shape, centred (not stretched to an ellipse)",
      tile: [120, 120],
      target: [200, 120],
      expected: { left: 0.2, top: 0, width: 0.6, height: 1 },
    },
    {
      name: "a tile as large as its target (an imported tray) fills it",
      tile: [100, 40],
      target: [100, 40],
      expected: { left: 0, top: 0, width: 1, height: 1 },
    },
    {
      name: "a smaller tile keeps its size, centred",
      tile: [50, 20],
      target: [100, 40],
      expected: { left: 0.25, top: 0.25, width: 0.5, height: 0.5 },
    },
    {
      name: "a tile wider than its target is scaled down evenly to its width",
      tile: [200, 50],
      target: [100, 100],
      expected: { left: 0, top: 0.375, width: 1, height: 0.25 },
    },
    {
      name: "a tile taller and wider than its target is scaled down to the tighter side",
      tile: [300, 300],
      target: [150, 100],
      expected: { left: 1 / 6, top: 0, width: 2 / 3, height: 1 },
    },
  ];
  it.each(cases)("$name", ({ tile, target, expected }) => {
    const box = tileInTarget({ width: tile[0], height: tile[1] }, { width: target[0], height: target[1] });
    for (const [key, value] of Object.entries(expected)) expect(box[key as keyof typeof box]).toBeCloseTo(value, 9);
  });
});

describe("toggling areas (type 5)", () => {
  it.each([
    { selected: [], id: "block-1", single: false, expected: ["block-1"] },
    { selected: ["block-1"], id: "block-2", single: false, expected: ["block-1", "block-2"] },
    { selected: ["block-1", "block-2"], id: "block-1", single: false, expected: ["block-2"] },
    { selected: ["block-1"], id: "block-2", single: true, expected: ["block-2"] },
    { selected: ["block-1"], id: "block-1", single: true, expected: [] },
  ])("$selected + $id (single: $single) → $expected", ({ selected, id, single, expected }) => {
    expect(toggle(selected, id, single)).toEqual(expected);
  });
});

describe("clicking points (type 4)", () => {
  it("adds a marker per click, takes the nearest one back, one only with SingleAnswer", () => {
    let points = clickPoint([], { x: 20, y: 20 }, false, 8);
    points = clickPoint(points, { x: 210, y: 205 }, false, 8);
    expect(areasUnderPoints(blocks, points)).toEqual(["block-1", "block-3"]);
    points = clickPoint(points, { x: 22, y: 23 }, false, 8);
    expect(points).toEqual([{ x: 210, y: 205 }]);
    expect(clickPoint(points, { x: 50, y: 30 }, true, 8)).toEqual([{ x: 50, y: 30 }]);
    // Two close markers: one click takes back only the nearer.
    expect(
      clickPoint(
        [
          { x: 0, y: 0 },
          { x: 6, y: 0 },
        ],
        { x: 5, y: 0 },
        false,
        8,
      ),
    ).toEqual([{ x: 0, y: 0 }]);
  });

  it.each([
    { name: "a miss selects nothing", points: [{ x: 150, y: 150 }], expected: [] },
    {
      name: "where areas overlap the top one (drawn last) is chosen, as scoring reads it",
      points: [{ x: 50, y: 30 }],
      expected: ["block-2"],
    },
    { name: "the edge of an area is inside it", points: [{ x: 10, y: 10 }], expected: ["block-1"] },
    {
      name: "two markers in one area select it once, in the areas' order",
      points: [
        { x: 210, y: 205 },
        { x: 15, y: 15 },
        { x: 12, y: 12 },
      ],
      expected: ["block-1", "block-3"],
    },
  ])("$name", ({ points, expected }) => {
    expect(areasUnderPoints(blocks, points)).toEqual(expected);
  });

  it("finds a point that selects an area again (for a response given earlier)", () => {
    expect(pointSelecting(blocks, "block-3")).toEqual({ x: 215, y: 208 });
    // block-1's centre (35, 25) is under block-2: another point of block-1 is chosen.
    const p = pointSelecting(blocks, "block-1")!;
    expect(areasUnderPoints(blocks, [p])).toEqual(["block-1"]);
    // Fully covered by a later area: no click can select it.
    expect(pointSelecting([box("block-1", 0, 0), box("block-2", 0, 0, 100, 100)], "block-1")).toBeNull();
    expect(pointSelecting(blocks, "block-9")).toBeNull();
    expect(areasUnderPoints(blocks, pointsFor(blocks, ["block-3", "block-1", "block-9"]))).toEqual([
      "block-1",
      "block-3",
    ]);
  });

  const size = { width: 600, height: 400 };
  it.each([
    { key: "ArrowRight", shift: false, at: { x: 300, y: 200 }, expected: { x: 301, y: 200 } },
    { key: "ArrowLeft", shift: true, at: { x: 300, y: 200 }, expected: { x: 290, y: 200 } },
    { key: "ArrowUp", shift: false, at: { x: 300, y: 200 }, expected: { x: 300, y: 199 } },
    { key: "ArrowDown", shift: true, at: { x: 300, y: 395 }, expected: { x: 300, y: 400 } },
    { key: "ArrowLeft", shift: true, at: { x: 4, y: 0 }, expected: { x: 0, y: 0 } },
    { key: "Enter", shift: false, at: { x: 300, y: 200 }, expected: null },
  ])("the crosshair: $key (shift: $shift) from $at → $expected", ({ key, shift, at, expected }) => {
    expect(moveCrosshair(at, key, shift, size)).toEqual(expected);
  });
});

describe("scaling between the picture as shown and image pixels", () => {
  const size = { width: 600, height: 400 };
  it.each([
    {
      name: "at natural size",
      displayed: { left: 100, top: 50, width: 600, height: 400 },
      client: { x: 250, y: 150 },
      expected: { x: 150, y: 100 },
    },
    {
      name: "shown at half size",
      displayed: { left: 100, top: 50, width: 300, height: 200 },
      client: { x: 250, y: 150 },
      expected: { x: 300, y: 200 },
    },
    {
      name: "outside the picture it is clamped to its edge",
      displayed: { left: 0, top: 0, width: 300, height: 200 },
      client: { x: -5, y: 250 },
      expected: { x: 0, y: 400 },
    },
  ])("$name", ({ displayed, client, expected }) => {
    expect(clientToImage(client, displayed, size)).toEqual(expected);
  });

  it("places areas and points in percentages of the natural size", () => {
    expect(percentBox({ x: 60, y: 100, width: 300, height: 40 }, size)).toEqual({
      left: 10,
      top: 25,
      width: 50,
      height: 10,
    });
    expect(percentPoint({ x: 600, y: 0 }, size)).toEqual({ left: 100, top: 0 });
  });
});

describe("pruneResponse: the question edited while a response is open", () => {
  const dnd = [
    box("targ-1", 0, 0, 50, 30, 1),
    box("targ-2", 0, 50, 50, 30, 1),
    box("drag-1", 100, 0, 50, 30, 2),
    box("drag-2", 100, 50, 50, 30, 2),
  ];
  const cases: {
    name: string;
    response: CandidateResponse | null;
    areas: ResponseArea[];
    options?: { oneToOne?: boolean; single?: boolean };
    expected: CandidateResponse | null;
  }[] = [
    { name: "no response", response: null, areas: dnd, expected: null },
    {
      name: "a placement of a deleted draggable goes",
      response: { type: 3, placements: { "targ-1": "drag-1", "targ-2": "drag-9" } },
      areas: dnd,
      expected: { type: 3, placements: { "targ-1": "drag-1" } },
    },
    {
      name: "a placement on a deleted target goes",
      response: { type: 3, placements: { "targ-3": "drag-1" } },
      areas: dnd,
      expected: { type: 3, placements: {} },
    },
    {
      name: "a placement naming a draggable as target goes",
      response: { type: 3, placements: { "drag-2": "drag-1", "targ-1": "targ-2" } },
      areas: dnd,
      expected: { type: 3, placements: {} },
    },
    {
      name: "OneToOneMatching switched on: the draggable stays on its first target",
      response: { type: 3, placements: { "targ-2": "drag-1", "targ-1": "drag-1" } },
      areas: dnd,
      options: { oneToOne: true },
      expected: { type: 3, placements: { "targ-1": "drag-1" } },
    },
    {
      name: "an area deleted (type 4)",
      response: { type: 4, areaIds: ["block-1", "block-7"] },
      areas: blocks,
      expected: { type: 4, areaIds: ["block-1"] },
    },
    {
      name: "SingleAnswer switched on: the last selected stays",
      response: { type: 5, areaIds: ["block-1", "block-3"] },
      areas: blocks,
      options: { single: true },
      expected: { type: 5, areaIds: ["block-3"] },
    },
    { name: "other types untouched", response: { type: 7, text: "x" }, areas: [], expected: { type: 7, text: "x" } },
  ];
  it.each(cases)("$name", ({ response, areas, options, expected }) => {
    expect(pruneResponse(response, areas, options)).toEqual(expected);
  });

  it("returns the same object when nothing changed", () => {
    const placed: CandidateResponse = { type: 3, placements: { "targ-2": "drag-1", "targ-1": "drag-2" } };
    expect(pruneResponse(placed, dnd, { oneToOne: true })).toBe(placed);
    const selected: CandidateResponse = { type: 5, areaIds: ["block-1"] };
    expect(pruneResponse(selected, blocks, { single: true })).toBe(selected);
  });

  it("compares selections in any order", () => {
    expect(sameIds(["a", "b"], ["b", "a"])).toBe(true);
    expect(sameIds(["a"], ["a", "b"])).toBe(false);
  });
});
