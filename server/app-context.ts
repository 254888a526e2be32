// The process-wide AppContext: one database, one media store, the limits from the environment.
import { getDb } from "@/db/client";
import { readLimits } from "./config";
import { backfillSearchText, backfillSimilarityKeys } from "./data/search-text";
import { createMediaStore } from "./media/store-factory";
import type { AppContext } from "./context";
import { BodyGate } from "./body-gate";
import { createContentParser } from "./workers/content-parser";
import { parseWorkerScript } from "./workers/script";

const globalForApp = globalThis as unknown as { __examApp?: Promise<AppContext> };

export function getAppContext(): Promise<AppContext> {
  globalForApp.__examApp ??= (async () => {
    const limits = readLimits();
    const { db, counters } = await getDb();
    // Questions written before their search texts and similarity keys existed get them now (data/search-text.ts).
    await backfillSearchText(db);
    await backfillSimilarityKeys(db);
    const parser = createContentParser(parseWorkerScript(), limits);
    return {
      db,
      countersDb: counters,
      media: createMediaStore(),
      limits,
      parser,
      bodyGate: new BodyGate(limits.inflightBodyBytes),
    };
  })();
  return globalForApp.__examApp;
}

const globalForAccounts = globalThis as unknown as { __examAccounts?: Promise<import("./auth/accounts").Accounts> };

/** The process-wide accounts (sign-up, sign-in, sessions) on the same database. */
export function getAccounts() {
  globalForAccounts.__examAccounts ??= (async () => {
    const { createAccounts, authSecret } = await import("./auth/accounts");
    const { readSite } = await import("./site");
    const { readTrustProxy } = await import("./net/client-address");
    const { db, countersDb, limits } = await getAppContext();
    return createAccounts(db, {
      secret: authSecret(),
      site: readSite(),
      trustProxy: readTrustProxy(),
      countersDb,
      signUps: limits.signUps,
    });
  })();
  return globalForAccounts.__examAccounts;
}
