import { describe, expect, it } from "vitest";
import { areaLabel, areaNames, capitalized, letters } from "./area-names";

const area = (id: string, type?: 1 | 2) => ({ id, x: 0, y: 0, width: 30, height: 15, ...(type ? { type } : {}) });

describe("areaNames", () => {
  it("numbers targets and letters tiles, each kind in the question's order, whatever their ids", () => {
    const names = areaNames([area("targ-5", 1), area("drag-7", 2), area("targ-2", 1), area("drag-3", 2)], 3);
    expect([...names].map(([id, n]) => `${id}=${n.label}`)).toEqual([
      "targ-5=target 1",
      "drag-7=tile A",
      "targ-2=target 2",
      "drag-3=tile B",
    ]);
    expect(names.get("drag-3")!.mark).toBe("B");
  });

  it("numbers the areas of point & shoot and hot area questions", () => {
    const names = areaNames([area("block-4"), area("block-9")], 5);
    expect(names.get("block-9")).toEqual({ kind: "area", mark: "2", label: "area 2" });
  });

  it("never names an area by its id", () => {
    expect(areaLabel(areaNames([], 4), "block-1")).toBe("an area no longer in the question");
  });
});

describe("letters", () => {
  it("runs A to Z, then AA, AB…", () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(letters)).toEqual([
      "A",
      "B",
      "Z",
      "AA",
      "AB",
      "AZ",
      "BA",
      "ZZ",
      "AAA",
    ]);
  });
});

describe("capitalized", () => {
  it("capitalizes the first letter", () => expect(capitalized("tile B")).toBe("Tile B"));
});
