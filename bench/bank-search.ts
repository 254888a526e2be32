// npm run bench:bank — exam.questionSearch and exam.examDraw in a workspace of 100,000 questions
// (contract 15.2 point 6: search p95 under 100 ms, the draw under 50 ms), on PostgreSQL and on
// the embedded database (PGlite). Seeds the bank of bench/bank-seed.ts (200 exams of 500
// questions) into a fresh database of each kind, then runs each query one call at a time through
// executeOperation (the schema, the workspace's lookup, the statement, the page's answers and
// snippets: what the API and the bank page run, without HTTP and the token check) and prints
// p50, p95 and the slowest, with how many questions the query matches and the machine's load
// average beside each line: on a shared machine it explains more of the numbers than the code.
//   BENCH_PG_URL       server to use (default postgres://postgres@127.0.0.1:5432/postgres); a
//                      fresh database is created on it and dropped at the end
//   BENCH_BANK_CALLS   timed calls per query (default 100, after 10 to warm up)
//   BENCH_BANK_ONLY    "postgres" or "pglite" to run one database only
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openPglite, openPostgres, type DbHandle } from "../db/client";
import { BodyGate } from "../server/body-gate";
import { readLimits } from "../server/config";
import type { AppContext } from "../server/context";
import { createMediaStore } from "../server/media/store-factory";
import { executeOperation } from "../server/operation";
import { examDraw } from "../server/operations/exam-draw";
import { questionSearch } from "../server/operations/question-search";
import { createContentParser } from "../server/workers/content-parser";
import { parseWorkerScript } from "../server/workers/script";
import { buildWorker } from "../scripts/build-worker.mjs";
import { seedBank, type Bank } from "./bank-seed";

const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CALLS = Number(process.env.BENCH_BANK_CALLS ?? 100);
const WARM_UP = 10;
const SEARCH_GOAL_MS = 100;
const DRAW_GOAL_MS = 50;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const load = () => `load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;

/** The queries: typical searches of a bank, with and without filters. */
function queries(bank: Bank): [string, Record<string, unknown>][] {
  const exam = bank.examIds[7]!;
  return [
    ["one word (gateway)", { query: "gateway" }],
    ["one common word (configuracion)", { query: "configuracion" }],
    ["two words (gateway packet)", { query: "gateway packet" }],
    ["two words, accents (réseau sécurité)", { query: "réseau sécurité" }],
    ["a prefix (conf)", { query: "conf" }],
    ["a prefix (subn)", { query: "subn" }],
    ["a typo (gatewey)", { query: "gatewey" }],
    ["a typo (firewal)", { query: "firewal" }],
    ["one word, status ready", { query: "gateway", status: "ready" }],
    ["one word, tag ccna", { query: "configuracion", tag: "ccna" }],
    ["one word, one exam", { query: "the", exam_id: exam }],
    ["a typo, type 1, unassigned", { query: "gatewey", type: 1, domain_id: null }],
    ["no query (first page)", {}],
    ["no query, tag ccna-1", { tag: "ccna-1" }],
    ["no query, one exam", { exam_id: exam }],
  ];
}

async function runOn(kind: string, handle: DbHandle) {
  console.log(`\n${kind}: seeding 100,000 questions in 200 exams…`);
  const started = Date.now();
  const bank = await seedBank(handle.db);
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${load()}`);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "bank-bench-"));
  const limits = readLimits({});
  const app: AppContext = {
    db: handle.db,
    countersDb: handle.counters,
    media: createMediaStore({ MEDIA_DIR: mediaDir }),
    limits,
    parser: createContentParser(parseWorkerScript(), limits),
    bodyGate: new BodyGate(limits.inflightBodyBytes),
  };
  const actor = { userId: bank.userId, tokenName: null };
  try {
    console.log(
      `  exam.questionSearch, ${CALLS} calls per query, one at a time (goal: p95 under ${SEARCH_GOAL_MS} ms)`,
    );
    for (const [label, params] of queries(bank)) {
      const all = await executeOperation(app, actor, questionSearch, { ...params, limit: 100 });
      let found = all.result.questions.length;
      if (all.result.next_cursor) found = -1;
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + CALLS; i++) {
        const t0 = performance.now();
        await executeOperation(app, actor, questionSearch, params);
        if (i >= WARM_UP) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      console.log(
        `    ${label} [${found < 0 ? "over 100" : found} found]: p50 ${ms(pct(times, 50))}, p95 ${ms(p95)}, max ${ms(times[times.length - 1]!)}` +
          ` ${p95 < SEARCH_GOAL_MS ? "(within the goal)" : "(OVER THE GOAL)"}; ${load()}`,
      );
    }
    console.log(`  exam.examDraw of an exam of 500 questions (goal: under ${DRAW_GOAL_MS} ms)`);
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + CALLS; i++) {
      const t0 = performance.now();
      await executeOperation(app, actor, examDraw, { id: bank.examIds[i % bank.examIds.length]!, seed: i });
      if (i >= WARM_UP) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = pct(times, 95);
    console.log(
      `    p50 ${ms(pct(times, 50))}, p95 ${ms(p95)}, max ${ms(times[times.length - 1]!)} ${p95 < DRAW_GOAL_MS ? "(within the goal)" : "(OVER THE GOAL)"}; ${load()}`,
    );
  } finally {
    await app.parser.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

async function main() {
  await buildWorker();
  const only = process.env.BENCH_BANK_ONLY;
  if (only !== "pglite") {
    const name = `exam_bank_bench_${process.pid}`;
    const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    try {
      const handle = await openPostgres(url.toString(), { migrate: true, poolSize: 10 });
      try {
        await runOn("PostgreSQL", handle);
      } finally {
        await handle.close();
      }
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  if (only !== "postgres") {
    const handle = await openPglite({ migrate: true });
    try {
      await runOn("PGlite (in memory)", handle);
    } finally {
      await handle.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
