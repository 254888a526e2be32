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

/**
 * One line per failed vitest test, "file › full name: first line of its message", and per file
 * that failed without a failed test. npm test prints them again last, beside the summary, because
 * a CI log is often read from its tail, thousands of lines below vitest's own report of them.
 */
export function vitestFailures(report, root = "") {
  const out = [];
  const firstLine = (text) =>
    String(text ?? "")
      .split("\n")
      .find((l) => l.trim() !== "") ?? "";
  const short = (text) => {
    const line = firstLine(text).trim();
    return line.length > 300 ? `${line.slice(0, 299)}…` : line;
  };
  for (const file of report.testResults ?? []) {
    const name = root && file.name.startsWith(root) ? file.name.slice(root.length).replace(/^\//, "") : file.name;
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of failedTests) {
      // A timeout reaches the JSON report as this placeholder alone; its time says more.
      const message = short((t.failureMessages ?? [])[0]);
      const why =
        message === "Error: STACK_TRACE_ERROR" ? "no message in the JSON report (a timeout has none)" : message;
      const took = typeof t.duration === "number" ? ` (${(t.duration / 1000).toFixed(1)} s)` : "";
      out.push(`  ${name} › ${t.fullName}${took}: ${why}`);
    }
    if (file.status === "failed" && failedTests.length === 0) out.push(`  ${name}: ${short(file.message)}`);
  }
  return out;
}
