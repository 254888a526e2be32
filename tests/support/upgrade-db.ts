// A database as an older release left it: the committed migrations up to a given one, on an
// empty database of the kind under test (a new PGlite in memory, or a new database on the
// PostgreSQL server of TEST_DATABASE_URL), so that a test can fill it with that release's rows and
// then apply the remaining migrations as a new release's start-up would.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, inject } from "vitest";
import { MIGRATIONS_DIR, openPglite, openPostgres, type Db, type DbHandle } from "@/db/client";
import { DB_KIND } from "./test-app";

interface Journal {
  entries: { tag: string }[];
}

/** A folder with the committed migrations up to and including `lastTag`, and its journal cut there. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exam-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as Journal;
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end === -1) throw new Error(`no migration ${lastTag}`);
  const kept = journal.entries.slice(0, end + 1);
  for (const e of kept) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  return dir;
}

export interface OldDatabase {
  db: Db;
  /** Applies every committed migration not yet applied, as the app does when it starts. */
  upgrade(): Promise<void>;
  close(): Promise<void>;
}

/** An empty database of the kind under test, and how to drop it. */
async function emptyDatabase(): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (DB_KIND === "pglite") return { handle: await openPglite({ migrate: false }), drop: async () => {} };
  const server = new URL(inject("postgresUrl"));
  const name = `exam_upgrade_${process.pid}_${Date.now()}`;
  const { default: postgres } = await import("postgres");
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    handle: await openPostgres(url.toString(), { poolSize: 2, migrate: false }),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function databaseAt(lastTag: string): Promise<OldDatabase> {
  const folder = migrationsUpTo(lastTag);
  const { handle, drop } = await emptyDatabase();
  // Each driver has its own migrator; both keep drizzle's journal table the same way.
  const { migrate } =
    DB_KIND === "pglite"
      ? await import("drizzle-orm/pglite/migrator")
      : await import("drizzle-orm/postgres-js/migrator");
  const migrateFrom = (migrationsFolder: string) => migrate(handle.db as never, { migrationsFolder });
  await migrateFrom(folder);
  return {
    db: handle.db,
    upgrade: () => migrateFrom(MIGRATIONS_DIR),
    close: async () => {
      await handle.close();
      await drop();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: a database at `lastTag`, opened before its tests and closed after them. `db()`
 * is its handle, `rows()` runs a raw statement and answers its rows on either driver.
 */
export function databaseBefore(lastTag: string) {
  let old: OldDatabase | undefined;
  beforeAll(async () => {
    old = await databaseAt(lastTag);
  });
  afterAll(() => old?.close());
  const opened = () => {
    if (!old) throw new Error("the old database is opened in beforeAll");
    return old;
  };
  return {
    db: () => opened().db,
    upgrade: () => opened().upgrade(),
    async rows(query: SQL): Promise<Record<string, unknown>[]> {
      const result = (await opened().db.execute(query)) as unknown;
      return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
    },
  };
}
