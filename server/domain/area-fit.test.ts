import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitArea, scaleFactors } from "./area-fit";
import { areaInsideImage } from "./areas";

describe("fitArea", () => {
  it("keeps an area that is already inside and large enough", () => {
    expect(fitArea({ x: 10, y: 20, width: 40, height: 30 }, { width: 200, height: 100 })).toEqual({
      area: { x: 10, y: 20, width: 40, height: 30 },
      changes: [],
    });
  });

  it("scales from the size the file shows the image at to its pixels", () => {
    // A 1400 × 800 picture shown at width 700: every coordinate doubles.
    const fitted = fitArea({ x: 100, y: 50, width: 60, height: 40 }, { width: 1400, height: 800 }, { width: 700 });
    expect(fitted.area).toEqual({ x: 200, y: 100, width: 120, height: 80 });
    expect(fitted.changes).toEqual(["scaled from the image as the file shows it (700 × 400) to its 1400 × 800 pixels"]);
  });

  it("moves an area that crosses an edge inside, keeping its size", () => {
    expect(fitArea({ x: 180, y: -5, width: 40, height: 30 }, { width: 200, height: 100 })).toEqual({
      area: { x: 160, y: 0, width: 40, height: 30 },
      changes: ["moved inside the image"],
    });
  });

  it("cuts an area larger than the image", () => {
    expect(fitArea({ x: -10, y: 10, width: 300, height: 20 }, { width: 200, height: 100 }).area).toEqual({
      x: 0,
      y: 10,
      width: 200,
      height: 20,
    });
  });

  it("grows a small area around its centre and keeps it inside", () => {
    // The bounding box of a circle of radius 5 at (3, 50): grown to 30 × 15, then moved inside.
    const fitted = fitArea({ x: -2, y: 45, width: 10, height: 10 }, { width: 200, height: 100 });
    expect(fitted.area).toEqual({ x: 0, y: 43, width: 30, height: 15 });
    expect(fitted.changes).toContain("enlarged to the minimum of 30 × 15 px");
  });

  it("takes the whole side of an image smaller than the minimum", () => {
    expect(fitArea({ x: 2, y: 2, width: 5, height: 5 }, { width: 20, height: 10 }).area).toEqual({
      x: 0,
      y: 0,
      width: 20,
      height: 10,
    });
  });

  it("rounds fractional coordinates", () => {
    expect(fitArea({ x: 10.4, y: 20.6, width: 40, height: 30 }, { width: 200, height: 100 })).toEqual({
      area: { x: 10, y: 21, width: 40, height: 30 },
      changes: ["rounded to whole pixels"],
    });
  });
});

describe("scaleFactors", () => {
  it("scales both axes alike when only one side is given, and not at all when none is", () => {
    expect(scaleFactors({ width: 800, height: 600 }, { height: 300 })).toEqual({ x: 2, y: 2 });
    expect(scaleFactors({ width: 800, height: 600 }, null)).toEqual({ x: 1, y: 1 });
    expect(scaleFactors({ width: 800, height: 600 }, { width: 0 })).toEqual({ x: 1, y: 1 });
  });
});

describe("fitArea, any area on any image", () => {
  const coordinate = fc.double({ min: -5000, max: 5000, noNaN: true });
  it("is inside the image, in whole pixels, and at least the minimum the image allows", () => {
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.option(fc.record({ width: fc.integer({ min: 1, max: 3000 }), height: fc.integer({ min: 1, max: 3000 }) })),
        (x, y, width, height, iw, ih, shown) => {
          const image = { width: iw, height: ih };
          const { area } = fitArea({ x, y, width, height }, image, shown);
          expect(areaInsideImage(area, image)).toBe(true);
          for (const v of Object.values(area)) expect(Number.isInteger(v)).toBe(true);
          expect(area.width).toBeGreaterThanOrEqual(Math.min(30, iw));
          expect(area.height).toBeGreaterThanOrEqual(Math.min(15, ih));
        },
      ),
    );
  });

  it("changes nothing of an area that is already as stored", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 500 }),
        fc.integer({ min: 15, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (width, height, x, y) => {
          const image = { width: x + width + 10, height: y + height + 10 };
          const fitted = fitArea({ x, y, width, height }, image);
          expect(fitted.area).toEqual({ x, y, width, height });
          expect(fitted.changes).toEqual([]);
        },
      ),
    );
  });
});
