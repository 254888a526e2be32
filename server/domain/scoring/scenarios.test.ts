import { describe, expect, it } from "vitest";
import { typedProperties, type QuestionProperties } from "../../schemas/question/properties";
import { scoreQuestion } from "./question-score";
import { toCandidateResponse } from "./response-format";
import { clickOn, firstLetterChanged, generatedCases, keyResponse, runGeneratedCases, runScenarios } from "./scenarios";
import type { ScoredAnswer, ScoredQuestion } from "./types";

const answer = (id: number, is_correct: boolean, order: number): ScoredAnswer => ({ id, is_correct, points: 0, order });
const q = (type: ScoredQuestion["type"], answers: ScoredAnswer[], properties: object = {}): ScoredQuestion => ({
  id: 1,
  points: 2,
  answers,
  ...typedProperties(type, properties as QuestionProperties),
});
const image = {
  image: "/media/base.png",
  options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false, SingleAnswer: false },
};
const multiple = q(2, [answer(1, true, 1), answer(2, false, 2), answer(3, true, 3)]);
const names = (question: ScoredQuestion) => generatedCases(question).map((c) => c.name);

describe("scenarios (contract 16.3 point 2)", () => {
  it("passes a scenario that earns its expected points, to 2 decimals", () => {
    const [right, wrong] = runScenarios(multiple, [
      { name: "key", response: { answers: [1, 3] }, expected_points: 2 },
      { name: "half", response: { answers: [1] }, expected_points: 1.004 },
    ]);
    expect(right).toMatchObject({ name: "key", points: 2, passed: true });
    // The scoring function's own sentence (16.1 point 6).
    expect(right!.why).toBe(scoreQuestion(multiple, { type: 2, answerIds: [1, 3] }).why);
    expect(wrong).toMatchObject({ name: "half", expected_points: 1.004, points: 0, passed: false });
  });

  it("fails a scenario naming an answer the question no longer has, and says why", () => {
    const [result] = runScenarios(multiple, [{ name: "gone", response: { answers: [4] }, expected_points: 0 }]);
    expect(result).toEqual({
      name: "gone",
      expected_points: 0,
      points: null,
      passed: false,
      why: "response.answers[0]: answer position 4 does not exist: the question has 3 answers (positions 1 to 3, by order)",
    });
  });

  it("generates the key, the empty response, singles and all for type 2", () => {
    expect(names(multiple)).toEqual([
      "key",
      "empty",
      "answer 1 alone",
      "answer 2 alone",
      "answer 3 alone",
      "all answers",
    ]);
    const [key, empty, ...rest] = runGeneratedCases(multiple);
    expect(key).toMatchObject({ response: { answers: [1, 3] }, points: 2, passed: true });
    expect(empty).toMatchObject({ response: {}, points: 0, passed: true });
    expect(rest.every((r) => r.passed === null)).toBe(true);
  });

  it("fails the key of a question that no response can get right", () => {
    const none = q(1, [answer(1, false, 1)]);
    expect(runGeneratedCases(none)[0]).toMatchObject({ name: "key", response: {}, passed: false });
  });

  it("reverses the sequence for type 6 and varies each accepted value for type 7", () => {
    const sort = q(6, [answer(1, true, 1), answer(2, true, 2), answer(3, false, 3), answer(4, true, 4)]);
    expect(generatedCases(sort).map((c) => c.response)).toEqual([{ order: [1, 2, 4] }, {}, { order: [4, 2, 1] }]);
    const text = q(7, [], {
      text_similarity: 100,
      case_sensitive: false,
      text_answer: [{ value: "Paris" }, { value: "par", points: 1 }],
    });
    expect(generatedCases(text).map((c) => c.response)).toEqual([
      { text: "par" },
      {},
      { text: "Paris" },
      { text: "Xaris" },
      { text: "par" },
      { text: "xar" },
    ]);
    expect(runGeneratedCases(text)[0]).toMatchObject({ points: 3, passed: true });
  });

  it("clicks each area where no other covers it", () => {
    const areas = [
      { id: "a", x: 0, y: 0, width: 10, height: 10 },
      { id: "b", x: 0, y: 0, width: 6, height: 6 },
      { id: "c", x: 0, y: 0, width: 10, height: 10 },
    ];
    expect(clickOn(areas, areas[1]!)).toBeNull();
    const point = q(4, [], { ...image, areas: areas.slice(0, 2), correct: { a: true } });
    const click = (keyResponse(point).clicks ?? [])[0]!;
    expect(toCandidateResponse(point, { clicks: [click] })).toEqual({
      ok: true,
      response: { type: 4, areaIds: ["a"] },
    });
    expect(names(point)).toEqual(["key", "empty", "area a alone", "area b alone", "all areas"]);
  });

  it("scores every generated case as the scoring function does", () => {
    const hot = q(5, [], {
      ...image,
      areas: [
        { id: "block-1", x: 0, y: 0, width: 10, height: 10 },
        { id: "block-2", x: 20, y: 0, width: 10, height: 10 },
      ],
      correct: { "block-2": true },
    });
    for (const c of runGeneratedCases(hot)) {
      const converted = toCandidateResponse(hot, c.response);
      expect(converted.ok).toBe(true);
      if (converted.ok) expect(c.points).toBe(scoreQuestion(hot, converted.response).points);
    }
  });

  it("changes the first letter, keeping its case", () => {
    expect(firstLetterChanged("42 apples")).toBe("42 xpples");
    expect(firstLetterChanged("Xylophone")).toBe("Yylophone");
    expect(firstLetterChanged("123")).toBeNull();
  });
});
