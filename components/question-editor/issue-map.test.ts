import { describe, expect, it } from "vitest";
import { newDraft, paramsFromDraft } from "./draft";
import { FIELD, placeIssues, withoutImageConsequences } from "./issue-map";
import { validateParams } from "./validate";

const LIMITS = { answers: 0, textAnswers: 0 };
const ROWS = { answers: 0, textAnswers: 0, areaIds: [] };

describe("an image question without its image", () => {
  it.each([3, 4, 5] as const)("type %i asks for the image once, where it goes, and for nothing else", (type) => {
    const messages = placeIssues(validateParams(paramsFromDraft(newDraft(1, type)), LIMITS), type, ROWS);
    expect(messages.at(FIELD.image)).toEqual({ errors: ["Upload the image first."], warnings: [] });
    expect(messages.at(FIELD.areas)).toEqual({ errors: [], warnings: [] });
    expect(messages.unplaced).toEqual({ errors: [], warnings: [] });
    expect([messages.errorCount, messages.warningCount]).toEqual([1, 0]);
  });

  it("says it once when the live check and the server's answer both report it", () => {
    const image = { code: "empty" as const, path: FIELD.image, message: "must not be empty" };
    const messages = placeIssues({ errors: [image, { ...image, message: "is empty" }], warnings: [] }, 5, ROWS);
    expect(messages.at(FIELD.image).errors).toEqual(["Upload the image first."]);
  });

  it("keeps what is said about the areas once there is an image", () => {
    const draft = newDraft(1, 5);
    const withImage = { ...draft, areaProperties: { ...draft.areaProperties, image: "/media/a.png" } };
    const messages = placeIssues(validateParams(paramsFromDraft(withImage), LIMITS), 5, ROWS);
    expect(messages.at(FIELD.image)).toEqual({ errors: [], warnings: [] });
    expect(messages.at(FIELD.areas).warnings).toEqual(["Correct areas: Mark at least one area as correct."]);
  });

  it("leaves other question types and other problems alone", () => {
    const other = { code: "required" as const, path: "question.properties.text_answer", message: "is required" };
    const validation = { errors: [other], warnings: [] };
    expect(withoutImageConsequences(validation, 7)).toBe(validation);
    const question = { code: "empty" as const, path: "question.question", message: "must not be empty" };
    const image = { code: "required" as const, path: FIELD.image, message: "is required" };
    const options = { code: "required" as const, path: "question.properties.options", message: "is required" };
    expect(withoutImageConsequences({ errors: [question, image, options], warnings: [] }, 4).errors).toEqual([
      question,
      image,
    ]);
  });
});

describe("a scenario's issues", () => {
  const draft = newDraft(1, 2);
  const scenario = { key: "s", name: "twice", response: {}, expectedPoints: "1" };
  const placed = (second: typeof scenario) =>
    placeIssues(validateParams(paramsFromDraft({ ...draft, scenarios: [scenario, second] }), LIMITS), 2, ROWS);

  it("show at its row's name", () => {
    const messages = placed({ ...scenario, key: "t" });
    expect(messages.at("question.scenarios[1].name").errors).toHaveLength(1);
    expect(messages.at("question.scenarios[0].name").errors).toEqual([]);
  });

  it("show at its row's expected points", () => {
    const messages = placed({ ...scenario, key: "t", name: "other", expectedPoints: "one" });
    expect(messages.at("question.scenarios[1].expected_points").errors).toHaveLength(1);
    expect(messages.unplaced.errors).toEqual([]);
  });
});
