// A question's scenarios and generated cases (contract 16.3 point 2): each response in the API's
// format (16.2) scored by the one scoring function, exactly as exam.questionScore scores it. Pure:
// exam.questionTest, the readiness check and the editor's Scenarios panel all run these.
import { QUESTION_TYPE } from "../../schemas/question/question-type";
import type { ApiResponse, Scenario } from "../../schemas/question/response";
import { areaAt } from "./hit-test";
import { scoreQuestion } from "./question-score";
import { answersByPosition, toCandidateResponse, type ResponseProblem } from "./response-format";
import type { ScoredArea, ScoredQuestion } from "./types";

/** A score as the API answers it (exam.questionScore, 16.2). */
export interface ApiScore {
  points: number;
  max_points: number;
  fully_correct: boolean;
  why: string;
}

export type Scored = { ok: true; score: ApiScore } | { ok: false; problems: ResponseProblem[] };

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Scores a response in the API's format: the one scoring function after the format's conversion. */
export function scoreApiResponse(question: ScoredQuestion, response: ApiResponse | null | undefined): Scored {
  const converted = toCandidateResponse(question, response);
  if (!converted.ok) return converted;
  const s = scoreQuestion(question, converted.response);
  return {
    ok: true,
    score: { points: s.points, max_points: round2(s.maxPoints), fully_correct: s.fullyCorrect, why: s.why },
  };
}

/** Points as scenarios compare them: to 2 decimals, as points are rounded. */
export const samePoints = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

export interface ScenarioResult {
  name: string;
  expected_points: number;
  /** Null when the scenario could not be scored (it names an answer or area the question lacks). */
  points: number | null;
  passed: boolean;
  /** Why it earned what it did, or why it could not be scored. */
  why: string;
}

/** Runs the question's scenarios. */
export function runScenarios(question: ScoredQuestion, scenarios: readonly Scenario[]): ScenarioResult[] {
  return scenarios.map(({ name, response, expected_points }) => {
    const scored = scoreApiResponse(question, response);
    if (!scored.ok)
      return {
        name,
        expected_points,
        points: null,
        passed: false,
        why: scored.problems.map((p) => `response${p.path ? `.${p.path}` : ""}: ${p.message}`).join("; "),
      };
    return {
      name,
      expected_points,
      points: scored.score.points,
      passed: samePoints(scored.score.points, expected_points),
      why: scored.score.why,
    };
  });
}

export interface GeneratedResult {
  name: string;
  response: ApiResponse;
  points: number;
  /** The key must earn max_points and the empty response at most 0; null for the other cases. */
  passed: boolean | null;
  why: string;
}

interface Case {
  name: string;
  response: ApiResponse;
  expect: "max" | "none" | null;
}

/** Runs the generated cases (16.3 point 2): the key, the empty response, then the type's own. */
export function runGeneratedCases(question: ScoredQuestion): GeneratedResult[] {
  return generatedCases(question).map(({ name, response, expect }) => {
    const scored = scoreApiResponse(question, response);
    // A generated response names only what the question has, so it always converts.
    const score = scored.ok ? scored.score : { points: 0, max_points: 0, fully_correct: false, why: "" };
    const passed =
      expect === "max" ? samePoints(score.points, score.max_points) : expect === "none" ? score.points <= 0 : null;
    return { name, response, points: score.points, passed, why: score.why };
  });
}

