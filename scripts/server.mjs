// The production server (`npm start`, the browser tests, the benchmark): Next.js answers every
// page, server action, /api/auth and /media request; POST /api/json goes straight from Node's HTTP
// server to the RPC transport (server/rpc/node-adapter.ts), skipping Next's per-request routing.
// The handler comes from the app's own build: instrumentation.ts publishes it while Next prepares.
//   PORT (default 3000), HOSTNAME (default: every interface)
import http from "node:http";
import { root } from "./build.mjs";

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
const stuck = new Error("its start-up (instrumentation.ts) did not finish within two minutes; is the build current? (`npm run build`)");
const timeout = new Promise((resolve) => setTimeout(resolve, 120_000, stuck).unref());
const handleApi = await Promise.race([handedOver, timeout]);
if (typeof handleApi !== "function") {
  console.error(`The app did not start: ${handleApi.message}`);
  process.exit(1);
}

const isApi = (url) => url === "/api/json" || url.startsWith("/api/json?");

const server = http.createServer((req, res) => {
  const handler = isApi(req.url ?? "") ? handleApi : handleNext;
  Promise.resolve(handler(req, res)).catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.listen(port, hostname, () => console.log(`Exam Studio on http://${hostname ?? "localhost"}:${port}`));

function stop() {
  server.close();
  app.close().finally(() => process.exit(0));
  // Open keep-alive connections must not hold the exit back.
  setTimeout(() => process.exit(0), 2000).unref();
  server.closeAllConnections();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
