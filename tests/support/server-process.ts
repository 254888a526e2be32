// App servers as separate OS processes for the tests that must kill one (contract 11.3) or run
// several on one database (11.4): tests/support/durability-server.ts (the production /api/json
// transport, database opening and GET /media) in a child process, HTTP to it with a connection
// pool of its own, and the fresh databases and directories they run on. A test file using these
// calls cleanUpServerProcesses in its afterAll.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, inject } from "vitest";
import { openPglite, openPostgres, type DbHandle } from "@/db/client";
import { user } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import type { ReplyTo, ResultIn } from "./reply";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const SERVER_ENTRY = path.join(ROOT, "tests", "support", "durability-server.ts");
// Ports 3150-3159 belong to the tests that start server processes; each has its own, since the
// pglite and postgres projects may run at the same time.
export const PORT = {
  pglite: 3150,
  postgres: 3151,
  processA: 3152,
  processB: 3153,
  nextStart: 3154,
  connectionLoss: 3155,
} as const;

// ---------------------------------------------------------------------------------------------
// Server processes

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  agent: http.Agent;
  output(): string;
}

const started = new Set<ChildProcess>();
const tempDirs: string[] = [];
const dropDatabases: (() => Promise<void>)[] = [];
/** For the test file's afterAll: what it started, created and made is ended, dropped and removed. */
export async function cleanUpServerProcesses(): Promise<void> {
  // Only the processes this file started, by their own handle; normally all have ended already.
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const drop of dropDatabases.splice(0)) await drop();
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Starts the server entry in a child process and resolves once it listens. */
export function startServer(port: number, env: Record<string, string | undefined>): Promise<ServerProcess> {
  return spawnServer(["--import", "tsx", SERVER_ENTRY], port, env, (output) => output.includes(`listening ${port}`));
}

/**
 * Runs `node ...args` with `env` (over this process's) and PORT, and resolves once `ready` says
 * its output shows it serves; `startupMs` bounds the wait.
 */
export async function spawnServer(
  args: string[],
  port: number,
  env: Record<string, string | undefined>,
  ready: (output: string) => boolean,
  startupMs = 60_000,
): Promise<ServerProcess> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env, PORT: String(port) }))
    if (v !== undefined) childEnv[k] = v;
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server on port ${port} did not start within ${startupMs / 1000} s:\n${output}`)),
      startupMs,
    );
    child.stderr!.on("data", (d) => (output += d));
    child.stdout!.on("data", (d) => {
      output += d;
      if (ready(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server on port ${port} ended at start-up (${signal ?? `code ${code}`}):\n${output}`));
    });
  });
  // A connection pool of this server's own: after a kill, no client socket outlives its server.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return { port, child, exited, agent, output: () => output };
}

/**
 * SIGTERM (a clean stop: the entry closes the database) and wait for the exit, with `code`
 * (`next start` exits 143, 128 + SIGTERM, after its clean-up).
 */
export async function stopServer(s: ServerProcess, code = 0): Promise<void> {
  s.child.kill("SIGTERM");
  const exit = await s.exited;
  s.agent.destroy();
  expect(exit, s.output()).toEqual({ code, signal: null });
}

export function request(
  s: ServerProcess,
  method: "GET" | "POST",
  urlPath: string,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: s.port,
        method,
        path: urlPath,
        agent: s.agent,
        headers:
          body === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        // A response counts only when it arrived whole: a body cut off by the kill rejects.
        res.on("end", () =>
          res.complete
            ? resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) })
            : reject(new Error("response cut off")),
        );
        res.on("error", reject);
        res.on("aborted", () => reject(new Error("response aborted")));
      },
    );
    // Which server, and how it was: a connection reset or hung up says nothing of either.
    req.on("error", (error) => {
      const state =
        s.child.exitCode !== null || s.child.signalCode !== null
          ? `ended (${s.child.signalCode ?? `code ${s.child.exitCode}`})`
          : "running";
      reject(
        new Error(
          `${method} ${urlPath} to the server on port ${s.port} (${state}): ${error.message}; its output ends:\n${s.output().slice(-2000)}`,
          { cause: error },
        ),
      );
    });
    req.end(body);
  });
}

