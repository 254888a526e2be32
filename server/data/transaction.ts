// One transaction per call, retried when PostgreSQL aborts it as a deadlock victim or for a
// serialization failure: both mean "nothing was written, try again". Such a conflict is rare
// (an exam deleted while questions are being added to it) and never reaches the client.
import type { Db } from "@/db/client";

const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

function isRetryable(error: unknown): boolean {
  for (let e: any = error; e; e = e.cause) if (RETRYABLE.has(e.code)) return true;
  return false;
}

export async function runTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db));
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}
