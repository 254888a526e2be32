// Media rows: who may reference which stored file, and its detected type and image size.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { media, membership } from "@/db/schema";
import type { Actor } from "../context";

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

/**
 * The stored files among `hashes` that the caller may reference: uploaded by the caller or by
 * anyone they share a workspace with (a token: its own workspace only), so that members edit each
 * other's content with its images. One row per file (the earliest upload).
 */
export async function findOwnedMedia(db: Db, actor: Actor, hashes: string[]): Promise<MediaRow[]> {
  if (hashes.length === 0) return [];
  const colleagues = db
    .select({ userId: sql`m2.user_id` })
    .from(sql`${membership} m1 join ${membership} m2 on m2.workspace_id = m1.workspace_id`)
    .where(actor.workspaceId == null ? sql`m1.user_id = ${actor.userId}` : sql`m1.user_id = ${actor.userId} and m1.workspace_id = ${actor.workspaceId}`);
  const rows = await db
    .select()
    .from(media)
    .where(and(inArray(media.hash, hashes), or(eq(media.ownerId, actor.userId), inArray(media.ownerId, colleagues))))
    .orderBy(media.createdAt);
  const byHash = new Map<string, MediaRow>();
  for (const row of rows) if (!byHash.has(row.hash)) byHash.set(row.hash, row);
  return [...byHash.values()];
}

/** Any row for the file: GET /media serves only what the database records. */
export async function findMediaByHash(db: Db, hash: string): Promise<MediaRow | null> {
  const rows = await db.select().from(media).where(eq(media.hash, hash)).limit(1);
  return rows[0] ?? null;
}

export async function insertMedia(db: Db, rows: NewMediaRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(media).values(rows).onConflictDoNothing();
}
