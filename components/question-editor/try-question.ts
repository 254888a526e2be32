// The question being edited as the scoring engine and the candidate view read it, for "Try it":
// the draft as it is (saved or not). Answers get their position as id (stored ids change on
// every save anyway); points typed that are not numbers count as none, as a candidate would
// get nothing for them. A sort question's answers are shown out of their solution order, as in
// the preview (a fixed seed, so the panel does not reshuffle while the author types).
import type { CandidateQuestion } from "../candidate/question-view";
import type {
  BlockProperties,
  DragDropProperties,
  TypedQuestionProperties,
} from "@/server/schemas/question/properties";
import { QUESTION_TYPE } from "@/server/schemas/question/question-type";
import { scoringModeFor, type ScoredType, type ScoringModeOf } from "@/server/schemas/question/scoring";
import { scrambled, seededRandom } from "@/server/domain/simulation";
import { hasAnswers } from "@/server/domain/question-types";
import { answerOrders, DEFAULT_TEXT_SIMILARITY, numberOrText, type QuestionDraft } from "./draft";

const numberOr = (text: string, fallback: number) => {
  const n = numberOrText(text);
  return typeof n === "number" && Number.isInteger(n) ? n : fallback;
};

export function tryQuestionOf(draft: QuestionDraft): { question: CandidateQuestion; answerOrder: number[] } {
  const orders = answerOrders(draft.answers);
  const answers = hasAnswers(draft.type)
    ? draft.answers.map((a, i) => ({
        id: i + 1,
        answer: a.answer,
        is_correct: a.isCorrect,
        points: numberOr(a.points, 0),
        order: orders[i]!,
      }))
    : [];
  return {
    question: {
      id: draft.id ?? 0,
      ...tryProperties(draft),
      points: numberOr(draft.points, 1),
      question: draft.question,
      explanation: draft.explanation,
      case_study_id: null,
      answers,
    },
    answerOrder:
      draft.type === QUESTION_TYPE.sort
        ? scrambled(
            answers.map((a) => a.id),
            seededRandom(1),
          )
        : answers.map((a) => a.id),
  };
}

/** `{scoring}` when the draft's mode is one its type takes, else nothing (all or nothing). */
const scoringOf = <T extends ScoredType>(type: T, draft: QuestionDraft): { scoring?: ScoringModeOf<T> } => {
  const scoring = scoringModeFor(type, draft.scoring);
  return scoring ? { scoring } : {};
};

const NO_OPTIONS = { FixedHeight: false, FixedWidth: false, OneToOneMatching: false, SingleAnswer: false };

/**
 * The draft's type with its properties as the schema shapes them, what is not filled in yet
 * counting as nothing (no image, no areas, no accepted values), as a candidate would meet it.
 */
function tryProperties(draft: QuestionDraft): TypedQuestionProperties {
  switch (draft.type) {
    case QUESTION_TYPE.singleChoice:
      return { type: draft.type, properties: {} };
    case QUESTION_TYPE.multipleChoice:
      return { type: draft.type, properties: scoringOf(QUESTION_TYPE.multipleChoice, draft) };
    case QUESTION_TYPE.sort:
      return {
        type: QUESTION_TYPE.sort,
        properties: { optional_answers: draft.optionalAnswers, ...scoringOf(QUESTION_TYPE.sort, draft) },
      };
    case QUESTION_TYPE.textInput:
      return {
        type: QUESTION_TYPE.textInput,
        properties: {
          text_similarity: numberOr(draft.textSimilarity, DEFAULT_TEXT_SIMILARITY),
          case_sensitive: draft.caseSensitive,
          text_answer: draft.textAnswers.map((t) => {
            const points = numberOrText(t.points);
            return typeof points === "number" ? { value: t.value, points } : { value: t.value };
          }),
        },
      };
    case QUESTION_TYPE.dragAndDrop: {
      // The area editor writes the shape of the draft's type.
      const p = draft.areaProperties as Partial<DragDropProperties>;
      const { OneToOneMatching, FixedHeight, FixedWidth } = { ...NO_OPTIONS, ...p.options };
      return {
        type: QUESTION_TYPE.dragAndDrop,
        properties: {
          image: p.image ?? "",
          areas: p.areas ?? [],
          options: { OneToOneMatching, FixedHeight, FixedWidth },
          match: p.match ?? {},
          ...(p.points ? { points: p.points } : {}),
          ...scoringOf(QUESTION_TYPE.dragAndDrop, draft),
        },
      };
    }
    default: {
      const p = draft.areaProperties as Partial<BlockProperties>;
      const { SingleAnswer, FixedHeight, FixedWidth } = { ...NO_OPTIONS, ...p.options };
      return {
        type: draft.type,
        properties: {
          image: p.image ?? "",
          areas: p.areas ?? [],
          options: { SingleAnswer, FixedHeight, FixedWidth },
          correct: p.correct ?? {},
          ...(p.points ? { points: p.points } : {}),
          ...scoringOf(draft.type, draft),
        },
      };
    }
  }
}
