// An app server process for tests/integration/durability.test.ts, which SIGKILLs it mid-request
// and starts another on the same database and media directory.
//
// Why not scripts/server.mjs itself: that server needs the Next build (.next), and `next build`
// takes minutes on the CI machines and would have to run inside the integration tests (or make
// them depend on a build step that `npm test` runs only later, for the browser tests). What
// contract 11.3 is about lives below Next: /api/json in production is Node's HTTP server handing
// the raw request to createNodeRpcHandler (server/rpc/node-adapter.ts), the database is opened
// by getAppContext()/openFromEnv() exactly as instrumentation.ts opens it (migrations, the
// embedded database's owner.pid, the counters pool), and GET /media is serveMedia, which the
// route app/media/[file] calls. This file wires those same modules together, as
// instrumentation.ts + scripts/server.mjs do, in a process of its own that can really be killed.
//
// Run with `node --import tsx tests/support/durability-server.ts` from the project root (the
// migrations are found from the working directory). Environment, as for `npm start`:
// DATABASE_URL, or DATA_DIR for the embedded database; MEDIA_DIR; PORT; RATE_LIMIT_PER_MINUTE.
// Prints "listening <port>" on stdout once it serves. SIGTERM closes the database cleanly.
import http from "node:http";
import { getDb } from "@/db/client";
import { getAppContext } from "@/server/app-context";
import { scheduleOrphanCleanup } from "@/server/media/orphans";
import { serveMedia } from "@/server/media/serve";
import { createNodeRpcHandler } from "@/server/rpc/node-adapter";

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error("PORT must be set");

// As instrumentation.ts: open the database (applying migrations) before serving anything.
const app = await getAppContext();
scheduleOrphanCleanup(app.db, app.media);
const handleApi = createNodeRpcHandler(getAppContext);

async function handleMedia(req: http.IncomingMessage, res: http.ServerResponse, file: string) {
  const answer = await serveMedia(app, decodeURIComponent(file));
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(answer.status, headers);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

const server = http.createServer((req, res) => {
  const url = req.url ?? "";
  const media = /^\/media\/([^/?]+)$/.exec(url);
  const work =
    url === "/api/json" || url.startsWith("/api/json?")
      ? handleApi(req, res)
      : media && req.method === "GET"
        ? handleMedia(req, res, media[1]!)
        : Promise.resolve(res.writeHead(404).end());
  work.catch((error) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
// As scripts/server.mjs: idle keep-alive connections stay open 65 s, not Node's default 5 s, so
// that a test's idle connections live as long as production's (multi-process.test.ts waits up to
// 11 s for a new clock minute with connections open to two servers).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, "127.0.0.1", () => process.stdout.write(`listening ${port}\n`));

async function stop() {
  server.closeAllConnections();
  server.close();
  try {
    await (await getDb()).close();
  } finally {
    process.exit(0);
  }
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
