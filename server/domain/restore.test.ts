import { describe, expect, it } from "vitest";
import { caseStudyRestoreParams, questionRestoreParams } from "./restore";

describe("questionRestoreParams", () => {
  const snapshot = {
    question: {
      id: 5,
      exam_id: 2,
      type: 6,
      question: "<p>Q</p>",
      explanation: "",
      case_study_id: null,
      external_id: "x-1",
      properties: { a: 1 },
      points: 3,
    },
    answers: [
      { id: 9, old_id: "b", answer: "<p>B</p>", is_correct: true, order: 2, points: 0 },
      { id: 8, old_id: null, answer: "<p>A</p>", is_correct: true, order: 1, points: 2 },
    ],
  };

  it("resends every field of the version, answers in their stored order, without their ids", () => {
    expect(questionRestoreParams(snapshot, 7)).toEqual({
      question: {
        id: 5,
        exam_id: 2,
        type: 6,
        question: "<p>Q</p>",
        explanation: "",
        case_study_id: null,
        external_id: "x-1",
        properties: { a: 1 },
        points: 3,
      },
      answers: [
        { answer: "<p>A</p>", is_correct: true, points: 2 },
        { answer: "<p>B</p>", is_correct: true, points: 0, old_id: "b" },
      ],
      expected_version: 7,
    });
  });

  it("resends the version's domain and tags; a domain its exam no longer has is restored as none", () => {
    const withBank = { ...snapshot, question: { ...snapshot.question, domain_id: 4, tags: ["Ports"] } };
    expect(questionRestoreParams(withBank, 7)!.question).toMatchObject({ domain_id: 4, tags: ["Ports"] });
    expect(questionRestoreParams(withBank, 7, [4, 5])!.question).toMatchObject({ domain_id: 4 });
    expect(questionRestoreParams(withBank, 7, [5])!.question).toMatchObject({ domain_id: null, tags: ["Ports"] });
    const none = { ...snapshot, question: { ...snapshot.question, domain_id: null, tags: [] } };
    expect(questionRestoreParams(none, 7, [5])!.question).toMatchObject({ domain_id: null, tags: [] });
    // A version from before domains and tags sends neither: the question keeps its current ones.
    expect(questionRestoreParams(snapshot, 7, [5])!.question).not.toHaveProperty("domain_id");
    expect(questionRestoreParams(snapshot, 7)!.question).not.toHaveProperty("tags");
  });

  it("is null for what is not a question version (a delete's null, a reorder)", () => {
    expect(questionRestoreParams(null, 1)).toBeNull();
    expect(questionRestoreParams({ question_ids: [1] }, 1)).toBeNull();
  });
});

describe("caseStudyRestoreParams", () => {
  it("resends the name and description", () => {
    expect(caseStudyRestoreParams({ id: 3, exam_id: 2, name: "Contoso", description: "<p>D</p>" }, 4)).toEqual({
      case_study: { id: 3, name: "Contoso", description: "<p>D</p>" },
      expected_version: 4,
    });
    expect(caseStudyRestoreParams(null, 4)).toBeNull();
  });
});
