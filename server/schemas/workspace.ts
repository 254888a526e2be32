// Params of the workspace administration of the web app (contract 14.1.1–14.1.3): making and
// renaming workspaces, invitation links, members' roles. One schema per action, used by the
// server action and its form. Pure.
import { z } from "zod";
import { WORKSPACE_ROLES } from "./workspace-roles";
import { id } from "./common";

export const WORKSPACE_NAME_MAX = 100;

export const workspaceName = z
  .string()
  .trim()
  .min(1, "give the workspace a name, e.g. your team's")
  .max(WORKSPACE_NAME_MAX, `at most ${WORKSPACE_NAME_MAX} characters`);

export const workspaceRole = z.enum(WORKSPACE_ROLES, { message: `one of ${WORKSPACE_ROLES.join(", ")}` });

/** A person in a workspace, by the id the members list gives (better-auth's text ids). */
const memberId = z.string().min(1).max(100);

export const workspaceCreateParams = z.strictObject({ name: workspaceName });
export const workspaceRenameParams = z.strictObject({ workspace_id: id, name: workspaceName });
export const workspaceDeleteParams = z.strictObject({
  workspace_id: id,
  confirm_name: z.string().max(WORKSPACE_NAME_MAX + 10),
});
export const workspaceSwitchParams = z.strictObject({ workspace_id: id });
export const invitationCreateParams = z.strictObject({ workspace_id: id, role: workspaceRole });
export const invitationWithdrawParams = z.strictObject({ workspace_id: id, id });
export const invitationAcceptParams = z.strictObject({ code: z.string().min(1).max(200) });
export const memberRoleParams = z.strictObject({ workspace_id: id, user_id: memberId, role: workspaceRole });
export const memberRemoveParams = z.strictObject({ workspace_id: id, user_id: memberId });
