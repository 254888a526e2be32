import { describe, expect, it } from "vitest";
import { readLimits } from "./config";

describe("the limits from the environment", () => {
  it("has two import workers unless IMPORT_WORKERS says otherwise, from 1 to 16", () => {
    expect(readLimits({}).importWorkers).toBe(2);
    expect(readLimits({ IMPORT_WORKERS: "1" }).importWorkers).toBe(1);
    expect(readLimits({ IMPORT_WORKERS: "16" }).importWorkers).toBe(16);
    for (const bad of ["0", "17", "two"])
      expect(() => readLimits({ IMPORT_WORKERS: bad })).toThrow(
        "Invalid environment:\n  IMPORT_WORKERS: must be a whole number from 1 to 16",
      );
    expect(() => readLimits({ PARSE_WORKERS: "65" })).toThrow(
      "PARSE_WORKERS: must be a whole number ≥ 0 and at most 64",
    );
    expect(() => readLimits({ LIMIT_BODY_MB: "-1" })).toThrow("LIMIT_BODY_MB: must be a whole number ≥ 0");
  });
});
