// A real app for one test file: the handlers of /api/json and /media wired to a real database
// (PGlite from the migrated snapshot, or the PostgreSQL test database) and a real media
// directory. Tests talk to it with HTTP requests, as a client does: by default over a real HTTP
// connection to Node's server with the production transport (server/rpc/node-adapter.ts);
// `transport: "route"` hands Web Requests to Next's route handler instead (server/rpc/web-adapter.ts).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { openPglite, openPostgres, type Db, type DbHandle } from "@/db/client";
import { user } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import { readLimits, type Limits } from "@/server/config";
import { createMediaStore } from "@/server/media/store-factory";
import { serveMedia } from "@/server/media/serve";
import type { MediaStore } from "@/server/media/store";
import type { AppContext } from "@/server/context";
import type { TrustProxy } from "@/server/net/client-address";
import { BodyGate } from "@/server/body-gate";
import { createNodeRpcHandler } from "@/server/rpc/node-adapter";
import { createRpcHandler } from "@/server/rpc/web-adapter";
import { createContentParser } from "@/server/workers/content-parser";
import { parseWorkerScript } from "@/server/workers/script";
import type { Reply, ReplyTo } from "./reply";

export const DB_KIND = (process.env.TEST_DB ?? "pglite") as "pglite" | "postgres";

/** An HTTP answer of /api/json; `B` is the parsed body (one envelope unless a test says otherwise). */
export interface RpcReply<B = Reply> {
  status: number;
  headers: Headers;
  body: B;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** One JSON-RPC call with this user's token; returns the parsed envelope. */
  call<M extends string>(method: M, params?: unknown): Promise<ReplyTo<M>>;
}

export interface TestApp {
  app: AppContext;
  db: Db;
  mediaDir: string;
  handle(req: Request): Promise<Response>;
  /** POST a raw body (string or JSON value) to /api/json. */
  post<B = Reply>(body: unknown, init?: { headers?: Record<string, string>; raw?: boolean }): Promise<RpcReply<B>>;
  getMedia(stored: string): Promise<Response>;
  newUser(): Promise<TestUser>;
  close(): Promise<void>;
}

/** The test database; `postgresUrl`: another PostgreSQL database (migrated) instead of the project's. */
export async function openTestDb(postgresUrl?: string): Promise<DbHandle> {
  if (postgresUrl) return openPostgres(postgresUrl, { migrate: false, poolSize: 10 });
  if (DB_KIND === "postgres") return openPostgres(inject("postgresUrl"), { migrate: false, poolSize: 10 });
  const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
  return openPglite({ loadDataDir: new Blob([snapshot]), migrate: false });
}

/**
 * `media` replaces the disk store (e.g. an S3 store); `mediaDir` is then still created, and
 * stays empty unless something writes to disk that should not.
 */
export type TestTransport = "node" | "route";

/** Serves `getApp` over HTTP on a free local port; `handle` sends a Request there with fetch. */
async function nodeTransport(getApp: () => Promise<AppContext>, trustProxy: TrustProxy | null) {
  const server = http.createServer(createNodeRpcHandler(getApp, { trustProxy }));
  // fetch keeps an idle connection until shortly before the server's announced keep-alive timeout
  // (Node's default: 5 s). On a loaded machine the two timers drift apart, and a request sent on a
  // connection the server is just closing fails with EPIPE or ECONNRESET before it reaches the
  // app (seen in CI). No test file idles for ten minutes; close() ends every connection anyway.
  server.keepAliveTimeout = 600_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    handle: (req: Request) => fetch(new Request(base + new URL(req.url).pathname, req)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `trustProxy`: whose X-Forwarded-For names the client (TRUST_PROXY); none by default.
 * The per-address limit on unknown tokens (`limits.badTokens`) is off unless a test sets it: every
 * test talks from 127.0.0.1 and, on PostgreSQL, every file shares one database, so the refusals
 * that other tests check on purpose would add up to it.
 */
export async function createTestApp(
  opts: {
    limits?: Partial<Limits>;
    media?: MediaStore;
    transport?: TestTransport;
    trustProxy?: TrustProxy | null;
    /** A PostgreSQL database of the test's own (see openTestDb). */
    postgresUrl?: string;
    /**
     * questionCreate's and questionUpdate's similar_question advice (contract 15.2 point 3). Off
     * unless asked for: most test files write many questions of one text ("What is 2 + 2?") in
     * one workspace and check the warnings of their own rule exactly; the advice is tested in
     * tests/integration/question-duplicates.test.ts, which turns it on.
     */
    similarQuestionAdvice?: boolean;
  } = {},
): Promise<TestApp> {
  const handle = await openTestDb(opts.postgresUrl);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "exam-media-"));
  const limits = { ...readLimits({}), badTokens: Number.POSITIVE_INFINITY, ...opts.limits };
  const parser = createContentParser(parseWorkerScript(), limits);
  const app: AppContext = {
    db: handle.db,
    countersDb: handle.counters,
    media: opts.media ?? createMediaStore({ MEDIA_DIR: mediaDir }),
    limits,
    parser,
    bodyGate: new BodyGate(limits.inflightBodyBytes),
    similarQuestionAdvice: opts.similarQuestionAdvice ?? false,
  };
  const getApp = async () => app;
  const trustProxy = opts.trustProxy ?? null;
  const transport =
    opts.transport === "route"
      ? { handle: createRpcHandler(getApp, { trustProxy }), close: async () => {} }
      : await nodeTransport(getApp, trustProxy);
  const handle_ = transport.handle;

  async function post<B = Reply>(
    body: unknown,
    init: { headers?: Record<string, string>; raw?: boolean } = {},
  ): Promise<RpcReply<B>> {
    const res = await handle_(
      new Request("http://test.local/api/json", {
        method: "POST",
        headers: { "content-type": "application/json", ...init.headers },
        body: init.raw ? (body as string) : JSON.stringify(body),
      }),
    );
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as B };
  }

  let seq = 0;
  return {
    app,
    db: handle.db,
    mediaDir,
    handle: handle_,
    post,
    getMedia: (stored) => serveMedia(app, stored.replace(/^\/media\//, "")),
    async newUser() {
      const id = randomUUID();
      const email = `user-${id}@example.test`;
      await handle.db.insert(user).values({ id, name: email, email });
      const { token } = await createApiToken(handle.db, id, "test");
      return {
        id,
        email,
        token,
        async call<M extends string>(method: M, params: unknown = {}) {
          const reply = await post<ReplyTo<M>>({ jsonrpc: "2.0", id: ++seq, accessToken: token, method, params });
          return reply.body;
        },
      };
    },
    async close() {
      await transport.close();
      await parser.close();
      await handle.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** A valid examCreate `exam` object, with overrides. */
export function examInput(overrides: Record<string, unknown> = {}) {
  return {
    type: 2,
    title: "Networking Basics",
    category: "Networking",
    code: "NET-101",
    evaluation_method: 1,
    passing_score: 70,
    ...overrides,
  };
}
