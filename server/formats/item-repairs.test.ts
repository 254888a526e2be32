import { describe, expect, it } from "vitest";
import { repairItem, roundHalfAway } from "./item-repairs";

describe("roundHalfAway", () => {
  it.each([
    [0.5, 1],
    [-0.5, -1],
    [33.3, 33],
    [33.5, 34],
    [-33.5, -34],
    [2, 2],
  ])("%d → %d", (value, rounded) => expect(roundHalfAway(value)).toBe(rounded));
});

describe("repairItem", () => {
  it("gives back the params themselves when nothing needs a repair", () => {
    const params = { question: { type: 1, question: "<p>Q</p>", points: 1 }, answers: [{ answer: "a", points: 0 }] };
    expect(repairItem(params)).toEqual({ params, warnings: [] });
    expect(repairItem(params).params).toBe(params);
  });

  it("rounds every points value, one warning each, at its path", () => {
    const { params, warnings } = repairItem({
      question: {
        type: 3,
        question: "<p>Q</p>",
        points: 0.5,
        properties: { points: { "targ-1": { "drag-1": 33.3 } } },
      },
      answers: [{ answer: "a", points: -0.5 }],
    });
    expect(params.question.points).toBe(1);
    expect(params.answers![0]!.points).toBe(-1);
    expect((params.question.properties as { points: unknown }).points).toEqual({ "targ-1": { "drag-1": 33 } });
    expect(warnings.map((w) => [w.path, w.message])).toEqual([
      ["question.points", "0.5 was rounded to 1, since points are whole numbers"],
      ["answers[0].points", "-0.5 was rounded to -1, since points are whole numbers"],
      ["question.properties.points.targ-1.drag-1", "33.3 was rounded to 33, since points are whole numbers"],
    ]);
  });

  it("repairs links in the question and answers but not in the explanation", () => {
    const { params, warnings } = repairItem({
      question: {
        type: 1,
        question: '<p><a href="https://a.org">A</a></p>',
        explanation: '<p><a href="https://b.org">B</a></p>',
      },
      answers: [{ answer: '<a href="https://c.org">https://c.org</a>' }],
    });
    expect(params.question.question).toBe("<p>A (https://a.org)</p>");
    expect(params.question.explanation).toBe('<p><a href="https://b.org">B</a></p>');
    expect(params.answers![0]!.answer).toBe("https://c.org");
    expect(warnings.map((w) => w.path)).toEqual(["question.question", "answers[0].answer"]);
  });

  it("fits the areas to the image only when its size is known", () => {
    const question = {
      type: 5,
      question: "<p>Q</p>",
      properties: { image: "map.png", areas: [{ id: "block-1", x: 190, y: 0, width: 20, height: 10 }] },
    };
    expect(repairItem({ question }).warnings).toEqual([]);
    const { params, warnings } = repairItem({ question }, { imageSize: { width: 200, height: 100 } });
    expect((params.question.properties as { areas: unknown }).areas).toEqual([
      { id: "block-1", x: 170, y: 0, width: 30, height: 15 },
    ]);
    expect(warnings[0]).toMatchObject({ code: "import_repaired", path: "question.properties.areas[0]" });
  });
});
