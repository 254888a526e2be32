// npm run bench:scenarios — an exam of 1,000 questions with 10 scenarios each, tested by
// exam.questionTest calls (issue 25: under 2 s in total). Seeds the exam on PostgreSQL directly
// (multiple choice questions of four answers, two of them correct, each with 10 scenarios that
// pass), then calls exam.questionTest for every question over HTTP, through the production
// transport (server/rpc/node-adapter.ts): first in JSON-RPC batches of 100 calls, then one call at
// a time; then the operation alone (executeOperation, without HTTP and the token check), to show
// where the time goes, and the scoring alone (the questions read first). Prints the total time of each run, checks that every scenario passed, and
// the machine's load average, which on a shared machine explains much of the numbers.
//   BENCH_PG_URL              server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                             a fresh database is created on it and dropped at the end
//   BENCH_SCENARIOS_DB_URL    an existing database to use instead (migrated if needed); the
//                             bench's author, workspace and exam are deleted at the end
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
import { questionTest } from "../server/operations/question-test";
import { scoringQuestionOrThrow } from "../server/data/question-scoring";
import { runGeneratedCases, runScenarios } from "../server/domain/scoring/scenarios";
import { scoredFromRow } from "../server/steps/scoring";
import { createNodeRpcHandler } from "../server/rpc/node-adapter";
import { createContentParser } from "../server/workers/content-parser";
import { parseWorkerScript } from "../server/workers/script";

const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const QUESTIONS = 1_000;
const BATCH = 100;
const GOAL_MS = 2_000;

/** Ten scenarios of a question whose answers 1 and 3 (of 4) are correct, all or nothing, 1 point. */
const SCENARIOS = [
  { name: "key", response: { answers: [1, 3] }, expected_points: 1 },
  { name: "key reversed", response: { answers: [3, 1] }, expected_points: 1 },
  { name: "first alone", response: { answers: [1] }, expected_points: 0 },
  { name: "third alone", response: { answers: [3] }, expected_points: 0 },
  { name: "a wrong one", response: { answers: [2] }, expected_points: 0 },
  { name: "key and a wrong one", response: { answers: [1, 3, 4] }, expected_points: 0 },
  { name: "all", response: { answers: [1, 2, 3, 4] }, expected_points: 0 },
  { name: "wrong ones", response: { answers: [2, 4] }, expected_points: 0 },
  { name: "unanswered", response: {}, expected_points: 0 },
  { name: "nothing chosen", response: { answers: [] }, expected_points: 0 },
];

