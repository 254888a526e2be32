import { describe, expect, it } from "vitest";
import { conflictOf, savedBy } from "./conflict";

const data = {
  current_version: 4,
  updated_by: { email: "ann@example.com", name: "Ann Lee" },
  updated_at: "2026-11-25T10:00:00.000Z",
};

describe("conflictOf", () => {
  it("reads -32009's data", () => {
    expect(conflictOf({ code: -32009, data })).toEqual({
      version: 4,
      by: { email: "ann@example.com", name: "Ann Lee" },
      at: "2026-11-25T10:00:00.000Z",
    });
  });
  it("is null for other failures and for a conflict without its data", () => {
    expect(conflictOf({ code: -32602, data })).toBeNull();
    expect(conflictOf({ code: -32009 })).toBeNull();
    expect(conflictOf({ code: -32009, data: { current_version: "4", updated_at: data.updated_at } })).toBeNull();
  });
  it("keeps a conflict whose writer's account is gone", () => {
    expect(conflictOf({ code: -32009, data: { ...data, updated_by: null } })?.by).toBeNull();
  });
});

describe("savedBy", () => {
  const at = data.updated_at;
  it("names the person and their address", () => {
    expect(savedBy({ version: 2, at, by: { email: "ann@example.com", name: "Ann Lee" } })).toBe(
      "Ann Lee (ann@example.com)",
    );
  });
  it("gives the address alone when the name is empty or the address itself", () => {
    expect(savedBy({ version: 2, at, by: { email: "ann@example.com", name: " " } })).toBe("ann@example.com");
    expect(savedBy({ version: 2, at, by: { email: "ann@example.com", name: "ann@example.com" } })).toBe(
      "ann@example.com",
    );
  });
  it("says someone else when the account is gone", () => {
    expect(savedBy({ version: 2, at, by: null })).toBe("Someone else");
  });
});
