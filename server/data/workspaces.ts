// Workspaces (contract 14.1): every person has their own, made when it is first needed (sign-up,
// a first token, a first exam) and owned by them; shared ones are made to work together.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { membership, user, workspace } from "@/db/schema";

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
