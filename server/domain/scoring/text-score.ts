// Type 7: the typed text is fully correct when its similarity to an accepted value reaches
// text_similarity (similarity.ts). It earns the question's points plus the matched value's
// points; the maximum is the question's points plus the best value's points.
import { checkTextResponse, type AcceptedValue } from "../similarity";
import type { QUESTION_TYPE } from "../../schemas/question/question-type";
import type { QuestionScore, ScoredQuestion } from "./types";

export function textScore(
  question: Extract<ScoredQuestion, { type: typeof QUESTION_TYPE.textInput }>,
  text: string | null,
): QuestionScore {
  const values: readonly AcceptedValue[] = question.properties.text_answer;
  const threshold = question.properties.text_similarity;
  const caseSensitive = question.properties.case_sensitive;
  const best = values.length ? Math.max(...values.map((v) => v.points ?? 0)) : 0;
  const maxPoints = question.points + best;
  if (text === null || text.trim() === "") return { fullyCorrect: false, points: 0, maxPoints };
  const { results, match } = checkTextResponse(text, values, { threshold, caseSensitive });
  if (match === null) return { fullyCorrect: false, points: 0, maxPoints };
  return { fullyCorrect: true, points: question.points + (results[match]!.points ?? 0), maxPoints };
}
