// GIFT's choice and short answer questions (gift-question.ts splits their answers): `=` right,
// `~` wrong, `~%n%` weighted. Pure.
import { QUESTION_TYPE, type AnswerInput } from "../schemas/question";
import type { Outcome, QuestionRead } from "./gift-kinds";
import { toHtml, unprotect, withFormat } from "./gift-text";

/** One answer of a choice or short answer question, as written. */
export interface Answer {
  marker: "=" | "~" | "";
  /** The weight written (`%n%`), or null. */
  weight: number | null;
  /** Protected text, its format marker included. */
  text: string;
  feedback: boolean;
  line: number;
}

/**
 * Choice: answers marked `=` (right) and `~` (wrong), or weighted `~%n%`. One fully right answer
 * makes a single choice question, several a multiple choice one, weights scoring by them.
 */
export function choiceQuestion(q: QuestionRead, answers: Answer[]): Outcome {
  if (answers[0]?.marker === "")
    q.error(
      `the text before the first ~ or = at line ${answers[0].line} belongs to no answer (write \\~ or \\= for the characters themselves)`,
    );
  if (q.errors.length > 0) return { issues: q.errors };
  const weightOf = (a: Answer) => a.weight ?? (a.marker === "=" ? 100 : 0);
  const rounded = answers.filter((a) => !Number.isInteger(weightOf(a)));
  const right = answers.filter((a) => a.marker === "=");
  let type: typeof QUESTION_TYPE.singleChoice | typeof QUESTION_TYPE.multipleChoice;
  if (right.length > 0) {
    const full = answers.filter((a) => weightOf(a) === 100);
    if (full.length === 0) {
      q.error("no answer is fully right: the = answer has a weight below 100%");
      return { issues: q.errors };
    }
    if (full.length > 1) {
      // Several right answers: a multiple choice question, each answer above 0% right.
      type = QUESTION_TYPE.multipleChoice;
      q.warnings.push(
        `it has ${full.length} answers marked right (at lines ${full.map((a) => a.line).join(", ")}), so it is a multiple choice question: the candidate chooses all of them (Moodle gives full marks for any one)`,
      );
    } else type = QUESTION_TYPE.singleChoice;
  } else {
    if (answers.every((a) => a.weight === null)) {
      q.error(
        "no answer is marked right: mark the right one with = (single choice) or give weights with ~%n% (multiple choice)",
      );
      return { issues: q.errors };
    }
    if (!answers.some((a) => weightOf(a) > 0)) {
      q.error("no answer has a positive weight, so none is right");
      return { issues: q.errors };
    }
    type = QUESTION_TYPE.multipleChoice;
  }
  const byWeight =
    (type === QUESTION_TYPE.multipleChoice && right.length === 0) ||
    answers.some((a) => weightOf(a) !== 0 && weightOf(a) !== 100);
  q.question.type = type;
  const list: AnswerInput[] = answers.map((a) => {
    const is_correct = type === QUESTION_TYPE.singleChoice ? weightOf(a) === 100 : weightOf(a) > 0;
    return byWeight
      ? { answer: toHtml(a.text, q.format), is_correct, points: Math.round(weightOf(a)) }
      : { answer: toHtml(a.text, q.format), is_correct };
  });
  if (byWeight) {
    q.question.points = 0;
    const max = list.filter((a) => a.is_correct).reduce((t, a) => t + (a.points ?? 0), 0);
    q.warnings.push(
      `scored by its weights, as Moodle scores it: each answer's points are its weight in percent and the question's own points 0, so the right ${type === QUESTION_TYPE.singleChoice ? "answer earns" : "answers earn"} ${max} points (an unweighted question of the file is worth 1)`,
    );
    if (rounded.length > 0)
      q.warnings.push(
        `weights are whole points here: ${rounded.map((a) => `${weightOf(a)}% (line ${a.line}) became ${Math.round(weightOf(a))}`).join(", ")}`,
      );
  }
  return q.done({ question: q.question, answers: list });
}

/** Short answer: every answer is a right one at its weight (100 % when none is written). */
export function shortAnswerQuestion(q: QuestionRead, answers: Answer[]): Outcome {
  if (q.errors.length > 0) return { issues: q.errors };
  const accepted = answers.filter((a) => (a.weight ?? 100) === 100);
  const partial = answers.filter((a) => (a.weight ?? 100) !== 100);
  if (accepted.length === 0) {
    q.error("no answer is fully right: a short answer question needs an answer at 100% (=answer)");
    return { issues: q.errors };
  }
  if (partial.length > 0) {
    q.warnings.push(
      `answers below 100% are not kept (a typed answer here is accepted or not): ${partial.map((a) => `${JSON.stringify(unprotect(withFormat(a.text, q.format).text).trim())} (${a.weight}%, line ${a.line})`).join(", ")}`,
    );
  }
  q.question.type = QUESTION_TYPE.textInput;
  q.question.properties = {
    text_similarity: 100,
    case_sensitive: false,
    text_answer: accepted.map((a) => ({ value: unprotect(withFormat(a.text, q.format).text).trim() })),
  };
  return q.done({ question: q.question });
}
