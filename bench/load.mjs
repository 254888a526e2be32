// The load generator of `npm run bench`: concurrent client loops, their timings, and an HTTP
// client for /api/json. Plain JavaScript like the rest of the bench: it shares the machine's
// cores with what it measures.
import http from "node:http";

export const CONCURRENCY = 16;

/** A scenario's measurements, added up over one or more timed runs. */
export function scenario(name) {
  return { name, calls: 0, seconds: 0, latencies: [] };
}

/**
 * Runs `worker(client, i)` on `clients` loops for `seconds` and adds the calls, time and
 * latencies to `into`; each worker call returns how many API calls it made.
 */
export async function runFor(into, worker, seconds, clients = CONCURRENCY) {
  let calls = 0;
  let started = 0;
  const deadline = performance.now() + seconds * 1000;
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
        into.latencies.push(performance.now() - s);
      }
    }),
  );
  into.calls += calls;
  into.seconds += (performance.now() - t0) / 1000;
  return into;
}

export const rate = (r) => r.calls / r.seconds;

/** `a`'s rate as a percentage of `b`'s. */
export const percent = (a, b) => `${((100 * rate(a)) / rate(b)).toFixed(0)}%`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One printed line: rate, p50 and p99 latency, and a remark. */
export function line(r, extra = "") {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const ms = (p) => percentile(sorted, p).toFixed(1).padStart(7);
  return `${r.name.padEnd(46)} ${rate(r).toFixed(0).padStart(6)} calls/s   p50 ${ms(50)} ms   p99 ${ms(99)} ms  ${extra}`;
}

/**
 * POSTs a JSON body to /api/json over kept-alive connections and parses the answer. Node's own
 * http client, not fetch: the load generator shares the machine's cores with the app and
 * PostgreSQL, and the CPU fetch spends per call was taken from them (question creates into 16
 * exams, same machine and build: about 1,180 calls/s through fetch, 1,610 through this).
 */
export function postJson(port, token) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
  return (body) =>
    new Promise((resolve, reject) => {
      const text = JSON.stringify(body);
      const headers = {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(text),
        authorization: `Bearer ${token}`,
      };
      const req = http.request(
        { host: "127.0.0.1", port, path: "/api/json", method: "POST", agent, headers },
        (res) => {
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
        },
      );
      req.on("error", reject);
      req.end(text);
    });
}
