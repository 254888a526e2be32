// Workspaces (contract 14.1): every person has their own, made when it is first needed (sign-up,
// a first token, a first exam) and owned by them; shared ones are made to work together.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { membership, user, workspace, type WorkspaceRole } from "@/db/schema";
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
 * The workspace a call that names none works in (examCreate, examList): a token's own, the web
 * app's person's own workspace; checked for the role the call needs (-32003 otherwise).
 */
export async function callerWorkspace(db: Db, who: Who): Promise<number> {
  const id = who.actor.workspaceId ?? (await personalWorkspace(db, who.actor.userId));
  if (!(await authorizeInWorkspace(db, who, id))) throw forbidden("you are no longer a member of this token's workspace");
  return id;
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
