import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { typedProperties, type QuestionProperties } from "../../schemas/question/properties";
import { toApiResponse } from "./api-response";
import { toCandidateResponse } from "./response-format";
import type { CandidateResponse, ScoredAnswer, ScoredQuestion } from "./types";

const answer = (id: number, is_correct: boolean, order: number | null): ScoredAnswer => ({
  id,
  is_correct,
  points: 0,
  order,
});
const image = {
  image: "/media/base.png",
  options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false, SingleAnswer: false },
};
const q = (type: ScoredQuestion["type"], answers: ScoredAnswer[], properties: object = {}): ScoredQuestion => ({
  id: 1,
  points: 1,
  answers,
  ...typedProperties(type, properties as QuestionProperties),
});
// Answers stored out of order: position follows `order`, not the array.
const choices = [answer(30, true, 3), answer(10, false, 1), answer(20, true, 2)];
const blocks = {
  ...image,
  areas: [
    { id: "block-1", x: 0, y: 0, width: 100, height: 100 },
    // Covered everywhere by block-2, drawn after it (on top): no click selects it.
    { id: "block-3", x: 60, y: 60, width: 10, height: 10 },
    // On top of block-1 where they overlap.
    { id: "block-2", x: 50, y: 50, width: 100, height: 100 },
    { id: "block-4", x: 200, y: 0, width: 10, height: 10 },
  ],
  correct: { "block-1": true },
};
// block-3 drawn last: every area can be clicked.
const blocksClickable = { ...blocks, areas: [blocks.areas[0]!, blocks.areas[2]!, blocks.areas[1]!, blocks.areas[3]!] };
const dnd = q(3, [], {
  ...image,
  areas: [
    { id: "targ-1", type: 1, x: 0, y: 0, width: 10, height: 10 },
    { id: "drag-1", type: 2, x: 20, y: 0, width: 10, height: 10 },
  ],
  match: { "targ-1": "drag-1" },
});

describe("toApiResponse (the inverse of contract 16.2's format)", () => {
  it("names answers by their 1-based position sorted by order", () => {
    expect(toApiResponse(q(1, choices), { type: 1, answerId: 30 })).toEqual({ answer: 3 });
    expect(toApiResponse(q(2, choices), { type: 2, answerIds: [10, 30] })).toEqual({ answers: [1, 3] });
    expect(toApiResponse(q(6, choices), { type: 6, order: [30, 10, 20] })).toEqual({ order: [3, 1, 2] });
  });

  it("is unanswered for null or no choice, and drops ids the question does not have", () => {
    expect(toApiResponse(q(1, choices), null)).toEqual({});
    expect(toApiResponse(q(1, choices), { type: 1, answerId: null })).toEqual({});
    expect(toApiResponse(q(2, choices), { type: 2, answerIds: [99, 20] })).toEqual({ answers: [2] });
  });

  it("takes placements, areas and text as they are, and clicks the selected point & shoot areas", () => {
    expect(toApiResponse(dnd, { type: 3, placements: { "targ-1": "drag-1" } })).toEqual({
      placements: { "targ-1": "drag-1" },
    });
    expect(toApiResponse(q(5, [], blocks), { type: 5, areaIds: ["block-2"] })).toEqual({ areas: ["block-2"] });
    expect(toApiResponse(q(7, [], { text_answer: [{ value: "a" }] }), { type: 7, text: " a" })).toEqual({
      text: " a",
    });
    const clicks = toApiResponse(q(4, [], blocks), { type: 4, areaIds: ["block-1", "block-3", "block-2"] });
    // block-3 lies under block-2 everywhere: no click can select it.
    expect(toCandidateResponse(q(4, [], blocks), clicks)).toEqual({
      ok: true,
      response: { type: 4, areaIds: ["block-1", "block-2"] },
    });
  });

  it("round-trips through toCandidateResponse for every response of every type (property)", () => {
    // Orders: any distinct values, in any array position.
    const answersArb = fc
      .uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 })
      .map((orders) => orders.map((order, i) => answer(100 + i, i % 2 === 0, order)));
    const subsetOf = <T>(xs: readonly T[]) => fc.shuffledSubarray([...xs]);
    const choiceCase = answersArb.chain((answers) => {
      const ids = answers.map((a) => a.id);
      return fc.oneof(
        fc
          .constantFrom(...ids)
          .map((id): [ScoredQuestion, CandidateResponse] => [q(1, answers), { type: 1, answerId: id }]),
        subsetOf(ids)
          .filter((s) => s.length > 0)
          .map((s): [ScoredQuestion, CandidateResponse] => [q(2, answers), { type: 2, answerIds: s }]),
        subsetOf(ids)
          .filter((s) => s.length > 0)
          .map((s): [ScoredQuestion, CandidateResponse] => [q(6, answers), { type: 6, order: s }]),
      );
    });
    const areaIds = ["block-1", "block-2", "block-4"];
    const areaCase = fc.oneof(
      subsetOf(areaIds)
        .filter((s) => s.length > 0)
        .map((s): [ScoredQuestion, CandidateResponse] => [q(5, [], blocks), { type: 5, areaIds: s }]),
      subsetOf(["block-1", "block-2", "block-3", "block-4"])
        .filter((s) => s.length > 0)
        .map((s): [ScoredQuestion, CandidateResponse] => [q(4, [], blocksClickable), { type: 4, areaIds: s }]),
      fc
        .string({ minLength: 1 })
        .filter((t) => t.trim() !== "")
        .map((text): [ScoredQuestion, CandidateResponse] => [
          q(7, [], { text_answer: [{ value: "a" }] }),
          { type: 7, text },
        ]),
    );
    fc.assert(
      fc.property(fc.oneof(choiceCase, areaCase), ([question, response]) => {
        const back = toCandidateResponse(question, toApiResponse(question, response));
        expect(back).toEqual({ ok: true, response });
      }),
    );
  });
});
