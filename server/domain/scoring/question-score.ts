// Scoring one question (product.md, "Scoring"). Fully correct:
//   1 the correct answer chosen; 2 exactly the correct set; 3 every target holds its matched
//   draggable and unmatched targets are empty; 4/5 exactly the areas marked correct selected;
//   6 the correct answers in `order`, distractors left out; 7 see text-score.ts.
// Points: the question's points when fully correct, plus the points of every selected answer,
// placed pair or selected area (and, type 7, the matched accepted value's points). The maximum
// is what the correct response earns.
import { AREA_TYPE } from "../../schemas/question/properties";
import { QUESTION_TYPE } from "../../schemas/question/question-type";
import { textScore } from "./text-score";
import type { CandidateResponse, QuestionScore, ScoredAnswer, ScoredQuestion } from "./types";

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};

const sameSet = <T>(a: readonly T[], b: readonly T[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};

function score(
  fullyCorrect: boolean,
  questionPoints: number,
  responsePoints: number,
  correctResponsePoints: number,
): QuestionScore {
  return {
    fullyCorrect,
    points: (fullyCorrect ? questionPoints : 0) + responsePoints,
    maxPoints: questionPoints + correctResponsePoints,
  };
}

function answerPoints(answers: readonly ScoredAnswer[], ids: Iterable<number>): number {
  const byId = new Map(answers.map((a) => [a.id, a.points]));
  return sum([...new Set(ids)].map((id) => byId.get(id) ?? 0));
}

function choiceScore(q: ScoredQuestion, chosen: number[]): QuestionScore {
  const correct = q.answers.filter((a) => a.is_correct).map((a) => a.id);
  // Type 1 with no correct answer marked (a warning when saved) cannot be answered correctly.
  const fullyCorrect = correct.length > 0 && sameSet(chosen, correct);
  return score(fullyCorrect, q.points, answerPoints(q.answers, chosen), answerPoints(q.answers, correct));
}

type Of<T extends number> = Extract<ScoredQuestion, { type: T }>;

function dragDropScore(q: Of<typeof QUESTION_TYPE.dragAndDrop>, placements: Record<string, string>): QuestionScore {
  const { areas, match } = q.properties;
  const pairPoints = q.properties.points ?? {};
  const targets = areas.filter((a) => a.type !== AREA_TYPE.draggable).map((a) => a.id);
  const fullyCorrect = targets.every((t) => placements[t] === match[t]);
  const placed = Object.entries(placements).filter(([t]) => targets.includes(t));
  const earned = sum(placed.map(([t, d]) => pairPoints[t]?.[d] ?? 0));
  const max = sum(Object.entries(match).map(([t, d]) => pairPoints[t]?.[d] ?? 0));
  return score(fullyCorrect, q.points, earned, max);
}

function areaScore(
  q: Of<typeof QUESTION_TYPE.pointAndShoot | typeof QUESTION_TYPE.hotArea>,
  selected: string[],
): QuestionScore {
  const correctMap = q.properties.correct;
  const points = q.properties.points ?? {};
  const correct = Object.keys(correctMap).filter((id) => correctMap[id]);
  const fullyCorrect = correct.length > 0 && sameSet(selected, correct);
  return score(
    fullyCorrect,
    q.points,
    sum([...new Set(selected)].map((id) => points[id] ?? 0)),
    sum(correct.map((id) => points[id] ?? 0)),
  );
}

function sortScore(q: ScoredQuestion, order: number[]): QuestionScore {
  const sequence = q.answers
    .filter((a) => a.is_correct)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((a) => a.id);
  const fullyCorrect =
    sequence.length > 0 && order.length === sequence.length && order.every((id, i) => id === sequence[i]);
  return score(fullyCorrect, q.points, answerPoints(q.answers, order), answerPoints(q.answers, sequence));
}

/** The score of `response` to `question`; null (unanswered) earns nothing. */
export function scoreQuestion(question: ScoredQuestion, response: CandidateResponse | null): QuestionScore {
  const r = response && response.type === question.type ? response : null;
  const score = scoreResponse(question, r);
  // Unanswered is never fully correct, even where an empty response would be (a drag & drop
  // question with no target matched expects every target left empty).
  return r === null ? { ...score, fullyCorrect: false, points: 0 } : score;
}

function scoreResponse(question: ScoredQuestion, r: CandidateResponse | null): QuestionScore {
  switch (question.type) {
    case QUESTION_TYPE.singleChoice:
      return choiceScore(question, r?.type === QUESTION_TYPE.singleChoice && r.answerId !== null ? [r.answerId] : []);
    case QUESTION_TYPE.multipleChoice:
      return choiceScore(question, r?.type === QUESTION_TYPE.multipleChoice ? r.answerIds : []);
    case QUESTION_TYPE.dragAndDrop:
      return dragDropScore(question, r?.type === QUESTION_TYPE.dragAndDrop ? r.placements : {});
    case QUESTION_TYPE.pointAndShoot:
    case QUESTION_TYPE.hotArea:
      return areaScore(
        question,
        r && (r.type === QUESTION_TYPE.pointAndShoot || r.type === QUESTION_TYPE.hotArea) ? r.areaIds : [],
      );
    case QUESTION_TYPE.sort:
      return sortScore(question, r?.type === QUESTION_TYPE.sort ? r.order : []);
    case QUESTION_TYPE.textInput:
      return textScore(question, r?.type === QUESTION_TYPE.textInput ? r.text : null);
    default:
      // No other type exists (the union is exhausted); nothing to earn.
      return { fullyCorrect: false, points: 0, maxPoints: 0 };
  }
}
