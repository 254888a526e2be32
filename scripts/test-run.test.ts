import { describe, expect, it } from "vitest";
import { splitTestArgs, vitestCounts, vitestFailures } from "./test-run.mjs";

// The shape of vitest's JSON report (reporters/json) for one file with a failing test inside a
// describe block and one file that failed to load: vitest counts the describe block and both
// files as failed suites.
const report = {
  numTotalTestSuites: 4,
  numPassedTestSuites: 0,
  numFailedTestSuites: 3,
  numPendingTestSuites: 0,
  numTotalTests: 3,
  numPassedTests: 1,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  success: false,
  testResults: [
    {
      name: "/repo/a.test.ts",
      status: "failed",
      assertionResults: [
        { ancestorTitles: ["block"], fullName: "block passes", status: "passed" },
        {
          ancestorTitles: ["block"],
          fullName: "block fails",
          status: "failed",
          failureMessages: ["\nAssertionError: expected 2 to be 3\n    at /repo/a.test.ts:9:5"],
        },
        { ancestorTitles: ["block"], fullName: "block skipped", status: "skipped" },
      ],
    },
    { name: "/repo/broken.test.ts", status: "failed", message: "Failed to load", assertionResults: [] },
  ],
};

describe("vitestCounts", () => {
  it("counts a failed test once and a file that failed without a failed test as one", () => {
    expect(vitestCounts(report)).toEqual({ passed: 1, failed: 2, skipped: 1 });
  });

  it("counts nothing failed in a passing report", () => {
    const passing = {
      ...report,
      numFailedTestSuites: 0,
      numFailedTests: 0,
      testResults: [{ name: "/repo/a.test.ts", status: "passed", assertionResults: [{ status: "passed" }] }],
    };
    expect(vitestCounts(passing).failed).toBe(0);
  });
});

describe("vitestFailures", () => {
  it("names each failed test with the first line of its message, and a file that failed to load", () => {
    expect(vitestFailures(report, "/repo")).toEqual([
      "  a.test.ts › block fails: AssertionError: expected 2 to be 3",
      "  broken.test.ts: Failed to load",
    ]);
  });

  it("gives a timeout's time, since the JSON report has no message for it", () => {
    const timedOut = {
      testResults: [
        {
          name: "/repo/pool.test.ts",
          status: "failed",
          assertionResults: [
            {
              fullName: "WorkerPool runs",
              status: "failed",
              duration: 7259.3,
              failureMessages: ["Error: STACK_TRACE_ERROR\n    at task (file:///x.js:1:2)"],
            },
          ],
        },
      ],
    };
    expect(vitestFailures(timedOut, "/repo")).toEqual([
      "  pool.test.ts › WorkerPool runs (7.3 s): no message in the JSON report (a timeout has none)",
    ]);
  });

  it("names nothing in a passing report, and cuts a long message", () => {
    expect(vitestFailures({ testResults: [{ name: "/x.test.ts", status: "passed", assertionResults: [] }] })).toEqual(
      [],
    );
    const long = { testResults: [{ name: "/x.test.ts", status: "failed", message: "y".repeat(400) }] };
    expect(vitestFailures(long)[0]).toHaveLength("  /x.test.ts: ".length + 300);
  });
});

describe("splitTestArgs", () => {
  it("sends arguments to vitest, and .spec.ts files and everything after --browser to Playwright", () => {
    expect(splitTestArgs(["server/domain", "e2e/exams.spec.ts", "--browser", "--workers=1", "-g", "list"])).toEqual({
      noBrowser: false,
      browserOnly: false,
      vitest: ["server/domain"],
      playwright: ["e2e/exams.spec.ts", "--workers=1", "-g", "list"],
    });
  });

  it("keeps its own switches for itself", () => {
    expect(splitTestArgs(["--browser-only", "e2e/exams.spec.ts"])).toEqual({
      noBrowser: false,
      browserOnly: true,
      vitest: [],
      playwright: ["e2e/exams.spec.ts"],
    });
    expect(splitTestArgs(["--no-browser", "--project", "unit"])).toEqual({
      noBrowser: true,
      browserOnly: false,
      vitest: ["--project", "unit"],
      playwright: [],
    });
  });
});
