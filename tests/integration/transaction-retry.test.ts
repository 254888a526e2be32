// A call whose transaction PostgreSQL picks as a deadlock victim is retried, and what the failed
// attempt reported is taken back (server/data/transaction.ts). Only PostgreSQL can deadlock:
// PGlite runs one transaction at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { exam } from "@/db/schema";
import { runTransaction } from "@/server/data/transaction";
import { createTestApp, DB_KIND, examInput, type TestApp } from "../support/test-app";
import { ok } from "../support/exam-test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const touch = (db: typeof t.db, id: number) =>
  db
    .update(exam)
    .set({ title: sql`${exam.title}` })
    .where(eq(exam.id, id));

const rowsOf = (result: unknown) => result as unknown as Record<string, unknown>[];

/** Polls pg_locks (from the given connection) until the backend `pid` waits for a lock. */
async function untilWaiting(db: typeof t.db, pid: number) {
  for (let i = 0; i < 1000; i++) {
    if (rowsOf(await db.execute(sql`select 1 from pg_locks where pid = ${pid} and not granted`)).length > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the first transaction did not come to wait for its lock within 10 s");
}

describe("deadlock victims", () => {
  it.skipIf(DB_KIND !== "postgres")("are retried, and the aborted attempt's warnings are taken back", async () => {
    const u = await t.newUser();
    const x = ok(await u.call("exam.examCreate", { exam: examInput({ title: "X" }) })).exam.id;
    const y = ok(await u.call("exam.examCreate", { exam: examInput({ title: "Y" }) })).exam.id;

    let attempts = 0;
    let other!: Promise<void>;
    const warnings: string[] = [];
    const failures: unknown[] = [];
    const result = await runTransaction(
      t.db,
      async (tx) => {
        attempts++;
        warnings.push(`attempt ${attempts}`);
        // Later attempts start once the other transaction has ended, whatever the machine's load.
        if (attempts > 1) await other.catch(() => {});
        await touch(tx, x);
        if (attempts === 1) {
          const pid = Number(rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
          // Another transaction holds y and, once this one is seen waiting for y, asks for x: a
          // cycle. This transaction waited first, so its deadlock check fires first and it is the
          // victim. Waiting for the lock wait itself, not for a fixed delay, keeps the order on a
          // loaded machine.
          let holdsY!: () => void;
          const yHeld = new Promise<void>((r) => (holdsY = r));
          other = t.db.transaction(async (o) => {
            await touch(o, y);
            holdsY();
            await untilWaiting(o, pid);
            await touch(o, x);
          });
          await yHeld;
        }
        try {
          await touch(tx, y);
        } catch (error) {
          failures.push(
            (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
          );
          throw error;
        }
        return "done";
      },
      warnings,
    );
    await other;
    expect(result).toBe("done");
    expect(attempts, `the failed attempts' error codes: ${failures.join(", ")}`).toBe(2);
    expect(warnings).toEqual(["attempt 2"]);
  });
});
