// The scoring modes of contract 16.1, from worked examples (the same ones as docs/api/scoring.md),
// and properties that hold for every mode.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { typedProperties, type QuestionProperties } from "../../schemas/question/properties";
import { SCORING_MODES } from "../../schemas/question/scoring";
import { scoreQuestion } from "./question-score";
import type { CandidateResponse, ScoredAnswer, ScoredQuestion } from "./types";

const answer = (id: number, is_correct: boolean, points = 0, order: number | null = null): ScoredAnswer => ({
  id,
  is_correct,
  points,
  order,
});
const image = {
  image: "/media/base.png",
  options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false, SingleAnswer: false },
};
const q = (type: ScoredQuestion["type"], answers: ScoredAnswer[], properties: object, points = 1): ScoredQuestion => ({
  id: 1,
  points,
  answers,
  ...typedProperties(type, properties as QuestionProperties),
});

/** Type 2: A, B, C correct, D wrong. */
const multi = (scoring: string, points = 1, answerPoints = [0, 0, 0, 0]) =>
  q(
    2,
    [1, 2, 3, 4].map((id, i) => answer(id, id !== 4, answerPoints[i])),
    { scoring },
    points,
  );
/** Type 3: three targets matched, targ-4 stays empty. */
const dragDrop = (scoring: string) =>
  q(3, [], {
    ...image,
    areas: [
      ...[1, 2, 3, 4].map((n) => ({ id: `targ-${n}`, x: 0, y: n * 20, width: 30, height: 15, type: 1 })),
      ...[1, 2, 3].map((n) => ({ id: `drag-${n}`, x: 50, y: n * 20, width: 30, height: 15, type: 2 })),
    ],
    match: { "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-3" },
    scoring,
  });
/** Types 4 and 5: block-1 and block-2 correct, block-3 not. */
const blocks = (
  type: 4 | 5,
  scoring: string,
  correct: Record<string, boolean> = { "block-1": true, "block-2": true, "block-3": false },
) =>
  q(type, [], {
    ...image,
    areas: [1, 2, 3].map((n) => ({ id: `block-${n}`, x: 0, y: n * 20, width: 30, height: 15 })),
    correct,
    scoring,
  });
/** Type 6: the sequence 1, 2, 3, 4 (given out of order to show `order` decides), 9 a distractor. */
const sort = (scoring: string) =>
  q(
    6,
    [
      answer(3, true, 0, 3),
      answer(1, true, 0, 1),
      answer(9, false, 0, 5),
      answer(4, true, 0, 4),
      answer(2, true, 0, 2),
    ],
    { optional_answers: true, scoring },
  );

type Row = [string, ScoredQuestion, CandidateResponse, { points: number; fullyCorrect: boolean; why: string }];

const r2 = (answerIds: number[]): CandidateResponse => ({ type: 2, answerIds });
const r3 = (placements: Record<string, string>): CandidateResponse => ({ type: 3, placements });
const r6 = (order: number[]): CandidateResponse => ({ type: 6, order });
const no = (points: number, why: string) => ({ points, fullyCorrect: false, why });
const yes = (points: number, why: string) => ({ points, fullyCorrect: true, why });

