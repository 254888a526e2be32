// npm run bench:duplicates — near duplicates (contract 15.2 points 3 and 6) in a workspace of
// 100,000 questions, on PostgreSQL and on PGlite:
//   1. exam.questionDuplicates for one exam of 1,000 questions (goal: under 2 s), over HTTP
//      through the production transport (server/rpc/node-adapter.ts), at the default threshold;
//   2. the rate of exam.questionCreate with its similar_question lookup against the rate without it
//      (goal: at least 90 %). The lookup cannot be left out by a request; the bench turns it off
//      through the AppContext switch `similarQuestionAdvice`, which only it sets, and alternates
//      rounds with and without it, so that a change in the machine's load falls on both alike.
//      The rounds without it create in a workspace of their own, so that the index of the bank's
//      has nothing of theirs to read. The questions created read like the bank's (bench/
//      bank-seed.ts's vocabulary and templates, another seed), and every fifth is a copy of one of
//      the bank's questions (each copied once), so that the lookup finds and names some. Before
//      every round, untimed, the question table's GIN pending lists are merged and the bench
//      collects its garbage (see below). The lookup runs in memory once the workspace's similarity
//      index is read (server/data/similarity-index-store.ts): the bench reads it first and prints
//      what that took, as a server's first save in the workspace starts it in the background.
// The bank is bench/bank-seed.ts's (200 exams of 500 questions); the questions of its last exam are
// moved into the first, which makes one exam of 1,000 in a workspace of 100,000 questions, and 50
// of that exam's questions are copied into other exams with small changes, so that it has near
// duplicates to find. The bank is vacuumed and checkpointed before anything is timed. The machine's
// load average is printed beside every number.
//   BENCH_PG_URL          server to use (default postgres://postgres@127.0.0.1:5432/postgres); a
//                         fresh database is created on it and dropped at the end
//   BENCH_DUP_DATABASES   "postgres,pglite" (default), or one of them
//   BENCH_DUP_CREATES     creates per round (default 300), BENCH_DUP_ROUNDS rounds of each (default 16),
//                         after BENCH_DUP_WARM_ROUNDS of each to warm up (default 3)
//   BENCH_DUP_CLIENTS     creates in flight at once (default 4)
//   BENCH_DUP_RUNS        timed questionDuplicates calls (default 3) after BENCH_DUP_WARM_UP (default 1),
//                         at each of BENCH_DUP_THRESHOLDS (default 0.9; e.g. "0.9,0.5")
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { executeRows, openPglite, openPostgres, selectValue, type Db, type DbHandle } from "../db/client";
import { user } from "../db/schema";
import { buildWorker } from "../scripts/build-worker.mjs";
import { createApiToken } from "../server/auth/tokens";
import { personalWorkspace } from "../server/data/workspaces";
import { BodyGate } from "../server/body-gate";
import { readLimits } from "../server/config";
import { applyCatchUp, catchUpRead, prepareIndex, readyIndex } from "../server/data/similarity-index-store";
import type { AppContext } from "../server/context";
import { questionTextColumns } from "../server/domain/search-text";
import { seededRandom, shuffled } from "../server/domain/seeded-random";
import { createMediaStore } from "../server/media/store-factory";
import { createNodeRpcHandler } from "../server/rpc/node-adapter";
import { createContentParser } from "../server/workers/content-parser";
import { parseWorkerScript } from "../server/workers/script";
import { bankProse, seedBank, type Bank } from "./bank-seed";

const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASES = (process.env.BENCH_DUP_DATABASES ?? "postgres,pglite").split(",") as ("postgres" | "pglite")[];
const CREATES = Number(process.env.BENCH_DUP_CREATES ?? 300);
// An even number: the rounds go with, without, without, with, ..., so a drift of the machine's
// speed falls on both alike.
const ROUNDS = Number(process.env.BENCH_DUP_ROUNDS ?? 16);
const WARM_ROUNDS = Number(process.env.BENCH_DUP_WARM_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_DUP_CLIENTS ?? 4);
const DUPLICATE_RUNS = Number(process.env.BENCH_DUP_RUNS ?? 3);
const DUPLICATE_WARM_UP = Number(process.env.BENCH_DUP_WARM_UP ?? 1);
const THRESHOLDS = (process.env.BENCH_DUP_THRESHOLDS ?? "0.9").split(",").map(Number);
const GOAL_MS = 2000;
const GOAL_RATE = 0.9;
/** Questions of the big exam copied, changed a little, into other exams. */
const PLANTED = 50;
/** The creates copy the first this many questions of each exam (2,400 in all, more than a run creates). */
const COPIED_PER_EXAM = 12;

