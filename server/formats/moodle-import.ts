// Reading Moodle XML (contract 13.1 rule 3, 13.3 point 3): multichoice (single → 1, multiple → 2),
// oumultiresponse (→ 2), truefalse (→ 1), shortanswer (→ 7), numerical (→ 7), ordering (→ 6),
// multiple-answer fractions and ordering gradingtypes as scoring modes (moodle-scoring.ts),
// ddmarker (→ 4), ddimageortext and match (→ 3), gapselect and ddwtos with one gap (→ 1;
// moodle-import-kinds.ts) become items; every other question type is an item skipped with a
// warning naming it; `category` pseudo-questions are not items: each names the domain of the
// questions after it (categories.ts), and `<tags>` are the questions' tags. A file of categories
// alone is read as Moodle reads it, with a warning that no question came in. The file is read by
// the strict reader (xml-read.ts): a DOCTYPE or XML that is not well-formed is refused at `file`,
// saying where. Pure.
import type { Issue } from "../errors";
import { QUESTION_TYPE, type AnswerInput } from "../schemas/question";
import { parseDdImageOrText, parseDdMarker } from "./moodle-import-dd";
import { parseMatch, parseNumerical, parseOneGap } from "./moodle-import-kinds";
import { CategoryDomains } from "./categories";
import { answersHaveFeedback, fraction, MoodleItem } from "./moodle-item";
import { choiceScoring, orderingMode } from "./moodle-scoring";
import { ALL_OR_NOTHING } from "../schemas/question/scoring";
import { fileIssue, utf8Text } from "./shared";
import type { ImportOptions, ParseResult, PlanItem } from "./types";
import { childElement, childElements, childText, readXml, textContent, type XmlElement } from "./xml-read";

/** What Moodle calls the question types the project cannot represent, for the skip warning. */
const SKIPPED_KINDS: Record<string, string> = {
  essay: "an essay question",
  multianswer: "an embedded answers (cloze) question",
  gapfill: "a gap fill question",
  randomsamatch: "a random short-answer matching question",
  calculated: "a calculated question",
  calculatedsimple: "a simple calculated question",
  calculatedmulti: "a calculated multichoice question",
  description: "a description (text without a question)",
  random: "a random question",
};

export function parseMoodleXml(bytes: Uint8Array, options: ImportOptions): ParseResult {
  const fail = (message: string, code: Issue["code"] = "malformed_file"): ParseResult => ({
    ok: false,
    issues: [fileIssue(code, message)],
  });
  const text = utf8Text(bytes);
  if (text === null) return fail("is not UTF-8 text; a Moodle XML file is UTF-8");
  const read = readXml(text);
  if (!read.ok) return fail(read.message);
  const root = read.root;
  if (root.local !== "quiz" && root.local !== "question")
    return fail(
      `has the root element <${root.name}> at line ${root.line}; a Moodle XML file has <quiz> (or one <question>)`,
    );
  const all = root.local === "question" ? [root] : childElements(root, "question");
  const isCategory = (q: XmlElement) => q.attributes.type === "category";
  const count = all.filter((q) => !isCategory(q)).length;
  if (count > options.maxItems)
    return fail(`holds ${count} questions; at most ${options.maxItems} can be imported at once`, "too_many");
  // A file of categories alone is read, as Moodle's importer reads it (it creates them).
  if (all.length === 0) return fail("holds no question");

  // Each category names the domain of the questions after it (contract 15.3).
  const categories = new CategoryDomains();
  let domain: string | null = null;
  let index = 0;
  const items: PlanItem[] = [];
  const issues: Issue[] = [];
  for (const q of all) {
    if (isCategory(q)) {
      domain = categories.enter(childText(q, "category", "text") ?? "", {
        idnumber: childText(q, "idnumber"),
        info: childText(q, "info", "text"),
      });
      continue;
    }
    const name = childText(q, "name", "text")?.trim() ?? "";
    const ref = name !== "" ? `question ${JSON.stringify(name)} at line ${q.line}` : `question at line ${q.line}`;
    const item = new MoodleItem(q, index++, ref);
    const planned = readQuestion(item, q.attributes.type ?? "");
    if (planned) items.push(planned.params !== null ? { ...planned, domain } : planned);
    else issues.push(...item.errors);
  }
  if (issues.length > 0) return { ok: false, issues };
  const blueprint = categories.finish(items);
  const warnings = items.length === 0 ? [categoriesAlone(all, blueprint.plan.domains ?? [])] : [];
  return {
    ok: true,
    plan: { exam: null, caseStudies: [], ...blueprint.plan, items, warnings: [...warnings, ...blueprint.warnings] },
  };
}

