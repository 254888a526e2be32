// The types checkQuestion takes and returns, in their own file so the per-type checks can use
// them without importing the entry point that imports them.
import type { Issue } from "../../errors";
import type { QuestionProperties } from "../../schemas/question";

export interface QuestionRulesContext {
  /** Pixel size read from the base image file; null when not known (the geometry check is skipped). */
  imageSize: { width: number; height: number } | null;
  /** Most answers per question and most text_answer entries; 0 (or less) turns a limit off. */
  limits: { answers: number; textAnswers: number };
}

/** An answer as it is stored: defaults filled in, sorted by order. */
export interface NormalizedAnswer {
  old_id: number | string | null;
  answer: string;
  is_correct: boolean;
  order: number;
  points: number;
}

export interface QuestionRulesResult {
  errors: Issue[];
  warnings: Issue[];
  /** Normalised properties; only complete when `errors` is empty. */
  properties: QuestionProperties;
  /** Normalised answers (empty for types 3, 4, 5, 7); only complete when `errors` is empty. */
  answers: NormalizedAnswer[];
}
