// The per-type rules of a question (contract section 7, interface 2.3, 2.5–2.7): what
// `properties` must hold, what the answers must look like, and how both are normalised before
// they are stored. Pure: the API runs it on every create/update and the question editor runs it
// while the author types. Every problem is reported, not only the first: values are read field
// by field, and a field that failed its own check is left out of the checks that depend on it.
import { Report } from "../../errors";
import {
  isQuestionType,
  QUESTION_TYPE,
  QUESTION_TYPE_NAMES,
  type AnswerInput,
  type QuestionProperties,
} from "../../schemas/question";
import { checkAnswers, checkSortProperties } from "./answers";
import { checkBlockProperties } from "./block-properties";
import { checkDragDropProperties } from "./drag-drop-properties";
import { PROPS, Reader } from "./reader";
import { readScoring } from "./scoring";
import { checkTextInputProperties } from "./text-input-properties";
import type { QuestionRulesContext, QuestionRulesResult } from "./types";

export type { NormalizedAnswer, QuestionRulesContext, QuestionRulesResult } from "./types";
export { normalizeTextAnswer } from "./text-input-properties";

export function checkQuestion(
  input: { type: number; properties: unknown; answers: AnswerInput[] | undefined },
  ctx: QuestionRulesContext,
): QuestionRulesResult {
  const report = new Report();
  const { type } = input;
  if (!isQuestionType(type)) {
    // The params schema refuses this first; kept so the function is safe on its own.
    report.error("invalid_value", "question.type", `must be a question type from 1 to 7, got ${String(type)}`);
    return { errors: report.errors, warnings: report.warnings, properties: {}, answers: [] };
  }
  const read = new Reader(report);
  // The scoring mode is the same field for every type; each type's rules see the rest.
  const { scoring: rawScoring, ...raw } = read.object(input.properties ?? {}, PROPS) ?? {};
  const scoring = readScoring(type, rawScoring, read);

  let properties: QuestionProperties;
  let optionalAnswers = false;
  switch (type) {
    case QUESTION_TYPE.singleChoice:
    case QUESTION_TYPE.multipleChoice: {
      const keys = Object.keys(raw);
      if (keys.length > 0) {
        report.warn(
          "unknown_field",
          PROPS,
          `unknown field(s) ${keys.map((k) => JSON.stringify(k)).join(", ")} ignored; a ${QUESTION_TYPE_NAMES[type]} question has no properties${type === QUESTION_TYPE.multipleChoice ? " but scoring" : ""}`,
        );
      }
      properties = {};
      break;
    }
    case QUESTION_TYPE.dragAndDrop:
      properties = checkDragDropProperties(raw, read, ctx);
      break;
    case QUESTION_TYPE.pointAndShoot:
    case QUESTION_TYPE.hotArea:
      properties = checkBlockProperties(type, raw, read, ctx);
      break;
    case QUESTION_TYPE.sort: {
      const sort = checkSortProperties(raw, read);
      optionalAnswers = sort.optional_answers;
      properties = sort;
      break;
    }
    case QUESTION_TYPE.textInput:
      properties = checkTextInputProperties(raw, read, ctx);
      break;
  }

  // readScoring accepted the mode for this type only, so the pair stays one of the union's.
  if (scoring !== undefined) properties = { ...properties, scoring } as QuestionProperties;

  const answers = checkAnswers(type, input.answers, optionalAnswers, ctx, report);
  return { errors: report.errors, warnings: report.warnings, properties, answers };
}
