// npm run bench: the built app (scripts/server.mjs, as `npm start` serves it) on PostgreSQL under
// 16 concurrent clients, beside the same database writes done directly through postgres.js
// (direct-writes.mjs) and sent by a bare Node server (bare-server.mjs). Prints calls/s and
// p50/p99 latency.
//   BENCH_PG_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
//                  database is created on it and dropped at the end. Over a Unix socket (app and
//                  PostgreSQL on one host): BENCH_PG_URL=postgres:///postgres with
//                  PGHOST=/var/run/postgresql PGUSER=postgres (postgres.js reads both); the app
//                  and the direct writes use the same connection either way
//   BENCH_SECONDS  duration of each timed scenario (default 8)
//   BENCH_ROUNDS   the write scenarios take turns in this many rounds (default 4), so that each
//                  ratio compares rates measured in the same minutes of a shared machine
//   BENCH_PORT     port for the app (default 3217); the bare Node server takes the next one
//   BENCH_HEAVY    0 skips the heavy payloads (heavy-load.mjs: reads beside the largest SVG and
//                  HTML payloads the limits allow, and the app's peak memory)
//   BENCH_IMPORT   0 skips the import and export scenarios (import-load.mjs: 10,000 questions
//                  imported from Moodle XML against the same sent as questionCreate, questionGet
//                  during the import, the largest import's memory, exports of 1,000 questions)
//   BENCH_FAIRNESS 0 skips the import queue's fairness (import-fairness.mjs: a 2 MB Moodle import
//                  of one workspace alone, and beside three slow imports of another workspace)
//   BENCH_ONLY     "import" runs only the import and export scenarios, "fairness" only the
//                  import queue's fairness
// Plain JavaScript on purpose: the load generator must not carry a TypeScript loader's overhead
// into the numbers it measures.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { questionParams } from "./api-statements.mjs";
import { directWriters } from "./direct-writes.mjs";
import { heavyLoad } from "./heavy-load.mjs";
import { importFairness } from "./import-fairness.mjs";
import { importLoad } from "./import-load.mjs";
import { CONCURRENCY, line, percent, postJson, runFor, scenario } from "./load.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3217);
const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(import.meta.dirname, "..");

/** How the app and the direct writes reach PostgreSQL, for the heading of the results. */
function connectionKind() {
  const host = new URL(SERVER_URL).hostname || process.env.PGHOST || "localhost";
  return host.startsWith("/") ? `over the Unix socket in ${host}` : `over TCP to ${host}`;
}

/**
 * Starts a server process and resolves once it answers HTTP on `port` (both servers listen only
 * when ready to serve); rejects if it ends first.
 */
