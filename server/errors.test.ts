import { describe, expect, it } from "vitest";
import { listedIssues, MAX_REPORTED_ISSUES, Report } from "./errors";

describe("Report", () => {
  // Found by the fuzz test's big arrays (issue 14): merging was a spread into push, which throws
  // a RangeError past about 120,000 arguments (100,000 bad areas became a -32603).
  it("merges any number of issues", () => {
    const report = new Report();
    const many = Array.from({ length: 300_000 }, (_, i) => ({
      code: "invalid" as const,
      path: `a[${i}]`,
      message: "m",
    }));
    report.merge({ errors: many, warnings: many });
    expect(report.errors).toHaveLength(300_000);
    expect(report.warnings).toHaveLength(300_000);
  });
});

describe("listedIssues", () => {
  it("keeps a list up to the limit as it is, and cuts a longer one with a last issue saying so", () => {
    const issues = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ code: "invalid" as const, path: `a[${i}]`, message: "m" }));
    expect(listedIssues(issues(MAX_REPORTED_ISSUES))).toHaveLength(MAX_REPORTED_ISSUES);
    const cut = listedIssues(issues(MAX_REPORTED_ISSUES + 1));
    expect(cut).toHaveLength(MAX_REPORTED_ISSUES + 1);
    expect(cut[MAX_REPORTED_ISSUES - 1]!.path).toBe(`a[${MAX_REPORTED_ISSUES - 1}]`);
    expect(cut[MAX_REPORTED_ISSUES]).toEqual({
      code: "more_issues",
      path: "",
      message: `more problems of the same request are not listed; only the first ${MAX_REPORTED_ISSUES} are`,
    });
  });
});
