// npm test: the whole suite. Unit tests, integration tests on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL names a server. Ends with one plain "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "exam-test-")), "vitest.json");
const extra = process.argv.slice(2);

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: integration tests run on PGlite only (.ci/run sets it to a PostgreSQL server).");
}
const run = spawnSync(process.execPath, [vitest, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(fs.readFileSync(report, "utf8"));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numFailedTestSuites ?? 0);
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  failed = Math.max(failed, 1);
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
