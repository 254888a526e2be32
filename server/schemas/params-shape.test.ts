import { describe, expect, it } from "vitest";
import { checkParamsShape, MAX_PARAMS_DEPTH, MAX_PARAMS_ENTRIES, MAX_PARAMS_VALUES } from "./params-shape";

const paramsShapeIssues = (params: unknown, depth = MAX_PARAMS_DEPTH) =>
  checkParamsShape(params, { depth, entries: MAX_PARAMS_ENTRIES, values: MAX_PARAMS_VALUES }).issues;

/** `[[…[leaf]…]]` with `n` arrays, built without recursion. */
function nestedArrays(n: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < n; i++) value = [value];
  return value;
}

/** `{"a": {"a": … leaf}}` with `n` objects. */
function nestedObjects(n: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < n; i++) value = { a: value };
  return value;
}

describe("paramsShapeIssues", () => {
  it("accepts the deepest legitimate params, and anything up to the limit", () => {
    const points = { question: { properties: { points: { "targ-1": { "drag-1": 3 } } } } };
    expect(paramsShapeIssues(points)).toEqual([]);
    // params is level 1, so x holds MAX - 1 more levels.
    expect(paramsShapeIssues({ x: nestedArrays(MAX_PARAMS_DEPTH - 1) })).toEqual([]);
    expect(paramsShapeIssues(nestedObjects(MAX_PARAMS_DEPTH - 1))).toEqual([]);
  });

  it("refuses the first array or object past the limit, at its path", () => {
    const issues = paramsShapeIssues({ x: nestedArrays(MAX_PARAMS_DEPTH) });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.code).toBe("too_deep");
    expect(issues[0]!.path).toBe("x" + "[0]".repeat(MAX_PARAMS_DEPTH - 1));
    expect(issues[0]!.message).toContain(`at most ${MAX_PARAMS_DEPTH} levels`);
    const objects = paramsShapeIssues({ question: nestedObjects(MAX_PARAMS_DEPTH) });
    expect(objects.map((i) => i.path)).toEqual(["question" + ".a".repeat(MAX_PARAMS_DEPTH - 1)]);
  });

  it("walks any depth without overflowing the stack (the walk is not recursive)", () => {
    for (const depth of [1_800, 100_000, 1_000_000]) {
      const issues = paramsShapeIssues({ x: nestedArrays(depth) });
      expect(issues.map((i) => i.code)).toEqual(["too_deep"]);
    }
    // Told to look everywhere, it still does not recurse.
    expect(paramsShapeIssues({ x: nestedArrays(200_000, "a\u0000") }, Infinity).map((i) => i.code)).toEqual([
      "invalid_character",
    ]);
  });

  it("reports one too_deep issue however many branches are too deep, and the unstorable strings beside them", () => {
    const deep = nestedArrays(MAX_PARAMS_DEPTH);
    const issues = paramsShapeIssues({ a: deep, b: deep, c: "\u0000" });
    expect(issues.map((i) => [i.code, i.path.slice(0, 1)])).toEqual([
      ["too_deep", "a"],
      ["invalid_character", "c"],
    ]);
  });

  it("refuses NUL and lone surrogates in strings and keys, in document order", () => {
    const issues = paramsShapeIssues({
      a: "fine \uD83D\uDE00",
      b: ["x\u0000", { "k\uDC00": "y\uD800" }],
      "img/a.png": "\uDC00",
    });
    expect(issues.map((i) => [i.path, i.message.startsWith("the key")])).toEqual([
      ["b[0]", false],
      ['b[1]["k\\udc00"]', true],
      ['b[1]["k\\udc00"]', false],
      ['["img/a.png"]', false],
    ]);
    expect(issues.every((i) => i.code === "invalid_character")).toBe(true);
  });

  it("ignores numbers, booleans and null", () => {
    expect(paramsShapeIssues({ a: 1, b: true, c: null, d: [1.5, -0] })).toEqual([]);
  });

  it("is readable unless something is too deep or too big", () => {
    expect(checkParamsShape({ a: "\u0000" }).readable).toBe(true);
    expect(checkParamsShape({ x: nestedArrays(MAX_PARAMS_DEPTH) }).readable).toBe(false);
  });

  it("refuses an array or object with more entries than the limit, without looking into it", () => {
    const limits = { depth: MAX_PARAMS_DEPTH, entries: 3, values: 100 };
    expect(checkParamsShape({ a: [1, 2, 3], b: { x: 1, y: 2, z: 3 } }, limits)).toEqual({ issues: [], readable: true });
    const shape = checkParamsShape({ a: ["\u0000", 2, 3, 4], b: { w: 0, x: 1, y: 2, z: 3 }, c: "\u0000" }, limits);
    expect(shape.readable).toBe(false);
    expect(shape.issues.map((i) => [i.code, i.path])).toEqual([
      ["too_many_entries", "a"],
      ["too_many_entries", "b"],
      ["invalid_character", "c"],
    ]);
    expect(shape.issues[0]!.message).toBe("holds 4 items; an array or object in params may hold at most 3");
    expect(shape.issues[1]!.message).toBe("holds 4 entries; an array or object in params may hold at most 3");
  });

  it("stops at more values in all than the limit", () => {
    const limits = { depth: MAX_PARAMS_DEPTH, entries: 10, values: 20 };
    // params' 1 entry + a's 9 items + each [1]'s 1 item = 19 values; b adds 2 more.
    const a = Array(9).fill([1]);
    expect(checkParamsShape({ a }, limits).readable).toBe(true);
    const over = checkParamsShape({ a, b: [1] }, limits);
    expect(over.readable).toBe(false);
    expect(over.issues.map((i) => [i.code, i.path])).toEqual([["too_many_values", ""]]);
  });

  it("lists at most about as many unstorable strings as an answer shows", () => {
    const shape = checkParamsShape({ a: Array(5_000).fill("\u0000") });
    expect(shape.readable).toBe(true);
    expect(shape.issues.length).toBeGreaterThan(1_000);
    expect(shape.issues.length).toBeLessThan(1_100);
  });
});
