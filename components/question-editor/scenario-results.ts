// The Scenarios panel's pure part (contract 16.3 point 4): each scenario of the draft scored
// against the draft as it is now, saved or not, by the server's own functions (the 16.2 format's
// conversion, then scoreQuestion), so the mark after every change is the one exam.questionTest
// gives once saved. And "Save as scenario": a response tried in Try it, put into the draft.
import { toApiResponse } from "@/server/domain/scoring/api-response";
import { samePoints, scoreApiResponse } from "@/server/domain/scoring/scenarios";
import type { CandidateResponse } from "@/server/domain/scoring/types";
import { numberOrText, newKey, type QuestionDraft, type ScenarioDraft } from "./draft";
import { tryQuestionOf } from "./try-question";

export interface ScenarioResult {
  /** Null when the response could not be scored: it names an answer or area the draft lacks. */
  points: number | null;
  /** Null when the expectation is not a number yet (the field says so; nothing to compare). */
  passed: boolean | null;
  /** Why it earned what it did, or why it could not be scored. */
  why: string;
}

/** Each scenario's result against the draft, in the scenarios' order. */
export function scenarioResults(draft: QuestionDraft): ScenarioResult[] {
  const { question } = tryQuestionOf(draft);
  return draft.scenarios.map((s) => {
    const scored = scoreApiResponse(question, s.response);
    if (!scored.ok)
      return {
        points: null,
        passed: false,
        // The same wording as exam.questionTest's result (server/domain/scoring/scenarios.ts).
        why: scored.problems.map((p) => `response${p.path ? `.${p.path}` : ""}: ${p.message}`).join("; "),
      };
    const expected = numberOrText(s.expectedPoints);
    return {
      points: scored.score.points,
      passed: typeof expected === "number" ? samePoints(scored.score.points, expected) : null,
      why: scored.score.why,
    };
  });
}

/** "Scenario n" with the smallest n ≥ 1 that no scenario of the draft is named yet. */
export function nextScenarioName(scenarios: readonly Pick<ScenarioDraft, "name">[]): string {
  const taken = new Set(scenarios.map((s) => s.name.trim()));
  let n = 1;
  while (taken.has(`Scenario ${n}`)) n += 1;
  return `Scenario ${n}`;
}

/**
 * The draft with the response tried in Try it (answers by their Try it id, see try-question.ts)
 * added as a scenario: in the API's format, expecting the points it earns now.
 */
export function withTriedScenario(draft: QuestionDraft, tried: CandidateResponse | null): QuestionDraft {
  const { question } = tryQuestionOf(draft);
  const response = toApiResponse(question, tried);
  const scored = scoreApiResponse(question, response);
  // A response made of the draft's own answers and areas always converts.
  const points = scored.ok ? scored.score.points : 0;
  const scenario: ScenarioDraft = {
    key: newKey("s"),
    name: nextScenarioName(draft.scenarios),
    response,
    expectedPoints: String(points),
  };
  return { ...draft, scenarios: [...draft.scenarios, scenario] };
}

/** The draft with scenario `key` changed by `change`. */
export function withScenario(
  draft: QuestionDraft,
  key: string,
  change: (s: ScenarioDraft) => ScenarioDraft | null,
): QuestionDraft {
  return {
    ...draft,
    scenarios: draft.scenarios.flatMap((s) => {
      if (s.key !== key) return [s];
      const changed = change(s);
      return changed ? [changed] : [];
    }),
  };
}
