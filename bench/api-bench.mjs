// npm run bench: the built app (scripts/server.mjs, as `npm start` serves it) on PostgreSQL under
// 16 concurrent clients, beside the same database writes done directly through postgres.js.
// Prints calls/s and p50/p99 latency.
//   BENCH_PG_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
//                  database is created on it and dropped at the end. Over a Unix socket (app and
//                  PostgreSQL on one host): BENCH_PG_URL=postgres:///postgres with
//                  PGHOST=/var/run/postgresql PGUSER=postgres (postgres.js reads both); the app
//                  and the direct writes use the same connection either way
//   BENCH_SECONDS  duration of each timed scenario (default 8)
//   BENCH_PORT     port for the app (default 3217)
// Plain JavaScript on purpose: the load generator must not carry a TypeScript loader's overhead
// into the numbers it measures.
import { execFileSync, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import postgres from "postgres";

const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3217);
const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(import.meta.dirname, "..");

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Runs `worker` on `clients` loops for SECONDS; each call returns how many API calls it made. */
async function timed(name, worker, clients = CONCURRENCY) {
  const latencies = [];
  let calls = 0;
  let started = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        const i = started++;
        const s = performance.now();
        // Await first, then add: `calls += await …` would read `calls` before the await and lose
        // the other clients' counts.
        const made = await worker(client, i);
        calls += made;
        latencies.push(performance.now() - s);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { name, calls, seconds: (performance.now() - t0) / 1000, latencies };
}

/**
 * POSTs a JSON body to /api/json over kept-alive connections and parses the answer. Node's own
 * http client, not fetch: the load generator shares the machine's cores with the app and
 * PostgreSQL, and the CPU fetch spends per call was taken from them (question creates into 16
 * exams, same machine and build: about 1,180 calls/s through fetch, 1,610 through this).
 */
function postJson(port, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
  return (body) =>
    new Promise((resolve, reject) => {
      const text = JSON.stringify(body);
      const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(text), authorization: `Bearer ${token}` };
      const req = http.request({ host: "127.0.0.1", port, path: "/api/json", method: "POST", agent, headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch (error) {
            reject(new Error(`HTTP ${res.statusCode}: ${error.message}`));
          }
        });
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(text);
    });
}

const rate = (r) => r.calls / r.seconds;
function line(r, extra = "") {
  return `${r.name.padEnd(46)} ${rate(r).toFixed(0).padStart(6)} calls/s   p50 ${pct(r.latencies, 50).toFixed(1).padStart(7)} ms   p99 ${pct(r.latencies, 99).toFixed(1).padStart(7)} ms  ${extra}`;
}

function questionParams(examId, n) {
  return {
    question: { exam_id: examId, question: `<p>Bench question ${n}: which one is right?</p>`, type: 1, explanation: "<p>Because.</p>" },
    answers: [{ answer: "<p>Alpha</p>", is_correct: true }, { answer: "<p>Beta</p>" }, { answer: "<p>Gamma</p>" }, { answer: "<p>Delta</p>" }],
  };
}

/** How the app and the direct writes reach PostgreSQL, for the heading of the results. */
function connectionKind() {
  const host = new URL(SERVER_URL).hostname || process.env.PGHOST || "localhost";
  return host.startsWith("/") ? `over the Unix socket in ${host}` : `over TCP to ${host}`;
}

