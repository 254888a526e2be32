// The Scoring choice's draft ↔ params code, what Try it scores with it, and the worked example.
import { describe, expect, it } from "vitest";
import { draftFromStored, newDraft, paramsFromDraft, type QuestionDraft, type StoredQuestion } from "./draft";
import { fieldOf, FIELD } from "./issue-map";
import { scoringExample } from "./scoring-example";
import { tryQuestionOf } from "./try-question";
import { validateParams } from "./validate";

const limits = { answers: 100, textAnswers: 100 };

const stored = (type: number, properties: Record<string, unknown>, answers: StoredQuestion["answers"] = []) => ({
  question: {
    id: 7,
    exam_id: 3,
    question: "<p>Q</p>",
    explanation: "",
    type,
    case_study_id: null,
    external_id: null,
    properties,
    points: 1,
  },
  answers,
});
const ans = (id: number, is_correct: boolean, order: number) => ({
  id,
  old_id: null,
  answer: `<p>${id}</p>`,
  is_correct,
  order,
  points: 0,
});
const dragDrop = {
  image: "/media/x.png",
  areas: [1, 2, 3].flatMap((n) => [
    { id: `targ-${n}`, x: 0, y: n * 20, width: 30, height: 15, type: 1 },
    { id: `drag-${n}`, x: 50, y: n * 20, width: 30, height: 15, type: 2 },
  ]),
  options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false },
  match: { "targ-1": "drag-1", "targ-2": "drag-2", "targ-3": "drag-3" },
};
const withMode = (d: QuestionDraft, scoring: string): QuestionDraft => ({ ...d, scoring });

describe("the scoring mode in the draft", () => {
  it("is loaded and sent back unchanged, for answers and for areas", () => {
    const multi = stored(2, { scoring: "per_answer" }, [ans(1, true, 1), ans(2, false, 2)]);
    expect(paramsFromDraft(draftFromStored(multi)).question.properties).toEqual({ scoring: "per_answer" });
    const sort = stored(6, { optional_answers: false, scoring: "relative_next" }, [ans(1, true, 1)]);
    expect(paramsFromDraft(draftFromStored(sort)).question.properties).toEqual({
      optional_answers: false,
      scoring: "relative_next",
    });
    const dd = draftFromStored(stored(3, { ...dragDrop, scoring: "per_target" }));
    // The area editor rewrites areaProperties; the mode is held apart from them.
    expect(dd.areaProperties).not.toHaveProperty("scoring");
    expect(paramsFromDraft(dd).question.properties).toEqual({ ...dragDrop, scoring: "per_target" });
  });

  it("left out, nothing is sent; a new question starts with none", () => {
    expect(paramsFromDraft(draftFromStored(stored(2, {}))).question.properties).toEqual({});
    expect(newDraft(1, 6).scoring).toBe("");
  });

  it("is never sent for a type that takes no mode", () => {
    expect(paramsFromDraft(withMode(newDraft(1, 1), "per_answer")).question.properties).toEqual({});
  });

  it("a mode the type does not take is an error shown at the Scoring choice", () => {
    const d = withMode(draftFromStored(stored(2, {}, [ans(1, true, 1), ans(2, true, 2)])), "per_area");
    const { errors } = validateParams(paramsFromDraft(d), limits);
    expect(errors.map((e) => e.path)).toContain(FIELD.scoring);
    expect(fieldOf(FIELD.scoring, 2, { answers: 2, textAnswers: 0 })).toBe(FIELD.scoring);
    expect(fieldOf(FIELD.scoring, 3, { answers: 0, textAnswers: 0, areaIds: [] })).toBe(FIELD.scoring);
  });
});

describe("Try it and the worked example use the chosen mode", () => {
  const multi = draftFromStored(stored(2, {}, [ans(1, true, 1), ans(2, true, 2), ans(3, true, 3), ans(4, false, 4)]));

  it("Try it scores with the mode", () => {
    expect(tryQuestionOf(withMode(multi, "per_answer")).question.properties).toEqual({ scoring: "per_answer" });
  });

  it.each([
    [withMode(multi, ""), "A candidate who selects 2 of the 3 correct answers earns 0 of 1 point."],
    [
      withMode(multi, "per_answer"),
      "A candidate who selects 2 of the 3 correct answers earns 0.67 of 1 point; all or nothing: 0.",
    ],
    [
      draftFromStored(stored(3, { ...dragDrop, scoring: "per_target" })),
      "A candidate who places 2 of the 3 draggables right and leaves one target empty earns 0.67 of 1 point; all or nothing: 0.",
    ],
    [
      draftFromStored(
        stored(6, { optional_answers: false, scoring: "absolute_position" }, [
          ans(1, true, 1),
          ans(2, true, 2),
          ans(3, true, 3),
          ans(4, true, 4),
        ]),
      ),
      "A candidate who swaps the first two answers of the sequence earns 0.5 of 1 point; all or nothing: 0.",
    ],
  ])("%#: %s", (draft, sentence) => {
    expect(scoringExample(tryQuestionOf(draft).question)).toBe(sentence);
  });

  it("none while the question cannot be partly right", () => {
    const one = draftFromStored(stored(6, { optional_answers: false, scoring: "relative_next" }, [ans(1, true, 1)]));
    expect(scoringExample(tryQuestionOf(one).question)).toBeNull();
  });
});
