// Ids reserved in blocks (server/data/id-reserve.ts): every id handed out is a fresh value of the
// sequence, never handed out twice, whatever the interleaving of callers and refills.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reserveIds } from "@/server/data/id-reserve";
import { executeRows } from "@/db/client";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("reserveIds", () => {
  it("hands out distinct ids, rising within each call, across refills and concurrent callers", async () => {
    const calls = await Promise.all(
      Array.from({ length: 40 }, (_, i) => reserveIds(t.db, "answer_id_seq", 1 + (i % 7), 16)),
    );
    const all = calls.flat();
    expect(all).toHaveLength(calls.reduce((n, c) => n + c.length, 0));
    expect(new Set(all).size).toBe(all.length);
    for (const ids of calls) expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // Each id came from the sequence: none is above its current value.
    const [{ value }] = (await executeRows<{ value: string | number }>(
      t.db,
      sql`select last_value as value from answer_id_seq`,
    )) as [{ value: string | number }];
    expect(Math.max(...all)).toBeLessThanOrEqual(Number(value));
  });

  it("a request larger than a block is served whole", async () => {
    const ids = await reserveIds(t.db, "question_id_seq", 50, 8);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
  });

  it("ids drawn here are never given to a row the database numbers itself", async () => {
    const reserved = await reserveIds(t.db, "question_id_seq", 3);
    const [{ id }] = (await executeRows<{ id: string | number }>(
      t.db,
      sql`select nextval('question_id_seq') as id`,
    )) as [{ id: string | number }];
    expect(reserved).not.toContain(Number(id));
    expect(Number(id)).toBeGreaterThan(Math.max(...reserved));
  });
});
