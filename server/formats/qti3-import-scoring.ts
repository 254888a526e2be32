// The scoring of an item of ours (contract 16): our export keeps properties.scoring in the
// question div's data-es-scoring, since QTI holds a mode only as the response processing that
// computes it, and the scenarios (16.3) as JSON in data-es-scenarios, since QTI has no place for
// them. A mode is read back when the item's type takes it; another value is left out with a
// warning (the question then scores all or nothing). Scenarios are passed on as they are: the
// import checks them as questionCreate does, at the item. Pure.
import { QUESTION_TYPE_NAMES, type QuestionType } from "../schemas/question/question-type";
import { scoringModesOf } from "../schemas/question/scoring";
import type { ItemQuestion } from "./types";

/** The question with `data-es-scoring` (when there is one) in its properties. */
export function withScoringMode(question: ItemQuestion, mode: string | undefined, warnings: string[]): ItemQuestion {
  if (mode === undefined) return question;
  const type = question.type as QuestionType;
  if (!(scoringModesOf(type) as readonly string[]).includes(mode)) {
    warnings.push(
      `its data-es-scoring "${mode}" is not a scoring mode of a ${QUESTION_TYPE_NAMES[type] ?? `type ${type}`} question; it was left out, so the question scores all or nothing`,
    );
    return question;
  }
  return { ...question, properties: { ...(question.properties as object), scoring: mode } } as ItemQuestion;
}

/** The question with the scenarios of `data-es-scenarios` (JSON), when there are some. */
export function withScenarios(question: ItemQuestion, json: string | undefined, warnings: string[]): ItemQuestion {
  if (json === undefined) return question;
  let scenarios: unknown;
  try {
    scenarios = JSON.parse(json);
  } catch {
    warnings.push("its data-es-scenarios is not JSON; its scenarios were left out");
    return question;
  }
  return { ...question, scenarios } as ItemQuestion;
}
