import { describe, expect, it } from "vitest";
import { splitTestArgs, vitestCounts } from "./test-run.mjs";

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
        { ancestorTitles: ["block"], fullName: "block fails", status: "failed" },
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
