// The attempt counters behind every sign-in, sign-up and bad-token limit, in the database so that
// every app process counts together (contract 11.4). Each counter is a row (scope, key): the
// rule's decision is made in throttle-rule.ts on the row as read, and written back only if the
// row is still as read (compare and swap), so concurrent attempts cannot all pass a stale count.
// Keys are hashed: the table holds no email or address in clear. Written through the counters
// pool (`synchronous_commit = off`): a crash may forget the last few counts, nothing else.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { decideAttempt, LONGEST_MEMORY_SECONDS, type ThrottleRule, type ThrottleState } from "./throttle-rule";

export type ThrottleAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A counter: which limit, and a hash of what it counts per. */
export interface Counter {
  scope: string;
  key: string;
  rule: ThrottleRule;
}

export function counter(scope: string, rule: ThrottleRule, ...parts: string[]): Counter {
  return { scope, rule, key: createHash("sha256").update(parts.join("\n")).digest("base64url") };
}

interface Read {
  now: number;
  state: ThrottleState | null;
}

async function read(db: Db, c: Counter): Promise<Read> {
  const [row] = await executeRows<{ now_ms: string | number; count: number | null; last_ms: string | number | null }>(
    db,
    sql`select (extract(epoch from now()) * 1000)::bigint as now_ms, t.count, (extract(epoch from t.last_at) * 1000)::bigint as last_ms
        from (select 1) as one left join throttle t on t.scope = ${c.scope} and t.key = ${c.key}`,
  );
  const now = Number(row!.now_ms);
  return { now, state: row!.count === null ? null : { count: row!.count, lastAt: Number(row!.last_ms) } };
}

/** Whether an attempt would be allowed now, without counting it. */
export async function peek(db: Db, c: Counter): Promise<ThrottleAnswer> {
  const { now, state } = await read(db, c);
  const decision = decideAttempt(c.rule, state, now);
  return decision.allowed ? { allowed: true } : decision;
}

const MAX_TRIES = 20;

/** Counts an attempt worth `amount` when the rule allows it now; otherwise says how long to wait. */
export async function consume(db: Db, c: Counter, amount = 1): Promise<ThrottleAnswer> {
  for (let i = 0; i < MAX_TRIES; i++) {
    const { now, state } = await read(db, c);
    const decision = decideAttempt(c.rule, state, now, amount);
    if (!decision.allowed) return decision;
    const lastAt = sql`to_timestamp(${decision.next.lastAt}::float8 / 1000)`;
    const written = state
      ? await executeRows(
          db,
          sql`update throttle set count = ${decision.next.count}, last_at = ${lastAt}
              where scope = ${c.scope} and key = ${c.key} and count = ${state.count} and (extract(epoch from last_at) * 1000)::bigint = ${state.lastAt}
              returning 1 as ok`,
        )
      : await executeRows(
          db,
          sql`insert into throttle (scope, key, count, last_at) values (${c.scope}, ${c.key}, ${decision.next.count}, ${lastAt})
              on conflict (scope, key) do nothing returning 1 as ok`,
        );
    if (written.length === 1) return { allowed: true };
    // Another attempt changed the row between the read and the write: decide again on its result.
  }
  // Many attempts racing on one key: treat this one as refused rather than let it through uncounted.
  return { allowed: false, retryAfterSeconds: 1 };
}

/**
 * Counts one attempt against every counter, or none: when any of them refuses, the ones already
 * counted are given back and the longest wait is answered.
 */
export async function consumeAll(db: Db, counters: Counter[]): Promise<ThrottleAnswer> {
  // Checked first without writing, so a refused attempt (the common case under attack) writes nothing.
  let wait = 0;
  for (const c of counters) {
    const answer = await peek(db, c);
    if (!answer.allowed) wait = Math.max(wait, answer.retryAfterSeconds);
  }
  if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
  const counted: Counter[] = [];
  for (const c of counters) {
    const answer = await consume(db, c);
    if (!answer.allowed) {
      await refund(db, counted);
      return answer;
    }
    counted.push(c);
  }
  return { allowed: true };
}

/** Gives back one counted attempt on each counter (it turned out not to be what the limit counts). */
export async function refund(db: Db, counters: Counter[], amount = 1): Promise<void> {
  for (const c of counters) {
    await executeRows(
      db,
      sql`update throttle set count = greatest(count - ${amount}, 0) where scope = ${c.scope} and key = ${c.key} returning 1 as ok`,
    );
  }
}

/** Starts the counters over (a successful sign-in clears that account's failures from that client). */
export async function clear(db: Db, counters: Counter[]): Promise<void> {
  for (const c of counters) {
    await executeRows(db, sql`delete from throttle where scope = ${c.scope} and key = ${c.key} returning 1 as ok`);
  }
}

/** Removes counters untouched for longer than any rule remembers them. */
export async function sweepThrottle(db: Db, olderThanSeconds: number): Promise<number> {
  const rows = await executeRows(
    db,
    sql`delete from throttle where last_at < now() - make_interval(secs => ${olderThanSeconds}) returning 1 as ok`,
  );
  return rows.length;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Sweeps the counters at start-up and every hour, in the background; a failed sweep is logged and tried again later. */
export function scheduleThrottleSweep(db: Db): void {
  const run = () =>
    sweepThrottle(db, LONGEST_MEMORY_SECONDS).catch((error) =>
      console.error("Sweeping old sign-in counters failed:", error),
    );
  void run();
  setInterval(run, SWEEP_EVERY_MS).unref();
}
