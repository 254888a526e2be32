// The roles in the app's words (contract 14.1.2), for the switcher, the members page and the
// invitation page. Pure.
import { ROLE_FOR, roleAllows, withArticle, type Need } from "@/server/domain/roles";
import { type WorkspaceRole } from "@/server/schemas/workspace-roles";

export { withArticle };

export const ROLE_LABEL: Record<WorkspaceRole, string> = {
  owner: "Owner",
  editor: "Editor",
  reviewer: "Reviewer",
  viewer: "Viewer",
};

export const ROLE_CAN: Record<WorkspaceRole, string> = {
  owner: "do everything: edit, invite people, change roles and delete the workspace",
  editor: "create, change and delete exams, questions and case studies, and mark exams ready",
  reviewer: "read, preview, export and see history, and comment on questions",
  viewer: "read, preview, export and see history",
};

/**
 * Why a control is not offered to someone of `role` in `workspace`, or null when the role allows
 * it: "Needs the editor role: you are a viewer in Networking team." (the server refuses it anyway).
 */
export function roleBlock(role: WorkspaceRole, need: Need, workspace: string): string | null {
  if (roleAllows(role, need)) return null;
  return `Needs the ${ROLE_FOR[need]} role: you are ${withArticle(role)} in ${workspace}.`;
}
