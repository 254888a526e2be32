// What the scoring engine reads (a question as questionGet returns it, points included) and
// what a candidate answered. Pure data: the preview, "Try it" and the tests all build these.

export interface ScoredAnswer {
  id: number;
  is_correct: boolean;
  points: number;
  order: number | null;
}

export interface ScoredArea {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  type?: 1 | 2;
}

export interface ScoredQuestion {
  id: number;
  type: number;
  /** The question's points, earned when the response is fully correct. */
  points: number;
  properties: Record<string, unknown>;
  answers: ScoredAnswer[];
}

/** A candidate's response, by question type. An unanswered question has no response (null). */
export type CandidateResponse =
  | { type: 1; answerId: number | null }
  | { type: 2; answerIds: number[] }
  /** Target id → the draggable placed on it. */
  | { type: 3; placements: Record<string, string> }
  /** Type 4: the areas under the candidate's clicks; type 5: the areas toggled on. */
  | { type: 4 | 5; areaIds: string[] }
  /** The answers the candidate put in the sequence, in their order (distractors left out). */
  | { type: 6; order: number[] }
  | { type: 7; text: string };

export interface QuestionScore {
  fullyCorrect: boolean;
  /** Points earned; may be negative when penalties (negative answer points) were selected. */
  points: number;
  /** What the correct response earns. */
  maxPoints: number;
}
