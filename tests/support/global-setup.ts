// Once per integration project: prepare a migrated database that each test file starts from.
// PGlite: migrate once and dump the data directory (a fresh initdb takes seconds, a snapshot
// load well under one). PostgreSQL: a brand-new database on TEST_DATABASE_URL's server,
// migrated with the committed migrations and dropped at the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (project.name === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `exam_test_${process.pid}_${Date.now()}`;
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), { poolSize: 1 });
    await handle.close();
    project.provide("postgresUrl", url.toString());
    project.provide("pgliteSnapshot", "");
    return async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const handle = await openPglite();
  const dump = await handle.pglite.dumpDataDir("none");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "exam-pglite-")), "snapshot.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteSnapshot", file);
  project.provide("postgresUrl", "");
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
