// One question of a GIFT file (gift.ts splits the file into blocks): its `::title::`, its text,
// its answers in braces and its general feedback (`####`), the kind decided as Moodle's reader
// decides it; gift-choice.ts and gift-kinds.ts read the answers of each kind. Pure.
import type { Issue } from "../errors";
import { QUESTION_TYPE, type AnswerInput } from "../schemas/question";
import { lineOf, type Block } from "./gift-blocks";
import { choiceQuestion, shortAnswerQuestion, type Answer } from "./gift-choice";
import {
  matchingQuestion,
  numericalQuestion,
  orderingQuestion,
  WEIGHT,
  type Outcome,
  type QuestionRead,
} from "./gift-kinds";
import { toHtml, unprotect, withFormat } from "./gift-text";
import { itemPath } from "./shared";
import type { ItemParams } from "./types";

/**
 * Question `index` of the file (its block): its title, text, general feedback and answers, the
 * kind decided in the order Moodle's reader decides it.
 */
export function parseQuestion(block: Block, index: number): Outcome {
  const b = block.text;
  const start = block.lines[0]!;
  let pos = 0;
  let title: string | null = null;
  if (b.startsWith("::")) {
    const end = b.indexOf("::", 2);
    if (end >= 0) {
      title = unprotect(b.slice(2, end)).trim();
      pos = end + 2;
    }
  }
  const ref = title ? `question ${JSON.stringify(title)} at line ${start}` : `question at line ${start}`;
  const errors: Issue[] = [];
  const error = (message: string, path = itemPath(index)) =>
    errors.push({ code: "malformed_file", path, message: `${ref}: ${message}` });
  const skipped = (kind: string): Outcome => ({
    item: {
      ref,
      params: null,
      caseStudy: null,
      warnings: [`skipped: line ${start} holds ${kind}, which Exam Studio cannot represent`],
    },
    title: title !== null,
  });

  if (title === null && b.startsWith("::")) {
    error(`the title's opening :: at line ${start} has no closing :: (write \\: for a colon in a title)`);
    return { issues: errors };
  }
  const open = b.indexOf("{", pos);
  if (open < 0) return skipped("a description (text without answers in { })");
  const close = b.indexOf("}", open + 1);
  if (close < 0) {
    error(
      `the { at line ${lineOf(block, open)} has no closing } before the question ends (at a blank line or the end of the file; write \\{ for a brace in text)`,
    );
    return { issues: errors };
  }
  const questionText = b.slice(pos, open);
  // Text after the braces makes a missing-word question: its kind, with a blank where they were.
  const after = b.slice(close + 1).trimEnd();
  let answersEnd = close;
  let general: string | null = null;
  const generalAt = b.indexOf("####", open + 1);
  if (generalAt >= 0 && generalAt < close) {
    general = b.slice(generalAt + 4, close);
    answersEnd = generalAt;
  }
  const answerText = b.slice(open + 1, answersEnd).trim();
  const format = withFormat(questionText, "moodle").format;

  // The kind, in the order Moodle's reader decides it.
  if (answerText === "") return skipped("an essay question (empty answers { })");

  const warnings: string[] = [];
  const question: ItemParams["question"] = {
    type: QUESTION_TYPE.singleChoice,
    question: toHtml(after.trim() !== "" ? `${questionText}_____${after}` : questionText, "moodle"),
  };
  if (general !== null) {
    const explanation = toHtml(general, format);
    if (explanation !== "") question.explanation = explanation;
  }
  const q: QuestionRead = {
    block,
    open,
    answerText,
    format,
    question,
    warnings,
    errors,
    error: (message) => error(message),
    done,
  };
  if (answerText.startsWith(">")) return orderingQuestion(q);
  if (answerText.startsWith("#")) return numericalQuestion(q);
  const choice = answerText.includes("~");
  if (!choice && answerText.includes("=") && answerText.includes("->")) return matchingQuestion(q);

  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(answerText);
  if (!choice && tf) {
    const value = tf[1]!.toUpperCase().startsWith("T");
    if (tf[2]) warnings.push("the feedback of its answers (after #) is not kept: an answer here has no feedback");
    const answers: AnswerInput[] = [
      { answer: "<p>True</p>", is_correct: value },
      { answer: "<p>False</p>", is_correct: !value },
    ];
    return done({ question, answers });
  }

  // Answers: each starts at an "=" or "~" (text before the first is an answer too, as Moodle reads short answers).
  const answers: Answer[] = [];
  let from = open + 1;
  let marker: Answer["marker"] = "";
  const push = (end: number) => {
    const raw = b.slice(from, end);
    if (marker === "" && raw.trim() === "") return;
    let text = raw;
    let weight: number | null = null;
    const w = WEIGHT.exec(text);
    if (w) {
      const n = Number(w[1]);
      if (w[1]!.trim() === "" || !Number.isFinite(n) || n < -100 || n > 100) {
        error(`the weight %${unprotect(w[1]!)}% at line ${lineOf(block, from)} is not a number from -100 to 100`);
      } else weight = n;
      text = text.slice(w[0].length);
    }
    const hash = text.indexOf("#");
    answers.push({
      marker,
      weight,
      text: hash >= 0 ? text.slice(0, hash) : text,
      feedback: hash >= 0 && text.slice(hash + 1).trim() !== "",
      line: lineOf(block, from),
    });
  };
  for (let i = open + 1; i < answersEnd; i++) {
    const c = b[i];
    if (c === "=" || c === "~") {
      push(i);
      from = i + 1;
      marker = c;
    }
  }
  push(answersEnd);
  if (answers.some((a) => a.feedback))
    warnings.push("the feedback of its answers (after #) is not kept: an answer here has no feedback");
  for (const a of answers)
    if (unprotect(withFormat(a.text, format).text).trim() === "") error(`the answer at line ${a.line} is empty`);

  if (choice) return choiceQuestion(q, answers);

  return shortAnswerQuestion(q, answers);

  function done(params: ItemParams | null): Outcome {
    if (params === null) return skippedBy(warnings);
    if (errors.length > 0) return { issues: errors };
    return { item: { ref, params, caseStudy: null, warnings }, title: title !== null };
  }

  function skippedBy(why: readonly string[]): Outcome {
    return { item: { ref, params: null, caseStudy: null, warnings: [...why] }, title: title !== null };
  }
}
