// Workspaces (contract 14.1): every person has their own, made when it is first needed (sign-up,
// a first token, a first exam) and owned by them; shared ones are made to work together.
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { exam, membership, user, workspace } from "@/db/schema";
import type { WorkspaceRole } from "../schemas/workspace-roles";
import { authorizeInWorkspace, forbidden, type Who } from "./access";

/**
 * The person's own workspace, made (with them as its owner) when they have none yet. One
 * statement each way, safe against two first requests at once (the unique personal_of index).
 */
export async function personalWorkspace(db: Db, userId: string): Promise<number> {
  const found = await db.select({ id: workspace.id }).from(workspace).where(eq(workspace.personalOf, userId));
  if (found[0]) return found[0].id;
  await db.execute(sql`
    with w as (
      insert into ${workspace} (name, personal_of)
      select case when btrim(${user.name}) <> '' then btrim(${user.name}) else ${user.email} end || ' (personal)', ${user.id}
      from ${user} where ${user.id} = ${userId}
      on conflict (personal_of) do nothing
      returning id, personal_of
    )
    insert into ${membership} (workspace_id, user_id, role) select id, personal_of, 'owner' from w`);
  const made = await db.select({ id: workspace.id }).from(workspace).where(eq(workspace.personalOf, userId));
  if (!made[0]) throw new Error(`no user ${userId} to make a workspace for`);
  return made[0].id;
}

/** The person's role in the workspace, or null when they are not a member. */
export async function roleIn(db: Db, workspaceId: number, userId: string) {
  const rows = await db
    .select({ role: membership.role })
    .from(membership)
    .where(and(eq(membership.workspaceId, workspaceId), eq(membership.userId, userId)));
  return rows[0]?.role ?? null;
}

/**
 * The workspace a call that names none works in (examCreate, examList): a token's own; for the
 * web app, the current workspace of its switcher while the person is still a member of it, else
 * their own. Checked for the role the call needs (-32003 otherwise).
 */
export async function callerWorkspace(db: Db, who: Who): Promise<number> {
  const { actor } = who;
  if (actor.workspaceId != null) {
    if (!(await authorizeInWorkspace(db, who, actor.workspaceId))) throw forbidden("you are no longer a member of this token's workspace");
    return actor.workspaceId;
  }
  if (actor.currentWorkspaceId != null && (await authorizeInWorkspace(db, who, actor.currentWorkspaceId))) return actor.currentWorkspaceId;
  const own = await personalWorkspace(db, actor.userId);
  await authorizeInWorkspace(db, who, own);
  return own;
}

/**
 * The shared workspace called `name` (not a person's own), made with `userId` as its owner when
 * there is none: the admin command's --workspace (contract 14.1.7). Returns it and whether it was
 * made now.
 */
export async function sharedWorkspaceNamed(db: Db, name: string, userId: string): Promise<{ id: number; made: boolean }> {
  const found = await db.select({ id: workspace.id }).from(workspace).where(and(eq(workspace.name, name), isNull(workspace.personalOf))).orderBy(workspace.id).limit(1);
  if (found[0]) return { id: found[0].id, made: false };
  const [made] = await db.insert(workspace).values({ name }).returning({ id: workspace.id });
  await db.insert(membership).values({ workspaceId: made!.id, userId, role: "owner" });
  return { id: made!.id, made: true };
}

/** Adds the person with `role` unless they are a member already (their role then stays). */
export async function joinWorkspace(db: Db, workspaceId: number, userId: string, role: WorkspaceRole): Promise<WorkspaceRole> {
  await db.insert(membership).values({ workspaceId, userId, role }).onConflictDoNothing();
  return (await roleIn(db, workspaceId, userId))!;
}

export interface WorkspaceSummary {
  id: number;
  name: string;
  /** A person's own workspace (made at sign-up; cannot be deleted). */
  personal: boolean;
  /** This person's own workspace. */
  own: boolean;
  role: WorkspaceRole;
  members: number;
}