async function database(): Promise<{ url: string; drop(): Promise<void> }> {
  if (process.env.BENCH_SCENARIOS_DB_URL) return { url: process.env.BENCH_SCENARIOS_DB_URL, drop: async () => {} };
  const name = `exam_scenarios_bench_${process.pid}`;
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

type Reply = { id: number; result?: { results: { passed: boolean }[] }; error?: unknown };

async function main() {
  const target = await database();
  const handle = await openPostgres(target.url, { migrate: true, poolSize: 10 });
  const db = handle.db;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "scenarios-bench-"));
  const userId = randomUUID();
  let server: http.Server | null = null;
  try {
    await db
      .insert(user)
      .values({ id: userId, name: "Scenarios bench", email: `scenarios-bench-${userId}@example.test` });
    const workspaceId = await personalWorkspace(db, userId);
    const { token } = await createApiToken(db, userId, "scenarios bench", null, { workspaceId });
    const [exam] = await executeRows<{ id: number }>(
      db,
      sql`
      insert into exam (owner_id, workspace_id, type, title, category, code, evaluation_method, passing_score, question_count, next_position, version_by)
      values (${userId}, ${workspaceId}, 2, 'Scenarios bench', 'Bench', 'SB-1', 2, 70, ${QUESTIONS}, ${QUESTIONS + 1}, ${userId})
      returning id`,
    );
    const ids = await executeRows<{ id: number }>(
      db,
      sql`
      insert into question (exam_id, position, type, question, explanation, points, properties, scenarios, version_by)
      select ${exam!.id}, n, 2, '<p>Bench question ' || n || '</p>', '', 1, '{}'::jsonb, ${JSON.stringify(SCENARIOS)}::jsonb, ${userId}
      from generate_series(1, ${QUESTIONS}) as n
      returning id`,
    );
    await db.execute(sql`
      insert into answer (question_id, answer, is_correct, "order", points)
      select q.id, '<p>Answer ' || k || '</p>', k in (1, 3), k, 0
      from question q, generate_series(1, 4) as k where q.exam_id = ${exam!.id}`);
    await db.execute(sql`analyze question; analyze answer`);
    const questionIds = ids.map((r) => r.id);

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
    const post = async (body: unknown): Promise<Reply | Reply[]> => {
      const res = await fetch(base, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Reply | Reply[];
    };
    const request = (id: number) => ({ jsonrpc: "2.0", id, method: "exam.questionTest", params: { id } });
    /** Every scenario of every reply passed; throws on an error. */
    const check = (replies: Reply[]) => {
      let passed = 0;
      for (const r of replies) {
        if (!r.result) throw new Error(`questionTest failed: ${JSON.stringify(r.error)}`);
        passed += r.result.results.filter((s) => s.passed).length;
      }
      return passed;
    };

    // Warm up: the statements prepared, the code compiled.
    check((await post(questionIds.slice(0, BATCH).map(request))) as Reply[]);
    const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;
    const runs: [string, () => Promise<number>][] = [
      [
        `in batches of ${BATCH} calls`,
        async () => {
          let passed = 0;
          for (let i = 0; i < questionIds.length; i += BATCH)
            passed += check((await post(questionIds.slice(i, i + BATCH).map(request))) as Reply[]);
          return passed;
        },
      ],
      [
        "one call at a time",
        async () => {
          let passed = 0;
          for (const id of questionIds) passed += check([(await post(request(id))) as Reply]);
          return passed;
        },
      ],
      [
        "the operation alone (no HTTP, no token check)",
        async () => {
          let passed = 0;
          for (const id of questionIds) {
            const { result } = await executeOperation(app, { userId, tokenName: null }, questionTest, { id });
            passed += result.results.filter((s) => s.passed).length;
          }
          return passed;
        },
      ],
      [
        "the scoring alone (scenarios and generated cases, the questions read before)",
        async () => {
          const who = { actor: { userId, tokenName: null }, method: "bench", need: "read" as const };
          const read = [];
          for (const id of questionIds) read.push(await scoringQuestionOrThrow(db, who, id));
          const t0 = performance.now();
          let passed = 0;
          for (const { row, answers } of read) {
            const question = scoredFromRow(row, answers);
            passed += runScenarios(question, row.scenarios).filter((s) => s.passed).length;
            runGeneratedCases(question);
          }
          scoringOnly = performance.now() - t0;
          return passed;
        },
      ],
    ];
    let scoringOnly: number | null = null;
    console.log(
      `exam.questionTest over HTTP for an exam of ${QUESTIONS.toLocaleString("en")} questions with ${SCENARIOS.length} scenarios each (goal: under ${GOAL_MS / 1000} s in total)`,
    );
    for (const [label, run] of runs) {
      const t0 = performance.now();
      const passed = await run();
      const took = scoringOnly ?? performance.now() - t0;
      if (passed !== QUESTIONS * SCENARIOS.length)
        throw new Error(`${passed} scenarios passed, not ${QUESTIONS * SCENARIOS.length}`);
      console.log(
        `  ${label}: ${QUESTIONS} calls, ${passed.toLocaleString("en")} scenarios passed, ${(took / 1000).toFixed(2)} s in total` +
          ` ${took < GOAL_MS ? "(within the goal)" : "(OVER THE GOAL)"}; ${load()}`,
      );
    }
    await app.parser.close();
  } finally {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
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