async function main() {
  const dbName = `exam_bench_${Date.now()}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  let server = null;
  try {
    // The token command applies the migrations and creates the user.
    const token = execFileSync(path.join(root, "node_modules", ".bin", "tsx"), ["scripts/token.ts", "--email", "bench@example.test", "--name", "bench"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl },
    })
      .toString()
      .trim();

    // First, before the app runs: the same writes directly through postgres.js, two ways. "A
    // transaction": what one writes by hand, one transaction per question with the question, 4
    // answers, the exam row lock and count update, and the audit row (seven round trips). "One
    // statement": the same rows in one statement shaped like the API's own (server/data/
    // question-insert.ts), which is what the API's numbers are fairest compared with.
    const direct = postgres(dbUrl, { max: CONCURRENCY, onnotice: () => {} });
    const [{ id: ownerId }] = await direct`select id from "user" limit 1`;
    const sqlExam = async (title) => (await direct`insert into exam (owner_id, type, title, category, code, evaluation_method, passing_score) values (${ownerId}, 2, ${title}, 'Bench', 'B-1', 1, 70) returning id`)[0].id;
    const directWrite = async (examId, n) => {
      await direct.begin(async (sql) => {
        const [q] = await sql`insert into question (exam_id, position, type, question, explanation, points, properties)
          values (${examId}, 0, 1, ${`<p>Direct ${n}</p>`}, '<p>Because.</p>', 1, '{}') returning id`;
        await sql`insert into answer (question_id, answer, is_correct, "order", points) values
          (${q.id}, '<p>Alpha</p>', true, 1, 0), (${q.id}, '<p>Beta</p>', false, 2, 0), (${q.id}, '<p>Gamma</p>', false, 3, 0), (${q.id}, '<p>Delta</p>', false, 4, 0)`;
        const [e] = await sql`update exam set question_count = question_count + 1, next_position = next_position + 1 where id = ${examId} returning next_position`;
        await sql`update question set position = ${e.next_position - 1} where id = ${q.id}`;
        await sql`insert into audit_log (user_id, method, object_type, object_id, exam_id, snapshot) values (${ownerId}, 'direct', 'question', ${q.id}, ${examId}, '{}')`;
      });
      return 1;
    };
    const directStatement = async (examId, n) => {
      await direct`
        with e as (
          update exam set question_count = question_count + 1, next_position = next_position + 1, status = 'draft', updated_at = now()
          where id = ${examId} and owner_id = ${ownerId} returning id, next_position - 1 as position
        ), q as (
          insert into question (exam_id, position, type, question, explanation, points, properties)
          select e.id, e.position, 1, ${`<p>Direct ${n}</p>`}, '<p>Because.</p>', 1, '{}' from e returning id, exam_id
        ), a as (
          insert into answer (question_id, answer, is_correct, "order", points)
          select q.id, x.answer, x.is_correct, x.ord, 0
          from q, (values ('<p>Alpha</p>', true, 1), ('<p>Beta</p>', false, 2), ('<p>Gamma</p>', false, 3), ('<p>Delta</p>', false, 4)) as x(answer, is_correct, ord)
        )
        insert into audit_log (user_id, method, object_type, object_id, exam_id, snapshot)
        select ${ownerId}, 'direct', 'question', q.id, q.exam_id, '{}' from q`;
      return 1;
    };
    const dOne = await sqlExam("direct one");
    const dirOne = await timed("direct, a transaction, one exam", (_c, i) => directWrite(dOne, i));
    const dMany = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => sqlExam(`direct ${i}`)));
    const dirMany = await timed("direct, a transaction, 16 exams", (c, i) => directWrite(dMany[c], i));
    const dOne1 = await sqlExam("direct one, one statement");
    const stmtOne = await timed("direct, one statement, one exam", (_c, i) => directStatement(dOne1, i));
    const dMany1 = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => sqlExam(`direct ${i}, one statement`)));
    const stmtMany = await timed("direct, one statement, 16 exams", (c, i) => directStatement(dMany1[c], i));
    await direct.end();

    console.log(`Starting the app on :${PORT} (PostgreSQL database ${dbName}; it builds first if the sources changed)…`);
    server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(PORT), RATE_LIMIT_PER_MINUTE: "0", DATABASE_POOL_SIZE: String(CONCURRENCY), NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    });
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 1200) throw new Error("the app did not start");
      await new Promise((r) => setTimeout(r, 500));
    }

    const post = postJson(PORT, token);
    let seq = 0;
    const rpc = async (body) => {
      const json = await post(body);
      for (const item of Array.isArray(json) ? json : [json]) if (item.error) throw new Error(`${item.error.code} ${JSON.stringify(item.errors)}`);
      return json;
    };
    const call = async (method, params) => (await rpc({ jsonrpc: "2.0", id: ++seq, method, params })).result;
    const newExam = async (title) => (await call("exam.examCreate", { exam: { type: 2, title, category: "Bench", code: "B-1", evaluation_method: 1, passing_score: 70 } })).exam.id;

    // Warm up the server's code paths.
    const warm = await newExam("warm-up");
    for (let i = 0; i < 100; i++) await call("exam.questionCreate", questionParams(warm, i));


    const one = await newExam("one exam");
    const apiOne = await timed("API questionCreate, one exam", async (_c, i) => (await call("exam.questionCreate", questionParams(one, i)), 1));
    const many = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => newExam(`exam ${i}`)));
    const apiMany = await timed("API questionCreate, 16 exams", async (c, i) => (await call("exam.questionCreate", questionParams(many[c], i)), 1));
    const batchExam = await newExam("batch");
    const apiBatch = await timed("API batch of 100 questionCreate (calls)", async (_c, i) => {
      await rpc(Array.from({ length: 100 }, (_, k) => ({ jsonrpc: "2.0", id: k + 1, method: "exam.questionCreate", params: questionParams(batchExam, i * 100 + k) })));
      return 100;
    });

    // Reads on an exam with exactly 1,000 questions.
    const big = await newExam("thousand");
    for (let b = 0; b < 10; b++) {
      await rpc(Array.from({ length: 100 }, (_, k) => ({ jsonrpc: "2.0", id: k + 1, method: "exam.questionCreate", params: questionParams(big, b * 100 + k) })));
    }
    const apiGet = await timed("API examGet (1,000-question exam)", async () => (await call("exam.examGet", { id: big }), 1));
    const cursors = [null];
    for (let p = 0; p < 4; p++) cursors.push((await call("exam.questionList", { exam_id: big, limit: 200, ...(cursors[p] ? { cursor: cursors[p] } : {}) })).next_cursor);
    const listPage = async (_c, i) => {
      const cursor = cursors[i % 5];
      const page = await call("exam.questionList", { exam_id: big, limit: 200, ...(cursor ? { cursor } : {}) });
      if (page.questions.length !== 200) throw new Error(`page of ${page.questions.length}`);
      return 1;
    };
    const apiList = await timed("API questionList, pages of 200", listPage);
    const apiListOne = await timed("API questionList, pages of 200, 1 client", listPage, 1);

    const ratio = (a, tx, one) => `(${((100 * rate(a)) / rate(tx)).toFixed(0)}% of a direct transaction, ${((100 * rate(a)) / rate(one)).toFixed(0)}% of a direct statement)`;
    console.log(`\n${CONCURRENCY} concurrent clients (unless said otherwise), ${SECONDS} s per scenario, PostgreSQL ${connectionKind()}, ${new Date().toISOString()}:\n`);
    for (const l of [
      line(apiOne, ratio(apiOne, dirOne, stmtOne)),
      line(apiMany, ratio(apiMany, dirMany, stmtMany)),
      line(apiBatch, "(each latency is one batch of 100)"),
      line(apiGet),
      line(apiList),
      line(apiListOne),
      line(dirOne),
      line(dirMany),
      line(stmtOne),
      line(stmtMany),
    ])
      console.log(l);
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        /* gone */
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
