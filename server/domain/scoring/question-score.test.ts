import { describe, expect, it } from "vitest";
import { areaAt } from "./hit-test";
import { scoreQuestion } from "./question-score";
import { typedProperties, type QuestionProperties } from "../../schemas/question/properties";
import type { CandidateResponse, ScoredAnswer, ScoredQuestion } from "./types";

const answer = (id: number, is_correct: boolean, points = 0, order: number | null = null): ScoredAnswer => ({
  id,
  is_correct,
  points,
  order,
});
/** A question of the type with the given properties; image questions get a base image and their options, which scoring does not read. */
const q = (
  type: ScoredQuestion["type"],
  answers: ScoredAnswer[],
  properties: object = {},
  points = 1,
): ScoredQuestion => {
  const image = {
    image: "/media/base.png",
    areas: [],
    options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false, SingleAnswer: false },
  };
  const full =
    type === 3
      ? { ...image, match: {}, ...properties }
      : type === 4 || type === 5
        ? { ...image, correct: {}, ...properties }
        : properties;
  return { id: 1, points, answers, ...typedProperties(type, full as QuestionProperties) };
};

type Row = [
  string,
  ScoredQuestion,
  CandidateResponse | null,
  { fullyCorrect: boolean; points: number; maxPoints: number },
];

const single = q(1, [answer(1, false, -1), answer(2, true, 2), answer(3, false)], {}, 3);
const multi = q(2, [answer(1, true, 1), answer(2, true, 1), answer(3, false, -2), answer(4, false)], {}, 2);
const dragDrop = q(
  3,
  [],
  {
    areas: [
      { id: "targ-1", x: 0, y: 0, width: 30, height: 15, type: 1 },
      { id: "targ-2", x: 0, y: 20, width: 30, height: 15, type: 1 },
      { id: "targ-3", x: 0, y: 40, width: 30, height: 15, type: 1 },
      { id: "drag-1", x: 50, y: 0, width: 30, height: 15, type: 2 },
      { id: "drag-2", x: 50, y: 20, width: 30, height: 15, type: 2 },
    ],
    match: { "targ-1": "drag-1", "targ-2": "drag-2" },
    points: { "targ-1": { "drag-1": 2, "drag-2": -1 }, "targ-2": { "drag-2": 3 } },
  },
  1,
);
const hot = q(
  5,
  [],
  {
    correct: { "block-1": true, "block-2": false, "block-3": true },
    points: { "block-1": 1, "block-2": -1, "block-3": 2 },
  },
  1,
);
const sort = q(
  6,
  [answer(10, true, 1, 2), answer(11, true, 1, 1), answer(12, false, -1, 3), answer(13, true, 0, 3)],
  {},
  2,
);