async function startServer(script, env, port) {
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const ended = new Promise((_, reject) =>
    child.once("exit", (code, signal) => reject(new Error(`${script} ended (${signal ?? code}) before it was ready`))),
  );
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
  for (let i = 0; ; i++) {
    if (await Promise.race([answers(), ended])) return child;
    if (i > 1200) throw new Error(`${script} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The app server process: `npm start`'s script (scripts/start.mjs) runs it as its child. */
function appProcessOf(startPid) {
  const children = fs
    .readFileSync(`/proc/${startPid}/task/${startPid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .map(Number);
  if (children.length !== 1 || !children[0])
    throw new Error(`expected one app process under ${startPid}, found ${children.join(", ")}`);
  return children[0];
}

function stopServer(child) {
  try {
    if (child?.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    /* gone */
  }
}

async function main() {
  const dbName = `exam_bench_${Date.now()}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  const servers = [];
  let direct = null;
  try {
    // The token command applies the migrations and creates the user (and their own workspace).
    const tokenOf = (email) =>
      execFileSync(
        path.join(root, "node_modules", ".bin", "tsx"),
        ["scripts/token.ts", "--email", email, "--name", "bench"],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: dbUrl },
        },
      )
        .toString()
        .trim();
    const token = tokenOf("bench@example.test");
    const only = process.env.BENCH_ONLY;
    const fairness = only === "fairness" || (only === undefined && process.env.BENCH_FAIRNESS !== "0");
    // A second person, in a workspace of their own, for the fairness of the import queue.
    const tokenB = fairness ? tokenOf("bench-b@example.test") : null;

    console.log(
      `Starting the app on :${PORT} (PostgreSQL database ${dbName}; it builds first if the sources changed)…`,
    );
    const appEnv = {
      DATABASE_URL: dbUrl,
      PORT: String(PORT),
      RATE_LIMIT_PER_MINUTE: "0",
      DATABASE_POOL_SIZE: String(CONCURRENCY),
      NODE_ENV: "production",
    };
    servers.push(await startServer("scripts/start.mjs", appEnv, PORT));
    // The bare server and the direct writes serve only the write scenarios (not BENCH_ONLY's).
    if (only === undefined) {
      servers.push(
        await startServer(
          "bench/bare-server.mjs",
          { DATABASE_URL: dbUrl, PORT: String(PORT + 1), DATABASE_POOL_SIZE: String(CONCURRENCY) },
          PORT + 1,
        ),
      );
      direct = await directWriters(dbUrl, token);
    }

    const post = postJson(PORT, token);
    let seq = 0;
    const rpc = async (body) => {
      const json = await post(body);
      for (const item of Array.isArray(json) ? json : [json])
        if (item.error) throw new Error(`${item.error.code} ${JSON.stringify(item.errors)}`);
      return json;
    };
    const call = async (method, params) => (await rpc({ jsonrpc: "2.0", id: ++seq, method, params })).result;
    const newExam = async (title) =>
      (
        await call("exam.examCreate", {
          exam: { type: 2, title, category: "Bench", code: "B-1", evaluation_method: 1, passing_score: 70 },
        })
      ).exam.id;
    const apiCreate = async (examId, n) => (await call("exam.questionCreate", questionParams(examId, n)), 1);
    const barePost = postJson(PORT + 1, token);
    const bareCreate = async (examId, n) => {
      const reply = await barePost({
        jsonrpc: "2.0",
        id: n,
        method: "exam.questionCreate",
        params: questionParams(examId, n),
      });
      if (!reply.result) throw new Error(`bare server: ${JSON.stringify(reply)}`);
      return 1;
    };

    const fairnessLines = async (onLine) =>
      fairness
        ? importFairness({
            port: PORT,
            tokenA: token,
            tokenB,
            appPid: appProcessOf(servers[0].pid),
            onLine,
          })
        : [];
    if (only === "import") {
      console.log(`\nImport and export, PostgreSQL ${connectionKind()}, ${new Date().toISOString()}:\n`);
      for (const l of await importLoad({ call, post, appPid: appProcessOf(servers[0].pid), newExam })) console.log(l);
      return;
    }
    if (only === "fairness") {
      console.log(`\nThe import queue's fairness, PostgreSQL ${connectionKind()}, ${new Date().toISOString()}:\n`);
      await fairnessLines(console.log);
      return;
    }

    // The question-create scenarios, each into one exam and into one exam per client. They take
    // turns, round after round, after one untimed turn each to warm up.
    const kinds = [
      { name: "API questionCreate", create: apiCreate, exam: newExam },
      { name: "direct, a transaction", create: direct.transaction, exam: direct.exam },
      { name: "direct, one statement", create: direct.oneStatement, exam: direct.exam },
      { name: "direct, the API's statements", create: direct.apiStatements, exam: direct.exam },
      { name: "bare Node server", create: bareCreate, exam: direct.exam },
    ];
    const writes = [];
    for (const kind of kinds) {
      const one = await kind.exam(`${kind.name}, one exam`);
      const many = await Promise.all(
        Array.from({ length: CONCURRENCY }, (_, i) => kind.exam(`${kind.name}, exam ${i}`)),
      );
      writes.push({ result: scenario(`${kind.name}, one exam`), worker: (_c, i) => kind.create(one, i) });
      writes.push({ result: scenario(`${kind.name}, 16 exams`), worker: (c, i) => kind.create(many[c], i) });
    }
    for (const w of writes) await runFor(scenario("warm-up"), w.worker, 1);
    for (let round = 0; round < ROUNDS; round++)
      for (const w of writes) await runFor(w.result, w.worker, SECONDS / ROUNDS);
    const [apiOne, apiMany, dirOne, dirMany, stmtOne, stmtMany, sameOne, sameMany, bareOne, bareMany] = writes.map(
      (w) => w.result,
    );

    const batchExam = await newExam("batch");
    const apiBatch = await runFor(
      scenario("API batch of 100 questionCreate (calls)"),
      async (_c, i) => {
        await rpc(
          Array.from({ length: 100 }, (_, k) => ({
            jsonrpc: "2.0",
            id: k + 1,
            method: "exam.questionCreate",
            params: questionParams(batchExam, i * 100 + k),
          })),
        );
        return 100;
      },
      SECONDS,
    );

    // Reads on an exam with exactly 1,000 questions.
    const big = await newExam("thousand");
    for (let b = 0; b < 10; b++) {
      await rpc(
        Array.from({ length: 100 }, (_, k) => ({
          jsonrpc: "2.0",
          id: k + 1,
          method: "exam.questionCreate",
          params: questionParams(big, b * 100 + k),
        })),
      );
    }
    const apiGet = await runFor(
      scenario("API examGet (1,000-question exam)"),
      async () => (await call("exam.examGet", { id: big }), 1),
      SECONDS,
    );
    const cursors = [null];
    for (let p = 0; p < 4; p++)
      cursors.push(
        (await call("exam.questionList", { exam_id: big, limit: 200, ...(cursors[p] ? { cursor: cursors[p] } : {}) }))
          .next_cursor,
      );
    const listPage = async (_c, i) => {
      const cursor = cursors[i % 5];
      const page = await call("exam.questionList", { exam_id: big, limit: 200, ...(cursor ? { cursor } : {}) });
      if (page.questions.length !== 200) throw new Error(`page of ${page.questions.length}`);
      return 1;
    };
    const apiList = await runFor(scenario("API questionList, pages of 200"), listPage, SECONDS);
    const apiListOne = await runFor(scenario("API questionList, pages of 200, 1 client"), listPage, SECONDS, 1);

    const heavyLines =
      process.env.BENCH_HEAVY === "0"
        ? []
        : await heavyLoad({
            call,
            post,
            appPid: appProcessOf(servers[0].pid),
            examId: await newExam("heavy"),
            questionId: (await call("exam.questionCreate", questionParams(big, 5000))).question.id,
            seconds: SECONDS,
          });

    const importLines =
      process.env.BENCH_IMPORT === "0"
        ? []
        : await importLoad({ call, post, appPid: appProcessOf(servers[0].pid), newExam });
    const queueLines = await fairnessLines();

    const ratio = (a, tx, one, same, bareNode) =>
      `(direct: ${percent(a, same)} of the API's statements, ${percent(a, tx)} of a transaction, ${percent(a, one)} of one statement; ${percent(a, bareNode)} of the bare Node server)`;
    console.log(
      `\n${CONCURRENCY} concurrent clients (unless said otherwise), ${SECONDS} s per scenario (the question creates in ${ROUNDS} interleaved rounds), PostgreSQL ${connectionKind()}, ${new Date().toISOString()}:\n`,
    );
    for (const l of [
      line(apiOne, ratio(apiOne, dirOne, stmtOne, sameOne, bareOne)),
      line(apiMany, ratio(apiMany, dirMany, stmtMany, sameMany, bareMany)),
      line(apiBatch, "(each latency is one batch of 100)"),
      line(apiGet),
      line(apiList),
      line(apiListOne),
      line(dirOne),
      line(dirMany),
      line(stmtOne),
      line(stmtMany),
      line(sameOne),
      line(sameMany),
      line(bareOne, `(${percent(bareOne, sameOne)} of the API's statements, direct)`),
      line(bareMany, `(${percent(bareMany, sameMany)} of the API's statements, direct)`),
      ...heavyLines,
      ...importLines,
      ...queueLines,
    ])
      console.log(l);
  } finally {
    await direct?.end();
    for (const child of servers) stopServer(child);
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
