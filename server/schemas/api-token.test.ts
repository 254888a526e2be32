import { describe, expect, it } from "vitest";
import { apiTokenCreateParams } from "./api-token";
import { parseWith } from "./zod-issues";

describe("apiTokenCreateParams", () => {
  it("makes a read and write token that does not expire unless asked otherwise", () => {
    expect(parseWith(apiTokenCreateParams, { name: " ci " })).toEqual({
      ok: true,
      data: { name: "ci", scope: "write", expires_in_days: null },
    });
    expect(parseWith(apiTokenCreateParams, { name: "r", scope: "read", expires_in_days: 30 })).toEqual({
      ok: true,
      data: { name: "r", scope: "read", expires_in_days: 30 },
    });
  });

  it("takes only the offered lifetimes and scopes", () => {
    for (const bad of [
      { expires_in_days: 10 },
      { expires_in_days: "30" },
      { expires_in_days: 0 },
      { scope: "admin" },
    ]) {
      const parsed = parseWith(apiTokenCreateParams, { name: "x", ...bad });
      expect(parsed.ok, JSON.stringify(bad)).toBe(false);
      if (!parsed.ok) expect(parsed.issues[0]!.path).toBe(Object.keys(bad)[0]);
    }
  });
});
