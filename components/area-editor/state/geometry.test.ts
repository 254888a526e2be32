import { describe, expect, it } from "vitest";
import { applyFixedSize, areasOutside, clampGroupDelta, fitRect, rectFromCorners } from "./geometry";

const image = { width: 200, height: 100 };
const options = { FixedWidth: true, FixedHeight: false, OneToOneMatching: false, SingleAnswer: false };

describe("geometry", () => {
  it("builds a rectangle from corners dragged in any direction", () => {
    expect(rectFromCorners(50, 40, 10, 60)).toEqual({ x: 10, y: 40, width: 40, height: 20 });
  });

  it.each([
    [
      { x: 10.4, y: 10.6, width: 40.5, height: 20.2 },
      { x: 10, y: 11, width: 41, height: 20 },
    ],
    [
      { x: 190, y: 95, width: 5, height: 5 },
      { x: 170, y: 85, width: 30, height: 15 },
    ],
    [
      { x: -5, y: -5, width: 500, height: 500 },
      { x: 0, y: 0, width: 200, height: 100 },
    ],
  ])("fitRect(%o) = %o", (input, expected) => {
    expect(fitRect(input, image)).toEqual(expected);
  });

  it("an image smaller than the minimum gives an area the image's size", () => {
    expect(fitRect({ x: 0, y: 0, width: 5, height: 5 }, { width: 20, height: 10 })).toEqual({
      x: 0,
      y: 0,
      width: 20,
      height: 10,
    });
  });

  it("limits a group's movement by its bounding box", () => {
    const rects = [
      { x: 10, y: 10, width: 30, height: 15 },
      { x: 150, y: 50, width: 40, height: 20 },
    ];
    expect(clampGroupDelta(rects, 50, -50, image)).toEqual({ dx: 10, dy: -10 });
    expect(clampGroupDelta([], 5, 5, image)).toEqual({ dx: 0, dy: 0 });
  });

  it("FixedWidth gives every area the given width and keeps it inside", () => {
    const areas = [
      { id: "block-1", x: 0, y: 0, width: 80, height: 20 },
      { id: "block-2", x: 160, y: 0, width: 30, height: 30 },
    ];
    expect(applyFixedSize(areas, options, image).map((a) => [a.x, a.width, a.height])).toEqual([
      [0, 80, 20],
      [120, 80, 30],
    ]);
  });

  it("names the areas outside an image", () => {
    const areas = [
      { id: "block-1", x: 0, y: 0, width: 80, height: 20 },
      { id: "block-2", x: 160, y: 90, width: 30, height: 15 },
    ];
    expect(areasOutside(areas, image)).toEqual(["block-2"]);
    expect(areasOutside(areas, null)).toEqual([]);
  });
});
