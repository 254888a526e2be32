import { describe, expect, it } from "vitest";
import { placeIssues } from "./form-issues";

describe("placeIssues", () => {
  it("puts each issue at its field by path, in the author's words, the rest at the top", () => {
    const placed = placeIssues([
      { code: "empty", path: "case_study.name", message: "must not be empty" },
      { code: "html_forbidden", path: "case_study.description", message: "<script> is not allowed" },
      { code: "unsupported_media", path: 'resources["a.png"]', message: "is not an image or audio file" },
      { code: "not_found", path: "case_study.exam_id", message: "exam 9 does not exist" },
    ]);
    expect(placed.name).toEqual(["Fill this in."]);
    expect(placed.description).toEqual([
      "This contains something that cannot be used here (a script, style or form control). Remove it.",
      "Only pictures (PNG, JPEG, GIF, WebP, SVG) and sounds (MP3, OGG, WAV) can be used.",
    ]);
    expect(placed.form).toEqual(["This no longer exists; it may have been deleted. Reload the page."]);
  });
});
