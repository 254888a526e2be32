import { z } from "zod";
import { describe, expect, it } from "vitest";
import { parseWith } from "./zod-issues";

describe("parseWith", () => {
  it("gives a number out of bounds with its bounds, for the import dialog to name", () => {
    const schema = z.object({ similarity: z.int().min(0).max(100), count: z.int().min(1).optional() });
    const over = parseWith(schema, { similarity: 250 }, "question.properties");
    expect(over).toEqual({
      ok: false,
      issues: [
        {
          code: "too_big",
          path: "question.properties.similarity",
          message: "must be at most 100, got the number 250",
          details: { max: 100, given: "250" },
        },
      ],
    });
    const under = parseWith(schema, { similarity: 5, count: -2 });
    expect(under.ok ? [] : under.issues.map((i) => [i.code, i.details])).toEqual([
      ["too_small", { min: 1, given: "-2" }],
    ]);
  });

  it("gives no value for a text or a list out of bounds, only the bound", () => {
    const schema = z.object({ name: z.string().max(3), tags: z.array(z.string()).max(1) });
    const result = parseWith(schema, { name: "abcdef", tags: ["a", "b"] });
    expect(result.ok ? [] : result.issues.map((i) => [i.code, i.details])).toEqual([
      ["too_long", { max: 3 }],
      ["too_many", { max: 1 }],
    ]);
  });
});
