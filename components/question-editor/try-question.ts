// The question being edited as the scoring engine and the candidate view read it, for "Try it":
// the draft as it is (saved or not). Answers get their position as id (stored ids change on
// every save anyway); points typed that are not numbers count as none, as a candidate would
// get nothing for them. A sort question's answers are shown out of their solution order, as in
// the preview (a fixed seed, so the panel does not reshuffle while the author types).
import type { CandidateQuestion } from "../candidate/question-view";
import { scrambled, seededRandom } from "@/server/domain/simulation";
import { hasAnswers } from "@/server/domain/question-types";
import { answerOrders, draftProperties, numberOrText, type QuestionDraft } from "./draft";

const numberOr = (text: string, fallback: number) => {
  const n = numberOrText(text);
  return typeof n === "number" && Number.isInteger(n) ? n : fallback;
};

export function tryQuestionOf(draft: QuestionDraft): { question: CandidateQuestion; answerOrder: number[] } {
  const orders = answerOrders(draft.answers);
  const answers = hasAnswers(draft.type)
    ? draft.answers.map((a, i) => ({ id: i + 1, answer: a.answer, is_correct: a.isCorrect, points: numberOr(a.points, 0), order: orders[i]! }))
    : [];
  return {
    question: {
      id: draft.id ?? 0,
      type: draft.type,
      points: numberOr(draft.points, 1),
      question: draft.question,
      explanation: draft.explanation,
      case_study_id: null,
      properties: draftProperties(draft),
      answers,
    },
    answerOrder: draft.type === 6 ? scrambled(answers.map((a) => a.id), seededRandom(1)) : answers.map((a) => a.id),
  };
}