/** The workspaces the person is a member of, their own first, then by name. */
export async function workspacesOf(db: Db, userId: string): Promise<WorkspaceSummary[]> {
  const rows = await db
    .select({
      id: workspace.id,
      name: workspace.name,
      personalOf: workspace.personalOf,
      role: membership.role,
      members: sql<number>`(select count(*)::int from ${membership} m where m.workspace_id = ${workspace.id})`,
    })
    .from(membership)
    .innerJoin(workspace, eq(workspace.id, membership.workspaceId))
    .where(eq(membership.userId, userId))
    .orderBy(sql`${workspace.personalOf} = ${userId} desc nulls last`, workspace.name, workspace.id);
  return rows.map((r) => ({ id: r.id, name: r.name, personal: r.personalOf !== null, own: r.personalOf === userId, role: r.role, members: Number(r.members) }));
}

/** A new shared workspace with `userId` as its owner. */
export async function createWorkspace(db: Db, name: string, userId: string): Promise<number> {
  const [made] = await db.insert(workspace).values({ name }).returning({ id: workspace.id });
  await db.insert(membership).values({ workspaceId: made!.id, userId, role: "owner" });
  return made!.id;
}

export async function renameWorkspace(db: Db, workspaceId: number, name: string): Promise<void> {
  await db.update(workspace).set({ name }).where(eq(workspace.id, workspaceId));
}

/** Deletes a shared workspace and everything in it (exams, their questions, tokens, invitations). */
export async function deleteWorkspace(db: Db, workspaceId: number): Promise<boolean> {
  const rows = await db.delete(workspace).where(and(eq(workspace.id, workspaceId), isNull(workspace.personalOf))).returning({ id: workspace.id });
  return rows.length > 0;
}

export async function workspaceRow(db: Db, workspaceId: number) {
  const rows = await db.select().from(workspace).where(eq(workspace.id, workspaceId));
  return rows[0] ?? null;
}

export interface MemberView {
  userId: string;
  email: string;
  name: string;
  role: WorkspaceRole;
  joinedAt: Date;
}

/** The workspace's members, owners first, then by name and address. */
export async function membersOf(db: Db, workspaceId: number): Promise<MemberView[]> {
  return db
    .select({ userId: user.id, email: user.email, name: user.name, role: membership.role, joinedAt: membership.createdAt })
    .from(membership)
    .innerJoin(user, eq(user.id, membership.userId))
    .where(eq(membership.workspaceId, workspaceId))
    .orderBy(sql`${membership.role} = 'owner' desc`, user.name, user.email);
}

/**
 * Locks the workspace's memberships for the rest of the transaction and answers whether, without
 * `userId` as an owner, at least one owner would remain: two owners demoting each other at once
 * wait for one another, so a workspace never ends up without an owner (contract 14.1.2).
 */
export async function anotherOwnerRemains(db: Db, workspaceId: number, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: membership.userId, role: membership.role })
    .from(membership)
    .where(eq(membership.workspaceId, workspaceId))
    .for("update");
  return rows.some((r) => r.role === "owner" && r.userId !== userId);
}

/** Sets a member's role; false when they are not a member. */
export async function setMemberRole(db: Db, workspaceId: number, userId: string, role: WorkspaceRole): Promise<boolean> {
  const rows = await db
    .update(membership)
    .set({ role })
    .where(and(eq(membership.workspaceId, workspaceId), eq(membership.userId, userId)))
    .returning({ userId: membership.userId });
  return rows.length > 0;
}

/** Removes a member (their session and tokens lose access to the workspace with the row). */
export async function removeMember(db: Db, workspaceId: number, userId: string): Promise<boolean> {
  const rows = await db
    .delete(membership)
    .where(and(eq(membership.workspaceId, workspaceId), eq(membership.userId, userId)))
    .returning({ userId: membership.userId });
  return rows.length > 0;
}

/** How many exams the workspace holds (what deleting it would delete). */
export async function examsIn(db: Db, workspaceId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(exam).where(eq(exam.workspaceId, workspaceId));
  return rows[0]!.n;
}

/** The person's role in the workspace of an exam, with the workspace's name; null for a non-member. */
export async function roleInExam(db: Db, userId: string, examId: number): Promise<{ role: WorkspaceRole; workspace: string } | null> {
  const rows = await db
    .select({ role: membership.role, workspace: workspace.name })
    .from(exam)
    .innerJoin(membership, and(eq(membership.workspaceId, exam.workspaceId), eq(membership.userId, userId)))
    .innerJoin(workspace, eq(workspace.id, exam.workspaceId))
    .where(eq(exam.id, examId));
  return rows[0] ?? null;
}
