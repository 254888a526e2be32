import { describe, expect, it } from "vitest";
import { AREA_MIN_HEIGHT, AREA_MIN_WIDTH } from "../schemas/question/area-bounds";
import {
  areaHasMinimumSize,
  areaInsideImage,
  areaPrefixFor,
  checkAreaRules,
  formatAreaId,
  nextFreeAreaId,
  parseAreaId,
  type AreaRulesContext,
  type PartialArea,
} from "./areas";

const base = "question.properties.areas";
const ctx = (over: Partial<AreaRulesContext> = {}): AreaRulesContext => ({
  questionType: 4,
  options: {},
  imageSize: null,
  basePath: base,
  ...over,
});
const area = (index: number, fields: Omit<PartialArea, "index">): PartialArea => ({ index, ...fields });

describe("minimum size", () => {
  it("is 30 × 15 px", () => {
    expect(AREA_MIN_WIDTH).toBe(30);
    expect(AREA_MIN_HEIGHT).toBe(15);
    expect(areaHasMinimumSize({ width: 30, height: 15 })).toBe(true);
    expect(areaHasMinimumSize({ width: 29, height: 15 })).toBe(false);
    expect(areaHasMinimumSize({ width: 30, height: 14 })).toBe(false);
  });
});

describe("parseAreaId", () => {
  it.each([
    ["targ-1", { prefix: "targ", n: 1 }],
    ["drag-42", { prefix: "drag", n: 42 }],
    ["block-999", { prefix: "block", n: 999 }],
  ])("reads %s", (id, expected) => expect(parseAreaId(id)).toEqual(expected));

  it.each([
    "targ-0",
    "targ-01",
    "block-1000",
    "block-",
    "block-1a",
    "Block-1",
    "target-1",
    " block-1",
    "block-1 ",
    "drag--1",
  ])("refuses %j", (id) => expect(parseAreaId(id)).toBeNull());

  it("formatAreaId is its inverse", () => {
    expect(formatAreaId("drag", 7)).toBe("drag-7");
    expect(parseAreaId(formatAreaId("block", 123))).toEqual({ prefix: "block", n: 123 });
  });
});

describe("areaPrefixFor", () => {
  it("is block for types 4 and 5, targ/drag by area type for 3", () => {
    expect(areaPrefixFor(4)).toBe("block");
    expect(areaPrefixFor(5)).toBe("block");
    expect(areaPrefixFor(3, 1)).toBe("targ");
    expect(areaPrefixFor(3, 2)).toBe("drag");
  });
});

describe("nextFreeAreaId", () => {
  it("starts at 1", () => expect(nextFreeAreaId("block", [])).toBe("block-1"));

  it("takes the lowest free N", () => {
    expect(nextFreeAreaId("block", ["block-1", "block-2", "block-4"])).toBe("block-3");
    expect(nextFreeAreaId("block", ["block-2"])).toBe("block-1");
  });

  it("counts only ids with the same prefix", () => {
    expect(nextFreeAreaId("drag", ["targ-1", "targ-2", "drag-1"])).toBe("drag-2");
    expect(nextFreeAreaId("targ", ["drag-1", "not-an-id", "targ-01"])).toBe("targ-1");
  });

  it("is null when all 999 are taken", () => {
    const all = Array.from({ length: 999 }, (_, i) => `block-${i + 1}`);
    expect(nextFreeAreaId("block", all)).toBeNull();
    expect(nextFreeAreaId("block", all.slice(1))).toBe("block-1");
  });
});

describe("areaInsideImage", () => {
  const image = { width: 400, height: 300 };
  it("accepts an area touching the right and bottom edges", () => {
    expect(areaInsideImage({ x: 370, y: 285, width: 30, height: 15 }, image)).toBe(true);
  });
  it("refuses an area one pixel past either edge", () => {
    expect(areaInsideImage({ x: 371, y: 0, width: 30, height: 15 }, image)).toBe(false);
    expect(areaInsideImage({ x: 0, y: 286, width: 30, height: 15 }, image)).toBe(false);
  });
  it("refuses negative positions", () => {
    expect(areaInsideImage({ x: -1, y: 0, width: 30, height: 15 }, image)).toBe(false);
    expect(areaInsideImage({ x: 0, y: -1, width: 30, height: 15 }, image)).toBe(false);
  });
});

