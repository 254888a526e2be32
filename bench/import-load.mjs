// The import and export part of `npm run bench` (issue 15):
//   - 10,000 single-choice questions with 4 answers each, sent as questionCreate by 16 concurrent
//     clients into one exam, then the same questions imported from one Moodle XML file into a new
//     exam (target: the import at least 5× faster), while another client reads questions with
//     questionGet (target p99 under 100 ms);
//   - the app's peak memory for the largest file the limits allow (LIMIT_IMPORT_MB, 45 MB by
//     default, of 10,000 questions; target under 1 GiB);
//   - export of a 1,000-question exam with 100 images as qti3 and as exam_json: time and peak
//     memory (target under 5 s each).
// BENCH_IMPORT_FORMAT names the format of the import file (moodle_xml, or gift for a comparison).
import { memoryOf, resetPeak } from "./heavy-load.mjs";
import { CONCURRENCY, line, scenario } from "./load.mjs";
import { makePngBench } from "./png.mjs";

const COUNT = 10_000;
const MB = 1024 * 1024;

/** Question `n` of the bench, as questionCreate params: four answers, the first correct. */
function questionOf(examId, n) {
  return {
    question: {
      exam_id: examId,
      type: 1,
      question: `<p>Which of these is answer ${n}?</p>`,
      explanation: `<p>Because ${n}.</p>`,
      external_id: `IMP-${n}`,
      points: 1,
    },
    answers: [0, 1, 2, 3].map((k) => ({ answer: `<p>Option ${k} of ${n}</p>`, is_correct: k === 0 })),
  };
}

const cdata = (html) => `<![CDATA[${html}]]>`;

/** The same questions as one Moodle XML file; `padding` characters of text added to each question (for the largest file). */
export function moodleFile(count, padding = 0) {
  const pad = padding > 0 ? `<p>${"x".repeat(padding)}</p>` : "";
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'];
  for (let n = 0; n < count; n++) {
    const q = questionOf(0, n);
    parts.push(
      `<question type="multichoice"><name><text>Question ${n}</text></name>`,
      `<questiontext format="html"><text>${cdata(q.question.question + pad)}</text></questiontext>`,
      `<generalfeedback format="html"><text>${cdata(q.question.explanation)}</text></generalfeedback>`,
      `<defaultgrade>1</defaultgrade><penalty>0</penalty><hidden>0</hidden><idnumber>IMP-${n}</idnumber>`,
      "<single>true</single><shuffleanswers>true</shuffleanswers><answernumbering>abc</answernumbering>",
      ...q.answers.map(
        (a) =>
          `<answer fraction="${a.is_correct ? 100 : 0}" format="html"><text>${cdata(a.answer)}</text><feedback format="html"><text></text></feedback></answer>`,
      ),
      "</question>\n",
    );
  }
  parts.push("</quiz>\n");
  return Buffer.from(parts.join(""), "utf8");
}

/** The same questions as GIFT (no external ids: GIFT has none). */
function giftFile(count) {
  const lines = [];
  for (let n = 0; n < count; n++)
    lines.push(
      `::Question ${n}:: Which of these is answer ${n}? {=Option 0 of ${n} ~Option 1 of ${n} ~Option 2 of ${n} ~Option 3 of ${n}}`,
      "",
    );
  return Buffer.from(lines.join("\n"), "utf8");
}

const EXAM = { type: 2, title: "Imported", category: "Bench", code: "IMP-1", evaluation_method: 1, passing_score: 70 };

