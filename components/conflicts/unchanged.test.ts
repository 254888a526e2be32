import { describe, expect, it } from "vitest";
import { nothingToSave, saveResultOf } from "./unchanged";

const unchanged = {
  code: "unchanged" as const,
  path: "question",
  message: "nothing changed: the question is as stored, so no new version was written",
};
const removed = { code: "html_removed" as const, path: "question.question", message: "<div> was removed" };

describe("saveResultOf", () => {
  it("reads the warning `unchanged` as a save that stored nothing, and keeps the other warnings", () => {
    expect(saveResultOf([removed, unchanged])).toEqual({ unchanged: true, warnings: [removed] });
  });
  it("is a save that stored something without it", () => {
    expect(saveResultOf([removed])).toEqual({ unchanged: false, warnings: [removed] });
    expect(saveResultOf([])).toEqual({ unchanged: false, warnings: [] });
  });
});

describe("nothingToSave", () => {
  it("says plainly that there was nothing to save", () => {
    expect(nothingToSave("case study")).toBe("Nothing to save: this case study is as it was last saved.");
  });
});
