// The kinds of GIFT question read from their answers alone (gift-question.ts reads the rest):
// Moodle's ordering extension `{>…}`, numerical `{#…}` and matching `{=a -> b …}`. Each takes what
// the question's reading has found so far and answers its outcome. Pure, but for the font of the
// matching question's generated image.
import type { Issue } from "../errors";
import { QUESTION_TYPE } from "../schemas/question";
import { ALL_OR_NOTHING } from "../schemas/question/scoring";
import { lineOf, type Block } from "./gift-blocks";
import { toHtml, unprotect, type TextFormat } from "./gift-text";
import { plainText } from "./matching-image";
import { matchingParams, type MatchingPair } from "./matching-item";
import { isGradingName, orderingMode } from "./moodle-scoring";
import { numericalValues, type NumericalAnswer } from "./numerical";
import type { ItemParams, PlanItem } from "./types";

/** What reading one question answers: its item, and whether it had a title; or why it cannot be read. */
export type Outcome = { item: PlanItem; title: boolean } | { issues: Issue[] };

/** A weight written before an answer, `%n%`. */
export const WEIGHT = /^\s*%([^%]*)%/;

/** What the reading of one question has found when its kind is known, and how it reports. */
export interface QuestionRead {
  block: Block;
  /** Where the answers' `{` is in the block's text. */
  open: number;
  /** The answers: the text between the braces, its general feedback (`####`) left out, trimmed. */
  answerText: string;
  /** The question text's format, which its answers take unless they name their own. */
  format: TextFormat;
  question: ItemParams["question"];
  warnings: string[];
  errors: Issue[];
  /** Adds an error at the question, its text naming the question. */
  error(message: string): void;
  /** The outcome with these params (null: skipped, its warnings saying why), or the errors found. */
  done(params: ItemParams | null): Outcome;
}

/** Moodle's ordering question type in GIFT: `{>count options` on its first line, then one item per line in the right order. */
export function orderingQuestion(q: QuestionRead): Outcome {
  const [head = "", ...rest] = q.answerText.slice(1).split("\n");
  const items = rest.map((l) => l.trim()).filter((l) => l !== "");
  if (items.length < 2) {
    q.error(
      `its ordering answers {> at line ${lineOf(q.block, q.open)} hold fewer than 2 items (one a line, after the {> line)`,
    );
    return { issues: q.errors };
  }
  const options = unprotect(head).trim().toUpperCase().split(/\s+/);
  const count = Number(options[0]);
  // Moodle shows the count given when it is from 3 to the number of items, else at most 6.
  const shown = Number.isInteger(count) && count > 2 && count <= items.length ? count : Math.min(6, items.length);
  if (shown < items.length && !options.some((o) => o === "ALL" || o === "EXACT"))
    q.warnings.push(`Moodle shows ${shown} of its ${items.length} items at a time; here every item is shown`);
  // The grading word as the scoring mode (moodle-scoring.ts); none: Moodle's default, RELATIVE.
  const grading = orderingMode(options.slice(1).find(isGradingName) ?? null);
  if (grading.warning !== null) q.warnings.push(grading.warning);
  q.question.type = QUESTION_TYPE.sort;
  q.question.properties =
    grading.mode === ALL_OR_NOTHING ? { optional_answers: false } : { optional_answers: false, scoring: grading.mode };
  return q.done({
    question: q.question,
    answers: items.map((item, k) => ({ answer: toHtml(item, "moodle"), is_correct: true, order: k + 1 })),
  });
}

/** `{#value:tolerance}`, `{#min..max}` or `{#=value:tolerance =%n%value…}`: type 7 (numerical.ts). */
export function numericalQuestion(q: QuestionRead): Outcome {
  const body = q.answerText.slice(1);
  // One answer, or several, each after its = (right unless weighted) or ~ (wrong).
  // Text before the first marker is an answer too (Moodle's `{#3:2~#wrong}`).
  const parts = [...`=${body}`.matchAll(/([=~])([^=~]*)/g)]
    .map((m) => ({ text: m[2]!, weight: m[1] === "=" ? 100 : 0 }))
    .filter((p, k) => k > 0 || p.text.trim() !== "");
  const accepted: NumericalAnswer[] = [];
  const partial: string[] = [];
  let feedback = false;
  for (const part of parts) {
    let { text, weight } = part;
    const w = WEIGHT.exec(text);
    if (w) {
      weight = Number(w[1]);
      text = text.slice(w[0].length);
    }
    const hash = text.indexOf("#");
    if (hash >= 0) {
      feedback ||= text.slice(hash + 1).trim() !== "";
      text = text.slice(0, hash);
    }
    const written = unprotect(text).trim();
    // A wrong answer without a value: Moodle's "any other answer", with its feedback.
    if (weight === 0 && written === "") continue;
    const range = /^(-?[\d.eE+-]+)\s*\.\.\s*(-?[\d.eE+-]+)$/.exec(written);
    const tolerant = /^(-?[\d.eE+-]+)\s*(?::\s*([\d.eE+-]+))?$/.exec(written);
    let answer: NumericalAnswer | null = null;
    if (range) {
      const [lo, hi] = [Number(range[1]), Number(range[2])];
      if (Number.isFinite(lo) && Number.isFinite(hi) && lo <= hi)
        answer = { value: (lo + hi) / 2, tolerance: (hi - lo) / 2, written };
    } else if (tolerant) {
      const [value, tolerance] = [Number(tolerant[1]), Number(tolerant[2] ?? "0")];
      if (Number.isFinite(value) && Number.isFinite(tolerance)) answer = { value, tolerance, written };
    }
    if (answer === null) {
      q.error(
        `the numerical answer ${JSON.stringify(written)} at line ${lineOf(q.block, q.open)} is not a number, number:tolerance or min..max`,
      );
      continue;
    }
    if (weight === 100) accepted.push(answer);
    else if (weight > 0) partial.push(`${written} (${weight}%)`);
  }
  if (q.errors.length > 0) return { issues: q.errors };
  if (accepted.length === 0) {
    q.error("no answer is fully right: a numerical question needs an answer at 100%");
    return { issues: q.errors };
  }
  if (feedback) q.warnings.push("the feedback of its answers (after #) is not kept: an answer here has no feedback");
  if (partial.length > 0)
    q.warnings.push(`answers below 100% are not kept (a typed answer here is accepted or not): ${partial.join(", ")}`);
  const { values, warnings: lost } = numericalValues(accepted);
  q.warnings.push(...lost);
  q.question.type = QUESTION_TYPE.textInput;
  q.question.properties = {
    text_similarity: 100,
    case_sensitive: false,
    text_answer: values.map((value) => ({ value })),
  };
  return q.done({ question: q.question });
}

/** `{=stem -> choice …}`: Drag & Drop on a generated image; a pair without a stem is a choice that belongs nowhere. */
export function matchingQuestion(q: QuestionRead): Outcome {
  const pairs = q.answerText
    .split("=")
    .slice(1)
    .map((pair) => {
      const arrow = pair.indexOf("->");
      const text = (raw: string) => plainText(toHtml(raw, q.format));
      return arrow < 0 ? null : { stem: text(pair.slice(0, arrow)), choice: text(pair.slice(arrow + 2)) };
    });
  if (pairs.some((p) => p === null)) {
    q.error(
      `a pair of its matching answers at line ${lineOf(q.block, q.open)} has no -> between its stem and its answer`,
    );
    return { issues: q.errors };
  }
  return q.done(matchingParams(pairs as MatchingPair[], q.question, q.warnings));
}
