// npm run bench:pages — how long each page of the app takes to become usable. Starts the built
// app as `npm start` serves it on a fresh embedded database, seeds an author with 30 exams, one of
// them with 200 questions of all seven types (images included), a case study and a history,
// then opens every page in Chromium several times and prints, per page, the time from navigation
// to the load event and to "usable": the page's main control rendered and hydrated (React's
// handlers attached to it, so a click or a keystroke does something). The goal is under a second.
//   PAGES_BENCH_PORT  port for the app (default 3219)
//   PAGES_BENCH_RUNS  visits per page (default 5; the first is reported apart: it warms the server)
import type { Page } from "@playwright/test";
import { makePng } from "../tests/support/media-fixtures";
import { pct, signUpAuthor, startBenchApp, type BenchAuthor } from "./browser-app";

const PORT = Number(process.env.PAGES_BENCH_PORT ?? 3219);
const RUNS = Number(process.env.PAGES_BENCH_RUNS ?? 5);
const QUESTIONS = 200;

const IMAGE = Buffer.from(makePng(800, 500, [225, 232, 240])).toString("base64");

/** One question of type `type` (1–7), the n-th of the exam. */
function questionParams(examId: number, type: number, n: number, caseStudyId: number | null) {
  const question = {
    exam_id: examId,
    type,
    question: `<p>Question ${n}: <strong>which</strong> one?</p>`,
    explanation: "<p>Because.</p>",
    case_study_id: caseStudyId,
  };
  const choice = [
    { answer: "<p>Alpha</p>", is_correct: true, order: 1 },
    { answer: "<p>Beta</p>", is_correct: type !== 1, order: 2 },
    { answer: "<p>Gamma</p>", is_correct: type === 6, order: 3 },
  ];
  const image = { image: "pic.png", options: { FixedHeight: false, FixedWidth: false } };
  switch (type) {
    case 1:
    case 2:
    case 6:
      return { question, answers: choice };
    case 3:
      return {
        question: {
          ...question,
          properties: {
            ...image,
            options: { ...image.options, OneToOneMatching: true },
            areas: [
              { id: "targ-1", x: 20, y: 20, width: 120, height: 40, type: 1 },
              { id: "drag-1", x: 400, y: 300, width: 120, height: 40, type: 2 },
            ],
            match: { "targ-1": "drag-1" },
          },
        },
        resources: { "pic.png": IMAGE },
      };
    case 4:
    case 5:
      return {
        question: {
          ...question,
          properties: {
            ...image,
            options: { ...image.options, SingleAnswer: false },
            areas: [
              { id: "block-1", x: 20, y: 20, width: 120, height: 60 },
              { id: "block-2", x: 300, y: 200, width: 120, height: 60 },
            ],
            correct: { "block-1": true },
          },
        },
        resources: { "pic.png": IMAGE },
      };
    default:
      return { question: { ...question, properties: { text_similarity: 80, text_answer: [{ value: "alpha" }] } } };
  }
}

async function seed(author: BenchAuthor) {
  const { rpc } = author;
  for (let i = 0; i < 29; i++)
    await rpc("exam.examCreate", {
      exam: {
        type: 1 + (i % 3),
        title: `Practice exam ${i}`,
        category: ["Cloud", "Networking", "Security"][i % 3],
        code: `PX-${i}`,
        evaluation_method: 3,
      },
    });
  const { exam } = await rpc("exam.examCreate", {
    exam: {
      type: 2,
      title: "Bench exam",
      category: "Bench",
      code: "B-1",
      evaluation_method: 2,
      passing_score: 60,
      description: "<p>An exam with every question type.</p>",
      show_description_page: true,
    },
  });
  const { case_study } = await rpc("exam.caseStudyCreate", {
    case_study: { exam_id: exam.id, name: "Branch office", description: "<p>A branch office network.</p>" },
  });
  const ids: Record<number, number> = {};
  for (let n = 0; n < QUESTIONS; n++) {
    const type = 1 + (n % 7);
    const { question } = await rpc(
      "exam.questionCreate",
      questionParams(exam.id, type, n + 1, n % 10 === 0 ? case_study.id : null),
    );
    ids[type] ??= question.id;
  }
  await rpc("exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });
  return { examId: exam.id as number, caseStudyId: case_study.id as number, questionIds: ids };
}

/** A page, and what shows that it is usable: a control that must be rendered and hydrated. */
interface PageCase {
  name: string;
  url: string;
  control: string;
}

/** Navigates and measures: the load event, and when `control` is visible with React's handlers attached. */
async function visit(page: Page, c: PageCase): Promise<{ load: number; usable: number }> {
  await page.goto("about:blank");
  const started = Date.now();
  await page.goto(c.url, { waitUntil: "load" });
  const load = Date.now() - started;
  const control = page.locator(c.control).first();
  await control.waitFor({ state: "visible", timeout: 30_000 });
  const deadline = Date.now() + 30_000;
  while (!(await control.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))))) {
    if (Date.now() > deadline) throw new Error(`${c.name}: ${c.control} was never hydrated`);
    await page.waitForTimeout(5);
  }
  return { load, usable: Date.now() - started };
}