/** Runs the scenarios against the app; returns the lines to print. */
export async function importLoad({
  call,
  post,
  appPid,
  newExam,
  format = process.env.BENCH_IMPORT_FORMAT ?? "moodle_xml",
}) {
  const lines = [];
  const failed = (reply) =>
    reply.error ? `${reply.error.code} ${JSON.stringify(reply.errors ?? reply.error.message).slice(0, 300)}` : null;

  // 1. 10,000 questionCreate calls from 16 clients into one exam.
  const createExam = await newExam("import bench: questionCreate");
  const creates = scenario(`questionCreate × ${COUNT}, ${CONCURRENCY} clients`);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COUNT) {
        const n = next++;
        const s = performance.now();
        const reply = await post({
          jsonrpc: "2.0",
          id: n,
          method: "exam.questionCreate",
          params: questionOf(createExam, n),
        });
        if (failed(reply)) throw new Error(`questionCreate: ${failed(reply)}`);
        creates.latencies.push(performance.now() - s);
        creates.calls++;
      }
    }),
  );
  creates.seconds = (performance.now() - t0) / 1000;
  lines.push(line(creates, `(${creates.seconds.toFixed(2)} s for all)`));

  // 2. The same questions in one file, imported into a new exam, while one client reads.
  const file = format === "gift" ? giftFile(COUNT) : moodleFile(COUNT);
  const readExam = await newExam("import bench: reads");
  const readId = (await call("exam.questionCreate", questionOf(readExam, 1))).question.id;
  const reads = scenario("questionGet during the import, 1 client");
  let importing = true;
  const reader = (async () => {
    while (importing) {
      const s = performance.now();
      await call("exam.questionGet", { id: readId });
      reads.latencies.push(performance.now() - s);
      reads.calls++;
    }
  })();
  const i0 = performance.now();
  const reply = await post({
    jsonrpc: "2.0",
    id: 1,
    method: "exam.examImport",
    params: {
      file: { name: `bench.${format === "gift" ? "gift" : "xml"}`, base64: file.toString("base64") },
      format,
      exam: EXAM,
    },
  });
  const importSeconds = (performance.now() - i0) / 1000;
  importing = false;
  await reader;
  reads.seconds = importSeconds;
  if (failed(reply)) throw new Error(`examImport: ${failed(reply)}`);
  if (reply.result.created !== COUNT) throw new Error(`examImport created ${reply.result.created} of ${COUNT}`);
  const ratio = creates.seconds / importSeconds;
  lines.push(
    `examImport of the same ${COUNT} questions (${format}, ${(file.length / MB).toFixed(1)} MB)   ${importSeconds.toFixed(2)} s   ${ratio.toFixed(1)}× faster than the questionCreate calls (target ≥ 5×)`,
    line(reads, "(target p99 under 100 ms)"),
  );

  // 3. Peak memory importing the largest file the limits allow.
  if (format === "moodle_xml") {
    const perQuestion = moodleFile(1).length - moodleFile(0).length;
    const padding = Math.floor((44.5 * MB) / COUNT - perQuestion - 8);
    const largest = moodleFile(COUNT, padding);
    resetPeak(appPid);
    let sampled = 0;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(appPid).rss)), 50);
    const l0 = performance.now();
    const big = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "exam.examImport",
      params: { file: { name: "largest.xml", base64: largest.toString("base64") }, format, exam: EXAM },
    });
    const seconds = (performance.now() - l0) / 1000;
    clearInterval(sampler);
    if (failed(big)) throw new Error(`largest examImport: ${failed(big)}`);
    lines.push(
      `examImport of the largest file allowed (${(largest.length / MB).toFixed(1)} MB, ${COUNT} questions)   ${seconds.toFixed(2)} s   app RSS peak ${Math.max(memoryOf(appPid).peak, sampled).toFixed(0)} MiB (target under 1,024)`,
    );
  }

  // 4. Export of a 1,000-question exam with 100 images.
  const exportExam = await newExam("import bench: export");
  for (let b = 0; b < 10; b++) {
    const batch = Array.from({ length: 100 }, (_, k) => {
      const n = b * 100 + k;
      const params = questionOf(exportExam, n);
      if (n % 10 === 0) {
        params.question.question += `<p><img src="figure-${n}.png" alt="figure ${n}"></p>`;
        params.resources = { [`figure-${n}.png`]: makePngBench(320, 240, n).toString("base64") };
      }
      return { jsonrpc: "2.0", id: n, method: "exam.questionCreate", params };
    });
    const replies = await post(batch);
    for (const r of replies) if (failed(r)) throw new Error(`questionCreate: ${failed(r)}`);
  }
  for (const target of ["qti3", "exam_json"]) {
    resetPeak(appPid);
    let sampled = 0;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(appPid).rss)), 50);
    const e0 = performance.now();
    const exported = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "exam.examExport",
      params: { id: exportExam, format: target },
    });
    const seconds = (performance.now() - e0) / 1000;
    clearInterval(sampler);
    if (failed(exported)) {
      lines.push(`examExport as ${target}: ${failed(exported)}`);
      continue;
    }
    const size = Buffer.from(exported.result.file.base64, "base64").length;
    lines.push(
      `examExport of 1,000 questions with 100 images as ${target.padEnd(9)} ${seconds.toFixed(2)} s (target under 5)   ${(size / MB).toFixed(1)} MB   app RSS peak ${Math.max(memoryOf(appPid).peak, sampled).toFixed(0)} MiB`,
    );
  }
  return lines;
}
