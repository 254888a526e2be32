// The roles in the app's words (contract 14.1.2), for the switcher, the members page and the
// invitation page. Pure.
import type { WorkspaceRole } from "@/server/domain/roles";

export const ROLE_LABEL: Record<WorkspaceRole, string> = { owner: "Owner", editor: "Editor", reviewer: "Reviewer", viewer: "Viewer" };

export const ROLE_CAN: Record<WorkspaceRole, string> = {
  owner: "do everything: edit, invite people, change roles and delete the workspace",
  editor: "create, change and delete exams, questions and case studies, and mark exams ready",
  reviewer: "read, preview, export and see history, and comment on questions",
  viewer: "read, preview, export and see history",
};

/** "an editor", "a viewer". */
export function withArticle(role: WorkspaceRole): string {
  return `${role === "owner" || role === "editor" ? "an" : "a"} ${role}`;
}

const ROLE_RANK: Record<WorkspaceRole, number> = { viewer: 0, reviewer: 1, editor: 2, owner: 3 };
const NEEDED: Record<"comment" | "write" | "manage", WorkspaceRole> = { comment: "reviewer", write: "editor", manage: "owner" };

/**
 * Why a control is not offered to someone of `role` in `workspace`, or null when the role allows
 * it: "Needs the editor role: you are a viewer in Networking team." (the server refuses it anyway).
 */
export function roleBlock(role: WorkspaceRole, need: "read" | "comment" | "write" | "manage", workspace: string): string | null {
  if (need === "read" || ROLE_RANK[role] >= ROLE_RANK[NEEDED[need]]) return null;
  return `Needs the ${NEEDED[need]} role: you are ${withArticle(role)} in ${workspace}.`;
}