describe("checkAreaRules", () => {
  it("accepts valid areas", () => {
    const areas = [
      area(0, { id: "block-1", x: 0, y: 0, width: 40, height: 20 }),
      area(1, { id: "block-2", x: 50, y: 0, width: 40, height: 20 }),
    ];
    expect(
      checkAreaRules(
        areas,
        ctx({ imageSize: { width: 100, height: 100 }, options: { FixedWidth: true, FixedHeight: true } }),
      ),
    ).toEqual([]);
  });

  it("ids are unique across the areas of a question", () => {
    const issues = checkAreaRules(
      [area(0, { id: "block-1" }), area(1, { id: "block-2" }), area(2, { id: "block-1" })],
      ctx(),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: "duplicate_area_id", path: `${base}[2].id` });
    expect(issues[0]!.message).toContain(`${base}[0]`);
  });

  it("type 3: a target (type 1) needs targ-N and a draggable (type 2) drag-N", () => {
    const issues = checkAreaRules(
      [
        area(0, { id: "targ-1", type: 1 }),
        area(1, { id: "drag-1", type: 1 }),
        area(2, { id: "targ-2", type: 2 }),
        area(3, { id: "drag-2", type: 2 }),
      ],
      ctx({ questionType: 3 }),
    );
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ["area_id_mismatch", `${base}[1].id`],
      ["area_id_mismatch", `${base}[2].id`],
    ]);
    expect(issues[0]!.message).toMatch(/targ-N/);
    expect(issues[1]!.message).toMatch(/drag-N/);
  });

  it("type 3: targ-1 and drag-1 may both exist (the ids differ)", () => {
    expect(
      checkAreaRules(
        [area(0, { id: "targ-1", type: 1 }), area(1, { id: "drag-1", type: 2 })],
        ctx({ questionType: 3 }),
      ),
    ).toEqual([]);
  });

  it("areas must stay inside the image (x + width, y + height)", () => {
    const issues = checkAreaRules(
      [
        area(0, { id: "block-1", x: 361, y: 0, width: 40, height: 20 }),
        area(1, { id: "block-2", x: 0, y: 281, width: 40, height: 20 }),
        area(2, { id: "block-3", x: 360, y: 280, width: 40, height: 20 }),
      ],
      ctx({ imageSize: { width: 400, height: 300 } }),
    );
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ["area_outside_image", `${base}[0].x`],
      ["area_outside_image", `${base}[1].y`],
    ]);
    expect(issues[0]!.message).toMatch(/401.*400/);
    expect(issues[1]!.message).toMatch(/301.*300/);
  });

  it("the image check is skipped when the image size is unknown", () => {
    expect(checkAreaRules([area(0, { id: "block-1", x: 5000, y: 5000, width: 40, height: 20 })], ctx())).toEqual([]);
  });

  it("FixedWidth: every area has the width of the first", () => {
    const areas = [
      area(0, { id: "block-1", width: 40, height: 20 }),
      area(1, { id: "block-2", width: 50, height: 30 }),
    ];
    const issues = checkAreaRules(areas, ctx({ options: { FixedWidth: true } }));
    expect(issues.map((i) => [i.code, i.path])).toEqual([["area_width_not_fixed", `${base}[1].width`]]);
    expect(issues[0]!.message).toMatch(/\(40 px\), got 50 px/);
  });

  it("FixedHeight: every area has the height of the first", () => {
    const areas = [
      area(0, { id: "block-1", width: 40, height: 20 }),
      area(1, { id: "block-2", width: 50, height: 30 }),
    ];
    const issues = checkAreaRules(areas, ctx({ options: { FixedHeight: true } }));
    expect(issues.map((i) => [i.code, i.path])).toEqual([["area_height_not_fixed", `${base}[1].height`]]);
  });

  it("without FixedWidth/FixedHeight sizes may differ", () => {
    const areas = [
      area(0, { id: "block-1", width: 40, height: 20 }),
      area(1, { id: "block-2", width: 50, height: 30 }),
    ];
    expect(checkAreaRules(areas, ctx({ options: { FixedWidth: false, FixedHeight: false } }))).toEqual([]);
  });

  it("fields that failed their own check are skipped, not reported again", () => {
    expect(
      checkAreaRules(
        [area(0, { x: 390 }), area(1, { id: "block-1", width: 999 })],
        ctx({ imageSize: { width: 400, height: 300 } }),
      ),
    ).toEqual([]);
  });
});
