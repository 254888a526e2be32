// The process-wide AppContext: one database, one media store, the limits from the environment.
import { getDb } from "@/db/client";
import { readLimits } from "./config";
import { createMediaStore } from "./media/store-factory";
import type { AppContext } from "./operations/define";

const globalForApp = globalThis as unknown as { __examApp?: Promise<AppContext> };

export function getAppContext(): Promise<AppContext> {
  globalForApp.__examApp ??= (async () => {
    const limits = readLimits();
    const { db, counters } = await getDb();
    return { db, countersDb: counters, media: createMediaStore(), limits };
  })();
  return globalForApp.__examApp;
}
