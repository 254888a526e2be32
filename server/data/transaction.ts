// One transaction per call, retried when PostgreSQL aborts it as a deadlock victim or for a
// serialization failure: both mean "nothing was written, try again". Such a conflict is rare
// (an exam deleted while questions are being added to it) and never reaches the client.
import type { Db } from "@/db/client";
import { isPgError, PG_ERROR } from "./pg-errors";

const RETRYABLE = [PG_ERROR.deadlockDetected, PG_ERROR.serializationFailure];
const ATTEMPTS = 3;

const isRetryable = (error: unknown) => isPgError(error, RETRYABLE);

/**
 * Runs `fn` in a transaction. `warnings` is the call's warning list: what an aborted attempt
 * added to it is taken back before the retry, so a retried call reports each warning once.
 */
export function runTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>, warnings?: unknown[]): Promise<T> {
  return withRetries(() => db.transaction((tx) => fn(tx as unknown as Db)), warnings);
}

/** Runs one attempt after another while PostgreSQL aborts them as deadlock or serialization victims. */
export async function withRetries<T>(attempt: () => Promise<T>, warnings?: unknown[]): Promise<T> {
  const mark = warnings?.length ?? 0;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= ATTEMPTS || !isRetryable(error)) throw error;
      warnings?.splice(mark);
    }
  }
}

/**
 * Runs `fn` in a read-only transaction that sees one snapshot of the database throughout
 * (REPEATABLE READ): reads made in several statements (an export's exam, case studies, questions
 * and answers) are consistent with each other even while others write.
 */
export function readSnapshot<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return withRetries(() => db.transaction((tx) => fn(tx as unknown as Db), { isolationLevel: "repeatable read", accessMode: "read only" }));
}
