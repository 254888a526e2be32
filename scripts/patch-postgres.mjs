// Patches postgres.js (run by `npm install` as the postinstall script; safe to run again).
//
// postgres.js 3.4.9 crashes the whole process when the database ends a connection that a
// transaction still holds (porsager/postgres#1208, also #1066, #1154; open upstream): the
// transaction's own ROLLBACK, sent after the socket closed, is written from a setImmediate callback
// to a null socket, an exception nobody can catch. A killed backend, a database restart or a
// failover during a write took the app down instead of answering -32050. And a connection that
// closed with a write still buffered kept a stale timer, so after reconnecting it never sent
// anything again. Three small changes to src/connection.js (and its CommonJS and Cloudflare
// copies), each checked to apply exactly once:
//   1. a query on a connection whose socket has closed is refused with CONNECTION_CLOSED;
//   2. closing or terminating a connection drops its buffered write and timer;
//   3. a write that still finds no socket does nothing (belt and braces).
// Remove this script once a postgres.js release fixes #1208 (the check below then says so).
import fs from "node:fs";
import path from "node:path";

const MARK = "exam-studio patch (scripts/patch-postgres.mjs)";
const root = path.join(process.cwd(), "node_modules", "postgres");

/** [what, the original text, its replacement, how many times it occurs] */
const CHANGES = [
  [
    "refuse queries on a closed connection",
    `    if (terminated)
      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))
`,
    `    if (terminated)
      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))

    // ${MARK}: the socket closed while a transaction or reserved
    // connection still held this connection; refuse rather than write to a null socket.
    if (!socket)
      return queryError(q, Errors.connection('CONNECTION_CLOSED', options))
`,
    1,
  ],
  [
    "drop the buffered write when the connection closes",
    `
    clearImmediate(nextWriteTimer)
`,
    `
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // ${MARK}
`,
    2,
  ],
  [
    "never write to a null socket",
    `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)
`,
    `  function nextWrite(fn) {
    if (!socket) return (chunk = nextWriteTimer = null, false) // ${MARK}
    const x = socket.write(chunk, fn)
`,
    1,
  ],
];

const occurrences = (text, part) => text.split(part).length - 1;

const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
const patched = [];
let problems = 0;
for (const dir of ["src", "cjs/src", "cf/src"]) {
  const file = path.join(root, dir, "connection.js");
  if (!fs.existsSync(file)) continue;
  let text = fs.readFileSync(file, "utf8");
  if (text.includes(MARK)) continue;
  for (const [what, from, to, times] of CHANGES) {
    const found = occurrences(text, from);
    if (found !== times) {
      console.error(
        `patch-postgres: cannot "${what}" in postgres ${version} ${dir}/connection.js (found ${found}, expected ${times}). ` +
          "If this release fixes porsager/postgres#1208, remove scripts/patch-postgres.mjs and its postinstall; " +
          "otherwise update the patch.",
      );
      problems++;
    }
    text = text.split(from).join(to);
  }
  patched.push([file, text]);
}
// All files or none: a half-patched driver would behave differently under ESM and CommonJS.
if (problems > 0) process.exit(1);
for (const [file, text] of patched) fs.writeFileSync(file, text);