const rows: Row[] = [
  [
    "2 all_or_nothing: part",
    multi("all_or_nothing"),
    r2([1, 2]),
    no(0, "Not fully correct (all or nothing): 0 of 1 point"),
  ],
  ["2 all_or_nothing: all", multi("all_or_nothing"), r2([1, 2, 3]), yes(1, "Fully correct: 1 of 1 point")],
  [
    "2 per_answer: 2 of 3",
    multi("per_answer"),
    r2([1, 2]),
    no(0.67, "2 of 3 correct answers selected: 0.67 of 1 point"),
  ],
  [
    "2 per_answer: 2 of 3 and a wrong one",
    multi("per_answer"),
    r2([1, 2, 4]),
    no(0.33, "2 of 3 correct answers selected, 1 wrong: 0.33 of 1 point"),
  ],
  [
    "2 per_answer: below 0 counts as 0",
    multi("per_answer"),
    r2([4]),
    no(0, "0 of 3 correct answers selected, 1 wrong (below 0 counts as 0): 0 of 1 point"),
  ],
  ["2 per_answer: all", multi("per_answer"), r2([3, 2, 1]), yes(1, "3 of 3 correct answers selected: 1 of 1 point")],
  [
    "2 per_answer: answer points are added whatever the mode",
    multi("per_answer", 2, [1, 0, 0, -1]),
    r2([1, 2, 4]),
    no(0.67, "2 of 3 correct answers selected, 1 wrong: 0.67 of 3 points"),
  ],
  [
    "2 per_answer: answer points show in the sentence",
    multi("per_answer", 2, [1, 0, 0, -1]),
    r2([1, 2]),
    no(2.33, "2 of 3 correct answers selected, with 1 answer point: 2.33 of 3 points"),
  ],
  [
    "3 per_target: 2 of 3 (the contract's example)",
    dragDrop("per_target"),
    r3({ "targ-1": "drag-1", "targ-2": "drag-2" }),
    no(0.67, "2 of 3 targets right: 0.67 of 1 point"),
  ],
  [
    "3 per_target: a wrong target",
    dragDrop("per_target"),
    r3({ "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-1" }),
    no(0.33, "2 of 3 targets right, 1 wrong placement: 0.33 of 1 point"),
  ],
  [
    "3 per_target: a draggable on the target that stays empty",
    dragDrop("per_target"),
    r3({ "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-3", "targ-4": "drag-1" }),
    no(0.67, "3 of 3 targets right, 1 wrong placement: 0.67 of 1 point"),
  ],
  [
    "3 per_target: all",
    dragDrop("per_target"),
    r3({ "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-3" }),
    yes(1, "3 of 3 targets right: 1 of 1 point"),
  ],
  [
    "5 per_area: 1 of 2",
    blocks(5, "per_area"),
    { type: 5, areaIds: ["block-1"] },
    no(0.5, "1 of 2 correct areas selected: 0.5 of 1 point"),
  ],
  [
    "5 per_area: everything selected",
    blocks(5, "per_area"),
    { type: 5, areaIds: ["block-1", "block-2", "block-3"] },
    no(0.5, "2 of 2 correct areas selected, 1 wrong: 0.5 of 1 point"),
  ],
  [
    "4 per_area: 1 of 2",
    blocks(4, "per_area"),
    { type: 4, areaIds: ["block-2"] },
    no(0.5, "1 of 2 correct areas selected: 0.5 of 1 point"),
  ],
  [
    "4 per_area with one correct area: the area and a wrong one earn nothing (as all or nothing)",
    blocks(4, "per_area", { "block-1": true }),
    { type: 4, areaIds: ["block-1", "block-2"] },
    no(0, "1 of 1 correct area selected, 1 wrong: 0 of 1 point"),
  ],
  [
    "4 per_area with one correct area: the area alone earns all",
    blocks(4, "per_area", { "block-1": true }),
    { type: 4, areaIds: ["block-1"] },
    yes(1, "1 of 1 correct area selected: 1 of 1 point"),
  ],
  [
    "6 absolute_position",
    sort("absolute_position"),
    r6([2, 1, 3, 4]),
    no(0.5, "2 of 4 answers at their position: 0.5 of 1 point"),
  ],
  [
    "6 relative_next",
    sort("relative_next"),
    r6([2, 1, 3, 4]),
    no(0.33, "1 of 3 neighbouring pairs in order: 0.33 of 1 point"),
  ],
  [
    "6 longest_ordered_subset",
    sort("longest_ordered_subset"),
    r6([2, 1, 3, 4]),
    no(0.75, "3 of 4 answers in the right relative order: 0.75 of 1 point"),
  ],
  [
    "6 longest_contiguous_subset",
    sort("longest_contiguous_subset"),
    r6([2, 1, 3, 4]),
    no(0.5, "Longest unbroken run in order: 2 of 4 answers: 0.5 of 1 point"),
  ],
  [
    "6 absolute_position: reversed",
    sort("absolute_position"),
    r6([4, 3, 2, 1]),
    no(0, "0 of 4 answers at their position: 0 of 1 point"),
  ],
  [
    "6 relative_next: reversed",
    sort("relative_next"),
    r6([4, 3, 2, 1]),
    no(0, "0 of 3 neighbouring pairs in order: 0 of 1 point"),
  ],
  [
    "6 longest_ordered_subset: reversed",
    sort("longest_ordered_subset"),
    r6([4, 3, 2, 1]),
    no(0.25, "1 of 4 answers in the right relative order: 0.25 of 1 point"),
  ],
  [
    "6 longest_contiguous_subset: reversed (a single answer counts as 1)",
    sort("longest_contiguous_subset"),
    r6([4, 3, 2, 1]),
    no(0.25, "Longest unbroken run in order: 1 of 4 answers: 0.25 of 1 point"),
  ],
  [
    "6 absolute_position: a distractor takes its position",
    sort("absolute_position"),
    r6([1, 9, 2, 3, 4]),
    no(0.25, "1 of 4 answers at their position: 0.25 of 1 point"),
  ],
  [
    "6 relative_next: a distractor breaks a pair",
    sort("relative_next"),
    r6([1, 9, 2, 3, 4]),
    no(0.67, "2 of 3 neighbouring pairs in order: 0.67 of 1 point"),
  ],
  [
    "6 longest_ordered_subset: a distractor counts as nothing",
    sort("longest_ordered_subset"),
    r6([1, 9, 2, 3, 4]),
    no(1, "4 of 4 answers in the right relative order: 1 of 1 point"),
  ],
  [
    "6 longest_contiguous_subset: a distractor breaks the run",
    sort("longest_contiguous_subset"),
    r6([1, 9, 2, 3, 4]),
    no(0.75, "Longest unbroken run in order: 3 of 4 answers: 0.75 of 1 point"),
  ],
  [
    "6 relative_next: two missing",
    sort("relative_next"),
    r6([1, 2]),
    no(0.33, "1 of 3 neighbouring pairs in order: 0.33 of 1 point"),
  ],
  [
    "6 longest_ordered_subset: an answer given twice counts once",
    sort("longest_ordered_subset"),
    r6([1, 1, 2]),
    no(0.5, "2 of 4 answers in the right relative order: 0.5 of 1 point"),
  ],
  ...(["absolute_position", "relative_next", "longest_ordered_subset", "longest_contiguous_subset"] as const).map(
    (mode): Row => [
      `6 ${mode}: the sequence`,
      sort(mode),
      r6([1, 2, 3, 4]),
      { points: 1, fullyCorrect: true, why: expect.stringMatching(/: 1 of 1 point$/) as unknown as string },
    ],
  ),
];

