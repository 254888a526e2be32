// What scripts/test.mjs decides, as pure functions it and its unit test share: which arguments
// go to vitest and which to Playwright, and how many tests a vitest JSON report counts.

/**
 * `npm test -- [vitest args] [--browser playwright args]`: everything after `--browser` goes to
 * Playwright, and so does a bare file filter ending in `.spec.ts` (a browser test file);
 * `--no-browser` and `--browser-only` choose the parts; the rest goes to vitest.
 */
export function splitTestArgs(args) {
  const at = args.indexOf("--browser");
  const before = at === -1 ? args : args.slice(0, at);
  const after = at === -1 ? [] : args.slice(at + 1);
  const own = new Set(["--no-browser", "--browser-only"]);
  const isSpec = (a) => !a.startsWith("-") && a.endsWith(".spec.ts");
  return {
    noBrowser: args.includes("--no-browser"),
    browserOnly: args.includes("--browser-only"),
    vitest: before.filter((a) => !own.has(a) && !isSpec(a)),
    playwright: [...before.filter(isSpec), ...after.filter((a) => !own.has(a))],
  };
}

/**
 * Passed, failed and skipped tests of a vitest JSON report, each test counted once. A test file
 * that failed without a failed test (it did not load, or a hook threw) counts as one failure.
 * (The report's numFailedTestSuites counts a failed test again for its file and for each
 * describe block around it.)
 */
export function vitestCounts(report) {
  const files = report.testResults ?? [];
  const brokenFiles = files.filter(
    (f) => f.status === "failed" && !(f.assertionResults ?? []).some((t) => t.status === "failed"),
  ).length;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}
