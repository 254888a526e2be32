// The import queue's fairness (issue 23), part of `npm run bench` (`BENCH_ONLY=fairness` runs only
// it, `BENCH_FAIRNESS=0` skips it): how long a 2 MB Moodle XML import from workspace B takes alone,
// and while workspace A has three slow imports in flight, each of them a file over 256 KB that is
// read in an import worker:
//   - "lying zips": the attack of issue 23, zips of 6.3 MB whose entry claims 100 bytes and
//     inflates to 6 GiB of zeros;
//   - "large packages": honest QTI 3.0 packages of 7,000 questions (exported by the app itself,
//     each seconds of a worker to read), imported as dry runs.
// B's import is sent once A's three are on their way and have had a second to reach the queue.
// Every body stays within what the body gate admits at once (32 MiB with one parse worker, the
// default on 2 cores: server/body-gate.ts), so that B waits for nothing but the import worker.
// Then the memory that several import workers cost: the app's peak resident memory while A and B
// each import a package that inflates to nearly the import limit, at the same time (with one
// import worker they are read in turn, with two side by side).
import { unzipSync } from "fflate";
import { memoryOf, resetPeak } from "./heavy-load.mjs";
import { lyingZip } from "../tests/support/lying-zip.mjs";
import { moodleFile } from "./import-load.mjs";
import { postJson } from "./load.mjs";

const MB = 1024 * 1024;
const EXAM = { type: 2, title: "Fairness", category: "Bench", code: "FAIR-1", evaluation_method: 1, passing_score: 70 };
/** Questions in B's file: about 2 MB of Moodle XML. */
const B_QUESTIONS = 2_000;
/** Questions in A's packages: 3 of their bodies and B's within the body gate's 32 MiB. */
const A_QUESTIONS = 7_000;

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const failure = (reply) =>
  reply.error ? `${reply.error.code} ${JSON.stringify(reply.error.data ?? reply.error.message).slice(0, 200)}` : null;

/** Posts an examImport as `post` and resolves with its time and answer. */
async function timedImport(post, params) {
  const t0 = performance.now();
  const reply = await post({ jsonrpc: "2.0", id: 1, method: "exam.examImport", params });
  return { ms: performance.now() - t0, reply };
}

/** The median of B's import alone over `runs` runs. */
async function alone(postB, file, runs = 3) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const { ms, reply } = await timedImport(postB, file);
    if (failure(reply)) throw new Error(`B's import: ${failure(reply)}`);
    times.push(ms);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

/** B's import while A's three imports (`params` each) are in flight: B's time and A's. */
async function beside(postA, postB, aParams, bParams) {
  const t0 = performance.now();
  const a = aParams.map((p) => timedImport(postA, p));
  await new Promise((r) => setTimeout(r, 1000));
  const b = await timedImport(postB, bParams);
  if (failure(b.reply)) throw new Error(`B's import: ${failure(b.reply)}`);
  const done = await Promise.all(a);
  return {
    b: b.ms,
    a: done.map((d) => ({ ms: d.ms, error: failure(d.reply) })),
    all: performance.now() - t0,
  };
}

/** The bytes everything in a zip (Base64) inflates to. */
function inflatedSize(base64) {
  return Object.values(unzipSync(Buffer.from(base64, "base64"))).reduce((n, entry) => n + entry.length, 0);
}

/**
 * Runs the scenarios against the app on `port`, as the people of `tokenA` and `tokenB` (each in
 * a workspace of their own); returns the lines to print.
 */
