// npm run bench:draw — how long exam.examDraw takes in a workspace of 100,000 questions
// (contract 15.2 point 6: under 50 ms). Seeds one workspace on PostgreSQL directly (90 exams of
// 1,000 questions and one of 10,000, each with a blueprint of five weighted domains and a tenth
// of its questions unassigned), then calls exam.examDraw over HTTP, through the production
// transport (server/rpc/node-adapter.ts), with a new seed each call, one call at a time, and
// prints the latency of the calls as a client sees them: p50, p95, p99 and the slowest. Then the
// operation alone (executeOperation: the exam's lookup, the pool's statement and the draw, without
// HTTP and the token check), to show where the time goes. The machine's load average is printed
// with them: on a shared machine it explains more of the numbers than the code does.
//   BENCH_PG_URL        server to use (default postgres://postgres@127.0.0.1:5432/postgres); a
//                       fresh database is created on it and dropped at the end
//   BENCH_DRAW_DB_URL   an existing database to use instead (migrated if needed); the bench's
//                       author, workspace and exams are deleted at the end
//   BENCH_DRAW_CALLS    timed calls per exam (default 300, after 30 to warm up)
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { executeRows, openPostgres } from "../db/client";
import { user } from "../db/schema";
import { buildWorker } from "../scripts/build-worker.mjs";
import { createApiToken } from "../server/auth/tokens";
import { BodyGate } from "../server/body-gate";
import { readLimits } from "../server/config";
import type { AppContext } from "../server/context";
import { personalWorkspace } from "../server/data/workspaces";
import { createMediaStore } from "../server/media/store-factory";
import { executeOperation } from "../server/operation";
import { examDraw } from "../server/operations/exam-draw";
import { createNodeRpcHandler } from "../server/rpc/node-adapter";
import { createContentParser } from "../server/workers/content-parser";
import { parseWorkerScript } from "../server/workers/script";

