// The production server (`npm start`, the browser tests, the benchmark): Next.js answers every
// page, server action, /api/auth and /media request; POST /api/json goes straight from Node's HTTP
// server to the RPC transport (server/rpc/node-adapter.ts), skipping Next's per-request routing.
// The handler comes from the app's own build: instrumentation.ts publishes it while Next prepares.
//   PORT (default 3000), HOSTNAME (default: every interface)
//   WEB_CONCURRENCY: this many app processes share the port (node:cluster), for a PostgreSQL
//   server (DATABASE_URL) only: the embedded database belongs to one process. Nothing relies on
//   a process's memory for correctness (contract 11.4), so any process may answer any request.
import cluster from "node:cluster";
import http from "node:http";
import { root } from "./build.mjs";

const workers = Number(process.env.WEB_CONCURRENCY || 1);
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`WEB_CONCURRENCY must be a whole number from 1 up (it is "${process.env.WEB_CONCURRENCY}")`);
  process.exit(1);
}
if (workers > 1 && !process.env.DATABASE_URL) {
  console.error("WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process");
  process.exit(1);
}
if (workers > 1 && cluster.isPrimary) {
  superviseWorkers(workers);
} else {
  await serve();
}

/** The primary of several app processes: starts them, replaces one that dies, stops them all. */
function superviseWorkers(count) {
  let stopping = false;
  const listening = new Set();
  cluster.on("listening", (worker) => listening.add(worker.id));
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(); // with process.exitCode
      return;
    }
    // A worker that fails before it listens (no database, no build) would fail again: stop
    // rather than loop. One that dies later is replaced.
    if (!listening.has(worker.id)) {
      console.error(`An app process failed at start-up (${signal ?? `code ${code}`}); stopping.`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
      process.exitCode = 1;
      return;
    }
    console.error(`App process ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function serve() {
  // What Next's own CLI sets for `next start` (instrumentation.ts runs only under NEXT_RUNTIME=nodejs).
  process.env.NODE_ENV = "production";
  process.env.NEXT_RUNTIME = "nodejs";
  const port = Number(process.env.PORT || 3000);
  const hostname = process.env.HOSTNAME || undefined;

  // instrumentation.ts hands over the /api/json handler once Next has loaded the app (after
  // prepare() returns), having opened the database first: nothing is served before both are ready.
  const handedOver = new Promise((resolve) => {
    globalThis[Symbol.for("exam-studio.node-rpc-handler")] = resolve;
  });
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: root, port, hostname });
  const handleNext = app.getRequestHandler();
  await app.prepare();
  const stuck = new Error(
    "its start-up (instrumentation.ts) did not finish within two minutes; is the build current? (`npm run build`)",
  );
  const timeout = new Promise((resolve) => setTimeout(resolve, 120_000, stuck).unref());
  const handleApi = await Promise.race([handedOver, timeout]);
  if (typeof handleApi !== "function") {
    console.error(`The app did not start: ${handleApi.message}`);
    process.exit(1);
  }

  const isApi = (url) => url === "/api/json" || url.startsWith("/api/json?");

  // Next's route handlers get no socket: the connection's address travels in this header, written
  // on every request over whatever a client sent, and the flag says it can be read
  // (server/net/peer-address.ts; TRUST_PROXY decides there whether X-Forwarded-For is believed).
  globalThis[Symbol.for("exam-studio.peer-address-header")] = true;

  const server = http.createServer((req, res) => {
    req.headers["x-exam-peer-address"] = req.socket.remoteAddress ?? "";
    const handler = isApi(req.url ?? "") ? handleApi : handleNext;
    Promise.resolve(handler(req, res)).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  // Idle keep-alive connections stay open 65 s, longer than the 60 s that load balancers and HTTP
  // clients commonly keep theirs. A server that closes an idle connection first races the client's
  // next request on it, which then fails with ECONNRESET before it reaches the app: seen in the
  // browser tests at Node's default of 5 s (a POST from Playwright's request client), and what a
  // proxy in front would answer with a 502. The headers timeout stays above it, as Node requires.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, hostname, () =>
    console.log(
      `Exam Studio on http://${hostname ?? "localhost"}:${port}${cluster.isWorker ? ` (process ${process.pid})` : ""}`,
    ),
  );

  function stop() {
    server.close();
    app.close().finally(() => process.exit(0));
    // Open keep-alive connections must not hold the exit back.
    setTimeout(() => process.exit(0), 2000).unref();
    server.closeAllConnections();
  }
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
