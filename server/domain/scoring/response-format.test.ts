import { describe, expect, it } from "vitest";
import { typedProperties, type QuestionProperties } from "../../schemas/question/properties";
import { responseSchema } from "../../schemas/question/response";
import { answersByPosition, isEmptyResponse, toCandidateResponse } from "./response-format";
import type { ScoredAnswer, ScoredQuestion } from "./types";

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
const dnd = q(3, [], {
  ...image,
  areas: [
    { id: "targ-1", type: 1, x: 0, y: 0, width: 10, height: 10 },
    { id: "drag-1", type: 2, x: 20, y: 0, width: 10, height: 10 },
  ],
  match: { "targ-1": "drag-1" },
});
const blocks = {
  ...image,
  areas: [
    { id: "block-1", x: 0, y: 0, width: 100, height: 100 },
    // Drawn last: on top of block-1 where they overlap.
    { id: "block-2", x: 50, y: 50, width: 100, height: 100 },
  ],
  correct: { "block-1": true },
};

describe("toCandidateResponse (contract 16.2)", () => {
  it("names answers by their 1-based position sorted by order", () => {
    expect(answersByPosition(choices).map((a) => a.id)).toEqual([10, 20, 30]);
    expect(toCandidateResponse(q(1, choices), { answer: 3 })).toEqual({
      ok: true,
      response: { type: 1, answerId: 30 },
    });
    expect(toCandidateResponse(q(2, choices), { answers: [1, 3, 1] })).toEqual({
      ok: true,
      response: { type: 2, answerIds: [10, 30] },
    });
    expect(toCandidateResponse(q(6, choices), { order: [3, 1] })).toEqual({
      ok: true,
      response: { type: 6, order: [30, 10] },
    });
  });

  it("keeps the array position of answers without an order", () => {
    const unordered = [answer(5, false, null), answer(4, true, null)];
    expect(toCandidateResponse(q(1, unordered), { answer: 2 })).toEqual({
      ok: true,
      response: { type: 1, answerId: 4 },
    });
  });

  it("takes placements, areas and text as they are", () => {
    expect(toCandidateResponse(dnd, { placements: { "targ-1": "drag-1" } })).toEqual({
      ok: true,
      response: { type: 3, placements: { "targ-1": "drag-1" } },
    });
    expect(toCandidateResponse(q(5, [], blocks), { areas: ["block-2", "block-2"] })).toEqual({
      ok: true,
      response: { type: 5, areaIds: ["block-2"] },
    });
    expect(toCandidateResponse(q(7, [], { text_answer: [{ value: "a" }] }), { text: "a" })).toEqual({
      ok: true,
      response: { type: 7, text: "a" },
    });
  });

  it("selects the area under each click, the top one where they overlap, once", () => {
    const question = q(4, [], blocks);
    expect(
      toCandidateResponse(question, {
        clicks: [
          { x: 10, y: 10 },
          { x: 20, y: 20 },
        ],
      }),
    ).toEqual({
      ok: true,
      response: { type: 4, areaIds: ["block-1"] },
    });
    expect(
      toCandidateResponse(question, {
        clicks: [
          { x: 60, y: 60 },
          { x: 500, y: 500 },
        ],
      }),
    ).toEqual({
      ok: true,
      response: { type: 4, areaIds: ["block-2"] },
    });
  });

  it("treats null, {} and a field with nothing chosen as unanswered", () => {
    for (const r of [null, undefined, {}, { answers: [] }, { text: "  " }, { placements: {} }])
      expect(toCandidateResponse(q(2, choices), r)).toEqual({ ok: true, response: null });
    expect(isEmptyResponse({ answer: 1 })).toBe(false);
  });

  it("says where a position, area or field does not fit", () => {
    expect(toCandidateResponse(q(2, choices), { answers: [1, 4] })).toEqual({
      ok: false,
      problems: [
        {
          path: "answers[1]",
          message: "answer position 4 does not exist: the question has 3 answers (positions 1 to 3, by order)",
        },
      ],
    });
    expect(toCandidateResponse(q(1, choices), { answers: [1] })).toMatchObject({
      ok: false,
      problems: [{ path: "answers", message: expect.stringContaining("{answer: …}") }],
    });
    expect(toCandidateResponse(q(5, [], blocks), { areas: ["block-9"] })).toMatchObject({
      ok: false,
      problems: [{ path: "areas[0]", message: expect.stringContaining('"block-9" does not exist') }],
    });
    expect(toCandidateResponse(dnd, { placements: { "drag-1": "targ-1" } })).toMatchObject({
      ok: false,
      problems: [
        { path: "placements.drag-1", message: '"drag-1" is a draggable, not a target' },
        { path: "placements.drag-1", message: '"targ-1" is a target, not a draggable' },
      ],
    });
    expect(toCandidateResponse(q(6, choices), { order: [2, 2] })).toMatchObject({
      ok: false,
      problems: [{ path: "order[1]", message: expect.stringContaining("already in the sequence") }],
    });
  });
});

describe("responseSchema", () => {
  it("takes one field at most and no unknown one", () => {
    expect(responseSchema.safeParse({ answer: 1 }).success).toBe(true);
    expect(responseSchema.safeParse({}).success).toBe(true);
    expect(responseSchema.safeParse({ answer: 1, text: "a" }).success).toBe(false);
    expect(responseSchema.safeParse({ answr: 1 }).success).toBe(false);
    expect(responseSchema.safeParse({ answer: 0 }).success).toBe(false);
  });
});
