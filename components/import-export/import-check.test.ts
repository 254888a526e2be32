import { describe, expect, it } from "vitest";
import type { Issue } from "@/server/errors";
import { readImportCheck, type CheckedImport, type ImportOutcome } from "./import-check";

const exam = {} as CheckedImport["exam"];
const item = (ref: string, status: "created" | "updated" | "skipped", type: number | null = 1) => ({
  ref,
  status,
  question_id: null,
  type,
  warnings: [],
});
const ok = (result: Partial<CheckedImport>, warnings: Issue[] = []): ImportOutcome => ({
  ok: true,
  result: { exam, created: 0, updated: 0, skipped: 0, items: [], ...result } as CheckedImport,
  warnings,
});
const FIELDS = { title: "", code: "" };

describe("readImportCheck", () => {
  it("nothing before a dry run", () => {
    const view = readImportCheck(null, FIELDS);
    expect(view.checked).toBeNull();
    expect(view.toStore).toBe(0);
    expect(view.nothing).toBeNull();
    expect(view.fileWarnings).toEqual([]);
  });

  it("splits the warnings: items that break a rule, each item's own, and the file's", () => {
    const broken: Issue = { code: "item_invalid", path: "items[1]", message: "breaks a rule" };
    const lost: Issue = { code: "import_loss", path: "items[0].answers", message: "feedback lost" };
    const file: Issue = { code: "import_loss", path: "file", message: "titles not stored" };
    const view = readImportCheck(
      ok({ created: 1, skipped: 1, items: [item("q1", "created"), item("q2", "skipped")] }, [broken, lost, file]),
      FIELDS,
    );
    expect([...view.invalid]).toEqual([1]);
    expect(view.itemIssues.get(0)).toEqual([lost]);
    expect(view.itemIssues.has(1)).toBe(false);
    expect(view.fileWarnings).toEqual([file]);
    expect(view.refs).toEqual(["q1", "q2"]);
    expect(view.toStore).toBe(1);
    expect(view.nothing).toBeNull();
  });

  it("says why nothing can be imported when every item breaks a rule", () => {
    const broken: Issue = { code: "item_invalid", path: "items[0]", message: "breaks a rule" };
    const view = readImportCheck(ok({ skipped: 1, items: [item("q1", "skipped")] }, [broken]), FIELDS);
    expect(view.toStore).toBe(0);
    expect(view.nothing?.title).toBe("This file has no question that can be imported.");
  });

  it("has no plan while the dry run asks for a sheet's columns", () => {
    const view = readImportCheck(ok({ columns_needed: { header: ["Q"], guesses: {} } }), FIELDS);
    expect(view.checked).toBeNull();
    expect(view.toStore).toBe(0);
  });

  it("puts a failure's problems at the new exam's fields it has, and no others", () => {
    const failed: ImportOutcome = {
      ok: false,
      code: -32602,
      message: "Invalid params",
      issues: [
        { code: "required", path: "exam.title", message: "is required" },
        { code: "required", path: "exam.passing_score", message: "is required" },
        { code: "malformed_file", path: "file", message: "is not GIFT" },
      ],
      errors: [],
      warnings: [],
    };
    const view = readImportCheck(failed, FIELDS);
    expect(view.fieldErrors).toEqual({ title: "is required" });
    expect(view.checked).toBeNull();
  });
});
