import { describe, expect, it } from "vitest";
import { blueprintShortfalls } from "./shortfall";

describe("blueprintShortfalls", () => {
  const blueprint = [
    { id: 1, code: "1.0", weight: 24, count: 10 },
    { id: 2, code: "2.0", weight: 36, count: 3 },
    { id: 3, code: "3.0", weight: 40, count: 4 },
  ];

  it("names each domain with fewer questions than its quota of N, with its place and quota", () => {
    // N = 10: quotas 2, 4, 4
    expect(blueprintShortfalls(blueprint, 10)).toEqual([{ index: 1, domain: blueprint[1], quota: 4 }]);
    // N = 20: quotas 5, 7, 8
    expect(blueprintShortfalls(blueprint, 20).map((s) => [s.domain.code, s.quota])).toEqual([
      ["2.0", 7],
      ["3.0", 8],
    ]);
  });

  it("finds nothing without weights, or when every quota is met", () => {
    expect(
      blueprintShortfalls(
        blueprint.map((d) => ({ ...d, weight: 0 })),
        20,
      ),
    ).toEqual([]);
    expect(blueprintShortfalls(blueprint, 5)).toEqual([]);
    expect(blueprintShortfalls([], 5)).toEqual([]);
  });
});
