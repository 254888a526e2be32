// Workspace administration in the web app (contract 14.1.1–14.1.3): making, renaming and deleting
// workspaces, invitation links, members' roles and removal, accepting an invitation. Each step
// parses its params with its schema, asks the one access check (data/access.ts) for the
// signed-in person's role, and writes in one transaction; what is refused changes nothing.
// Not API methods: the contract gives integrators none, and a token acts in one workspace only
// (docs/decisions.md). Free of Next, so the integration tests call it as the server actions do.
import type { z } from "zod";
import type { Db } from "@/db/client";
import { authorizeInWorkspace, type Who } from "../data/access";
import {
  createInvitation,
  invitationByCode,
  markInvitationAccepted,
  pendingInvitations,
  withdrawInvitation,
  type PendingInvitation,
} from "../data/invitations";
import { runTransaction } from "../data/transaction";
import {
  anotherOwnerRemains,
  createWorkspace,
  deleteWorkspace,
  joinWorkspace,
  membersOf,
  removeMember,
  renameWorkspace,
  roleIn,
  setMemberRole,
  workspaceRow,
  type MemberView,
} from "../data/workspaces";
import type { Need, Role } from "../domain/roles";
import { AppError, notFound } from "../errors";
import {
  invitationAcceptParams,
  invitationCreateParams,
  invitationWithdrawParams,
  memberRemoveParams,
  memberRoleParams,
  workspaceCreateParams,
  workspaceDeleteParams,
  workspaceRenameParams,
} from "../schemas/workspace";
import type { ActionOutcome } from "./action-outcome";
import { actionStep } from "./action-step";

/** What an administration step answers the page: its value, or why nothing changed. */
export type AdminResult<T> = ActionOutcome<T>;

const who = (userId: string, method: string, need: Need): Who => ({ actor: { userId, tokenName: null }, method, need });

/** Parses `raw` and runs `step` in a transaction; a refusal answers as the API would (action-step.ts). */
function step<S extends z.ZodType, T extends object>(
  db: Db,
  schema: S,
  raw: unknown,
  run: (tx: Db, input: z.output<S>) => Promise<T>,
): Promise<AdminResult<T>> {
  return actionStep(schema, raw, (input) => runTransaction(db, (tx) => run(tx, input)));
}

/** The person's role in the workspace, which must allow `need` (-32003); -32004 for a non-member. */
async function roleFor(db: Db, userId: string, method: string, need: Need, workspaceId: number): Promise<Role> {
  const role = await authorizeInWorkspace(db, who(userId, method, need), workspaceId);
  if (!role) throw notFound("workspace", "workspace_id", workspaceId);
  return role;
}

export function createWorkspaceStep(db: Db, userId: string, raw: unknown) {
  return step(db, workspaceCreateParams, raw, async (tx, input) => ({
    workspaceId: await createWorkspace(tx, input.name, userId),
  }));
}

export function renameWorkspaceStep(db: Db, userId: string, raw: unknown) {
  return step(db, workspaceRenameParams, raw, async (tx, input) => {
    await roleFor(tx, userId, "renaming the workspace", "manage", input.workspace_id);
    await renameWorkspace(tx, input.workspace_id, input.name);
    return {};
  });
}

/** Deletes a shared workspace with everything in it; the owner types its name to confirm. */
export function deleteWorkspaceStep(db: Db, userId: string, raw: unknown) {
  return step(db, workspaceDeleteParams, raw, async (tx, input) => {
    await roleFor(tx, userId, "deleting the workspace", "manage", input.workspace_id);
    const row = (await workspaceRow(tx, input.workspace_id))!;
    if (row.personalOf !== null)
      throw refused("workspace_id", "a person's own workspace cannot be deleted; delete its exams instead");
    if (input.confirm_name.trim() !== row.name)
      throw refused("confirm_name", `type the workspace's name, ${JSON.stringify(row.name)}, to confirm`);
    await deleteWorkspace(tx, input.workspace_id);
    return {};
  });
}

export interface MembersPage {
  role: Role;
  members: MemberView[];
  /** Pending invitations: owners only (an empty list for everyone else). */
  invitations: PendingInvitation[];
}