describe("scoring modes (contract 16.1)", () => {
  it.each(rows)("%s", (_name, question, response, expected) => {
    expect(scoreQuestion(question, response)).toEqual({
      ...expected,
      maxPoints:
        question.points +
        (question.type === 2 ? question.answers.filter((a) => a.is_correct).reduce((t, a) => t + a.points, 0) : 0),
    });
  });

  it("relative_next with a one-answer sequence is all or nothing", () => {
    const one = q(6, [answer(1, true, 0, 1), answer(2, false, 0, 2)], {
      optional_answers: true,
      scoring: "relative_next",
    });
    expect(scoreQuestion(one, r6([1])).points).toBe(1);
    expect(scoreQuestion(one, r6([2])).points).toBe(0);
  });

  it("unanswered earns nothing in every mode and says so", () => {
    expect(scoreQuestion(dragDrop("per_target"), null)).toEqual({
      fullyCorrect: false,
      points: 0,
      maxPoints: 1,
      why: "Unanswered: 0 of 1 point",
    });
  });
});

// Random questions of every type that takes a mode, with every mode, and random responses.
const ids = fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 });
const pts = fc.integer({ min: -3, max: 3 });

const sortCase = fc
  .record({
    seq: ids,
    extra: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 8 }),
    mode: fc.constantFrom(...SCORING_MODES[6]),
    points: fc.integer({ min: 0, max: 5 }),
  })
  .map(({ seq, extra, mode, points }) => ({
    question: q(
      6,
      seq.map((id, i) => answer(id, true, 0, i + 1)),
      { optional_answers: false, scoring: mode },
      points,
    ),
    key: r6(seq),
    other: r6(extra),
  }));

const multiCase = fc
  .record({
    marks: fc.array(fc.tuple(fc.boolean(), pts), { minLength: 1, maxLength: 6 }),
    pick: fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 8 }),
    mode: fc.constantFrom(...SCORING_MODES[2]),
    points: fc.integer({ min: 0, max: 5 }),
  })
  .filter(({ marks }) => marks.some(([c]) => c))
  .map(({ marks, pick, mode, points }) => {
    const answers = marks.map(([c, p], i) => answer(i + 1, c, p));
    return {
      question: q(2, answers, { scoring: mode }, points),
      key: r2(answers.filter((a) => a.is_correct).map((a) => a.id)),
      other: r2(pick),
    };
  });