let rpcSeq = 0;
export async function rpc<M extends string>(
  s: ServerProcess,
  token: string,
  method: M,
  params: unknown,
): Promise<{ status: number; body: ReplyTo<M> }> {
  const reply = await request(
    s,
    "POST",
    "/api/json",
    JSON.stringify({ jsonrpc: "2.0", id: ++rpcSeq, accessToken: token, method, params }),
  );
  return { status: reply.status, body: JSON.parse(reply.body.toString("utf8")) as ReplyTo<M> };
}

/** A call that must succeed (after the restart, or while setting up). */
export async function okCall<M extends string>(
  s: ServerProcess,
  token: string,
  method: M,
  params: unknown,
): Promise<ResultIn<ReplyTo<M>>> {
  const { body } = await rpc(s, token, method, params);
  if (!body.result || body.error) throw new Error(`${method} failed: ${JSON.stringify(body)}`);
  return body.result as ResultIn<ReplyTo<M>>;
}

// ---------------------------------------------------------------------------------------------
// Databases

/** A fresh PostgreSQL database on the test server (dropped in afterAll), migrated. */
async function freshPostgres(): Promise<string> {
  const url = new URL(inject("postgresUrl"));
  const name = `exam_durability_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const { default: postgres } = await import("postgres");
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  dropDatabases.push(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { poolSize: 1 });
  await handle.close();
  return url.toString();
}

/** A DATA_DIR holding the migrated embedded database (from the project's snapshot). */
async function freshDataDir(): Promise<string> {
  const dataDir = tempDir("exam-durability-");
  const snapshot = new Blob([fs.readFileSync(inject("pgliteSnapshot"))]);
  const handle = await openPglite({ dataDir: path.join(dataDir, "pglite"), loadDataDir: snapshot, migrate: false });
  await handle.close();
  return dataDir;
}

export interface Target {
  /** The server's environment: the database, the media directory, no rate limit. */
  env: Record<string, string | undefined>;
  mediaDir: string;
  /** Opens the database in this process (the embedded one only while no server holds it). */
  open(): Promise<DbHandle>;
}

export async function postgresTarget(): Promise<Target> {
  const url = await freshPostgres();
  const mediaDir = tempDir("exam-durability-media-");
  return {
    env: {
      DATABASE_URL: url,
      MEDIA_DIR: mediaDir,
      DATA_DIR: tempDir("exam-durability-data-"),
      RATE_LIMIT_PER_MINUTE: "0",
    },
    mediaDir,
    open: () => openPostgres(url, { migrate: false, poolSize: 2 }),
  };
}

export async function pgliteTarget(): Promise<Target> {
  const dataDir = await freshDataDir();
  return {
    // MEDIA_DIR unset: the default, $DATA_DIR/media, as `npm start` on the embedded database.
    env: { DATABASE_URL: undefined, MEDIA_DIR: undefined, DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: "0" },
    mediaDir: path.join(dataDir, "media"),
    open: () => openPglite({ dataDir: path.join(dataDir, "pglite"), migrate: false }),
  };
}

/** A user with `n` API tokens (one per client), written before the server starts. */
export async function userWithTokens(target: Target, n: number): Promise<{ userId: string; tokens: string[] }> {
  const handle = await target.open();
  try {
    const userId = `durability-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
    await handle.db.insert(user).values({ id: userId, name: "durability", email: `${userId}@example.test` });
    const tokens: string[] = [];
    for (let i = 0; i < n; i++) tokens.push((await createApiToken(handle.db, userId, `client ${i}`)).token);
    return { userId, tokens };
  } finally {
    await handle.close();
  }
}
