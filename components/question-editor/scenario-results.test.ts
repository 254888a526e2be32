import { describe, expect, it } from "vitest";
import { runScenarios } from "@/server/domain/scoring/scenarios";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { emptyAnswer, newDraft, paramsFromDraft, type QuestionDraft } from "./draft";
import { nextScenarioName, scenarioResults, withScenario, withTriedScenario } from "./scenario-results";
import { tryQuestionOf } from "./try-question";

/** A multiple choice question worth 2 points, answers A (correct), B, C (correct), per answer. */
function choiceDraft(): QuestionDraft {
  const d = newDraft(3, QUESTION_TYPE.multipleChoice);
  const answers = ["A", "B", "C"].map((text, i) => ({ ...emptyAnswer(i !== 1), answer: `<p>${text}</p>` }));
  return { ...d, points: "2", answers, scoring: "per_answer" };
}

describe("Save as scenario", () => {
  it("stores the tried response in the 16.2 format with the points it earns, named Scenario 1", () => {
    // Try it's answer ids are the list positions (try-question.ts): 1 and 3 are A and C.
    const d = withTriedScenario(choiceDraft(), { type: QUESTION_TYPE.multipleChoice, answerIds: [1, 3] });
    expect(d.scenarios.map(({ name, response, expectedPoints }) => ({ name, response, expectedPoints }))).toEqual([
      { name: "Scenario 1", response: { answers: [1, 3] }, expectedPoints: "2" },
    ]);
    expect(scenarioResults(d)).toEqual([{ points: 2, passed: true, why: expect.any(String) }]);
  });

  it("keeps partial points as the expectation, and an unanswered try as {}", () => {
    let d = withTriedScenario(choiceDraft(), { type: QUESTION_TYPE.multipleChoice, answerIds: [1] });
    d = withTriedScenario(d, null);
    expect(d.scenarios.map((s) => [s.name, s.response, s.expectedPoints])).toEqual([
      ["Scenario 1", { answers: [1] }, "1"],
      ["Scenario 2", {}, "0"],
    ]);
    expect(scenarioResults(d).map((r) => r.passed)).toEqual([true, true]);
  });

  it("names by the first free number", () => {
    expect(nextScenarioName([])).toBe("Scenario 1");
    expect(nextScenarioName([{ name: "Scenario 2" }, { name: " Scenario 1 " }, { name: "x" }])).toBe("Scenario 3");
  });
});

describe("the Scenarios panel's results", () => {
  const saved = () => withTriedScenario(choiceDraft(), { type: QUESTION_TYPE.multipleChoice, answerIds: [1, 3] });
  const key = (d: QuestionDraft) => d.scenarios[0]!.key;

  it("fails with the points earned when the expectation changes, and passes again after a draft change", () => {
    const d = saved();
    const changed = withScenario(d, key(d), (s) => ({ ...s, expectedPoints: "1.5" }));
    expect(scenarioResults(changed)).toEqual([{ points: 2, passed: false, why: expect.stringMatching(/2 of 2/) }]);
    // The draft, not the saved question: marking B correct too makes A and C worth 2 × 2/3.
    const withB = { ...changed, answers: changed.answers.map((a) => ({ ...a, isCorrect: true })) };
    expect(scenarioResults({ ...withB, scenarios: [{ ...withB.scenarios[0]!, expectedPoints: "1.33" }] })).toEqual([
      { points: 1.33, passed: true, why: expect.any(String) },
    ]);
  });

  it("fails and says why when the draft no longer has an answer the scenario names", () => {
    const d = saved();
    const fewer = { ...d, answers: d.answers.slice(0, 2) };
    expect(scenarioResults(fewer)).toEqual([
      {
        points: null,
        passed: false,
        why: "response.answers[1]: answer position 3 does not exist: the question has 2 answers (positions 1 to 2, by order)",
      },
    ]);
  });

  it("gives exam.questionTest's results for the same question", () => {
    let d = saved();
    d = withTriedScenario(d, { type: QUESTION_TYPE.multipleChoice, answerIds: [2] });
    d = { ...d, answers: [...d.answers, emptyAnswer()] };
    const params = paramsFromDraft(d).question.scenarios as Parameters<typeof runScenarios>[1];
    const server = runScenarios(tryQuestionOf(d).question, params);
    expect(scenarioResults(d)).toEqual(server.map(({ points, passed, why }) => ({ points, passed, why })));
  });

  it("has no mark while the expectation is not a number, and sends it as typed", () => {
    const first = saved();
    const d = withScenario(first, key(first), (s) => ({ ...s, expectedPoints: "two" }));
    expect(scenarioResults(d)[0]!.passed).toBeNull();
    expect(paramsFromDraft(d).question.scenarios).toEqual([
      { name: "Scenario 1", response: { answers: [1, 3] }, expected_points: "two" },
    ]);
  });

  it("renames and deletes", () => {
    const d = saved();
    const renamed = withScenario(d, key(d), (s) => ({ ...s, name: "both right" }));
    expect(renamed.scenarios.map((s) => s.name)).toEqual(["both right"]);
    expect(withScenario(renamed, key(d), () => null).scenarios).toEqual([]);
  });
});
