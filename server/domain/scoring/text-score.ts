// Type 7: the typed text is fully correct when its similarity to an accepted value reaches
// text_similarity (similarity.ts). The matched value is the accepted value with the highest
// similarity, the first of them on a tie, provided it reaches text_similarity (contract 16.1
// point 3). It earns the question's points plus the matched value's points; the maximum is the
// question's points plus the best value's points. Type 7 takes no scoring mode.
import { checkTextResponse, formatSimilarity, type AcceptedValue } from "../similarity";
import type { QUESTION_TYPE } from "../../schemas/question/question-type";
import type { Credit } from "./types";
import type { ScoredQuestion } from "./types";

export function textScore(
  question: Extract<ScoredQuestion, { type: typeof QUESTION_TYPE.textInput }>,
  text: string | null,
): Credit {
  const values: readonly AcceptedValue[] = question.properties.text_answer;
  const threshold = question.properties.text_similarity;
  const caseSensitive = question.properties.case_sensitive;
  const best = values.length ? Math.max(...values.map((v) => v.points ?? 0)) : 0;
  const none = (reason: string): Credit => ({
    fullyCorrect: false,
    fraction: 0,
    reason,
    items: { points: 0, max: best, noun: "value" },
  });
  if (text === null || text.trim() === "") return none("Nothing typed");
  const { results, match } = checkTextResponse(text, values, { threshold, caseSensitive });
  if (match === null) return none(`No accepted value is at least ${threshold} % similar`);
  const matched = results[match]!;
  return {
    fullyCorrect: true,
    fraction: 1,
    reason: `Matches ${JSON.stringify(matched.value)} (${formatSimilarity(matched.similarity)} % similar)`,
    items: { points: matched.points ?? 0, max: best, noun: "value" },
  };
}
