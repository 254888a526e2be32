// Guessing the columns mapping from another tool's header (contract 13.3 point 4): the names
// Kahoot, Quizizz, Blooket and plain sheets use, each to its column of the template or to none.
import { describe, expect, it } from "vitest";
import { guessColumn, guessColumns, normalizeColumnName } from "./column-guess";

describe("guessing a column from its name", () => {
  it.each([
    ["Question - max 120 characters", "question"],
    ["Question Text", "question"],
    ["question", "question"],
    ["Answer 1 - max 75 characters", "answer_1"],
    ["Answer 4 - max 75 characters (optional)", "answer_4"],
    ["Option 3", "answer_3"],
    ["Option B", "answer_2"],
    ["choice_5", "answer_5"],
    ["Answer", "answer_1"],
    ["Correct answer(s) - choose at least one", "correct_answers"],
    ["Correct Answer", "correct_answers"],
    ["Correct answers (comma separated)", "correct_answers"],
    ["type", "type"],
    ["Answer explanation", "explanation"],
    ["Explanation", "explanation"],
    ["Points", "points"],
    ["correct_2", "correct_2"],
    ["points_3", "points_3"],
    ["External ID", "external_id"],
    ["Tags", "tags"],
    ["text_similarity", "text_similarity"],
    ["correct_answers", "correct_answers"],
  ])("%j → %s", (name, column) => {
    expect(guessColumn(name)).toBe(column);
  });

  it.each([
    "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
    "Time in seconds",
    "Image Link",
    "Question #",
    "Option 0",
    "",
    "Notes",
    "Question Type",
  ])("%j → nothing", (name) => {
    expect(guessColumn(name)).toBeNull();
  });

  it("compares names without their hints, case or separators", () => {
    expect(normalizeColumnName("Correct answer(s) - choose at least one")).toBe("correct answers");
    expect(normalizeColumnName("  ANSWER_2 – max 75  ")).toBe("answer 2");
    expect(normalizeColumnName("Text of the question (required)")).toBe("text of the question");
  });
});

describe("guessing a whole header", () => {
  it("maps Kahoot's template, leaving its number column and time limit out", () => {
    expect(
      guessColumns([
        "",
        "Question - max 120 characters",
        "Answer 1 - max 75 characters",
        "Answer 2 - max 75 characters",
        "Answer 3 - max 75 characters",
        "Answer 4 - max 75 characters",
        "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
        "Correct answer(s) - choose at least one",
      ]),
    ).toEqual({
      question: "Question - max 120 characters",
      answer_1: "Answer 1 - max 75 characters",
      answer_2: "Answer 2 - max 75 characters",
      answer_3: "Answer 3 - max 75 characters",
      answer_4: "Answer 4 - max 75 characters",
      correct_answers: "Correct answer(s) - choose at least one",
    });
  });

  it("maps Quizizz's but for its type names, and takes each column of the template once, from the first cell that names it", () => {
    expect(
      guessColumns([
        "Question Text",
        "Question Type",
        "Option 1",
        "Option 2",
        "Correct Answer",
        "Time in seconds",
        "Image Link",
        "Answer explanation",
        "Question",
      ]),
    ).toEqual({
      question: "Question Text",
      answer_1: "Option 1",
      answer_2: "Option 2",
      correct_answers: "Correct Answer",
      explanation: "Answer explanation",
    });
  });
});
