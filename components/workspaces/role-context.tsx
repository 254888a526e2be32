"use client";
// The person's role in the workspace of what the page shows (an exam and everything in it), so
// that controls their role does not allow are disabled with the reason (product: Teams). Outside
// a provider nothing is blocked: the server's access check decides everything anyway.
import { createContext, useContext, type ReactNode } from "react";
import type { Need } from "@/server/domain/roles";
import type { WorkspaceRole } from "@/server/schemas/workspace-roles";
import { roleBlock } from "./role-text";

const RoleContext = createContext<{ role: WorkspaceRole; workspace: string } | null>(null);

export function WorkspaceRoleProvider({
  role,
  workspace,
  children,
}: {
  role: WorkspaceRole;
  workspace: string;
  children: ReactNode;
}) {
  return <RoleContext.Provider value={{ role, workspace }}>{children}</RoleContext.Provider>;
}

/** Why the person may not do what `need` takes here, or null. */
export function useRoleBlock(need: Need): string | null {
  const here = useContext(RoleContext);
  return here ? roleBlock(here.role, need, here.workspace) : null;
}