/**
 * A full collection, untimed, before every round: the round with the lookup starts after a catch-up
 * of the questions the round before wrote, whose garbage would otherwise be collected on its time
 * (a round's CPU a create moved by about 0.07 ms with the lookup off in both kinds of round).
 */
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;
const ms = (v: number) => `${v.toFixed(0)} ms`;

/** A fresh PostgreSQL database on the server; `drop` removes it. */
async function postgresDatabase(): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  const name = `exam_dups_bench_${process.pid}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { migrate: true, poolSize: 10 });
  return {
    handle,
    async drop() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A fresh embedded database in a temporary directory. */
async function pgliteDatabase(): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exam-dups-bench-db-"));
  const handle = await openPglite({ dataDir: dir, migrate: true });
  return {
    handle,
    async drop() {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One exam of 1,000 questions (the last exam's questions moved after the first's), and PLANTED of
 * its questions copied into other exams with a word changed at the end or a letter's case and the
 * punctuation changed, as an author who copies a question and edits it a little would.
 */
async function shapeBank(db: Db, examIds: number[]): Promise<number> {
  const [big, last] = [examIds[0]!, examIds[examIds.length - 1]!];
  await db.execute(sql`update question set exam_id = ${big}, position = position + 500 where exam_id = ${last}`);
  await db.execute(sql`update exam set question_count = 1000, next_position = 1001 where id = ${big}`);
  await db.execute(sql`delete from exam where id = ${last}`);
  const rows = await executeRows<{ question: string }>(
    db,
    sql`select question from question where exam_id = ${big} order by position`,
  );
  const texts = rows.map((r) => r.question);
  const random = seededRandom(7);
  const planted = texts.slice(0, PLANTED).map((html, i) => {
    const changed = i % 2 === 0 ? html.replace(/\?<\/p>$/, " exactly?</p>") : html.toUpperCase().replace(/[?.]/g, "!");
    const { similarityText, searchText, similarityKeys } = questionTextColumns({
      question: changed,
      explanation: "",
      answers: [],
    });
    return {
      exam_id: examIds[1 + Math.floor(random() * (examIds.length - 2))]!,
      question: changed,
      similarity_text: similarityText,
      search_text: searchText,
      similarity_keys: similarityKeys,
    };
  });
  await db.execute(sql`
    insert into question (exam_id, position, type, question, explanation, points, properties, search_text, similarity_text, similarity_keys, version_by)
    select x.exam_id, 1000 + row_number() over (), 1, x.question, '', 1, '{}'::jsonb, x.search_text, x.similarity_text, x.similarity_keys, e.owner_id
    from jsonb_to_recordset(${JSON.stringify(planted)}::jsonb) as x(exam_id integer, question text, search_text text, similarity_text text, similarity_keys integer[])
    join exam e on e.id = x.exam_id`);
  await db.execute(sql`analyze question`);
  return big;
}

/**
 * PGlite takes one statement per call, and seedBank ends with four analyzes in one: when that last
 * statement is refused, the bank is written; it is analyzed one table at a time and read back.
 */
async function bankAfterAnalyze(db: Db, error: unknown): Promise<Bank> {
  if (!String((error as { cause?: unknown }).cause ?? error).includes("multiple commands")) throw error;
  for (const table of ["exam", "exam_domain", "question", "answer"]) await db.execute(sql.raw(`analyze ${table}`));
  const [owner] = await executeRows<{ id: string }>(
    db,
    sql`select id from "user" where email like 'bank-bench-%' order by created_at desc limit 1`,
  );
  const [space] = await executeRows<{ id: number }>(db, sql`select id from workspace where personal_of = ${owner!.id}`);
  const exams = await executeRows<{ id: number }>(
    db,
    sql`select id from exam where owner_id = ${owner!.id} order by id`,
  );
  return { userId: owner!.id, workspaceId: space!.id, examIds: exams.map((e) => e.id), questions: 100_000 };
}

/**
 * Milliseconds of CPU used so far by this process (the transport, the operations, the parse
 * workers and, for PGlite, the database) and, on PostgreSQL, by the server's processes serving
 * this database's connections (from /proc; the bench's server runs on this machine). Not its
 * autovacuum workers: they clean up after the seeding and after both kinds of round alike,
 * whenever the server starts them, and their CPU would fall on whichever round was running.
 */
function cpuCounter(kind: "postgres" | "pglite", db: Db): () => Promise<number> {
  const own = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  if (kind === "pglite") return async () => own();
  const tick = 1000 / 100; // USER_HZ
  return async () => {
    const backends = await executeRows<{ pid: number }>(
      db,
      sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
    );
    let server = 0;
    for (const { pid } of backends) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
        server += (Number(fields[11]) + Number(fields[12])) * tick;
      } catch {
        // ended since it was listed
      }
    }
    return own() + server;
  };
}

async function benchOne(kind: "postgres" | "pglite") {
  console.log(`\n== ${kind} ==`);
  const target = kind === "postgres" ? await postgresDatabase() : await pgliteDatabase();
  const db = target.handle.db;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "exam-dups-bench-"));
  let server: http.Server | null = null;
  try {
    const started = Date.now();
    const bank = await seedBank(db, {}).catch((error: unknown) => bankAfterAnalyze(db, error));
    const big = await shapeBank(db, bank.examIds);
    const [{ n }] = (await executeRows<{ n: number }>(db, sql`select count(*)::int as n from question`)) as [
      { n: number },
    ];
    // The seeding leaves half a gigabyte of WAL and 100,000 rows for autovacuum: the checkpoint and
    // the vacuum they call for would run, on the bench's two cores, during whichever rounds they
    // fell on (a round's rate once fell by half with its CPU a create unchanged). Done now, as a
    // bank in use for a while has had them.
    for (const table of ["question", "answer", "exam"]) await db.execute(sql.raw(`vacuum analyze ${table}`));
    await db.execute(sql`checkpoint`);
    console.log(
      `seeded ${n.toLocaleString("en")} questions in ${bank.examIds.length - 1} exams (one of 1,000), vacuumed and checkpointed, in ${((Date.now() - started) / 1000).toFixed(0)} s; ${load()}`,
    );
    const cpuMs = cpuCounter(kind, db);
    const { token } = await createApiToken(db, bank.userId, "duplicates bench", null, {
      workspaceId: bank.workspaceId,
    });

    await buildWorker();
    const limits = { ...readLimits({}), ratePerMinute: Number.POSITIVE_INFINITY };
    const app: AppContext = {
      db,
      countersDb: target.handle.counters,
      media: createMediaStore({ MEDIA_DIR: mediaDir }),
      limits,
      parser: createContentParser(parseWorkerScript(), limits),
      bodyGate: new BodyGate(limits.inflightBodyBytes),
    };
    server = http.createServer(createNodeRpcHandler(async () => app, { trustProxy: null }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/json`;
    let id = 0;
    const call = async <T>(
      method: string,
      params: object,
      as = token,
    ): Promise<{ result: T; warnings: { code: string }[] }> => {
      const res = await fetch(base, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${as}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      });
      const body = (await res.json()) as { result?: T; error?: unknown; warning_details: { code: string }[] };
      if (!body.result) throw new Error(`${method} failed: ${JSON.stringify(body.error)}`);
      return { result: body.result, warnings: body.warning_details };
    };

    // 1. questionDuplicates for the exam of 1,000 questions.
    console.log(
      `exam.questionDuplicates {exam_id} for the exam of 1,000 questions, over HTTP (goal: under ${GOAL_MS} ms)`,
    );
    for (const threshold of THRESHOLDS) {
      const times: number[] = [];
      let groups = 0;
      let members = 0;
      for (let i = 1 - DUPLICATE_WARM_UP; i <= DUPLICATE_RUNS; i++) {
        const t0 = performance.now();
        const { result } = await call<{ groups: { id: number }[][] }>("exam.questionDuplicates", {
          exam_id: big,
          threshold,
        });
        // The calls to warm the caches are not counted.
        if (i > 0) times.push(performance.now() - t0);
        console.log(`    call ${i > 0 ? i : "to warm up"}: ${ms(performance.now() - t0)}; ${load()}`);
        groups = result.groups.length;
        members = result.groups.reduce((total, g) => total + g.length, 0);
      }
      times.sort((a, b) => a - b);
      const worst = times[times.length - 1]!;
      console.log(
        `  threshold ${threshold}: ${groups} groups of ${members} questions; median ${ms(times[Math.floor(times.length / 2)]!)}, slowest ${ms(worst)} of ${DUPLICATE_RUNS}` +
          ` ${worst < GOAL_MS ? "(within the goal)" : "(OVER THE GOAL)"}; ${load()}`,
      );
    }

    // 2. questionCreate with and without the similar_question lookup.
    // The rounds without the lookup create in a workspace of their own (another person's, empty):
    // in the bank's, the first create of the round with it after them would read their 300
    // questions into the index, or the bench for it, untimed, before that round, which cost the
    // rounds with the lookup 2-3 % of their rate with the lookup off in both (measured).
    const otherOwner = randomUUID();
    await db
      .insert(user)
      .values({ id: otherOwner, name: "Duplicates bench", email: `dups-bench-${otherOwner}@example.test` });
    const other = await createApiToken(db, otherOwner, "duplicates bench", null, {
      workspaceId: await personalWorkspace(db, otherOwner),
    });
    const newExam = async (as: string) =>
      (
        await call<{ exam: { id: number } }>(
          "exam.examCreate",
          {
            exam: {
              type: 2,
              title: "Duplicates bench: creates",
              category: "Bench",
              code: "DUP-C",
              evaluation_method: 1,
              passing_score: 70,
            },
          },
          as,
        )
      ).result.exam.id;
    const into = await newExam(token);
    const intoWithout = await newExam(other.token);
    // New questions read like the bank's (its vocabulary and templates, another seed); every fifth
    // is a copy of a question of the bank, each copied once, drawn from all its exams.
    const prose = bankProse(11);
    const copies = shuffled(
      (
        await executeRows<{ question: string }>(
          db,
          sql`select q.question from question q join exam e on e.id = q.exam_id
            where e.workspace_id = ${bank.workspaceId} and q.position <= ${COPIED_PER_EXAM} order by q.id`,
        )
      ).map((r) => r.question),
      prose.random,
    );
    let copied = 0;
    const text = (n: number) => (n % 5 === 0 ? copies[copied++ % copies.length]! : prose.question());
    // The question table's GIN indexes (trigrams, words) take new rows into a pending list, which
    // the insert that finds it past gin_pending_list_limit (4 MB) merges into the index: a round
    // of 300 creates adds about 1 MB to the lists, and the round that pays for a merge cost a
    // millisecond more a create on the server (measured), whichever of the two kinds it was.
    // Untimed, before every round, the lists are merged, as autovacuum does in a bank in use.
    const ginIndexes = (
      await executeRows<{ name: string }>(
        db,
        sql`select i.indexrelid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
          join pg_am am on am.oid = c.relam where i.indrelid = 'question'::regclass and am.amname = 'gin' order by 1`,
      )
    ).map((r) => r.name);
    const round = async (advice: boolean) => {
      app.similarQuestionAdvice = advice;
      const [examId, as] = advice ? [into, token] : [intoWithout, other.token];
      for (const name of ginIndexes) await db.execute(sql`select gin_clean_pending_list(${name}::regclass)`);
      // Untimed, the index catches up: its horizon moves past the last round without the lookup
      // (whose rows, of another workspace, it walks and leaves out), which this round's first
      // create would otherwise walk.
      if (advice) {
        const state = readyIndex(db, into, limits.similarityIndexQuestions);
        if (!state) throw new Error("the similarity index is not ready");
        if (applyCatchUp(db, state, await selectValue(db, catchUpRead(state))) === null)
          throw new Error("the similarity index could not catch up");
      }
      collectGarbage();
      let next = 0;
      let named = 0;
      const cpu0 = await cpuMs();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < CREATES) {
            const n = next++;
            const { warnings } = await call(
              "exam.questionCreate",
              {
                question: { exam_id: examId, type: 1, question: text(n) },
                answers: [
                  { answer: "<p>Yes</p>", is_correct: true },
                  { answer: "<p>No</p>", is_correct: false },
                ],
              },
              as,
            );
            named += warnings.filter((w) => w.code === "similar_question").length;
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      return { seconds, cpuMs: (await cpuMs()) - cpu0, named };
    };
    const memory0 = process.memoryUsage();
    const read0 = performance.now();
    if (!(await prepareIndex(db, into, limits.similarityIndexQuestions)))
      throw new Error("the similarity index was not read");
    const memory1 = process.memoryUsage();
    console.log(
      `the workspace's similarity index read in ${ms(performance.now() - read0)}; memory: +${((memory1.arrayBuffers - memory0.arrayBuffers) / 2 ** 20).toFixed(0)} MiB of typed arrays, heap ${((memory1.heapUsed - memory0.heapUsed) / 2 ** 20).toFixed(0)} MiB more`,
    );
    // Both paths warmed up before any round counts: the process gets faster for a while (the
    // JIT, the plan caches of each pooled connection), and a path first met in a timed round
    // would pay for it there. After one round of each, the next rounds still got faster, by a
    // third over four rounds (measured).
    for (let i = 0; i < WARM_ROUNDS; i++) {
      await round(true);
      await round(false);
    }
    console.log(
      `exam.questionCreate over HTTP, ${CLIENTS} at a time, ${ROUNDS} rounds of ${CREATES} with the similar_question lookup and ${ROUNDS} without, alternating (goal: with ≥ ${GOAL_RATE * 100} % of without)`,
    );
    const totals = { with: { seconds: 0, cpuMs: 0, named: 0 }, without: { seconds: 0, cpuMs: 0, named: 0 } };
    for (let r = 0; r < ROUNDS; r++) {
      for (const advice of r % 2 === 0 ? [true, false] : [false, true]) {
        const result = await round(advice);
        const mode = advice ? "with" : "without";
        totals[mode].seconds += result.seconds;
        totals[mode].cpuMs += result.cpuMs;
        totals[mode].named += result.named;
        console.log(
          `  round ${r + 1} ${mode}: ${(CREATES / result.seconds).toFixed(0)} creates/s, ${(result.cpuMs / CREATES).toFixed(2)} ms of CPU per create; ${load()}`,
        );
      }
    }
    app.similarQuestionAdvice = undefined;
    const rateWith = (CREATES * ROUNDS) / totals.with.seconds;
    const rateWithout = (CREATES * ROUNDS) / totals.without.seconds;
    const ratio = rateWith / rateWithout;
    console.log(
      `  with the lookup ${rateWith.toFixed(0)} creates/s (${totals.with.named} similar questions named), without ${rateWithout.toFixed(0)} creates/s:` +
        ` ${(ratio * 100).toFixed(0)} % ${ratio >= GOAL_RATE ? "(within the goal)" : "(BELOW THE GOAL)"}; ${load()}`,
    );
    // On a machine shared with other work the rates follow its load; the CPU each create costs
    // does not, and with the bench alone on the machine the rate is the cores over that cost.
    const cpuWith = totals.with.cpuMs / (CREATES * ROUNDS);
    const cpuWithout = totals.without.cpuMs / (CREATES * ROUNDS);
    const cpuRatio = cpuWithout / cpuWith;
    console.log(
      `  CPU per create (this process and ${kind === "postgres" ? "the database's server processes" : "PGlite in it"}): with the lookup ${cpuWith.toFixed(2)} ms, without ${cpuWithout.toFixed(2)} ms:` +
        ` the rate on a machine to itself would be ${(cpuRatio * 100).toFixed(0)} % ${cpuRatio >= GOAL_RATE ? "(within the goal)" : "(BELOW THE GOAL)"}`,
    );
    await app.parser.close();
  } finally {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await target.drop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }
}

async function main() {
  for (const kind of DATABASES) await benchOne(kind);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
