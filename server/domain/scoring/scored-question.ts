// A question as the scoring function reads it, from questionGet's view of it (the API's fields:
// its type, properties and points, its answers with their ids, correctness, points and order).
// The server's scoring calls and the browser's editor build it the same way.
import { typedProperties, type QuestionProperties } from "../../schemas/question/properties";
import type { ScoredQuestion } from "./types";

export interface QuestionView {
  id: number;
  type: number;
  points: number;
  properties: QuestionProperties;
  answers: readonly { id: number; is_correct: boolean; points: number; order: number | null }[];
}

export function scoredQuestionOf(view: QuestionView): ScoredQuestion {
  return {
    id: view.id,
    points: view.points,
    answers: view.answers.map(({ id, is_correct, points, order }) => ({ id, is_correct, points, order })),
    ...typedProperties(view.type, view.properties),
  };
}
