// `properties.scoring` (contract 16.1): read once for every type, before the type's own rules,
// so each type's check sees its properties without it. A mode on a type that takes none (1, 7)
// or that the type does not take is an error at question.properties.scoring naming the allowed
// modes.
import { joinPath } from "../../errors";
import {
  SCORING_MODES,
  scoringNotAllowedMessage,
  scoringSchema,
  type QuestionType,
  type ScoredType,
  type ScoringMode,
} from "../../schemas/question";
import { PROPS, type Reader } from "./reader";

export const SCORING_PATH = joinPath(PROPS, "scoring");

/** The mode given, or undefined when it is left out or refused (the refusal is reported). */
export function readScoring(type: QuestionType, raw: unknown, read: Reader): ScoringMode | undefined {
  if (raw === undefined) return undefined;
  if (!(type in SCORING_MODES)) {
    read.report.error("invalid_value", SCORING_PATH, scoringNotAllowedMessage(type, raw));
    return undefined;
  }
  return read.value(scoringSchema(type as ScoredType), raw, SCORING_PATH);
}
