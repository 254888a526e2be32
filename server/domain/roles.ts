// What a member may do in a workspace (contract 14.1.2, 14.1.4): the four roles in rising order,
// what each method needs, and a token's scope. Pure: the access check of every method, page and
// server action reads this one table.

import type { WorkspaceRole } from "../schemas/workspace-roles";

export type Role = WorkspaceRole;
/** What a call needs: to read, to comment, to change content (write), or to manage the workspace. */
export type Need = "read" | "comment" | "write" | "manage";
export type Scope = "read" | "write";

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, editor: 2, owner: 3 };

/** The least role a need takes. */
export const ROLE_FOR: Record<Need, Role> = { read: "viewer", comment: "reviewer", write: "editor", manage: "owner" };

/**
 * Why `role` (acting through a token of `scope`) may not do what `need` takes, in a sentence that
 * names the role (or scope) the call needs; null when it may. A read-scoped token can do only what
 * a viewer can.
 */
export function refusal(role: Role, scope: Scope, need: Need, method: string): string | null {
  if (need !== "read" && scope === "read") return `${method} needs a token with write scope; this token has read scope`;
  if (roleAllows(role, need)) return null;
  const needed = ROLE_FOR[need];
  return `${method} needs the ${needed} role${needed === "owner" ? "" : " or higher"} in this workspace; you are ${withArticle(role)}`;
}

/** Whether `role` does what `need` takes (its scope aside). */
export function roleAllows(role: Role, need: Need): boolean {
  return RANK[role] >= RANK[ROLE_FOR[need]];
}

/** "an editor", "a viewer". */
export function withArticle(role: Role): string {
  return `${role === "owner" || role === "editor" ? "an" : "a"} ${role}`;
}