/** What the members page shows the person: the members, and to an owner the pending invitations. */
export async function membersPage(db: Db, userId: string, workspaceId: number): Promise<MembersPage | null> {
  const role = await roleIn(db, workspaceId, userId);
  if (!role) return null;
  return {
    role,
    members: await membersOf(db, workspaceId),
    invitations: role === "owner" ? await pendingInvitations(db, workspaceId) : [],
  };
}

export function createInvitationStep(db: Db, userId: string, raw: unknown) {
  return step(db, invitationCreateParams, raw, async (tx, input) => {
    await roleFor(tx, userId, "inviting people", "manage", input.workspace_id);
    const made = await createInvitation(tx, input.workspace_id, input.role, userId);
    return { id: made.id, code: made.code, expiresAt: made.expiresAt.toISOString() };
  });
}

export function withdrawInvitationStep(db: Db, userId: string, raw: unknown) {
  return step(db, invitationWithdrawParams, raw, async (tx, input) => {
    await roleFor(tx, userId, "withdrawing an invitation", "manage", input.workspace_id);
    if (!(await withdrawInvitation(tx, input.workspace_id, input.id)))
      throw refused("id", "this invitation was already used, withdrawn or has expired");
    return {};
  });
}

/** Changes a member's role; the last owner cannot stop being one. */
export function changeRoleStep(db: Db, userId: string, raw: unknown) {
  return step(db, memberRoleParams, raw, async (tx, input) => {
    await roleFor(tx, userId, "changing roles", "manage", input.workspace_id);
    const target = await roleIn(tx, input.workspace_id, input.user_id);
    if (!target) throw notFound("member", "user_id", input.user_id);
    if (
      target === "owner" &&
      input.role !== "owner" &&
      !(await anotherOwnerRemains(tx, input.workspace_id, input.user_id))
    )
      throw lastOwner("role");
    await setMemberRole(tx, input.workspace_id, input.user_id, input.role);
    return {};
  });
}

/**
 * Removes a member: an owner removes anyone, every member can leave. The last owner can do
 * neither. Their session and tokens lose access at once: every check reads the membership.
 */
export function removeMemberStep(db: Db, userId: string, raw: unknown) {
  return step(db, memberRemoveParams, raw, async (tx, input) => {
    const leaving = input.user_id === userId;
    await roleFor(tx, userId, "removing members", leaving ? "read" : "manage", input.workspace_id);
    const target = await roleIn(tx, input.workspace_id, input.user_id);
    if (!target) throw notFound("member", "user_id", input.user_id);
    if ((await workspaceRow(tx, input.workspace_id))!.personalOf === input.user_id)
      throw refused("user_id", "this is their own workspace (made when they signed up); they stay a member of it");
    if (target === "owner" && !(await anotherOwnerRemains(tx, input.workspace_id, input.user_id)))
      throw lastOwner("user_id");
    await removeMember(tx, input.workspace_id, input.user_id);
    return {};
  });
}

/**
 * Joins the workspace of a pending invitation with its role, and uses it up. A person already a
 * member keeps their role and leaves the invitation for someone else.
 */
export function acceptInvitationStep(db: Db, userId: string, raw: unknown) {
  return step(db, invitationAcceptParams, raw, async (tx, input) => {
    const found = await invitationByCode(tx, input.code, { lock: true });
    if (!found) throw refused("code", "this invitation link is not valid; ask for a new one");
    const already = await roleIn(tx, found.workspaceId, userId);
    if (already) return { workspaceId: found.workspaceId, role: already, joined: false };
    if (found.state !== "pending") throw refused("code", INVITATION_STATE_TEXT[found.state]);
    const role = await joinWorkspace(tx, found.workspaceId, userId, found.role);
    await markInvitationAccepted(tx, found.id, userId);
    return { workspaceId: found.workspaceId, role, joined: true };
  });
}

export const INVITATION_STATE_TEXT = {
  accepted: "this invitation link was already used; an invitation works once, ask for a new one",
  withdrawn: "this invitation was withdrawn; ask for a new one",
  expired: "this invitation has expired (links last 7 days); ask for a new one",
} as const;

function refused(path: string, message: string): AppError {
  return new AppError("invalid_params", { issues: [{ code: "invalid_value", path, message }] });
}

function lastOwner(path: string): AppError {
  return refused(path, "a workspace keeps at least one owner: make someone else an owner first");
}
