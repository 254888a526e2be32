// `properties.scoring` (contract 16.1): how much of a question's points a response that is not
// fully correct earns. Each type that takes a mode has its own list; `all_or_nothing`, the rule
// when the field is left out, is in every list. Types 1 and 7 take no mode.
import { z } from "zod";
import { describeValue, issueParams } from "../zod-issues";
import { QUESTION_TYPE, QUESTION_TYPE_NAMES, type QuestionType } from "./question-type";

export const ALL_OR_NOTHING = "all_or_nothing";

/** The modes each type takes, `all_or_nothing` first; a type not listed takes none. */
export const SCORING_MODES = {
  [QUESTION_TYPE.multipleChoice]: [ALL_OR_NOTHING, "per_answer"],
  [QUESTION_TYPE.dragAndDrop]: [ALL_OR_NOTHING, "per_target"],
  [QUESTION_TYPE.pointAndShoot]: [ALL_OR_NOTHING, "per_area"],
  [QUESTION_TYPE.hotArea]: [ALL_OR_NOTHING, "per_area"],
  [QUESTION_TYPE.sort]: [
    ALL_OR_NOTHING,
    "absolute_position",
    "relative_next",
    "longest_ordered_subset",
    "longest_contiguous_subset",
  ],
} as const;

export type ScoredType = keyof typeof SCORING_MODES;
export type ScoringModeOf<T extends ScoredType> = (typeof SCORING_MODES)[T][number];
export type ScoringMode = ScoringModeOf<ScoredType>;

/** The modes `type` takes; empty for types 1 and 7. */
export function scoringModesOf(type: QuestionType): readonly ScoringMode[] {
  return type in SCORING_MODES ? SCORING_MODES[type as ScoredType] : [];
}

/** `value` when it is a mode `type` takes, else undefined (what is not a mode counts as none). */
export function scoringModeFor<T extends ScoredType>(type: T, value: unknown): ScoringModeOf<T> | undefined {
  const modes: readonly unknown[] = SCORING_MODES[type];
  return modes.includes(value) ? (value as ScoringModeOf<T>) : undefined;
}

const quoted = (modes: readonly string[]) => modes.map((m) => JSON.stringify(m)).join(", ");

/** The error when a question of `type` is given `scoring`: what is allowed, if anything. */
export function scoringNotAllowedMessage(type: QuestionType, value: unknown): string {
  const modes = scoringModesOf(type);
  const name = QUESTION_TYPE_NAMES[type];
  return modes.length === 0
    ? `a ${name} question takes no scoring mode (only types 2, 3, 4, 5 and 6 do); leave the field out, got ${describeValue(value)}`
    : `must be one of ${quoted(modes)} for a ${name} question, got ${describeValue(value)}`;
}

/** The schema of `scoring` for a type that takes modes. */
export function scoringSchema<T extends ScoredType>(type: T) {
  const modes: readonly string[] = SCORING_MODES[type];
  // Not z.string(): a value of another type gets the same message, naming the allowed modes.
  return z
    .unknown()
    .refine((v) => typeof v === "string" && modes.includes(v), {
      error: (iss) => scoringNotAllowedMessage(type, iss.input),
      params: issueParams("invalid_value"),
    })
    .transform((v) => v as ScoringModeOf<T>)
    .optional()
    .meta({
      type: "string",
      enum: [...modes],
      description: `How a response that is not fully correct is scored (contract 16.1); left out, "${ALL_OR_NOTHING}".`,
    });
}