export async function importFairness({ port, tokenA, tokenB, appPid, onLine = () => {} }) {
  // A connection of its own for each call: a kept-alive one left idle through a long scenario may
  // be closed by the server just as the next large body is written (EPIPE on a busy machine).
  const postA = (body) => postJson(port, tokenA)(body);
  const postB = (body) => postJson(port, tokenB)(body);
  const callA = async (method, params) => {
    const reply = await postA({ jsonrpc: "2.0", id: 1, method, params });
    if (failure(reply)) throw new Error(`${method}: ${failure(reply)}`);
    return reply.result;
  };
  const bFile = moodleFile(B_QUESTIONS);
  const bParams = {
    file: { name: "b.xml", base64: bFile.toString("base64") },
    format: "moodle_xml",
    exam: { ...EXAM, title: "B" },
  };
  const lines = [];
  // Each line as soon as it is measured too: a later scenario failing on a busy machine loses none.
  const say = (text) => (lines.push(text), onLine(text));
  const baseline = await alone(postB, bParams);
  say(
    `examImport of ${(bFile.length / MB).toFixed(1)} MB of Moodle XML (${B_QUESTIONS} questions) from workspace B alone   ${seconds(baseline)} (median of 3)`,
  );

  const lying = lyingZip({ name: "items/big.xml", declared: 100, inflates: 6 * 1024 * MB }).bytes;
  const lyingParams = {
    file: { name: "lying.zip", base64: Buffer.from(lying).toString("base64") },
    format: "qti3",
    exam: EXAM,
  };
  const lied = await beside(postA, postB, [lyingParams, lyingParams, lyingParams], bParams);
  say(
    `  beside 3 lying zips of workspace A (${(lying.length / MB).toFixed(1)} MB, 6 GiB inflated)   B ${seconds(lied.b)}   A's answers after ${lied.a.map((a) => seconds(a.ms)).join(", ")} (${lied.a[0].error ?? "no error"})`,
  );

  // An honest package that takes a worker seconds: the app's own export of 10,000 questions.
  const aExam = (
    await callA("exam.examImport", {
      file: { name: "a.xml", base64: moodleFile(A_QUESTIONS).toString("base64") },
      format: "moodle_xml",
      exam: { ...EXAM, title: "A" },
    })
  ).exam.id;
  const packaged = (await callA("exam.examExport", { id: aExam, format: "qti3" })).file.base64;
  const largeParams = { file: { name: "a.zip", base64: packaged }, format: "qti3", exam: EXAM, dry_run: true };
  const large = await beside(postA, postB, [largeParams, largeParams, largeParams], bParams);
  say(
    `  beside 3 QTI packages of workspace A (${(Buffer.from(packaged, "base64").length / MB).toFixed(1)} MB, ${A_QUESTIONS} questions, dry runs)   B ${seconds(large.b)}   A's answers after ${large.a.map((a) => seconds(a.ms)).join(", ")}${large.a.some((a) => a.error) ? ` (${large.a.find((a) => a.error).error})` : ""}`,
  );

  // A package that inflates to about 42 MiB: the same questions with their texts padded.
  const perQuestion = Math.floor((42 * MB - inflatedSize(packaged)) / A_QUESTIONS);
  const paddedExam = (
    await callA("exam.examImport", {
      file: { name: "padded.xml", base64: moodleFile(A_QUESTIONS, perQuestion).toString("base64") },
      format: "moodle_xml",
      exam: { ...EXAM, title: "A, padded" },
    })
  ).exam.id;
  const largest = (await callA("exam.examExport", { id: paddedExam, format: "qti3" })).file.base64;
  const largestParams = { file: { name: "largest.zip", base64: largest }, format: "qti3", exam: EXAM, dry_run: true };
  resetPeak(appPid);
  let sampled = 0;
  const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(appPid).rss)), 50);
  const t0 = performance.now();
  const both = await Promise.all([timedImport(postA, largestParams), timedImport(postB, largestParams)]);
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const failed = both.map(({ reply }) => failure(reply)).filter((f) => f !== null);
  say(
    `A and B each importing a package inflating to ${(inflatedSize(largest) / MB).toFixed(1)} MiB (${(Buffer.from(largest, "base64").length / MB).toFixed(1)} MB, dry runs) at once   ${seconds(ms)} for both   app RSS peak ${Math.max(memoryOf(appPid).peak, sampled).toFixed(0)} MiB${failed.length > 0 ? `   (${failed.join("; ")})` : ""}`,
  );
  return lines;
}