async function main() {
  const app = await startBenchApp(PORT, "exam-pages-bench-");
  try {
    const author = await signUpAuthor(app);
    console.log(`Seeding 30 exams and ${QUESTIONS} questions…`);
    const { examId, caseStudyId, questionIds } = await seed(author);
    const cases: PageCase[] = [
      { name: "exam list (30 exams)", url: "/exams", control: "input:visible" },
      { name: "exam page, questions (200)", url: `/exams/${examId}`, control: '[role="tab"]' },
      {
        name: "exam page, settings",
        url: `/exams/${examId}?tab=settings`,
        control: "[role=tabpanel]:not([hidden]) input:visible",
      },
      {
        name: "case study editor",
        url: `/exams/${examId}/case-studies/${caseStudyId}`,
        control: 'main button:has-text("Save")',
      },
      ...[1, 2, 3, 4, 5, 6, 7].map((t) => ({
        name: `question editor, type ${t}`,
        url: `/exams/${examId}/questions/${questionIds[t]}`,
        control: 'button:has-text("Save question")',
      })),
      {
        name: "new question, type 3",
        url: `/exams/${examId}/questions/new?type=3`,
        control: 'button:has-text("Save question")',
      },
      { name: "preview", url: `/exams/${examId}/preview?seed=1`, control: "main button" },
      { name: "history", url: `/exams/${examId}/history`, control: "select" },
      { name: "API keys", url: "/settings/api-keys", control: "input:visible" },
      { name: "API reference", url: "/docs/api", control: "button" },
      { name: "public exam page", url: `/e/${examId}`, control: "h1" },
    ];
    const page = author.page;
    const rows: string[] = [];
    let worst = 0;
    for (const c of cases) {
      console.log(`  ${c.name}…`);
      const first = await visit(page, c);
      const later: { load: number; usable: number }[] = [];
      for (let i = 1; i < RUNS; i++) later.push(await visit(page, c));
      const usable = later.map((v) => v.usable).sort((a, b) => a - b);
      const load = later.map((v) => v.load).sort((a, b) => a - b);
      worst = Math.max(worst, usable.at(-1) ?? first.usable);
      rows.push(
        `${c.name.padEnd(30)} ${String(first.usable).padStart(6)} ms   ${pct(load, 50).toFixed(0).padStart(6)} ms   ${pct(usable, 50).toFixed(0).padStart(6)} ms   ${String(usable.at(-1)).padStart(6)} ms`,
      );
    }
    console.log(`\nPages in Chromium (headless), the built app on the embedded database, ${RUNS} visits each:\n`);
    console.log(
      `${"page".padEnd(30)} ${"first".padStart(9)}   ${"load p50".padStart(9)}   ${"usable p50".padStart(9)}  ${"usable max".padStart(9)}`,
    );
    for (const r of rows) console.log(r);
    console.log(
      `\nslowest later visit until usable: ${worst} ms${worst < 1000 ? " (under a second)" : " (over a second)"}`,
    );
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