const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CALLS = Number(process.env.BENCH_DRAW_CALLS ?? 300);
const WARM_UP = 30;
/** The workspace: exams of these sizes, 100,000 questions in all. */
const EXAMS = [10_000, ...Array.from({ length: 90 }, () => 1_000)];
/** Each exam's blueprint (weights summing to 100). */
const WEIGHTS = [30, 25, 20, 15, 10];
const GOAL_MS = 50;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** A fresh database on the server, or the one BENCH_DRAW_DB_URL names; `drop` removes what the bench made. */
async function database(): Promise<{ url: string; drop(): Promise<void> }> {
  if (process.env.BENCH_DRAW_DB_URL) return { url: process.env.BENCH_DRAW_DB_URL, drop: async () => {} };
  const name = `exam_draw_bench_${process.pid}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function main() {
  const target = await database();
  const handle = await openPostgres(target.url, { migrate: true, poolSize: 10 });
  const db = handle.db;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "exam-draw-bench-"));
  const userId = randomUUID();
  let server: http.Server | null = null;
  try {
    // The author and their workspace, seeded directly: the bench measures the draw, not the writes.
    const email = `draw-bench-${userId}@example.test`;
    await db.insert(user).values({ id: userId, name: "Draw bench", email });
    const workspaceId = await personalWorkspace(db, userId);
    const { token } = await createApiToken(db, userId, "draw bench", null, { workspaceId });
    const started = Date.now();
    const examIds: number[] = [];
    for (const [i, size] of EXAMS.entries()) {
      const [exam] = await executeRows<{ id: number }>(
        db,
        sql`
        insert into exam (owner_id, workspace_id, type, title, category, code, evaluation_method, passing_score, question_count, next_position, version_by)
        values (${userId}, ${workspaceId}, 2, ${`Draw bench ${i}`}, 'Bench', ${`DB-${i}`}, 1, 70, ${size}, ${size + 1}, ${userId})
        returning id`,
      );
      const examId = exam!.id;
      examIds.push(examId);
      const domains = await executeRows<{ id: number }>(
        db,
        sql`
        insert into exam_domain (exam_id, position, code, name, weight)
        select ${examId}, p, (p + 1)::text || '.0', 'Domain ' || (p + 1)::text, (${JSON.stringify(WEIGHTS)}::jsonb ->> p)::int
        from generate_series(0, ${WEIGHTS.length - 1}) as p
        returning id`,
      );
      const domainIds = domains.map((d) => d.id);
      // Question n (1-based) is unassigned when n is a multiple of 10, else in domain n mod 5.
      await db.execute(sql`
        insert into question (exam_id, position, type, question, explanation, points, properties, domain_id, version_by)
        select ${examId}, n, 1, '<p>Bench question ' || n || '</p>', '', 1, '{}'::jsonb,
          case when n % 10 = 0 then null else (${JSON.stringify(domainIds)}::jsonb ->> (n % 5))::int end, ${userId}
        from generate_series(1, ${size}) as n`);
    }
    await db.execute(sql`analyze exam; analyze exam_domain; analyze question`);
    console.log(
      `seeded ${EXAMS.reduce((t, n) => t + n, 0).toLocaleString("en")} questions in ${EXAMS.length} exams in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    await buildWorker();
    const limits = { ...readLimits({}), ratePerMinute: Number.POSITIVE_INFINITY };
    const app: AppContext = {
      db,
      countersDb: handle.counters,
      media: createMediaStore({ MEDIA_DIR: mediaDir }),
      limits,
      parser: createContentParser(parseWorkerScript(), limits),
      bodyGate: new BodyGate(limits.inflightBodyBytes),
    };
    server = http.createServer(createNodeRpcHandler(async () => app, { trustProxy: null }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/json`;

    let seed = 1;
    const call = async (examId: number) => {
      const t0 = performance.now();
      const res = await fetch(base, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: seed,
          method: "exam.examDraw",
          params: { id: examId, seed: seed++ },
        }),
      });
      const body = (await res.json()) as { result?: { questions: number[] }; error?: unknown };
      const took = performance.now() - t0;
      if (!body.result) throw new Error(`examDraw failed: ${JSON.stringify(body.error)}`);
      return { took, drawn: body.result.questions.length };
    };

    /** The operation alone, as the web app's server action runs it (a session: no token). */
    const operation = async (examId: number) => {
      const t0 = performance.now();
      const { result } = await executeOperation(app, { userId, tokenName: null }, examDraw, {
        id: examId,
        seed: seed++,
      });
      return { took: performance.now() - t0, drawn: result.questions.length };
    };

    const exams = [
      ["exam of 1,000 questions", examIds[1]!],
      ["exam of 10,000 questions", examIds[0]!],
    ] as const;
    const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;
    for (const [heading, run] of [
      [`exam.examDraw over HTTP, one call at a time, ${CALLS} calls per exam (goal: under ${GOAL_MS} ms)`, call],
      ["the operation alone (no HTTP, no token check)", operation],
    ] as const) {
      console.log(heading);
      for (const [label, examId] of exams) {
        for (let i = 0; i < WARM_UP; i++) await run(examId);
        const times: number[] = [];
        let drawn = 0;
        for (let i = 0; i < CALLS; i++) {
          const r = await run(examId);
          times.push(r.took);
          drawn = r.drawn;
        }
        times.sort((a, b) => a - b);
        const p95 = pct(times, 95);
        console.log(
          `  ${label}, ${drawn} drawn: p50 ${ms(pct(times, 50))}, p95 ${ms(p95)}, p99 ${ms(pct(times, 99))}, max ${ms(times[times.length - 1]!)}` +
            ` ${p95 < GOAL_MS ? "(p95 within the goal)" : "(p95 OVER THE GOAL)"}; ${load()}`,
        );
      }
    }
    await app.parser.close();
  } finally {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    // The exams, questions and domains go with the user (foreign keys); the workspace by hand.
    await db.execute(sql`delete from workspace where personal_of = ${userId}`).catch(() => {});
    await db.execute(sql`delete from "user" where id = ${userId}`).catch(() => {});
    await handle.close();
    await target.drop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
