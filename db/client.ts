// The one place that chooses the database driver: PGlite (embedded, in DATA_DIR) when
// DATABASE_URL is unset, postgres.js when it is set. Both get the same committed migrations.
import path from "node:path";
import fs from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Schema = typeof schema;
/** A database or an open transaction: every query function takes one of these first. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  /**
   * For usage counters (token last use, rate-limit counts): on PostgreSQL a small pool whose
   * commits do not wait for the disk, so a hot token row is never held across an fsync. Losing
   * the last few counts in a crash is acceptable; every other write goes through `db`.
   */
  counters: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "db", "migrations");

/** Opens PostgreSQL through postgres.js and applies migrations (serialised across processes). */
export async function openPostgres(
  url: string,
  opts: { poolSize?: number; migrate?: boolean } = {},
): Promise<DbHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const sql = postgres(url, {
    max: opts.poolSize ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
    onnotice: () => {},
    // No JIT: every statement of this app is short, and when the planner's estimate crosses
    // jit_above_cost (stale statistics on a growing table are enough) compiling one costs
    // 200-350 ms, a hundred times what a page of questionList takes to run.
    connection: { application_name: "exam-studio", jit: "off" },
  });
  const db = drizzle(sql, { schema });
  if (opts.migrate !== false) {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // Several app processes may start at once against one server: an advisory lock, held on a
    // one-connection client that also runs the migrations, applies them one process at a time.
    const single = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await single`select pg_advisory_lock(727274001)`;
      await migrate(drizzle(single, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await single.end({ timeout: 5 });
    }
  }
  const countersSql = postgres(url, {
    max: 4,
    onnotice: () => {},
    connection: { application_name: "exam-studio-counters", synchronous_commit: "off", jit: "off" },
  });
  const counters = drizzle(countersSql, { schema });
  return {
    db: db as unknown as Db,
    counters: counters as unknown as Db,
    kind: "postgres",
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), countersSql.end({ timeout: 5 })]);
    },
  };
}

/** Opens (or creates) the embedded database. `loadDataDir` starts from a dumped snapshot (tests). */
export async function openPglite(
  opts: { dataDir?: string; loadDataDir?: Blob; migrate?: boolean } = {},
): Promise<DbHandle & { pglite: import("@electric-sql/pglite").PGlite }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // The extensions the migrations create (0007: questionSearch and near duplicates).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { fuzzystrmatch } = await import("@electric-sql/pglite/contrib/fuzzystrmatch");
  const pglite = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm, fuzzystrmatch },
  });
  const db = drizzle(pglite, { schema });
  if (opts.migrate !== false) {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  }
  return {
    db: db as unknown as Db,
    counters: db as unknown as Db,
    kind: "pglite",
    pglite,
    close: () => pglite.close(),
  };
}

interface PostgresJsClient {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]>;
}

const dialect = new PgDialect();

/**
 * The rows of a raw statement (server/data/raw-rows.ts maps them to a table's rows). On
 * PostgreSQL it goes to postgres.js as a prepared statement, so the server parses and plans these
 * (long) statements once per connection, not on every call as it does for drizzle's unnamed
 * statements. A transaction, and PGlite, go through drizzle.
 */
export async function executeRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: Partial<PostgresJsClient> }).$client;
  if (typeof client?.unsafe === "function") {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await (client as PostgresJsClient).unsafe(text, params, { prepare: true })) as T[];
  }
  // postgres.js answers an array, PGlite an object with `rows`.
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A json value as a driver answers it: parsed already by both drivers, or text when a driver does not. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/** The value of one scalar SQL expression, read in a statement of its own (a json value parsed). */
export async function selectValue<T>(db: Db, expression: SQL): Promise<T> {
  const [row] = await executeRows<{ value: unknown }>(db, sql`select ${expression} as value`);
  return jsonValue<T>(row!.value);
}

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  // Resolved at run time; the ignore comment keeps the bundler from tracing the whole project.
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || "./data");
}

export function pgliteDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(dataDir(env), "pglite");
}

/** Opens the database the environment names. */
export async function openFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<DbHandle> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  const { claimEmbeddedDatabase } = await import("./embedded-lock");
  claimEmbeddedDatabase(pgliteDir(env));
  return openPglite({ dataDir: pgliteDir(env) });
}

// One database per process (PGlite must never be opened twice on one directory).
const globalForDb = globalThis as unknown as { __examDb?: Promise<DbHandle> };

export function getDb(): Promise<DbHandle> {
  globalForDb.__examDb ??= openFromEnv();
  return globalForDb.__examDb;
}
