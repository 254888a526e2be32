// The list of issue codes is what the app's author wording is keyed by: a code produced around
// the types (a cast, zod's `params` object) would reach the author as "This value is not accepted."
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ISSUE_CODES, isIssueCode } from "./issue-codes";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = [...sources(path.join(__dirname)), ...sources(path.join(__dirname, "..", "components"))].map((file) => ({
  file,
  text: readFileSync(file, "utf8"),
}));

describe("issue codes", () => {
  it("are listed once each", () => {
    expect(new Set(ISSUE_CODES).size).toBe(ISSUE_CODES.length);
  });

  it("of a schema's own checks are given through issueParams, which only takes a listed code", () => {
    const raw = files.filter(({ text }) => /params:\s*\{\s*code:/.test(text)).map(({ file }) => file);
    expect(raw).toEqual([]);
  });

  it("written into issues in the sources are all listed", () => {
    const unlisted: string[] = [];
    for (const { file, text } of files) {
      // `code: "custom"` is zod's own kind of issue (ctx.addIssue), whose code is in its params.
      for (const m of text.matchAll(/\bcode: "([a-z_]+)",?\s*path:/g))
        if (m[1] !== "custom" && !isIssueCode(m[1])) unlisted.push(`${path.basename(file)}: ${m[1]}`);
      for (const m of text.matchAll(/\.(?:error|warn)\(\s*"([a-z_]+)"/g))
        if (!isIssueCode(m[1])) unlisted.push(`${path.basename(file)}: ${m[1]}`);
    }
    expect(unlisted).toEqual([]);
  });
});
