// @vitest-environment happy-dom
// Issue 25 part 6 (contract 16.1 point 5, 15.1 point 6): the preview's simulated attempt scores
// each question by its scoring mode, so its result, and its result per blueprint domain, earn
// partial points under the points methods 2 and 4, while methods 1 and 3 count only the fully
// correct questions. The hook runs as the preview runs it, in React (happy-dom), on a drawn
// attempt whose responses are given through its own `answer`.
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import type { PreviewExam, PreviewQuestion } from "./types";
import { useAttempt, type Attempt } from "./use-attempt";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const answers = (correct: boolean[]) =>
  correct.map((is_correct, i) => ({ id: i + 1, answer: `<p>${i + 1}</p>`, is_correct, points: 0, order: i + 1 }));

/** Domain 1: a per_answer question (3 right of 4); domain 2: an absolute_position sort and an all-or-nothing choice. */
const questions: PreviewQuestion[] = [
  {
    id: 11,
    type: 2,
    points: 3,
    question: "<p>Pick</p>",
    explanation: "",
    case_study_id: null,
    domain_id: 1,
    answers: answers([true, true, true, false]),
    properties: { scoring: "per_answer" },
  },
  {
    id: 12,
    type: 6,
    points: 4,
    question: "<p>Order</p>",
    explanation: "",
    case_study_id: null,
    domain_id: 2,
    answers: answers([true, true, true, true]),
    properties: { scoring: "absolute_position", optional_answers: false },
  },
  {
    id: 13,
    type: 2,
    points: 1,
    question: "<p>Pick all</p>",
    explanation: "",
    case_study_id: null,
    domain_id: 2,
    answers: answers([true, true, false]),
    properties: {},
  },
] as PreviewQuestion[];

const exam = (method: 1 | 2 | 3 | 4): PreviewExam => ({
  id: 1,
  title: "Modes",
  code: "M",
  category: "c",
  type: 1,
  check_answer: 0,
  evaluation_method: method,
  passing_score: method <= 2 ? 50 : null,
  shuffle_questsion: false,
  shuffle_answers: false,
  testing_questions: 3,
  testing_time: 0,
  show_description_page: false,
  show_standard_introduction: false,
  description: "",
  domains: [
    { id: 1, code: "A", name: "A", weight: 0 },
    { id: 2, code: "B", name: "B", weight: 0 },
  ],
});

let root: ReturnType<typeof createRoot> | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

/** The attempt after the responses: 2 of 3 right answers (q11), 2 of 4 at their place (q12), q13 fully correct. */
function attemptUnder(method: 1 | 2 | 3 | 4): Attempt {
  let attempt: Attempt | null = null;
  const Probe = () => {
    attempt = useAttempt(exam(method), questions, 7);
    return null;
  };
  root = createRoot(document.createElement("div"));
  act(() => root!.render(createElement(Probe)));
  act(() => {
    attempt!.answer(11, { type: 2, answerIds: [1, 2] });
    attempt!.answer(12, { type: 6, order: [1, 2, 4, 3] });
    attempt!.answer(13, { type: 2, answerIds: [1, 2] });
  });
  return attempt!;
}

describe("the preview's result uses the scoring modes", () => {
  it("scores each question by its mode", () => {
    const a = attemptUnder(2);
    expect(a.scores.map((s) => [s.points, s.fullyCorrect])).toEqual([
      [2, false],
      [2, false],
      [1, true],
    ]);
  });

  for (const method of [2, 4] as const)
    it(`method ${method}: the partial points count, in the result and per domain`, () => {
      const a = attemptUnder(method);
      expect(a.result).toMatchObject({ points: 5, maxPoints: 8, percent: 62.5, fullyCorrect: 1 });
      expect(a.result.passed).toBe(method === 2 ? true : null);
      expect(a.byDomain).toEqual([
        { domainId: 1, questions: 1, fullyCorrect: 0, points: 2, maxPoints: 3, percent: 66.67 },
        { domainId: 2, questions: 2, fullyCorrect: 1, points: 3, maxPoints: 5, percent: 60 },
      ]);
    });

  for (const method of [1, 3] as const)
    it(`method ${method}: only the fully correct questions count, in the result and per domain`, () => {
      const a = attemptUnder(method);
      expect(a.result).toMatchObject({ fullyCorrect: 1, presented: 3, percent: 33.33 });
      expect(a.result.passed).toBe(method === 1 ? false : null);
      expect(a.byDomain.map((d) => [d.domainId, d.percent])).toEqual([
        [1, 0],
        [2, 50],
      ]);
    });
});
