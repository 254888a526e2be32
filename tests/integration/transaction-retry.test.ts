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

describe("deadlock victims", () => {
  it.skipIf(DB_KIND !== "postgres")("are retried, and the aborted attempt's warnings are taken back", async () => {
    const u = await t.newUser();
    const x = ok(await u.call("exam.examCreate", { exam: examInput({ title: "X" }) })).exam.id;
    const y = ok(await u.call("exam.examCreate", { exam: examInput({ title: "Y" }) })).exam.id;

    let attempts = 0;
    let other!: Promise<void>;
    const warnings: string[] = [];
    const result = await runTransaction(
      t.db,
      async (tx) => {
        attempts++;
        warnings.push(`attempt ${attempts}`);
        await touch(tx, x);
        if (attempts === 1) {
          // Another transaction holds y and, a moment after this one starts waiting for y,
          // asks for x: a cycle. This transaction waited first, so its deadlock check fires
          // first and it is the victim.
          let holdsY!: () => void;
          const yHeld = new Promise<void>((r) => (holdsY = r));
          other = t.db.transaction(async (o) => {
            await touch(o, y);
            holdsY();
            await new Promise((r) => setTimeout(r, 200));
            await touch(o, x);
          });
          await yHeld;
        }
        await touch(tx, y);
        return "done";
      },
      warnings,
    );
    await other;
    expect(result).toBe("done");
    expect(attempts).toBe(2);
    expect(warnings).toEqual(["attempt 2"]);
  });
});
