// npm test: the whole suite. Unit tests, integration tests on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL names a server (vitest); then the browser tests (Playwright, Chromium, against
// the built app). Ends with one plain "N passed, N failed" line. Arguments go to vitest, those
// after `--browser` and `*.spec.ts` files to Playwright (test-run.mjs); `--no-browser` skips the
// browser tests, `--browser-only` runs only them.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIsCurrent } from "./build.mjs";
import { splitTestArgs, vitestCounts, vitestFailures } from "./test-run.mjs";

const root = path.resolve(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "exam-test-")), "vitest.json");
const { noBrowser, browserOnly, vitest: vitestArgs, playwright: playwrightArgs } = splitTestArgs(process.argv.slice(2));

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "TEST_DATABASE_URL is not set: integration tests run on PGlite only (.ci/run sets it to a PostgreSQL server).",
  );
}
// The browser tests need the built app. When it is out of date, it is built while vitest runs, at
// a lower scheduling priority, so that the build takes the core vitest leaves idle (vitest runs
// one file at a time on two cores) rather than time of its own; the browser tests' server then
// finds it current.
const build = !noBrowser && !browserOnly && !buildIsCurrent() ? startBuild() : null;

function startBuild() {
  const log = path.join(path.dirname(report), "build.log");
  const out = fs.openSync(log, "w");
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", "(await import('./scripts/build.mjs')).ensureBuild()"],
    {
      cwd: root,
      stdio: ["ignore", out, out],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  try {
    os.setPriority(child.pid, 10);
  } catch {
    // not permitted: the same priority as the tests
  }
  console.log(`Building the app for the browser tests while the other tests run (log: ${log}).`);
  const done = new Promise((resolve) => child.on("exit", (code) => resolve({ code, log })));
  return done;
}

const run = browserOnly
  ? { status: 0 }
  : spawnSync(
      process.execPath,
      [vitest, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...vitestArgs],
      {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      },
    );

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
/** The failed vitest tests, told again at the end: the browser tests' output comes between. */
let vitestFailed = [];

/** "file › title" of each browser test that failed and then passed on its retry. */
function flakyTitles(results) {
  const out = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) if (t.status === "flaky") out.push(`  ${file ?? spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
  };
  for (const suite of results.suites ?? []) walk(suite, suite.file);
  return out;
}
if (!browserOnly) {
  try {
    const results = JSON.parse(fs.readFileSync(report, "utf8"));
    ({ passed, failed, skipped } = vitestCounts(results));
    vitestFailed = vitestFailures(results, root);
  } catch {
    failed = Math.max(failed, 1);
  }
  if (run.status !== 0 && failed === 0) failed = 1;
}

if (!noBrowser) {
  if (build) {
    const { code, log } = await build;
    // A failed build is told here; the browser tests' server then tries once more and fails the run.
    if (code !== 0)
      console.log(`The build beside the tests failed (exit ${code}):\n${fs.readFileSync(log, "utf8").slice(-4000)}`);
  }
  const browserReport = path.join(path.dirname(report), "playwright.json");
  const playwright = path.join(root, "node_modules", "@playwright", "test", "cli.js");
  const browser = spawnSync(process.execPath, [playwright, "test", ...playwrightArgs], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport },
  });
  let browserFailed;
  try {
    const results = JSON.parse(fs.readFileSync(browserReport, "utf8"));
    const { stats } = results;
    passed += stats.expected + stats.flaky;
    flaky = stats.flaky;
    browserFailed = stats.unexpected;
    skipped += stats.skipped;
    if (flaky > 0) console.log(`\nFlaky (failed once, then passed):\n${flakyTitles(results).join("\n")}`);
  } catch {
    browserFailed = 1;
  }
  if (browser.status !== 0 && browserFailed === 0) browserFailed = 1;
  failed += browserFailed;
}
if (vitestFailed.length > 0)
  console.log(`\nFailed in vitest (its report above says more):\n${vitestFailed.join("\n")}`);
console.log(`\n${passed} passed${flaky > 0 ? ` (${flaky} flaky)` : ""}, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
