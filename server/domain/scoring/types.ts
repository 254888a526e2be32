// What the scoring engine reads (a question as questionGet returns it, points included) and
// what a candidate answered. Pure data: the preview, "Try it" and the tests all build these.
// The properties are the question schemas' own types (server/schemas/question/properties.ts).
import type {
  BlockArea,
  DragDropArea,
  ImageProperties,
  TypedQuestionProperties,
} from "../../schemas/question/properties";
import { QUESTION_TYPE } from "../../schemas/question/question-type";

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
  return question.type === QUESTION_TYPE.dragAndDrop ||
    question.type === QUESTION_TYPE.pointAndShoot ||
    question.type === QUESTION_TYPE.hotArea
    ? question.properties
    : null;
}

/** A candidate's response, by question type. An unanswered question has no response (null). */
export type CandidateResponse =
  | { type: typeof QUESTION_TYPE.singleChoice; answerId: number | null }
  | { type: typeof QUESTION_TYPE.multipleChoice; answerIds: number[] }
  /** Target id → the draggable placed on it. */
  | { type: typeof QUESTION_TYPE.dragAndDrop; placements: Record<string, string> }
  /** Point & shoot: the areas under the candidate's clicks; hot area: the areas toggled on. */
  | { type: typeof QUESTION_TYPE.pointAndShoot | typeof QUESTION_TYPE.hotArea; areaIds: string[] }
  /** The answers the candidate put in the sequence, in their order (distractors left out). */
  | { type: typeof QUESTION_TYPE.sort; order: number[] }
  | { type: typeof QUESTION_TYPE.textInput; text: string };

export interface QuestionScore {
  fullyCorrect: boolean;
  /** Points earned, rounded to 2 decimals; may be negative when penalties (negative answer points) were selected. */
  points: number;
  /** What the correct response earns. */
  maxPoints: number;
  /** Why it earned that, with the points ("2 of 3 targets right: 0.67 of 1 point"; contract 16.1 point 6). */
  why: string;
}

/** What an attempt's result adds up from each question's score (its sentence is not needed). */
export type ScoreTotals = Omit<QuestionScore, "why">;

/** What one type's rule found, before it becomes points and a sentence. */
export interface Credit {
  fullyCorrect: boolean;
  /** The share of the question's points the mode gives, before negatives count as 0. */
  fraction: number;
  /** Why, without the points ("2 of 3 targets right"). */
  reason: string;
  /** The answer, pair or area points of what was selected, and of the correct response. */
  items: { points: number; max: number; noun: string };
}
