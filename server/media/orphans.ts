// Files that no media row records: left by a request whose transaction failed after its files
// were written (contract 8.7). They are never served (GET /media needs a row) and are removed
// here once they are older than a grace period, so a request still between writing its files
// and committing its rows never loses one.
import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { media } from "@/db/schema";
import { parseMediaName } from "./paths";
import type { MediaStore, StoredFile } from "./store";

export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

export async function removeOrphanMedia(
  db: Db,
  store: MediaStore,
  opts: { graceMs?: number; now?: number } = {},
): Promise<string[]> {
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? ORPHAN_GRACE_MS);
  const removed: string[] = [];
  let batch: StoredFile[] = [];
  const flush = async () => {
    const hashes = batch.map((f) => parseMediaName(f.name)!.hash);
    const known = new Set(
      (await db.selectDistinct({ hash: media.hash }).from(media).where(inArray(media.hash, hashes))).map((r) => r.hash),
    );
    for (const file of batch) {
      if (known.has(parseMediaName(file.name)!.hash)) continue;
      await store.delete(file.name);
      removed.push(file.name);
    }
    batch = [];
  };
  for await (const file of store.list()) {
    if (file.modifiedAt.getTime() > cutoff) continue;
    batch.push(file);
    if (batch.length >= 500) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}

const globalForCleanup = globalThis as unknown as { __examMediaCleanup?: NodeJS.Timeout };

/** Runs the clean-up now and every six hours in this process; failures are logged, never fatal. */
export function scheduleOrphanCleanup(db: Db, store: MediaStore): void {
  if (globalForCleanup.__examMediaCleanup) return;
  const run = () =>
    removeOrphanMedia(db, store)
      .then(
        (removed) => removed.length > 0 && console.log(`[media] removed ${removed.length} file(s) no row refers to`),
      )
      .catch((error) => console.error("[media] orphan clean-up failed:", error));
  void run();
  globalForCleanup.__examMediaCleanup = setInterval(run, 6 * 60 * 60 * 1000).unref();
}
