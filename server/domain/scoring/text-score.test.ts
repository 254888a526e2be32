import { describe, expect, it } from "vitest";
import { scoreQuestion } from "./question-score";
import type { TextInputProperties } from "../../schemas/question/properties";
import type { ScoredQuestion } from "./types";

const question = (properties: Partial<TextInputProperties>, points = 1): Extract<ScoredQuestion, { type: 7 }> => ({
  id: 1,
  type: 7,
  points,
  properties: { text_similarity: 100, case_sensitive: false, text_answer: [], ...properties },
  answers: [],
});
const capital = question(
  {
    text_similarity: 80,
    case_sensitive: false,
    text_answer: [
      { value: "Canberra", points: 2 },
      { value: "Canberra ACT", points: 1 },
    ],
  },
  3,
);

/** Type 7 is scored through the one scoring function. */
const textScore = (q: Extract<ScoredQuestion, { type: 7 }>, text: string | null) =>
  scoreQuestion(q, text === null ? null : { type: 7, text });

describe("textScore", () => {
  it.each([
    ["exact", "Canberra", { fullyCorrect: true, points: 5 }],
    ["case and spaces ignored", "  canBERRA ", { fullyCorrect: true, points: 5 }],
    ["one typo in 8 letters (87.5 % ≥ 80)", "Canbera", { fullyCorrect: true, points: 5 }],
    ["two typos (75 % < 80)", "Camberaa", { fullyCorrect: false, points: 0 }],
    ["the closer of two accepted values scores", "canberra  act", { fullyCorrect: true, points: 4 }],
    ["wrong", "Sydney", { fullyCorrect: false, points: 0 }],
    ["blank", "   ", { fullyCorrect: false, points: 0 }],
  ])("%s", (_name, text, expected) => {
    expect(textScore(capital, text)).toMatchObject({ ...expected, maxPoints: 5 });
  });

  it("case-sensitive questions tell case apart", () => {
    const q = question({ text_similarity: 100, case_sensitive: true, text_answer: [{ value: "NaCl" }] });
    expect(textScore(q, "NaCl").fullyCorrect).toBe(true);
    expect(textScore(q, "nacl").fullyCorrect).toBe(false);
  });

  it("threshold 0 accepts anything typed, but not a blank response", () => {
    const q = question({ text_similarity: 0, text_answer: [{ value: "x" }] });
    expect(textScore(q, "completely different").fullyCorrect).toBe(true);
    expect(textScore(q, null)).toMatchObject({ fullyCorrect: false, points: 0, maxPoints: 1 });
  });

  it("the matched value is the most similar one, the first of them on a tie (contract 16.1 point 3)", () => {
    const q = question({
      text_similarity: 50,
      text_answer: [
        { value: "colour", points: 1 },
        { value: "color", points: 2 },
        { value: "colour", points: 3 },
      ],
    });
    expect(textScore(q, "colour")).toEqual({
      fullyCorrect: true,
      points: 2,
      maxPoints: 4,
      why: 'Matches "colour" (100 % similar), with 1 value point: 2 of 4 points',
    });
    expect(textScore(q, "Sydney").why).toBe("No accepted value is at least 50 % similar: 0 of 4 points");
  });
});
