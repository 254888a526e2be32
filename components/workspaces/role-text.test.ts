import { describe, expect, it } from "vitest";
import { refusal } from "@/server/domain/roles";
import { WORKSPACE_ROLES } from "@/server/schemas/workspace-roles";
import { roleBlock, withArticle } from "./role-text";

describe("roleBlock", () => {
  it("names the role a control needs and the person's role and workspace", () => {
    expect(roleBlock("viewer", "write", "Networking team")).toBe(
      "Needs the editor role: you are a viewer in Networking team.",
    );
    expect(roleBlock("viewer", "comment", "Ops")).toBe("Needs the reviewer role: you are a viewer in Ops.");
    expect(roleBlock("editor", "manage", "Ops")).toBe("Needs the owner role: you are an editor in Ops.");
    expect(roleBlock("owner", "write", "Ops")).toBeNull();
    expect(roleBlock("viewer", "read", "Ops")).toBeNull();
  });

  it("blocks exactly what the server refuses a session of that role", () => {
    for (const role of WORKSPACE_ROLES) {
      for (const need of ["read", "comment", "write", "manage"] as const) {
        expect(roleBlock(role, need, "W") === null, `${role} ${need}`).toBe(refusal(role, "write", need, "m") === null);
      }
    }
  });

  it("uses the right article", () => {
    expect(WORKSPACE_ROLES.map(withArticle)).toEqual(["a viewer", "a reviewer", "an editor", "an owner"]);
  });
});
