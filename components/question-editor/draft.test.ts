import { describe, expect, it } from "vitest";
import {
  answerOrders,
  draftFromStored,
  mediaFieldsOf,
  newDraft,
  paramsFromDraft,
  withMediaFields,
  type StoredQuestion,
} from "./draft";
import { fieldOf, FIELD, placeIssues } from "./issue-map";
import { valueAt } from "./server-issues";
import { validateParams } from "./validate";

const limits = { answers: 100, textAnswers: 100 };

function stored(
  type: number,
  properties: Record<string, unknown>,
  answers: StoredQuestion["answers"] = [],
): StoredQuestion {
  return {
    question: {
      id: 7,
      exam_id: 3,
      question: "<p>Which <strong>one</strong>?</p>",
      explanation: '<p>Because <a href="https://example.com" rel="noopener noreferrer">this</a>.</p>',
      type,
      case_study_id: 11,
      external_id: "ext-1",
      properties,
      points: 4,
      domain_id: 12,
      tags: ["Ports", "TLS"],
      scenarios: [
        { name: "key", response: { answers: [2] }, expected_points: 4 },
        { name: "half", response: {}, expected_points: 0.5 },
      ],
    },
    answers,
  };
}

describe("a stored question loaded and built back unchanged gives exactly what is stored", () => {
  it("type 1 with orders, points, old ids (number and string)", () => {
    const q = stored(1, {}, [
      { id: 1, old_id: 5, answer: "<p>A</p>", is_correct: false, order: 10, points: -1 },
      { id: 2, old_id: "x-2", answer: "<p>B</p>", is_correct: true, order: 20, points: 3 },
      { id: 3, old_id: null, answer: "<p>C</p>", is_correct: false, order: 30, points: 0 },
    ]);
    expect(paramsFromDraft(draftFromStored(q))).toEqual({
      question: {
        id: 7,
        exam_id: 3,
        type: 1,
        question: q.question.question,
        explanation: q.question.explanation,
        points: 4,
        external_id: "ext-1",
        case_study_id: 11,
        properties: {},
        domain_id: 12,
        tags: ["Ports", "TLS"],
        // An extension field: the editor sends what it has, so an unchanged list goes back as is.
        scenarios: q.question.scenarios,
      },
      answers: [
        { answer: "<p>A</p>", is_correct: false, order: 10, points: -1, old_id: 5 },
        { answer: "<p>B</p>", is_correct: true, order: 20, points: 3, old_id: "x-2" },
        // points 0 is what "no points" stores: sent as nothing, stored as 0 again.
        { answer: "<p>C</p>", is_correct: false, order: 30 },
      ],
    });
  });

  it("type 6 with interleaved distractors keeps every order", () => {
    const q = stored(6, { optional_answers: true }, [
      { id: 1, old_id: null, answer: "<p>1</p>", is_correct: true, order: 1, points: 0 },
      { id: 2, old_id: null, answer: "<p>d</p>", is_correct: false, order: 2, points: 0 },
      { id: 3, old_id: null, answer: "<p>2</p>", is_correct: true, order: 3, points: 0 },
    ]);
    const params = paramsFromDraft(draftFromStored(q));
    expect(params.question.properties).toEqual({ optional_answers: true });
    expect(params.answers!.map((a) => [a.order, a.is_correct])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
  });

  it("type 7 keeps entries with and without points", () => {
    const properties = {
      text_similarity: 85,
      case_sensitive: true,
      text_answer: [{ value: "Paris", points: 2 }, { value: "Lutetia" }, { value: "Paname", points: 0 }],
    };
    const params = paramsFromDraft(draftFromStored(stored(7, properties)));
    expect(params.question.properties).toEqual(properties);
    expect(params.answers).toBeUndefined();
  });

  it("empty optional fields go back as the API's empty values", () => {
    const q = stored(2, {}, [{ id: 1, old_id: null, answer: "<p>A</p>", is_correct: true, order: 1, points: 0 }]);
    q.question = { ...q.question, explanation: "", case_study_id: null, external_id: null, points: 0 };
    const p = paramsFromDraft(draftFromStored(q)).question;
    expect([p.explanation, p.case_study_id, p.external_id, p.points]).toEqual(["", null, null, 0]);
  });
});

describe("answerOrders", () => {
  it.each([
    [
      [null, null, null],
      [1, 2, 3],
    ],
    [
      [10, 20, 30],
      [10, 20, 30],
    ],
    [
      [20, 10, 30],
      [20, 21, 30],
    ],
    [
      [30, 10, 20],
      [30, 31, 32],
    ],
    [
      [1, null, 2],
      [1, 2, 3],
    ],
    [
      [5, null, null],
      [5, 6, 7],
    ],
  ])("%j → %j", (orders, expected) => {
    expect(answerOrders(orders.map((order) => ({ order })))).toEqual(expected);
  });
});

describe("the live check uses the API's schema and rules", () => {
  it("a new single choice question warns that no answer is correct, at the answer list", () => {
    const { errors, warnings } = validateParams(paramsFromDraft(newDraft(3, 1)), limits);
    expect(errors).toEqual([]);
    expect(warnings.map((w) => [w.code, w.path])).toEqual([["no_correct_answer", "answers"]]);
  });

  it("a text input question without accepted values or with a similarity over 100 has errors at those fields", () => {
    const draft = { ...newDraft(3, 7), textSimilarity: "150", textAnswers: [] };
    const { errors } = validateParams(paramsFromDraft(draft), limits);
    expect(errors.map((e) => e.path).sort()).toEqual([FIELD.textAnswers, FIELD.textSimilarity].sort());
  });

  it("a sort answer left out of the sequence without optional answers is an error at that answer", () => {
    const draft = newDraft(3, 6);
    draft.answers[1] = { ...draft.answers[1]!, isCorrect: false };
    const { errors } = validateParams(paramsFromDraft(draft), limits);
    expect(errors.map((e) => e.path)).toEqual(["answers[1].is_correct"]);
    expect(fieldOf(errors[0]!.path, 6, { answers: 3, textAnswers: 0 })).toBe(FIELD.answer(1));
  });

  it("points that are not whole numbers are reported at the points field", () => {
    const draft = { ...newDraft(3, 2), points: "1.5" };
    const { errors } = validateParams(paramsFromDraft(draft), limits);
    expect(errors.map((e) => e.path)).toEqual(["question.points"]);
  });
});

describe("fieldOf", () => {
  const counts = { answers: 2, textAnswers: 2 };
  it.each([
    ["question.question", 1, "question.question"],
    ["answers[1].answer", 1, "answers[1].answer"],
    ["answers[1].is_correct", 1, "answers[1]"],
    ["answers[5].answer", 1, "answers"],
    ["question.properties.text_answer[1].value", 7, "question.properties.text_answer[1].value"],
    ["question.properties.text_answer[1]", 7, "question.properties.text_answer[1].value"],
    ["question.properties.text_answer[0].points", 7, "question.properties.text_answer[0].points"],
    ["question.properties", 1, null],
    ["question.properties", 3, "question.properties"],
    ["question.properties.areas[2].width", 4, "question.properties"],
    ["question.properties.match.targ-1", 3, "question.properties"],
    ["question.properties.image", 5, "question.properties.image"],
    ["question.exam_id", 1, null],
    ['resources["a.png"]', 1, null],
  ] as const)("%s (type %i) → %s", (path, type, field) => {
    expect(fieldOf(path, type, counts)).toBe(field);
  });
});

describe("valueAt", () => {
  it("reads the value an issue path names", () => {
    const params = {
      question: { question: "<p>x</p>", properties: { text_answer: [{ value: "a" }] } },
      answers: [{ answer: "A" }, { answer: "B" }],
    };
    expect(valueAt(params, "answers[1].answer")).toBe("B");
    expect(valueAt(params, "question.properties.text_answer[0].value")).toBe("a");
    expect(valueAt(params, "question.missing")).toBeUndefined();
  });
});

describe("mediaFieldsOf / withMediaFields", () => {
  it("carry an image question's base image with the HTML fields, and put it back renamed", () => {
    const draft = {
      ...newDraft(3, 4),
      question: '<p><img src="blob:x/1"></p>',
      areaProperties: {
        image: "blob:x/2",
        areas: [],
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
        correct: {},
      },
    };
    const params = paramsFromDraft(draft);
    const fields = mediaFieldsOf(params);
    expect(fields).toEqual({
      "question.question": '<p><img src="blob:x/1"></p>',
      "question.explanation": "",
      "question.properties.image": "blob:x/2",
    });
    const renamed = withMediaFields(params, {
      ...fields,
      "question.question": '<p><img src="image-1.png"></p>',
      "question.properties.image": "image-2.png",
    });
    expect(renamed.question.question).toBe('<p><img src="image-1.png"></p>');
    expect(renamed.question.properties).toEqual({
      image: "image-2.png",
      areas: [],
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
      correct: {},
    });
    // The draft's own properties are not changed.
    expect(draft.areaProperties.image).toBe("blob:x/2");
  });

  it("leave the properties of other types alone", () => {
    const params = paramsFromDraft(newDraft(3, 6));
    expect(Object.keys(mediaFieldsOf(params))).toEqual([
      "question.question",
      "question.explanation",
      "answers[0].answer",
      "answers[1].answer",
      "answers[2].answer",
    ]);
    expect(withMediaFields(params, mediaFieldsOf(params)).question.properties).toEqual({ optional_answers: false });
  });
});

describe("placeIssues for image questions", () => {
  it("shows an area's messages at its row and the others in the area editor, in the author's words", () => {
    const placed = placeIssues(
      {
        errors: [
          {
            code: "area_outside_image",
            path: "question.properties.areas[1].x",
            message: "x + width is 730, past the image width of 640 px",
            details: { area: "block-2", edge: "right", by: 90 },
          },
        ],
        warnings: [
          { code: "no_correct_area", path: "question.properties.correct", message: "no area is marked correct" },
        ],
      },
      4,
      { answers: 0, textAnswers: 0, areaIds: ["block-1", "block-2"] },
    );
    expect(placed.at(FIELD.area("block-2"))).toEqual({
      errors: ["Area block-2 reaches past the right edge of the image by 90 px."],
      warnings: [],
    });
    expect(placed.at(FIELD.areas)).toEqual({
      errors: [],
      warnings: ["Correct areas: Mark at least one area as correct."],
    });
  });
});
