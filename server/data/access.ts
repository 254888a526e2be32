// The one access check (contract 14.1.5): an object is reached through its exam's workspace, of
// which the caller must be a member (else -32004, as if it did not exist), with a role, and a
// token scope, that allow what the method needs (else -32003, naming what it needs). A token
// reaches its own workspace only. Every lookup of an exam, question or case study goes through
// here, for the API, the server actions and the pages alike.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { exam, membership } from "@/db/schema";
import { AppError } from "../errors";
import { refusal, type Need, type Role } from "../domain/roles";
import type { Actor } from "../context";

/** The caller and what the call needs: an operation's context, or a page's read. */
export interface Who {
  actor: Actor;
  method: string;
  need: Need;
}

/** A page's or server action's read as the signed-in author. */
export function readerOf(actor: Actor, method = "page"): Who {
  return { actor, method, need: "read" };
}

/** The join condition: the caller's membership of the exam's workspace. */
export function membershipOfExam(who: Who): SQL {
  return and(eq(membership.workspaceId, exam.workspaceId), eq(membership.userId, who.actor.userId))!;
}

/** A token reaches its own workspace only; a session, every workspace it is a member of. */
export function inTokenWorkspace(who: Who): SQL | undefined {
  return who.actor.workspaceId == null ? undefined : eq(exam.workspaceId, who.actor.workspaceId);
}

/** The same two conditions as one SQL predicate on `exam`, for raw statements. */
export function memberPredicate(who: Who, minimum?: Role[]): SQL {
  const roles = minimum ? sql` and m.role in (${sql.join(minimum.map((r) => sql`${r}`), sql`, `)})` : sql``;
  const token = who.actor.workspaceId == null ? sql`` : sql` and ${exam.workspaceId} = ${who.actor.workspaceId}`;
  return sql`exists (select 1 from ${membership} m where m.workspace_id = ${exam.workspaceId} and m.user_id = ${who.actor.userId}${roles})${token}`;
}

export function forbidden(reason: string): AppError {
  return new AppError("forbidden", { data: { reason } });
}

/**
 * For an object reached through its workspace rather than an exam (a comment, a new exam): the
 * caller's role there, checked against what the call needs (-32003); null when the caller may
 * not reach the workspace at all (not a member, or a token of another workspace).
 */
export async function authorizeInWorkspace(db: Db, who: Who, workspaceId: number): Promise<Role | null> {
  if (who.actor.workspaceId != null && who.actor.workspaceId !== workspaceId) return null;
  const rows = await db
    .select({ role: membership.role })
    .from(membership)
    .where(and(eq(membership.workspaceId, workspaceId), eq(membership.userId, who.actor.userId)));
  const role = rows[0]?.role ?? null;
  if (role) checkRole(who, role);
  return role;
}

/** Throws -32003 when the role (and the token's scope) do not allow what the call needs. */
export function checkRole(who: Who, role: Role): void {
  const reason = refusal(role, who.actor.scope ?? "write", who.need, who.method);
  if (reason) throw forbidden(reason);
}
