// The heavy-payload part of `npm run bench` (issue 14): while clients send the largest payloads
// the limits allow (a 16 MiB SVG resource, a question whose 102 HTML fields are each 512 KiB of
// slow-to-clean HTML), other clients read questions, and their questionGet latency is measured;
// the app process's resident memory is sampled throughout (target: under 1 GiB with six heavy
// requests in flight).
import fs from "node:fs";
import { line, runFor, scenario } from "./load.mjs";

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * The costliest SVG the limits allow: just under `bytes`, with as many elements as the element
 * limit allows (server/media/limits.ts: 100,000 with the root), each a path of equal length.
 */
export function largestSvg(bytes = 16 * MIB - 4 * KIB, elements = 99_999) {
  const head = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">';
  const tail = "</svg>";
  const each = Math.floor((bytes - head.length - tail.length) / elements);
  const path = (i) => {
    const start = `<path d="M${i % 800} ${i % 600}`;
    const end = `" stroke="#${(i % 4096).toString(16).padStart(3, "0")}"/>`;
    let d = "";
    for (let k = 1; start.length + d.length + end.length + 8 <= each; k++)
      d += ` L${(i * 7 + k * 13) % 800} ${(i * 11 + k * 17) % 600}`;
    return start + d + end;
  };
  const parts = [head];
  for (let i = 0; i < elements; i++) parts.push(path(i));
  parts.push(tail);
  return Buffer.from(parts.join(""), "utf8");
}

/** HTML of about `bytes` that is slow to clean: spans nested 99 deep (the policy allows 100). */
export function largestHtml(label, bytes = 512 * KIB - 64) {
  const unit = `${"<span>".repeat(99)}${label}${"</span>".repeat(99)}`;
  return `<p>${unit.repeat(Math.floor((bytes - 7) / unit.length))}</p>`;
}

/** The app process's resident memory now and its peak (VmRSS, VmHWM), in MiB. */
export function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

/** Resets the kernel's peak-RSS mark of a process (Linux: clear_refs 5), so VmHWM covers what follows. */
export function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    /* not permitted: VmHWM then counts from the process's start */
  }
}

/**
 * Runs the heavy scenarios against the app at `call`/`post`; `appPid` is the app server process.
 * Returns the lines to print.
 */
export async function heavyLoad({ call, post, appPid, examId, questionId, seconds }) {
  const svg = largestSvg().toString("base64");
  const fields = Array.from({ length: 100 }, (_, i) => largestHtml(`a${i}`));
  const svgCall = (n) => ({
    jsonrpc: "2.0",
    id: n,
    method: "exam.examUpdate",
    params: {
      exam: { id: examId, description: `<p><img src="map-${n}.svg"></p>` },
      resources: { [`map-${n}.svg`]: svg },
    },
  });
  const htmlCall = (n) => ({
    jsonrpc: "2.0",
    id: n,
    method: "exam.questionCreate",
    params: {
      question: { exam_id: examId, type: 1, question: largestHtml("q"), explanation: largestHtml("e") },
      answers: fields.map((answer, i) => ({ answer, is_correct: i === 0 })),
    },
  });
  const failures = [];
  const heavy = async (n) => {
    const reply = await post(n % 2 === 0 ? svgCall(n) : htmlCall(n));
    if (reply.error) failures.push(`${reply.error.code} ${JSON.stringify(reply.errors).slice(0, 200)}`);
    return 1;
  };

  const lines = [];
  for (const heavyClients of [1, 6]) {
    resetPeak(appPid);
    let sampledPeak = 0;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryOf(appPid).rss)), 100);
    const reads = scenario(`API questionGet beside ${heavyClients} heavy client${heavyClients > 1 ? "s" : ""}`);
    const heavyCalls = scenario("heavy calls");
    let stop = false;
    let n = 0;
    const heavyLoops = Array.from({ length: heavyClients }, async () => {
      while (!stop) {
        const s = performance.now();
        await heavy(n++);
        heavyCalls.latencies.push(performance.now() - s);
        heavyCalls.calls++;
      }
    });
    const started = performance.now();
    await runFor(reads, async () => (await call("exam.questionGet", { id: questionId }), 1), seconds, 8);
    stop = true;
    await Promise.all(heavyLoops);
    heavyCalls.seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const { peak } = memoryOf(appPid);
    const sorted = [...heavyCalls.latencies].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    lines.push(
      line(reads),
      `  meanwhile ${heavyCalls.calls} heavy calls answered (median ${(median / 1000).toFixed(1)} s each); app RSS peak ${Math.max(peak, sampledPeak).toFixed(0)} MiB`,
    );
  }
  if (failures.length > 0) lines.push(`  heavy calls that failed: ${failures.length}, e.g. ${failures[0]}`);
  return lines;
}
