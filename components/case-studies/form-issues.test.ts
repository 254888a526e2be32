import { describe, expect, it } from "vitest";
import { placeIssues } from "./form-issues";

describe("placeIssues", () => {
  it("puts each issue at its field by path, the rest at the top with its path", () => {
    const placed = placeIssues([
      { code: "empty", path: "case_study.name", message: "must not be empty" },
      { code: "forbidden", path: "case_study.description", message: "must not contain <script>" },
      { code: "bad_media", path: 'resources["a.png"]', message: "is not an image or audio file" },
      { code: "not_found", path: "case_study.exam_id", message: "exam 9 does not exist" },
    ]);
    expect(placed.name).toEqual(["must not be empty"]);
    expect(placed.description).toEqual(["must not contain <script>", "is not an image or audio file"]);
    expect(placed.form).toEqual(["case_study.exam_id: exam 9 does not exist"]);
  });
});
