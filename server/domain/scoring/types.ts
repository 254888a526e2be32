// What the scoring engine reads (a question as questionGet returns it, points included) and
// what a candidate answered. Pure data: the preview, "Try it" and the tests all build these.
// The properties are the question schemas' own types (server/schemas/question/properties.ts).
import type {
  BlockArea,
  DragDropArea,
  ImageProperties,
  TypedQuestionProperties,
} from "../../schemas/question/properties";

export interface ScoredAnswer {
  id: number;
  is_correct: boolean;
  points: number;
  order: number | null;
}

/** An area of an image question as its schema outputs it: a Drag & Drop area also has its `type`. */
export type ScoredArea = BlockArea & { type?: DragDropArea["type"] };

/** A question with its type and that type's properties, discriminated by `type`. */
export type ScoredQuestion<A extends ScoredAnswer = ScoredAnswer> = {
  id: number;
  /** The question's points, earned when the response is fully correct. */
  points: number;
  answers: A[];
} & TypedQuestionProperties;

/** The question's properties when it is an image question (types 3, 4, 5), else null. */
export function imagePropertiesOf(question: ScoredQuestion): ImageProperties | null {
  return question.type === 3 || question.type === 4 || question.type === 5 ? question.properties : null;
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
