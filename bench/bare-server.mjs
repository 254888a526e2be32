// A reference for `npm run bench`, not part of the app: the least a Node.js server can do for a
// questionCreate call. It reads the JSON-RPC body, sends the API's two statements
// (api-statements.mjs) through postgres.js and answers the row as JSON, with no validation, no
// HTML policy, no ORM and no Next.js. What the API adds on top of this is the app's own cost;
// what this costs on top of the direct statements is the cost of serving HTTP from Node at all.
//   DATABASE_URL (required), PORT
import http from "node:http";
import postgres from "postgres";
import { runApiStatements, tokenHash } from "./api-statements.mjs";

const url = process.env.DATABASE_URL;
const db = postgres(url, { max: Number(process.env.DATABASE_POOL_SIZE ?? 16), onnotice: () => {} });
const counters = postgres(url, { max: 4, onnotice: () => {}, connection: { synchronous_commit: "off" } });

async function answer(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const call = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  if (call.method !== "exam.questionCreate")
    return {
      jsonrpc: "2.0",
      id: call.id,
      error: { code: -32601, message: `only exam.questionCreate here, not ${call.method}` },
    };
  const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
  const row = await runApiStatements(db, counters, tokenHash(token), call.params);
  // As the app does: the answers as the statement wrote them, from what was sent, not read back.
  const { answer_count: _count, ...question } = row;
  return { jsonrpc: "2.0", id: call.id, result: { question, answers: call.params.answers, version: question.version } };
}

http
  .createServer((req, res) => {
    answer(req).then(
      (body) => {
        const text = JSON.stringify(body);
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
        res.end(text);
      },
      (error) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(error?.message ?? error));
      },
    );
  })
  .listen(Number(process.env.PORT ?? 3218), "127.0.0.1", () => console.log("ready"));
