import { describe, expect, it } from "vitest";
import { MAX_PARAMS_DEPTH, paramsShapeIssues } from "./params-shape";

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
    expect(paramsShapeIssues({ x: nestedArrays(1_000_000, "a\u0000") }, Infinity).map((i) => i.code)).toEqual(["invalid_character"]);
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
});
