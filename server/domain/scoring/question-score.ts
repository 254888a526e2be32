// Scoring one question (product.md, "Scoring"; contract 16.1). Fully correct:
//   1 the correct answer chosen; 2 exactly the correct set; 3 every target holds its matched
//   draggable and unmatched targets are empty; 4/5 exactly the areas marked correct selected;
//   6 the correct answers in `order`, distractors left out; 7 see text-score.ts.
// Points: the question's points times the fraction its scoring mode gives (1 when fully
// correct, 0 otherwise under `all_or_nothing`; a fraction below 0 counts as 0), plus the points
// of every selected answer, placed pair or selected area, whatever the mode (and, type 7, the
// matched accepted value's points); rounded to 2 decimals. The maximum is what the correct
// response earns. This is the one scoring function: the preview, Try it and the API use it.
import { AREA_TYPE } from "../../schemas/question/properties";
import { QUESTION_TYPE } from "../../schemas/question/question-type";
import { ALL_OR_NOTHING } from "../../schemas/question/scoring";
import { sequenceCount } from "./sequence-count";
import { textScore } from "./text-score";
import type { CandidateResponse, Credit, QuestionScore, ScoredAnswer, ScoredQuestion } from "./types";
import { countOf, round2, whySentence } from "./why";

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

/**
 * The fraction of a partial mode: `count / of`, 1 when fully correct (so the full points are
 * always earned), and all or nothing when the mode has nothing to count out of.
 */
const partial = (fullyCorrect: boolean, count: number, of: number) => (fullyCorrect ? 1 : of > 0 ? count / of : 0);

const allOrNothing = (fullyCorrect: boolean) => ({
  fraction: fullyCorrect ? 1 : 0,
  reason: fullyCorrect ? "Fully correct" : "Not fully correct (all or nothing)",
});

const wrongPart = (wrong: number, noun: string) => (wrong > 0 ? `, ${wrong} ${noun}` : "");

function answerPoints(answers: readonly ScoredAnswer[], ids: Iterable<number>): number {
  const byId = new Map(answers.map((a) => [a.id, a.points]));
  return sum([...new Set(ids)].map((id) => byId.get(id) ?? 0));
}

type Of<T extends number> = Extract<ScoredQuestion, { type: T }>;

function singleChoiceCredit(q: Of<typeof QUESTION_TYPE.singleChoice>, chosen: number | null): Credit {
  const correct = q.answers.filter((a) => a.is_correct).map((a) => a.id);
  // No correct answer marked (a warning when saved): it cannot be answered correctly.
  const fullyCorrect = chosen !== null && correct.length > 0 && sameSet([chosen], correct);
  return {
    fullyCorrect,
    fraction: fullyCorrect ? 1 : 0,
    reason: chosen === null ? "No answer chosen" : fullyCorrect ? "The correct answer" : "A wrong answer",
    items: {
      points: chosen === null ? 0 : answerPoints(q.answers, [chosen]),
      max: answerPoints(q.answers, correct),
      noun: "answer",
    },
  };
}

function multipleChoiceCredit(q: Of<typeof QUESTION_TYPE.multipleChoice>, chosen: number[]): Credit {
  const correct = q.answers.filter((a) => a.is_correct).map((a) => a.id);
  const fullyCorrect = correct.length > 0 && sameSet(chosen, correct);
  const items = { points: answerPoints(q.answers, chosen), max: answerPoints(q.answers, correct), noun: "answer" };
  if ((q.properties.scoring ?? ALL_OR_NOTHING) === ALL_OR_NOTHING)
    return { fullyCorrect, ...allOrNothing(fullyCorrect), items };
  const distinct = new Set(chosen);
  const right = correct.filter((id) => distinct.has(id)).length;
  const wrong = distinct.size - right;
  return {
    fullyCorrect,
    fraction: partial(fullyCorrect, right - wrong, correct.length),
    reason: `${countOf(right, correct.length, "correct answer")} selected${wrongPart(wrong, "wrong")}`,
    items,
  };
}

function dragDropCredit(q: Of<typeof QUESTION_TYPE.dragAndDrop>, placements: Record<string, string>): Credit {
  const { areas, match } = q.properties;
  const pairPoints = q.properties.points ?? {};
  const targets = areas.filter((a) => a.type !== AREA_TYPE.draggable).map((a) => a.id);
  const fullyCorrect = targets.every((t) => placements[t] === match[t]);
  const placed = Object.entries(placements).filter(([t]) => targets.includes(t));
  const items = {
    points: sum(placed.map(([t, d]) => pairPoints[t]?.[d] ?? 0)),
    max: sum(Object.entries(match).map(([t, d]) => pairPoints[t]?.[d] ?? 0)),
    noun: "pair",
  };
  if ((q.properties.scoring ?? ALL_OR_NOTHING) === ALL_OR_NOTHING)
    return { fullyCorrect, ...allOrNothing(fullyCorrect), items };
  // A draggable on a wrong target, or on one that should stay empty, is a wrong placement.
  const right = placed.filter(([t, d]) => match[t] === d).length;
  const wrong = placed.length - right;
  const matched = Object.keys(match).length;
  return {
    fullyCorrect,
    fraction: partial(fullyCorrect, right - wrong, matched),
    reason: `${countOf(right, matched, "target")} right${wrongPart(wrong, wrong === 1 ? "wrong placement" : "wrong placements")}`,
    items,
  };
}