const blockCase = fc
  .record({
    type: fc.constantFrom(4 as const, 5 as const),
    marks: fc.array(fc.tuple(fc.boolean(), pts), { minLength: 1, maxLength: 5 }),
    pick: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
    mode: fc.constantFrom(...SCORING_MODES[5]),
    points: fc.integer({ min: 0, max: 5 }),
  })
  .filter(({ marks }) => marks.some(([c]) => c))
  .map(({ type, marks, pick, mode, points }) => {
    const correct = Object.fromEntries(marks.map(([c], i) => [`block-${i + 1}`, c]));
    const areaPoints = Object.fromEntries(marks.map(([, p], i) => [`block-${i + 1}`, p]));
    const question = q(type, [], { ...image, areas: [], correct, points: areaPoints, scoring: mode }, points);
    return {
      question,
      key: { type, areaIds: Object.keys(correct).filter((id) => correct[id]) } as CandidateResponse,
      other: { type, areaIds: pick.map((n) => `block-${n}`) } as CandidateResponse,
    };
  });

const dragDropCase = fc
  .record({
    match: fc.array(fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }), { minLength: 1, maxLength: 5 }),
    pick: fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 3 })), { maxLength: 6 }),
    mode: fc.constantFrom(...SCORING_MODES[3]),
    points: fc.integer({ min: 0, max: 5 }),
  })
  .map(({ match, pick, mode, points }) => {
    const areas = [
      ...match.map((_, i) => ({ id: `targ-${i + 1}`, x: 0, y: 0, width: 30, height: 15, type: 1 })),
      ...[1, 2, 3].map((n) => ({ id: `drag-${n}`, x: 0, y: 0, width: 30, height: 15, type: 2 })),
    ];
    const pairs = match.flatMap((d, i) => (d === null ? [] : [[`targ-${i + 1}`, `drag-${d}`] as const]));
    const question = q(3, [], { ...image, areas, match: Object.fromEntries(pairs), scoring: mode }, points);
    return {
      question,
      key: r3(Object.fromEntries(pairs)),
      other: r3(Object.fromEntries(pick.map(([t, d]) => [`targ-${t}`, `drag-${d}`]))),
    };
  });

const anyCase = fc.oneof(sortCase, multiCase, blockCase, dragDropCase);

/** The points a response earns beside the question's points: answer or area points (pairs have none here). */
const itemPoints = (question: ScoredQuestion, response: CandidateResponse): number => {
  if (response.type === 2)
    return [...new Set(response.answerIds)].reduce(
      (t, id) => t + (question.answers.find((a) => a.id === id)?.points ?? 0),
      0,
    );
  if ((response.type === 4 || response.type === 5) && (question.type === 4 || question.type === 5))
    return [...new Set(response.areaIds)].reduce((t, id) => t + (question.properties.points?.[id] ?? 0), 0);
  return 0;
};

describe("scoring modes: properties", () => {
  it("the key earns the maximum, fully correct, in every mode", () => {
    fc.assert(
      fc.property(anyCase, ({ question, key }) => {
        const s = scoreQuestion(question, key);
        expect(s.fullyCorrect).toBe(true);
        expect(s.points).toBe(s.maxPoints);
      }),
    );
  });

  it("any response earns between 0 and the question's points, plus its item points, rounded to 2 decimals", () => {
    fc.assert(
      fc.property(anyCase, ({ question, other }) => {
        const s = scoreQuestion(question, other);
        const fromMode = s.points - itemPoints(question, other);
        expect(fromMode).toBeGreaterThanOrEqual(-0.005);
        expect(fromMode).toBeLessThanOrEqual(question.points + 0.005);
        expect(Math.round(s.points * 100) / 100).toBe(s.points);
        expect(s.why).toMatch(/: -?[0-9.]+ of [0-9.-]+ points?$/);
      }),
    );
  });

  it("a partial mode never gives less than all or nothing", () => {
    fc.assert(
      fc.property(anyCase, ({ question, other }) => {
        const strict = {
          ...question,
          properties: { ...question.properties, scoring: "all_or_nothing" },
        } as ScoredQuestion;
        expect(scoreQuestion(question, other).points).toBeGreaterThanOrEqual(scoreQuestion(strict, other).points);
      }),
    );
  });
});
