import { describe, expect, it } from "vitest";
import { nothingToImport } from "./nothing-to-import";

const none = new Set<number>();
const TITLE = "This file has no question that can be imported.";

describe("nothingToImport", () => {
  it("is null when one item can be imported, even among skipped kinds and broken items", () => {
    expect(nothingToImport([{ type: null }, { type: 1 }], none)).toBeNull();
    expect(nothingToImport([{ type: 1 }, { type: 7 }], new Set([0]))).toBeNull();
  });

  it("a file of no item (categories alone, an empty sheet): points at the file's note", () => {
    expect(nothingToImport([], none)).toEqual({
      title: TITLE,
      reason: "It holds no question at all; the note below says what it holds.",
    });
  });

  it("only kinds the studio cannot represent: says so, one or many", () => {
    expect(nothingToImport([{ type: null }], none)?.reason).toBe(
      "Its one question is of a kind Exam Studio cannot represent; it is listed below with its kind.",
    );
    expect(nothingToImport([{ type: null }, { type: null }], none)?.reason).toBe(
      "Each of its 2 questions is of a kind Exam Studio cannot represent; each is listed below with its kind.",
    );
  });

  it("only items that break a rule, and a mix of both", () => {
    expect(nothingToImport([{ type: 1 }, { type: 2 }], new Set([0, 1]))?.reason).toBe(
      "Each of its 2 questions breaks a rule of the studio; their problems are shown at them below. Fix them in the file and choose it again.",
    );
    expect(nothingToImport([{ type: null }, { type: 1 }, { type: null }], new Set([1]))?.reason).toBe(
      "Of its 3 questions, 2 are of kinds Exam Studio cannot represent and 1 breaks a rule of the studio; each is listed below with why.",
    );
  });
});
