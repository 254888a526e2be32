import { describe, expect, it } from "vitest";
import { refusal } from "./roles";

describe("refusal", () => {
  it("lets each role do what its rank allows, and no more", () => {
    const table = (["viewer", "reviewer", "editor", "owner"] as const).map((role) =>
      (["read", "comment", "write", "manage"] as const).map((need) => refusal(role, "write", need, "m") === null),
    );
    expect(table).toEqual([
      [true, false, false, false],
      [true, true, false, false],
      [true, true, true, false],
      [true, true, true, true],
    ]);
  });

  it("names the role the call needs", () => {
    expect(refusal("viewer", "write", "write", "exam.examUpdate")).toBe(
      "exam.examUpdate needs the editor role or higher in this workspace; you are a viewer",
    );
    expect(refusal("editor", "write", "manage", "exam.memberRemove")).toBe(
      "exam.memberRemove needs the owner role in this workspace; you are an editor",
    );
  });

  it("a read-scoped token reads only, whatever the person's role, and says it needs write scope", () => {
    expect(refusal("owner", "read", "read", "exam.examGet")).toBeNull();
    expect(refusal("owner", "read", "write", "exam.examUpdate")).toBe(
      "exam.examUpdate needs a token with write scope; this token has read scope",
    );
    expect(refusal("owner", "read", "comment", "exam.commentCreate")).toMatch(/write scope/);
  });
});
