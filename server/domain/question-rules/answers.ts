// Answers (types 1, 2, 6) and the sort properties (type 6), whose one field decides whether a
// sort question may have distractors among its answers.
import { joinPath, type Report } from "../../errors";
import {
  QUESTION_TYPE,
  QUESTION_TYPE_NAMES,
  sortPropertiesSchema,
  type AnswerInput,
  type QuestionType,
  type SortProperties,
} from "../../schemas/question";
import { hasAnswers } from "../question-types";
import { PROPS, type Reader } from "./reader";
import type { NormalizedAnswer, QuestionRulesContext } from "./types";

const ANSWERS = "answers";

export function checkSortProperties(raw: Record<string, unknown>, read: Reader): SortProperties {
  const fields = read.fields(sortPropertiesSchema.shape, raw, PROPS);
  return { optional_answers: fields.optional_answers ?? false };
}

export function checkAnswers(
  type: QuestionType,
  answers: AnswerInput[] | undefined,
  optionalAnswers: boolean,
  ctx: QuestionRulesContext,
  report: Report,
): NormalizedAnswer[] {
  const typeName = QUESTION_TYPE_NAMES[type];
  if (!hasAnswers(type)) {
    if (answers && answers.length > 0) {
      report.warn(
        "answers_ignored",
        ANSWERS,
        `a ${typeName} question has no answers (its correct response is in question.properties); the ${answers.length} answer(s) sent were ignored and not stored`,
      );
    }
    return [];
  }
  if (!answers || answers.length === 0) {
    report.error("answers_required", ANSWERS, `answers are required for a ${typeName} question`, {
      questionType: type,
    });
    return [];
  }

  if (ctx.limits.answers > 0 && answers.length > ctx.limits.answers) {
    report.error(
      "too_many_answers",
      ANSWERS,
      `has ${answers.length} answers; at most ${ctx.limits.answers} are allowed`,
      { max: ctx.limits.answers },
    );
  }
  if (answers.length === 1) {
    report.warn("answers_single", ANSWERS, "only one answer was given; at least two are recommended");
  }

  // Order: required on every answer of a sort question; elsewhere the array position by default.
  const orders: number[] = [];
  const byOrder = new Map<number, number>();
  answers.forEach((a, i) => {
    const at = joinPath(joinPath(ANSWERS, i), "order");
    if (a.order === undefined && type === QUESTION_TYPE.sort) {
      report.error(
        "order_required",
        at,
        "is required on every answer of a sort question: the answer's position in the correct sequence, a unique integer ≥ 1",
      );
    }
    const order = a.order ?? i + 1;
    orders.push(order);
    const first = byOrder.get(order);
    if (first !== undefined && !(type === QUESTION_TYPE.sort && a.order === undefined)) {
      const implicit =
        a.order === undefined ? ` (an answer without order takes its position in the list, ${order})` : "";
      report.error(
        "duplicate_order",
        at,
        `order ${order} is already used by ${joinPath(ANSWERS, first)}${implicit}; every answer needs its own order`,
        { other: joinPath(ANSWERS, first) },
      );
    } else if (first === undefined) {
      byOrder.set(order, i);
    }
  });

  const correct = answers.map((a, i) => ({ i, is: a.is_correct ?? false })).filter((c) => c.is);
  const correctAt = (i: number) => joinPath(joinPath(ANSWERS, i), "is_correct");
  switch (type) {
    case QUESTION_TYPE.singleChoice:
      if (correct.length === 0) {
        report.warn(
          "no_correct_answer",
          ANSWERS,
          "no answer is marked correct; mark exactly one answer with is_correct: true",
          { questionType: QUESTION_TYPE.singleChoice },
        );
      }
      for (const extra of correct.slice(1)) {
        report.error(
          "too_many_correct",
          correctAt(extra.i),
          `only one answer of a single choice question may be correct, and ${joinPath(ANSWERS, correct[0]!.i)} already is; set is_correct: false here, or use type 2 (multiple choice)`,
          { questionType: QUESTION_TYPE.singleChoice, other: joinPath(ANSWERS, correct[0]!.i) },
        );
      }
      break;
    case QUESTION_TYPE.multipleChoice:
      if (correct.length === 0) {
        report.warn(
          "no_correct_answer",
          ANSWERS,
          "no answer is marked correct; a multiple choice question is expected to have more than one correct answer",
          { questionType: QUESTION_TYPE.multipleChoice },
        );
      } else if (correct.length === 1 && answers.length > 1) {
        report.warn(
          "single_correct_answer",
          ANSWERS,
          "only one answer is marked correct; a multiple choice question is expected to have more than one (use type 1 for single choice)",
        );
      }
      break;
    case QUESTION_TYPE.sort:
      if (optionalAnswers) {
        if (correct.length === 0) {
          report.error(
            "no_correct_answer",
            ANSWERS,
            "no answer is marked correct; with optional_answers the correct sequence needs at least one answer with is_correct: true (distractors are false)",
            { questionType: QUESTION_TYPE.sort },
          );
        }
      } else {
        answers.forEach((a, i) => {
          if (!(a.is_correct ?? false)) {
            report.error(
              "sort_answer_not_correct",
              correctAt(i),
              "must be true: every answer of a sort question is part of the sequence; to add distractors (false), set properties.optional_answers to true",
            );
          }
        });
      }
      break;
  }

  return answers
    .map((a, i) => ({
      old_id: a.old_id ?? null,
      answer: a.answer,
      is_correct: a.is_correct ?? false,
      order: orders[i]!,
      points: a.points ?? 0,
    }))
    .sort((a, b) => a.order - b.order);
}