const rows: Row[] = [
  ["1: the correct answer", single, { type: 1, answerId: 2 }, { fullyCorrect: true, points: 5, maxPoints: 5 }],
  [
    "1: a wrong answer with a penalty",
    single,
    { type: 1, answerId: 1 },
    { fullyCorrect: false, points: -1, maxPoints: 5 },
  ],
  ["1: unanswered", single, null, { fullyCorrect: false, points: 0, maxPoints: 5 }],
  ["1: no answer chosen", single, { type: 1, answerId: null }, { fullyCorrect: false, points: 0, maxPoints: 5 }],
  [
    "2: exactly the correct set",
    multi,
    { type: 2, answerIds: [2, 1] },
    { fullyCorrect: true, points: 4, maxPoints: 4 },
  ],
  ["2: part of the set", multi, { type: 2, answerIds: [1] }, { fullyCorrect: false, points: 1, maxPoints: 4 }],
  [
    "2: the set plus a penalised extra",
    multi,
    { type: 2, answerIds: [1, 2, 3] },
    { fullyCorrect: false, points: 0, maxPoints: 4 },
  ],
  [
    "2: the same answer twice counts once",
    multi,
    { type: 2, answerIds: [1, 1, 2] },
    { fullyCorrect: true, points: 4, maxPoints: 4 },
  ],
  [
    "3: every target holds its draggable, the unmatched one empty",
    dragDrop,
    { type: 3, placements: { "targ-1": "drag-1", "targ-2": "drag-2" } },
    { fullyCorrect: true, points: 6, maxPoints: 6 },
  ],
  [
    "3: something on the unmatched target",
    dragDrop,
    { type: 3, placements: { "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-1" } },
    { fullyCorrect: false, points: 5, maxPoints: 6 },
  ],
  [
    "3: a wrong pair with a penalty",
    dragDrop,
    { type: 3, placements: { "targ-1": "drag-2" } },
    { fullyCorrect: false, points: -1, maxPoints: 6 },
  ],
  ["3: nothing placed", dragDrop, { type: 3, placements: {} }, { fullyCorrect: false, points: 0, maxPoints: 6 }],
  [
    "5: exactly the correct areas",
    hot,
    { type: 5, areaIds: ["block-3", "block-1"] },
    { fullyCorrect: true, points: 4, maxPoints: 4 },
  ],
  [
    "5: a wrong area as well",
    hot,
    { type: 5, areaIds: ["block-1", "block-2", "block-3"] },
    { fullyCorrect: false, points: 2, maxPoints: 4 },
  ],
  [
    "4: the same rules for point & shoot",
    q(4, [], hot.properties, 1),
    { type: 4, areaIds: ["block-1"] },
    { fullyCorrect: false, points: 1, maxPoints: 4 },
  ],
  [
    "6: the correct order, distractor left out",
    sort,
    { type: 6, order: [11, 10, 13] },
    { fullyCorrect: true, points: 4, maxPoints: 4 },
  ],
  [
    "6: the right answers in the wrong order",
    sort,
    { type: 6, order: [10, 11, 13] },
    { fullyCorrect: false, points: 2, maxPoints: 4 },
  ],
  [
    "6: the distractor included",
    sort,
    { type: 6, order: [11, 10, 13, 12] },
    { fullyCorrect: false, points: 1, maxPoints: 4 },
  ],
  ["6: one missing", sort, { type: 6, order: [11, 10] }, { fullyCorrect: false, points: 2, maxPoints: 4 }],
  [
    "a response of another type counts as none",
    single,
    { type: 2, answerIds: [2] },
    { fullyCorrect: false, points: 0, maxPoints: 5 },
  ],
  [
    "3 with no target matched: everything left empty is right",
    q(3, [], { ...dragDrop.properties, match: {}, points: {} }, 1),
    { type: 3, placements: {} },
    { fullyCorrect: true, points: 1, maxPoints: 1 },
  ],
  [
    "3 with no target matched: unanswered is not",
    q(3, [], { ...dragDrop.properties, match: {}, points: {} }, 1),
    null,
    { fullyCorrect: false, points: 0, maxPoints: 1 },
  ],
];

describe("scoreQuestion", () => {
  it.each(rows)("%s", (_name, question, response, expected) => {
    expect(scoreQuestion(question, response)).toMatchObject(expected);
  });

  it("a question with no correct answer marked cannot be fully correct", () => {
    const none = q(1, [answer(1, false), answer(2, false)]);
    expect(scoreQuestion(none, { type: 1, answerId: 1 }).fullyCorrect).toBe(false);
    const noArea = q(4, [], { correct: { "block-1": false } });
    expect(scoreQuestion(noArea, { type: 4, areaIds: [] }).fullyCorrect).toBe(false);
  });
});

describe("areaAt", () => {
  const areas = [
    { id: "block-1", x: 0, y: 0, width: 100, height: 100 },
    { id: "block-2", x: 50, y: 50, width: 100, height: 100 },
  ];
  it("picks the area under the point, the top one where they overlap, none outside", () => {
    expect(areaAt(areas, 10, 10)).toBe("block-1");
    expect(areaAt(areas, 75, 75)).toBe("block-2");
    expect(areaAt(areas, 100, 0)).toBe("block-1");
    expect(areaAt(areas, 300, 300)).toBeNull();
  });
});