function areaCredit(
  q: Of<typeof QUESTION_TYPE.pointAndShoot | typeof QUESTION_TYPE.hotArea>,
  selected: string[],
): Credit {
  const correctMap = q.properties.correct;
  const points = q.properties.points ?? {};
  const correct = Object.keys(correctMap).filter((id) => correctMap[id]);
  const fullyCorrect = correct.length > 0 && sameSet(selected, correct);
  const distinct = new Set(selected);
  const items = {
    points: sum([...distinct].map((id) => points[id] ?? 0)),
    max: sum(correct.map((id) => points[id] ?? 0)),
    noun: "area",
  };
  // per_area with one correct area scores as all or nothing (contract 16.1 point 3): (1 − wrong) / 1
  // is 1 only for exactly that area, and 0 or less otherwise, so the formula needs no exception.
  if ((q.properties.scoring ?? ALL_OR_NOTHING) === ALL_OR_NOTHING)
    return { fullyCorrect, ...allOrNothing(fullyCorrect), items };
  const right = correct.filter((id) => distinct.has(id)).length;
  const wrong = distinct.size - right;
  return {
    fullyCorrect,
    fraction: partial(fullyCorrect, right - wrong, correct.length),
    reason: `${countOf(right, correct.length, "correct area")} selected${wrongPart(wrong, "wrong")}`,
    items,
  };
}

const SEQUENCE_REASON = {
  absolute_position: (k: number, n: number) => `${countOf(k, n, "answer")} at their position`,
  relative_next: (k: number, n: number) => `${countOf(k, n, "neighbouring pair")} in order`,
  longest_ordered_subset: (k: number, n: number) => `${countOf(k, n, "answer")} in the right relative order`,
  longest_contiguous_subset: (k: number, n: number) => `Longest unbroken run in order: ${countOf(k, n, "answer")}`,
} as const;

function sortCredit(q: Of<typeof QUESTION_TYPE.sort>, order: number[]): Credit {
  const sequence = q.answers
    .filter((a) => a.is_correct)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((a) => a.id);
  const fullyCorrect =
    sequence.length > 0 && order.length === sequence.length && order.every((id, i) => id === sequence[i]);
  // Answer points are those of the answers put in the response (contract 16.1 point 3).
  const items = { points: answerPoints(q.answers, order), max: answerPoints(q.answers, sequence), noun: "answer" };
  const mode = q.properties.scoring ?? ALL_OR_NOTHING;
  if (mode === ALL_OR_NOTHING) return { fullyCorrect, ...allOrNothing(fullyCorrect), items };
  const { count, of } = sequenceCount(mode, sequence, order);
  return {
    fullyCorrect,
    fraction: partial(fullyCorrect, count, of),
    reason: SEQUENCE_REASON[mode](count, of),
    items,
  };
}

/** The score of `response` to `question`; null (unanswered) earns nothing. */
export function scoreQuestion(question: ScoredQuestion, response: CandidateResponse | null): QuestionScore {
  const r = response && response.type === question.type ? response : null;
  const credit = creditOf(question, r);
  const maxPoints = round2(question.points + credit.items.max);
  // Unanswered is never fully correct, even where an empty response would be (a drag & drop
  // question with no target matched expects every target left empty).
  if (r === null)
    return {
      fullyCorrect: false,
      points: 0,
      maxPoints,
      why: whySentence("Unanswered", { ...credit.items, points: 0, max: 0 }, 0, maxPoints),
    };
  const fraction = Math.min(1, Math.max(0, credit.fraction));
  const points = round2(question.points * fraction + credit.items.points);
  const floored = credit.fraction < 0 ? " (below 0 counts as 0)" : "";
  return {
    fullyCorrect: credit.fullyCorrect,
    points,
    maxPoints,
    why: whySentence(credit.reason + floored, credit.items, points, maxPoints),
  };
}

function creditOf(question: ScoredQuestion, r: CandidateResponse | null): Credit {
  switch (question.type) {
    case QUESTION_TYPE.singleChoice:
      return singleChoiceCredit(question, r?.type === QUESTION_TYPE.singleChoice ? r.answerId : null);
    case QUESTION_TYPE.multipleChoice:
      return multipleChoiceCredit(question, r?.type === QUESTION_TYPE.multipleChoice ? r.answerIds : []);
    case QUESTION_TYPE.dragAndDrop:
      return dragDropCredit(question, r?.type === QUESTION_TYPE.dragAndDrop ? r.placements : {});
    case QUESTION_TYPE.pointAndShoot:
    case QUESTION_TYPE.hotArea:
      return areaCredit(
        question,
        r && (r.type === QUESTION_TYPE.pointAndShoot || r.type === QUESTION_TYPE.hotArea) ? r.areaIds : [],
      );
    case QUESTION_TYPE.sort:
      return sortCredit(question, r?.type === QUESTION_TYPE.sort ? r.order : []);
    case QUESTION_TYPE.textInput:
      return textScore(question, r?.type === QUESTION_TYPE.textInput ? r.text : null);
  }
}
