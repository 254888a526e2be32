// The Moodle XML question types that contract 13.3 point 3 maps onto ours: numerical (→ 7),
// matching (→ 3 on a generated image, matching-item.ts) and the one-gap forms of gapselect and
// ddwtos (→ 1, `_____` at the gap). oumultiresponse is read as a multichoice with several right
// answers (moodle-import.ts). Pure, but for the font of the generated image.
import { QUESTION_TYPE, type AnswerInput } from "../schemas/question";
import { plainText } from "./matching-image";
import { matchingParams, type MatchingPair } from "./matching-item";
import { answersHaveFeedback, fraction, type MoodleItem } from "./moodle-item";
import { numericalValues, type NumericalAnswer } from "./numerical";
import type { PlanItem } from "./types";
import { childElement, childElements, childText, textContent, type XmlElement } from "./xml-read";

const textOf = (element: XmlElement) => textContent(childElement(element, "text") ?? element).trim();

/** numerical → type 7 with similarity 100: the exact values (numerical.ts); `*` (any other answer) and units are not kept. */
export function parseNumerical(item: MoodleItem): PlanItem | null {
  const question = item.common(QUESTION_TYPE.textInput);
  const answers = childElements(item.element, "answer");
  if (answersHaveFeedback(answers))
    item.warn("the feedback of its answers is not kept: an answer here has no feedback");
  const accepted: NumericalAnswer[] = [];
  const dropped: string[] = [];
  answers.forEach((a, k) => {
    const written = textOf(a);
    const f = fraction(a);
    if (f === null) {
      item.error(
        `the fraction ${JSON.stringify(a.attributes.fraction)} of answer ${k + 1} (line ${a.line}) is not a number`,
      );
      return;
    }
    if (written === "*") {
      if (f > 0) dropped.push(`* (any other number, ${f}%)`);
      return;
    }
    const value = Number(written);
    const tolerance = Number(childText(a, "tolerance")?.trim() || "0");
    if (written === "" || !Number.isFinite(value) || !Number.isFinite(tolerance)) {
      item.error(
        `answer ${k + 1} (line ${a.line}) ${JSON.stringify(written)} is not a number with a numeric tolerance`,
      );
      return;
    }
    if (f === 100)
      accepted.push({ value, tolerance, written: tolerance === 0 ? written : `${written} ± ${tolerance}` });
    else if (f > 0) dropped.push(`${written} (${f}%)`);
  });
  if (answers.length > 0 && accepted.length === 0 && item.errors.length === 0)
    item.error("has no answer at 100%, so none is accepted");
  if (dropped.length > 0)
    item.warn(`answers below 100% are not kept (a typed answer here is accepted or not): ${dropped.join(", ")}`);
  const units = childElements(childElement(item.element, "units") ?? item.element, "unit")
    .map((u) => childText(u, "unit_name")?.trim() ?? "")
    .filter((u) => u !== "");
  if (units.length > 0)
    item.warn(`its units (${units.join(", ")}) are not kept: the accepted values are the numbers alone`);
  const { values, warnings } = numericalValues(accepted);
  for (const w of warnings) item.warn(w);
  question.properties = {
    text_similarity: 100,
    case_sensitive: false,
    text_answer: values.map((value) => ({ value })),
  };
  return item.done({ question });
}

/** match (written `matching` by Moodle's export) → Drag & Drop on a generated image; a subquestion without text is a choice that belongs nowhere. */
export function parseMatch(item: MoodleItem): PlanItem | null {
  const question = item.common(QUESTION_TYPE.dragAndDrop);
  const subquestions = childElements(item.element, "subquestion");
  if (subquestions.length === 0) item.error("has no subquestions to match");
  const pairs: MatchingPair[] = subquestions.map((s, k) => {
    const stem = item.html(s, `subquestion ${k + 1}`);
    if (/<(img|audio|video)\b/i.test(stem))
      item.warn(`the media of subquestion ${k + 1} are not kept: a stem is drawn as its text`);
    return { stem: plainText(stem), choice: plainText(childText(s, "answer", "text") ?? "") };
  });
  if (item.errors.length > 0) return null;
  // The stems' media are not the question's: only the question text's files stay its resources.
  for (const key of Object.keys(item.resources)) if (!question.question.includes(key)) delete item.resources[key];
  const warnings: string[] = [];
  const params = matchingParams(pairs, question, warnings);
  if (params === null) return item.skipped(warnings[0]!.replace(/^skipped: /, ""));
  for (const w of warnings) item.warn(w);
  return item.done(params);
}

const GAP = /\[\[(\d+)\]\]/g;

/**
 * gapselect (select missing words) and ddwtos (drag and drop into text) with one gap → single
 * choice: `_____` at the gap, the choices of the gap's group as answers, its own the right one.
 * More gaps: skipped, naming the count.
 */
export function parseOneGap(item: MoodleItem, type: "gapselect" | "ddwtos"): PlanItem | null {
  const kind = type === "gapselect" ? "a select missing words question" : "a drag and drop into text question";
  const question = item.common(QUESTION_TYPE.singleChoice);
  const gaps = [...new Set([...question.question.matchAll(GAP)].map((m) => Number(m[1])))];
  if (gaps.length !== 1)
    return item.skipped(
      `it is ${kind} (Moodle type ${type}) with ${gaps.length} gaps; only a question with one gap becomes a single choice question here`,
    );
  const options = [...childElements(item.element, "selectoption"), ...childElements(item.element, "dragbox")];
  const right = options[gaps[0]! - 1];
  if (!right) {
    item.error(`its gap [[${gaps[0]}]] names choice ${gaps[0]}, but it has ${options.length} choices`);
    return null;
  }
  const group = childText(right, "group")?.trim() ?? "1";
  const answers: AnswerInput[] = options
    .map((o, k) => ({ o, k }))
    .filter(({ o }) => (childText(o, "group")?.trim() ?? "1") === group)
    .map(({ o, k }) => ({ answer: item.html(o, `choice ${k + 1}`), is_correct: o === right }));
  question.question = question.question.replace(GAP, "_____");
  const others = options.length - answers.length;
  if (others > 0)
    item.warn(
      `its ${others} choice${others > 1 ? "s" : ""} of other groups than the gap's ${others > 1 ? "are" : "is"} left out`,
    );
  return item.done({ question, answers });
}
