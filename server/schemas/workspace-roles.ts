// The four roles of a workspace member, in rising order of what they allow (contract 14.1.2).
// What each may do is server/domain/roles.ts.
export const WORKSPACE_ROLES = ["viewer", "reviewer", "editor", "owner"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
