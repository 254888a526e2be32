import { describe, expect, it } from "vitest";
import { scoreQuestion } from "@/server/domain/scoring/question-score";
import { emptyAnswer, newDraft } from "./draft";
import { tryQuestionOf } from "./try-question";

describe("tryQuestionOf", () => {
  it("gives the engine the draft's answers, correct marks, points and sequence", () => {
    const draft = {
      ...newDraft(1, 2),
      points: "3",
      answers: [
        { ...emptyAnswer(true), answer: "<p>A</p>", points: "2" },
        { ...emptyAnswer(true), answer: "<p>B</p>" },
        { ...emptyAnswer(false), answer: "<p>C</p>", points: "-1" },
      ],
    };
    const { question, answerOrder } = tryQuestionOf(draft);
    expect(answerOrder).toEqual([1, 2, 3]);
    expect(question.answers.map((a) => [a.id, a.is_correct, a.points, a.order])).toEqual([
      [1, true, 2, 1],
      [2, true, 0, 2],
      [3, false, -1, 3],
    ]);
    expect(scoreQuestion(question, { type: 2, answerIds: [1, 2] })).toMatchObject({
      fullyCorrect: true,
      points: 5,
      maxPoints: 5,
    });
    expect(scoreQuestion(question, { type: 2, answerIds: [1, 3] })).toMatchObject({
      fullyCorrect: false,
      points: 1,
      maxPoints: 5,
    });
  });

  it("counts points that are not whole numbers as none, and the question's as the default 1", () => {
    const draft = {
      ...newDraft(1, 1),
      points: "",
      answers: [{ ...emptyAnswer(true), answer: "<p>A</p>", points: "x" }, emptyAnswer(false)],
    };
    const { question } = tryQuestionOf(draft);
    expect(question.points).toBe(1);
    expect(question.answers[0]!.points).toBe(0);
  });

  it("passes an image question's properties as the area editor wrote them", () => {
    const areaProperties = {
      image: "/media/a.png",
      areas: [{ id: "block-1", x: 0, y: 0, width: 30, height: 15 }],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
      correct: { "block-1": true },
    };
    const { question, answerOrder } = tryQuestionOf({ ...newDraft(1, 5), areaProperties });
    expect(question.properties).toEqual(areaProperties);
    // What is not drawn yet counts as nothing.
    expect(tryQuestionOf(newDraft(1, 3)).question.properties).toEqual({
      image: "",
      areas: [],
      options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false },
      match: {},
    });
    expect(answerOrder).toEqual([]);
  });
});