/**
 * The warning of a file of category pseudo-questions alone. Moodle creates the categories and
 * imports no question; here a category is a domain only with questions in it or with an idnumber
 * (categories.ts: our export writes every domain so, even of an exam without questions).
 */
function categoriesAlone(categories: XmlElement[], domains: readonly { code: string }[]): string {
  const paths = categories.map((q) => JSON.stringify((childText(q, "category", "text") ?? "").trim())).join(", ");
  const start = `the file holds no question, only categories (${paths}): Moodle would create these categories and import no question`;
  if (domains.length === 0)
    return `${start}; here a category becomes a domain only with questions in it or an idnumber, so nothing is imported`;
  return `${start}; here those with an idnumber become the exam's domains (${domains.map((d) => d.code).join(", ")}), and no question is imported`;
}

function readQuestion(item: MoodleItem, type: string): PlanItem | null {
  switch (type) {
    case "multichoice":
      return multichoice(item, false);
    case "oumultiresponse":
      // The Open University's multiple response type: a multichoice whose answers above 0% are right.
      return multichoice(item, true);
    case "numerical":
      return parseNumerical(item);
    case "match":
    case "matching":
      return parseMatch(item);
    case "gapselect":
    case "ddwtos":
      return parseOneGap(item, type);
    case "truefalse":
      return truefalse(item);
    case "shortanswer":
      return shortanswer(item);
    case "ordering":
      return ordering(item);
    case "ddmarker":
      return parseDdMarker(item);
    case "ddimageortext":
      return parseDdImageOrText(item);
    default: {
      const kind = SKIPPED_KINDS[type] ?? `a question of the type ${JSON.stringify(type || "(none)")}`;
      return item.skipped(`it is ${kind} (Moodle type ${type || "(none)"}), which Exam Studio cannot represent`);
    }
  }
}

function answerElements(item: MoodleItem): XmlElement[] {
  const answers = childElements(item.element, "answer");
  if (answersHaveFeedback(answers))
    item.warn("the feedback of its answers is not kept: an answer here has no feedback");
  return answers;
}

/** Fractions of the answers, an error for each that is not a number. */
function fractions(item: MoodleItem, answers: readonly XmlElement[]): number[] {
  return answers.map((a, k) => {
    const f = fraction(a);
    if (f === null)
      item.error(
        `the fraction ${JSON.stringify(a.attributes.fraction)} of answer ${k + 1} (line ${a.line}) is not a number`,
        `answers[${k}]`,
      );
    return f ?? 0;
  });
}

function multichoice(item: MoodleItem, multiple: boolean): PlanItem | null {
  // Moodle writes true/false (older files 1/0); without the element a question is single.
  const single =
    !multiple && !["false", "0"].includes(childText(item.element, "single")?.trim().toLowerCase() ?? "true");
  const question = item.common(single ? QUESTION_TYPE.singleChoice : QUESTION_TYPE.multipleChoice);
  const answers = answerElements(item);
  const weights = fractions(item, answers);
  if (answers.length === 0) item.error("has no answers");
  const html = answers.map((a, k) => item.html(a, `answer ${k + 1}`));
  let correct: boolean[];
  if (single) {
    const best = Math.max(...weights);
    const at = weights.indexOf(best);
    correct = weights.map((_, k) => best > 0 && k === at);
    const partial = weights.filter((w, k) => w > 0 && k !== at);
    if (partial.length > 0)
      item.warn(
        `partial credit is not kept: only the answer at ${best}% is right here, the ${partial.length === 1 ? "one" : "ones"} at ${partial.join("%, ")}% count as wrong`,
      );
  } else {
    correct = weights.map((w) => w > 0);
  }
  // Multiple answers: Moodle's credit per answer as a scoring mode or answer points (moodle-scoring.ts).
  let answerPoints: number[] | null = null;
  if (!single && answers.length > 0) {
    const read = choiceScoring(weights, question.points ?? 1);
    if (read.mode !== null) question.properties = { scoring: read.mode };
    if (read.points !== null) question.points = read.points;
    answerPoints = read.answerPoints;
    if (read.warning !== null) item.warn(read.warning);
  }
  if (answers.length > 0 && !correct.some(Boolean)) item.error("no answer has a fraction above 0, so none is right");
  const list: AnswerInput[] = html.map((answer, k) => ({
    answer,
    is_correct: correct[k]!,
    ...(answerPoints && answerPoints[k] !== 0 ? { points: answerPoints[k] } : {}),
  }));
  return item.done({ question, answers: list });
}