/** The generated cases' responses, in the API's format. */
export function generatedCases(question: ScoredQuestion): Case[] {
  const cases: Case[] = [
    { name: "key", response: keyResponse(question), expect: "max" },
    { name: "empty", response: {}, expect: "none" },
  ];
  const add = (name: string, response: ApiResponse) => cases.push({ name, response, expect: null });
  const positions = answersByPosition(question.answers).map((_, i) => i + 1);
  switch (question.type) {
    case QUESTION_TYPE.multipleChoice:
      for (const p of positions) add(`answer ${p} alone`, { answers: [p] });
      add("all answers", { answers: positions });
      break;
    case QUESTION_TYPE.pointAndShoot: {
      const areas = question.properties.areas;
      const clicks = areas.map((a) => clickOn(areas, a));
      areas.forEach((a, i) => {
        const click = clicks[i];
        if (click) add(`area ${a.id} alone`, { clicks: [click] });
      });
      add("all areas", { clicks: clicks.filter((c) => c !== null) });
      break;
    }
    case QUESTION_TYPE.hotArea: {
      const ids = question.properties.areas.map((a) => a.id);
      for (const id of ids) add(`area ${id} alone`, { areas: [id] });
      add("all areas", { areas: ids });
      break;
    }
    case QUESTION_TYPE.sort: {
      const key = keyResponse(question).order ?? [];
      add("reverse order", { order: [...key].reverse() });
      break;
    }
    case QUESTION_TYPE.textInput:
      question.properties.text_answer.forEach((v, i) => {
        add(`accepted value ${i + 1}`, { text: v.value });
        const changed = firstLetterChanged(v.value);
        if (changed !== null) add(`accepted value ${i + 1}, first letter changed`, { text: changed });
      });
      break;
  }
  return cases;
}

/** The correct response: what must earn max_points. */
export function keyResponse(question: ScoredQuestion): ApiResponse {
  const byPosition = answersByPosition(question.answers);
  const correctPositions = byPosition.flatMap((a, i) => (a.is_correct ? [i + 1] : []));
  switch (question.type) {
    case QUESTION_TYPE.singleChoice:
      return correctPositions.length > 0 ? { answer: correctPositions[0]! } : {};
    case QUESTION_TYPE.multipleChoice:
      return { answers: correctPositions };
    case QUESTION_TYPE.dragAndDrop:
      return { placements: { ...question.properties.match } };
    case QUESTION_TYPE.pointAndShoot: {
      const { areas, correct } = question.properties;
      const clicks = areas.filter((a) => correct[a.id]).map((a) => clickOn(areas, a));
      return { clicks: clicks.filter((c) => c !== null) };
    }
    case QUESTION_TYPE.hotArea: {
      const { correct } = question.properties;
      return { areas: question.properties.areas.filter((a) => correct[a.id]).map((a) => a.id) };
    }
    case QUESTION_TYPE.sort: {
      // The sequence: the correct answers in their order, which is also their position order.
      return { order: correctPositions };
    }
    case QUESTION_TYPE.textInput: {
      // The accepted value worth the most (the first of them on a tie): the key earns max_points.
      const values = question.properties.text_answer;
      const best = values.reduce<(typeof values)[number] | null>(
        (b, v) => (b === null || (v.points ?? 0) > (b.points ?? 0) ? v : b),
        null,
      );
      return best ? { text: best.value } : {};
    }
    default:
      return {};
  }
}

/** A point of `area` that selects it (no area drawn over it there), or null when it is covered. */
export function clickOn(areas: readonly ScoredArea[], area: ScoredArea): { x: number; y: number } | null {
  // The centre first, then a grid over the area: overlapping areas select the one drawn last.
  const steps = 8;
  const candidates = [{ x: area.x + area.width / 2, y: area.y + area.height / 2 }];
  for (let i = 0; i <= steps; i++)
    for (let j = 0; j <= steps; j++)
      candidates.push({ x: area.x + (area.width * i) / steps, y: area.y + (area.height * j) / steps });
  return candidates.find(({ x, y }) => areaAt(areas, x, y) === area.id) ?? null;
}

/** The text with its first letter replaced by another (case kept); null when it has no letter. */
export function firstLetterChanged(text: string): string | null {
  const i = text.search(/\p{L}/u);
  if (i < 0) return null;
  const c = String.fromCodePoint(text.codePointAt(i)!);
  const lower = c.toLowerCase();
  const replacement = lower === "x" ? "y" : "x";
  return text.slice(0, i) + (c === lower ? replacement : replacement.toUpperCase()) + text.slice(i + c.length);
}
