import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawQuestions } from "./draw";
import { drawAttempt, formatClock, scrambled, secondsLeft, seededRandom, shuffled } from "./simulation";

const questions = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  type: i % 2 === 0 ? 1 : 6,
  answers: [{ id: 100 + i * 3 }, { id: 101 + i * 3 }, { id: 102 + i * 3 }],
}));

describe("seeded drawing", () => {
  it("repeats exactly for one seed and differs for another", () => {
    const settings = { count: 5, shuffleQuestions: true, shuffleAnswers: true };
    const a = drawAttempt(questions, settings, 42);
    expect(drawAttempt(questions, settings, 42)).toEqual(a);
    expect(drawAttempt(questions, settings, 43).map((d) => d.question.id)).not.toEqual(a.map((d) => d.question.id));
    expect(a).toHaveLength(5);
    expect(new Set(a.map((d) => d.question.id)).size).toBe(5);
  });

  it("keeps the exam order when questions are not shuffled, and draws a subset", () => {
    const drawn = drawAttempt(questions, { count: 4, shuffleQuestions: false, shuffleAnswers: false }, 7).map(
      (d) => d.question.id,
    );
    expect(drawn).toHaveLength(4);
    expect([...drawn].sort((x, y) => x - y)).toEqual(drawn);
  });

  it("presents every question when the count is the question count (or more)", () => {
    expect(
      drawAttempt(questions, { count: 99, shuffleQuestions: false, shuffleAnswers: false }, 1).map(
        (d) => d.question.id,
      ),
    ).toEqual(questions.map((q) => q.id));
    expect(drawAttempt(questions, { count: 0, shuffleQuestions: false, shuffleAnswers: false }, 1)).toEqual([]);
  });

  it("shuffles choice answers only when asked, and sort answers always", () => {
    const drawn = drawAttempt(questions, { count: 10, shuffleQuestions: false, shuffleAnswers: false }, 3);
    for (const d of drawn) {
      const ids = d.question.answers.map((a) => a.id);
      if (d.question.type === 1) expect(d.answerOrder).toEqual(ids);
      expect([...d.answerOrder].sort()).toEqual([...ids].sort());
    }
    const sorts = drawn.filter((d) => d.question.type === 6);
    expect(sorts.some((d) => d.answerOrder.join() !== d.question.answers.map((a) => a.id).join())).toBe(true);
  });

  it("shuffles with every permutation reachable and the items kept", () => {
    const random = seededRandom(9);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(shuffled([1, 2, 3], random).join());
    expect(seen.size).toBe(6);
  });
});

describe("the preview's draw is exam.examDraw's", () => {
  it("presents by the blueprint: the questions drawQuestions answers for the same seed, in its order", () => {
    const domainIds = [7, 8, 9];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(7, 8, 9, null), { maxLength: 60 }),
        fc.tuple(fc.nat(100), fc.nat(100)),
        fc.nat(70),
        fc.boolean(),
        fc.nat(0xffffffff),
        (inDomains, [a, b], count, shuffle, seed) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const domains = domainIds.map((id, i) => ({ id, weight: [low, high - low, 100 - high][i]! }));
          const pool = inDomains.map((domain_id, i) => ({
            id: 1 + i,
            type: 1 + (i % 7),
            answers: [{ id: 1000 + i }],
            domain_id,
          }));
          const attempt = drawAttempt(pool, { count, shuffleQuestions: shuffle, shuffleAnswers: true, domains }, seed);
          const drawn = drawQuestions(
            pool.map((q) => ({ id: q.id, domainId: q.domain_id })),
            domains,
            { count, shuffle },
            seededRandom(seed),
          );
          expect(attempt.map((d) => d.question.id)).toEqual(drawn.questions);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the countdown", () => {
  it.each([
    [0, 0, 0, null],
    [1, 0, 0, 60],
    [1, 0, 59_001, 1],
    [1, 0, 60_000, 0],
    [90, 1000, 1000 + 3_600_000, 1800],
    [1, 0, 999_999, 0],
  ] as const)("%i min from %i at %i → %s s", (minutes, start, now, left) => {
    expect(secondsLeft(minutes, start, now)).toBe(left);
  });

  it.each([
    [0, "0:00"],
    [9, "0:09"],
    [247, "4:07"],
    [3909, "1:05:09"],
  ] as const)("%i s reads %s", (s, text) => {
    expect(formatClock(s)).toBe(text);
  });
});

describe("scrambled", () => {
  it("is a permutation that never keeps the given order, for every seed", () => {
    for (const n of [2, 3, 5]) {
      const items = Array.from({ length: n }, (_, i) => i + 1);
      for (let seed = 1; seed <= 200; seed++) {
        const out = scrambled(items, seededRandom(seed));
        expect([...out].sort((a, b) => a - b)).toEqual(items);
        expect(out).not.toEqual(items);
      }
    }
  });

  it("leaves a single item and no items as they are", () => {
    expect(scrambled([7], seededRandom(1))).toEqual([7]);
    expect(scrambled([], seededRandom(1))).toEqual([]);
  });

  it("presents a sort question's answers out of their solution order in every drawn attempt", () => {
    const sort = { id: 1, type: 6, answers: [{ id: 10 }, { id: 11 }] };
    for (let seed = 1; seed <= 50; seed++) {
      expect(
        drawAttempt([sort], { count: 1, shuffleQuestions: false, shuffleAnswers: false }, seed)[0]!.answerOrder,
      ).toEqual([11, 10]);
    }
  });
});
