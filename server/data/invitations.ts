// Invitation links (contract 14.1.3): made by an owner for one role, usable once, for 7 days,
// withdrawable. The link's code is shown once when it is made; only its SHA-256 hash is stored,
// like an API token's.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invitation, user, workspace } from "@/db/schema";
import type { WorkspaceRole } from "../schemas/workspace-roles";

export const INVITATION_DAYS = 7;

export function hashInvitationCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

export async function createInvitation(db: Db, workspaceId: number, role: WorkspaceRole, createdBy: string): Promise<{ id: number; code: string; expiresAt: Date }> {
  const code = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const [row] = await db.insert(invitation).values({ workspaceId, role, tokenHash: hashInvitationCode(code), createdBy, expiresAt }).returning({ id: invitation.id });
  return { id: row!.id, code, expiresAt };
}

export interface PendingInvitation {
  id: number;
  role: WorkspaceRole;
  createdAt: Date;
  expiresAt: Date;
  createdBy: string | null;
}

/** Invitations of the workspace not yet used, withdrawn or expired, newest first. */
export async function pendingInvitations(db: Db, workspaceId: number): Promise<PendingInvitation[]> {
  return db
    .select({ id: invitation.id, role: invitation.role, createdAt: invitation.createdAt, expiresAt: invitation.expiresAt, createdBy: user.email })
    .from(invitation)
    .leftJoin(user, eq(user.id, invitation.createdBy))
    .where(and(eq(invitation.workspaceId, workspaceId), isNull(invitation.acceptedAt), isNull(invitation.withdrawnAt), gt(invitation.expiresAt, sql`now()`)))
    .orderBy(desc(invitation.createdAt), desc(invitation.id));
}

/** Withdraws a pending invitation of the workspace; false when there is none such. */
export async function withdrawInvitation(db: Db, workspaceId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(invitation)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(invitation.id, id), eq(invitation.workspaceId, workspaceId), isNull(invitation.acceptedAt), isNull(invitation.withdrawnAt)))
    .returning({ id: invitation.id });
  return rows.length > 0;
}

export type InvitationState = "pending" | "accepted" | "withdrawn" | "expired";

export interface InvitationView {
  id: number;
  workspaceId: number;
  workspaceName: string;
  role: WorkspaceRole;
  invitedBy: { email: string; name: string } | null;
  expiresAt: Date;
  state: InvitationState;
}

/** What the invitation page shows for a code; null for a code that was never made. */
export async function invitationByCode(db: Db, code: string, opts: { lock?: boolean } = {}): Promise<InvitationView | null> {
  const query = db
    .select({
      id: invitation.id,
      workspaceId: invitation.workspaceId,
      workspaceName: workspace.name,
      role: invitation.role,
      email: user.email,
      name: user.name,
      expiresAt: invitation.expiresAt,
      acceptedAt: invitation.acceptedAt,
      withdrawnAt: invitation.withdrawnAt,
      expired: sql<boolean>`${invitation.expiresAt} <= now()`,
    })
    .from(invitation)
    .innerJoin(workspace, eq(workspace.id, invitation.workspaceId))
    .leftJoin(user, eq(user.id, invitation.createdBy))
    .where(eq(invitation.tokenHash, hashInvitationCode(code)));
  const [row] = opts.lock ? await query.for("update", { of: invitation }) : await query;
  if (!row) return null;
  const state: InvitationState = row.acceptedAt ? "accepted" : row.withdrawnAt ? "withdrawn" : row.expired ? "expired" : "pending";
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    workspaceName: row.workspaceName,
    role: row.role,
    invitedBy: row.email ? { email: row.email, name: row.name ?? "" } : null,
    expiresAt: row.expiresAt,
    state,
  };
}

/** Marks the invitation used by `userId`. */
export async function markInvitationAccepted(db: Db, id: number, userId: string): Promise<void> {
  await db.update(invitation).set({ acceptedBy: userId, acceptedAt: sql`now()` }).where(eq(invitation.id, id));
}
