import { describe, expect, it } from "vitest";
import { invalidParams, type Issue } from "../errors";
import { errorEnvelope, successEnvelope } from "./envelope";

const withDetails: Issue = {
  code: "area_outside_image",
  path: "question.properties.areas[0].x",
  message: "x + width is 750, past the image width of 700 px",
  details: { area: "block-1", edge: "right", by: 50 },
};

describe("issue details", () => {
  it("are left out of API answers, whose issues stay code, path and message", () => {
    const failure = errorEnvelope(1, invalidParams([withDetails]), [withDetails]);
    expect(failure.error.data?.issues).toEqual([
      { code: withDetails.code, path: withDetails.path, message: withDetails.message },
    ]);
    expect(failure.warning_details).toEqual([
      { code: withDetails.code, path: withDetails.path, message: withDetails.message },
    ]);
    expect(successEnvelope(1, {}, [withDetails]).warning_details[0]).not.toHaveProperty("details");
  });

  it("are kept for the app's own server action", () => {
    expect(errorEnvelope(null, invalidParams([withDetails]), [], "app").error.data?.issues).toEqual([withDetails]);
  });
});
