// Media rows: who may reference which stored file, and its detected type and image size.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { media } from "@/db/schema";

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export async function findOwnedMedia(db: Db, ownerId: string, hashes: string[]): Promise<MediaRow[]> {
  if (hashes.length === 0) return [];
  return db.select().from(media).where(and(eq(media.ownerId, ownerId), inArray(media.hash, hashes)));
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
