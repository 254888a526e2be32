import { describe, expect, it } from "vitest";
import { clampPan, fitZoom, initialView, toImage, zoomAround } from "./view";

const box = { width: 800, height: 560 };

describe("the area canvas view", () => {
  it("shows a small image at 100%, centred", () => {
    expect(initialView({ width: 400, height: 300 }, box)).toEqual({ zoom: 1, x: 200, y: 130 });
  });

  it("fits a large image into the box, with a margin", () => {
    const view = initialView({ width: 4000, height: 3000 }, box);
    expect(view.zoom).toBeCloseTo(Math.min(752 / 4000, 512 / 3000));
    expect(4000 * view.zoom).toBeLessThanOrEqual(800);
    expect(3000 * view.zoom).toBeLessThanOrEqual(560);
    expect(fitZoom({ width: 100, height: 100 }, box)).toBe(1);
  });

  it("zooms around the pointer: the image point under it stays under it", () => {
    const image = { width: 4000, height: 3000 };
    const view = { zoom: 0.5, x: -300, y: -200 };
    const before = toImage(view, 400, 300);
    const after = zoomAround(view, 1, 400, 300, image, box);
    expect(toImage(after, 400, 300)).toEqual(before);
  });

  it("keeps a large image reachable and a small one centred when panning", () => {
    const image = { width: 4000, height: 3000 };
    expect(clampPan({ zoom: 1, x: 500, y: 500 }, image, box)).toEqual({ zoom: 1, x: 24, y: 24 });
    expect(clampPan({ zoom: 1, x: -9000, y: -9000 }, image, box)).toEqual({
      zoom: 1,
      x: 800 - 4000 - 24,
      y: 560 - 3000 - 24,
    });
    expect(clampPan({ zoom: 1, x: -50, y: 999 }, { width: 200, height: 100 }, box)).toEqual({
      zoom: 1,
      x: 300,
      y: 230,
    });
  });
});