function truefalse(item: MoodleItem): PlanItem | null {
  const question = item.common(QUESTION_TYPE.singleChoice);
  const answers = answerElements(item);
  const weights = fractions(item, answers);
  const right = answers
    .filter((_, k) => weights[k]! > 0)
    .map((a) =>
      textContent(childElement(a, "text") ?? a)
        .trim()
        .toLowerCase(),
    );
  if (right.length !== 1 || (right[0] !== "true" && right[0] !== "false")) {
    item.error("is a true/false question without exactly one right answer true or false");
    return null;
  }
  const value = right[0] === "true";
  return item.done({
    question,
    answers: [
      { answer: "<p>True</p>", is_correct: value },
      { answer: "<p>False</p>", is_correct: !value },
    ],
  });
}

/** A short answer as typed: its text without HTML, `\*` an asterisk (Moodle's `*` is a wildcard). */
function typedValue(item: MoodleItem, answer: XmlElement): string {
  const raw = textContent(childElement(answer, "text") ?? answer).trim();
  if (/(^|[^\\])\*/.test(raw))
    item.warn(
      `the answer ${JSON.stringify(raw)} uses Moodle's wildcard *, which is an asterisk here (a typed answer is compared by similarity, not by pattern)`,
    );
  return raw.replace(/\\\*/g, "*");
}

function shortanswer(item: MoodleItem): PlanItem | null {
  const question = item.common(QUESTION_TYPE.textInput);
  const answers = answerElements(item);
  const weights = fractions(item, answers);
  const accepted = answers.filter((_, k) => weights[k] === 100);
  const partial = answers.map((a, k) => ({ a, w: weights[k]! })).filter(({ w }) => w > 0 && w < 100);
  if (accepted.length === 0) item.error("has no answer at 100%, so none is accepted");
  if (partial.length > 0) {
    item.warn(
      `answers below 100% are not kept (a typed answer here is accepted or not): ${partial.map(({ a, w }) => `${JSON.stringify(textContent(childElement(a, "text") ?? a).trim())} (${w}%)`).join(", ")}`,
    );
  }
  const usecase = childText(item.element, "usecase")?.trim() ?? "0";
  question.properties = {
    text_similarity: 100,
    case_sensitive: usecase !== "0" && usecase.toLowerCase() !== "false" && usecase !== "",
    text_answer: accepted.map((a) => ({ value: typedValue(item, a) })),
  };
  return item.done({ question });
}

function ordering(item: MoodleItem): PlanItem | null {
  const question = item.common(QUESTION_TYPE.sort);
  const answers = answerElements(item);
  if (answers.length === 0) item.error("has no items to put in order");
  const select = childText(item.element, "selecttype")?.trim().toUpperCase() ?? "ALL";
  const count = Number(childText(item.element, "selectcount")?.trim() ?? "0");
  if (select !== "ALL" && select !== "0" && count > 0 && count < answers.length) {
    item.warn(
      `Moodle shows ${count} of its ${answers.length} items at a time (${select.toLowerCase()} selection); here every item is shown`,
    );
  }
  // Moodle's gradingtype as the nearest scoring mode (moodle-scoring.ts); missing, Moodle's default.
  const grading = orderingMode(childText(item.element, "gradingtype"));
  if (grading.warning !== null) item.warn(grading.warning);
  const list: AnswerInput[] = answers.map((a, k) => ({
    answer: item.html(a, `item ${k + 1}`),
    is_correct: true,
    order: k + 1,
  }));
  question.properties =
    grading.mode === ALL_OR_NOTHING ? { optional_answers: false } : { optional_answers: false, scoring: grading.mode };
  return item.done({ question, answers: list });
}
