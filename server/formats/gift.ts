// GIFT (contract 13.1 rule 4, 13.3 point 3), Moodle's text format for questions, import only. The
// syntax is the one Moodle's documentation describes (docs.moodle.org, "GIFT format") and Moodle's
// own reader (question/format/gift) follows; where the two leave room, Moodle's reader decides.
//
//   // a comment line, [tag:x] a tag       $CATEGORY: path → the domain of the questions after it
//   ::Title::[html]Question text {        one question per block; blank lines separate them
//     =right answer#feedback              one "=": single choice (type 1); several: type 2
//     ~wrong answer
//     ~%50%half right                     "~%n%" weights: partial credit (type 2 without "=")
//     ####general feedback                → the explanation
//   }
//   Question {T}  {F}  {TRUE}  {FALSE}    true/false → type 1 with the answers True and False
//   Question {=a =b =%50%c}               short answer → type 7 (the answers at 100 %)
//   Question {#3.5:0.1}  {#1..5}          numerical → type 7 (numerical.ts)
//   Question {=a -> 1 =b -> 2}            matching → type 3 on a generated image (matching-image.ts)
//   Question {>2 none                     Moodle's ordering question type: one item per line, in
//   first item ... }                      their right order → type 6
//   Text {~a =b} more text                missing word: its kind, with _____ where the braces were
//   Question {}                           essay; text without {…}: a description; both skipped
//
// Escapes \~ \= \# \{ \} \: \\ stand for the character, \n for a line break. The text formats
// [html], [moodle] (the default: HTML allowed, line breaks kept), [plain] (escaped) and
// [markdown] become our HTML. Pure, but for the font of the generated images.
import type { Issue } from "../errors";
import { QUESTION_TYPE, type AnswerInput } from "../schemas/question";
import { CategoryDomains } from "./categories";
import { fileTags } from "./file-tags";
import { plainText } from "./matching-image";
import { matchingParams, type MatchingPair } from "./matching-item";
import { isGradingName, orderingMode } from "./moodle-scoring";
import { ALL_OR_NOTHING } from "../schemas/question/scoring";
import { numericalValues, type NumericalAnswer } from "./numerical";
import { fileIssue, isJsonText, itemPath, utf8Text } from "./shared";
import { delimitedTexToMathml } from "../html/latex";
import { markdownToHtml, moodleToHtml, plainToHtml } from "./text-html";
import type { FormatModule, ImportOptions, ItemParams, ParseResult, PlanItem } from "./types";

// ---------------------------------------------------------------------------------------------
// Escapes: each escaped character is held as a private-use character while the structure is read,
// so that a plain indexOf finds only the characters that mean something: U+E000…U+E005 the
// characters of ESCAPABLE, U+E006 a line break, U+E008 a backslash (`\\`, read first as Moodle
// reads it, so `\\~` is a backslash and a tilde that means something). A character of that range
// written in the file itself is held behind U+E007 and given back as it was.

const ESCAPABLE = "~=#{}:";
const NEWLINE_MARK = "\uE006";
const LITERAL_MARK = "\uE007";
const BACKSLASH_MARK = "\uE008";

function protect(text: string): string {
  return text.replace(/[\uE000-\uE008]|\\([~=#{}:n\\])/g, (whole, c: string | undefined) => {
    if (c === undefined) return LITERAL_MARK + whole;
    if (c === "\\") return BACKSLASH_MARK;
    return c === "n" ? NEWLINE_MARK : String.fromCharCode(0xe000 + ESCAPABLE.indexOf(c));
  });
}

function unprotect(text: string): string {
  return text.replace(/\uE007([\uE000-\uE008])|[\uE000-\uE006\uE008]/g, (whole, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    const k = whole.charCodeAt(0) - 0xe000;
    return k === 8 ? "\\" : k === 6 ? "\n" : ESCAPABLE[k]!;
  });
}

// ---------------------------------------------------------------------------------------------
// Text formats

type TextFormat = "html" | "moodle" | "plain" | "markdown";

/** A text's own `[format]` marker, if it starts with one, and the text after it. */
function withFormat(text: string, fallback: TextFormat): { format: TextFormat; text: string } {
  const m = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(text);
  return m ? { format: m[1]!.toLowerCase() as TextFormat, text: text.slice(m[0].length) } : { format: fallback, text };
}

/** A protected text in its format as our HTML, TeX between \( \) or $$ $$ as MathML (contract 9.1). */
function toHtml(raw: string, fallback: TextFormat): string {
  return delimitedTexToMathml(formatHtml(raw, fallback));
}

function formatHtml(raw: string, fallback: TextFormat): string {
  const { format, text } = withFormat(raw, fallback);
  const plain = unprotect(text).trim();
  switch (format) {
    case "html":
      return plain;
    case "plain":
      return plainToHtml(plain);
    case "markdown":
      return markdownToHtml(plain);
    default:
      return moodleToHtml(plain);
  }
}

// ---------------------------------------------------------------------------------------------
// Blocks: the questions of the file, each with the file's line number of each of its lines.

interface Block {
  /** The file's line of each line of `text`. */
  lines: number[];
  /** The lines joined, escapes protected. */
  text: string;
  /** Offsets of the line breaks of `text`, when asked for. */
  breaks?: number[];
  /** The code of the domain of the category named last before it; null: none (CategoryDomains.finish settles it). */
  domain: string | null;
  /** The tags of its `// [tag:…]` comments, as written; undefined when it has none. */
  tags?: string[];
}

interface Blocks {
  blocks: Block[];
  categories: CategoryDomains;
  /** The paths of its `$CATEGORY:` lines, as written. */
  categoryPaths: string[];
}

/** Moodle's tag comment, `[tag:name]` with `\]` for a `]` in the name. */
const TAG_COMMENT = /\[tag:((?:\\\]|[^\]])*)\]/g;

function splitBlocks(text: string): Blocks {
  const blocks: Block[] = [];
  const categories = new CategoryDomains();
  const categoryPaths: string[] = [];
  let domain: string | null = null;
  let lines: number[] = [];
  let parts: string[] = [];
  let tags: string[] = [];
  const flush = () => {
    if (parts.length > 0)
      blocks.push({
        lines,
        text: protect(parts.join("\n")).trim(),
        domain,
        ...(tags.length > 0 ? { tags } : {}),
      });
    lines = [];
    parts = [];
    tags = [];
  };
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return flush();
    // Whole-line comments only: "//" inside a line (a URL) is text. As Moodle reads them, the
    // comments of a question's lines hold its tags.
    if (line.startsWith("//")) {
      for (const m of line.matchAll(TAG_COMMENT)) tags.push(m[1]!.replaceAll("\\]", "]"));
      return;
    }
    // A category names the domain of the questions after it (contract 15.3).
    const category = /^\$CATEGORY:(.*)$/i.exec(line);
    if (category) {
      flush();
      domain = categories.enter(category[1]!);
      categoryPaths.push(category[1]!.trim());
      return;
    }
    lines.push(i + 1);
    parts.push(raw.trimEnd());
  });
  flush();
  return { blocks, categories, categoryPaths };
}

// ---------------------------------------------------------------------------------------------
// One question

type Outcome = { item: PlanItem; title: boolean } | { issues: Issue[] };

interface Answer {
  marker: "=" | "~" | "";
  /** The weight written (`%n%`), or null. */
  weight: number | null;
  /** Protected text, its format marker included. */
  text: string;
  feedback: boolean;
  line: number;
}

const WEIGHT = /^\s*%([^%]*)%/;

/** The file's line of offset `at` of the block's text (a binary search over its line breaks, found once per block). */
function lineOf(block: Block, at: number): number {
  if (block.breaks === undefined) {
    block.breaks = [];
    for (let i = block.text.indexOf("\n"); i >= 0; i = block.text.indexOf("\n", i + 1)) block.breaks.push(i);
  }
  let lo = 0;
  let hi = block.breaks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (block.breaks[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return block.lines[Math.min(lo, block.lines.length - 1)]!;
}

function parseQuestion(block: Block, index: number): Outcome {
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
  if (answerText.startsWith(">")) return ordering();
  if (answerText.startsWith("#")) return numerical();
  const choice = answerText.includes("~");
  if (!choice && answerText.includes("=") && answerText.includes("->")) return matching();

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

  if (choice) {
    if (answers[0]?.marker === "")
      error(
        `the text before the first ~ or = at line ${answers[0].line} belongs to no answer (write \\~ or \\= for the characters themselves)`,
      );
    if (errors.length > 0) return { issues: errors };
    const weightOf = (a: Answer) => a.weight ?? (a.marker === "=" ? 100 : 0);
    const rounded = answers.filter((a) => !Number.isInteger(weightOf(a)));
    const right = answers.filter((a) => a.marker === "=");
    let type: typeof QUESTION_TYPE.singleChoice | typeof QUESTION_TYPE.multipleChoice;
    if (right.length > 0) {
      const full = answers.filter((a) => weightOf(a) === 100);
      if (full.length === 0) {
        error("no answer is fully right: the = answer has a weight below 100%");
        return { issues: errors };
      }
      if (full.length > 1) {
        // Several right answers: a multiple choice question, each answer above 0% right.
        type = QUESTION_TYPE.multipleChoice;
        warnings.push(
          `it has ${full.length} answers marked right (at lines ${full.map((a) => a.line).join(", ")}), so it is a multiple choice question: the candidate chooses all of them (Moodle gives full marks for any one)`,
        );
      } else type = QUESTION_TYPE.singleChoice;
    } else {
      if (answers.every((a) => a.weight === null)) {
        error(
          "no answer is marked right: mark the right one with = (single choice) or give weights with ~%n% (multiple choice)",
        );
        return { issues: errors };
      }
      if (!answers.some((a) => weightOf(a) > 0)) {
        error("no answer has a positive weight, so none is right");
        return { issues: errors };
      }
      type = QUESTION_TYPE.multipleChoice;
    }
    const byWeight =
      (type === QUESTION_TYPE.multipleChoice && right.length === 0) ||
      answers.some((a) => weightOf(a) !== 0 && weightOf(a) !== 100);
    question.type = type;
    const list: AnswerInput[] = answers.map((a) => {
      const is_correct = type === QUESTION_TYPE.singleChoice ? weightOf(a) === 100 : weightOf(a) > 0;
      return byWeight
        ? { answer: toHtml(a.text, format), is_correct, points: Math.round(weightOf(a)) }
        : { answer: toHtml(a.text, format), is_correct };
    });
    if (byWeight) {
      question.points = 0;
      const max = list.filter((a) => a.is_correct).reduce((t, a) => t + (a.points ?? 0), 0);
      warnings.push(
        `scored by its weights, as Moodle scores it: each answer's points are its weight in percent and the question's own points 0, so the right ${type === QUESTION_TYPE.singleChoice ? "answer earns" : "answers earn"} ${max} points (an unweighted question of the file is worth 1)`,
      );
      if (rounded.length > 0)
        warnings.push(
          `weights are whole points here: ${rounded.map((a) => `${weightOf(a)}% (line ${a.line}) became ${Math.round(weightOf(a))}`).join(", ")}`,
        );
    }
    return done({ question, answers: list });
  }

  // Short answer: every answer is a right one at its weight (100 % when none is written).
  if (errors.length > 0) return { issues: errors };
  const accepted = answers.filter((a) => (a.weight ?? 100) === 100);
  const partial = answers.filter((a) => (a.weight ?? 100) !== 100);
  if (accepted.length === 0) {
    error("no answer is fully right: a short answer question needs an answer at 100% (=answer)");
    return { issues: errors };
  }
  if (partial.length > 0) {
    warnings.push(
      `answers below 100% are not kept (a typed answer here is accepted or not): ${partial.map((a) => `${JSON.stringify(unprotect(withFormat(a.text, format).text).trim())} (${a.weight}%, line ${a.line})`).join(", ")}`,
    );
  }
  question.type = QUESTION_TYPE.textInput;
  question.properties = {
    text_similarity: 100,
    case_sensitive: false,
    text_answer: accepted.map((a) => ({ value: unprotect(withFormat(a.text, format).text).trim() })),
  };
  return done({ question });

  /** Moodle's ordering question type in GIFT: `{>count options` on its first line, then one item per line in the right order. */
  function ordering(): Outcome {
    const [head = "", ...rest] = answerText.slice(1).split("\n");
    const items = rest.map((l) => l.trim()).filter((l) => l !== "");
    if (items.length < 2) {
      error(
        `its ordering answers {> at line ${lineOf(block, open)} hold fewer than 2 items (one a line, after the {> line)`,
      );
      return { issues: errors };
    }
    const options = unprotect(head).trim().toUpperCase().split(/\s+/);
    const count = Number(options[0]);
    // Moodle shows the count given when it is from 3 to the number of items, else at most 6.
    const shown = Number.isInteger(count) && count > 2 && count <= items.length ? count : Math.min(6, items.length);
    if (shown < items.length && !options.some((o) => o === "ALL" || o === "EXACT"))
      warnings.push(`Moodle shows ${shown} of its ${items.length} items at a time; here every item is shown`);
    // The grading word as the scoring mode (moodle-scoring.ts); none: Moodle's default, RELATIVE.
    const grading = orderingMode(options.slice(1).find(isGradingName) ?? null);
    if (grading.warning !== null) warnings.push(grading.warning);
    question.type = QUESTION_TYPE.sort;
    question.properties =
      grading.mode === ALL_OR_NOTHING
        ? { optional_answers: false }
        : { optional_answers: false, scoring: grading.mode };
    return done({
      question,
      answers: items.map((item, k) => ({ answer: toHtml(item, "moodle"), is_correct: true, order: k + 1 })),
    });
  }

  /** `{#value:tolerance}`, `{#min..max}` or `{#=value:tolerance =%n%value…}`: type 7 (numerical.ts). */
  function numerical(): Outcome {
    const body = answerText.slice(1);
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
        error(
          `the numerical answer ${JSON.stringify(written)} at line ${lineOf(block, open)} is not a number, number:tolerance or min..max`,
        );
        continue;
      }
      if (weight === 100) accepted.push(answer);
      else if (weight > 0) partial.push(`${written} (${weight}%)`);
    }
    if (errors.length > 0) return { issues: errors };
    if (accepted.length === 0) {
      error("no answer is fully right: a numerical question needs an answer at 100%");
      return { issues: errors };
    }
    if (feedback) warnings.push("the feedback of its answers (after #) is not kept: an answer here has no feedback");
    if (partial.length > 0)
      warnings.push(`answers below 100% are not kept (a typed answer here is accepted or not): ${partial.join(", ")}`);
    const { values, warnings: lost } = numericalValues(accepted);
    warnings.push(...lost);
    question.type = QUESTION_TYPE.textInput;
    question.properties = {
      text_similarity: 100,
      case_sensitive: false,
      text_answer: values.map((value) => ({ value })),
    };
    return done({ question });
  }

  /** `{=stem -> choice …}`: Drag & Drop on a generated image; a pair without a stem is a choice that belongs nowhere. */
  function matching(): Outcome {
    const pairs = answerText
      .split("=")
      .slice(1)
      .map((pair) => {
        const arrow = pair.indexOf("->");
        const text = (raw: string) => plainText(toHtml(raw, format));
        return arrow < 0 ? null : { stem: text(pair.slice(0, arrow)), choice: text(pair.slice(arrow + 2)) };
      });
    if (pairs.some((p) => p === null)) {
      error(`a pair of its matching answers at line ${lineOf(block, open)} has no -> between its stem and its answer`);
      return { issues: errors };
    }
    return done(matchingParams(pairs as MatchingPair[], question, warnings));
  }

  function done(params: ItemParams | null): Outcome {
    if (params === null) return skippedBy(warnings);
    if (errors.length > 0) return { issues: errors };
    return { item: { ref, params, caseStudy: null, warnings }, title: title !== null };
  }

  function skippedBy(why: readonly string[]): Outcome {
    return { item: { ref, params: null, caseStudy: null, warnings: [...why] }, title: title !== null };
  }
}

// ---------------------------------------------------------------------------------------------
// The file

export function parseGift(bytes: Uint8Array, options: ImportOptions): ParseResult {
  const decoded = utf8Text(bytes);
  if (decoded === null)
    return {
      ok: false,
      issues: [
        fileIssue("malformed_file", "is not UTF-8 text; a GIFT file is UTF-8 text (a byte order mark is allowed)"),
      ],
    };
  const { blocks, categories, categoryPaths } = splitBlocks(decoded.replace(/\r\n?/g, "\n"));
  if (blocks.length > options.maxItems) {
    return {
      ok: false,
      issues: [
        fileIssue("too_many", `holds ${blocks.length} questions; at most ${options.maxItems} can be imported at once`),
      ],
    };
  }
  const items: PlanItem[] = [];
  const issues: Issue[] = [];
  let titled = false;
  blocks.forEach((block, index) => {
    const outcome = parseQuestion(block, index);
    if ("issues" in outcome) issues.push(...outcome.issues);
    else {
      items.push(withBlueprint(outcome.item, block));
      titled ||= outcome.title;
    }
  });
  if (issues.length > 0) return { ok: false, issues };
  // Moodle reads a file of categories alone: it creates them and imports no question. Here a
  // category is a domain only with questions in it, so nothing comes in, which a warning says.
  if (items.length === 0 && categoryPaths.length > 0)
    return {
      ok: true,
      plan: {
        exam: null,
        caseStudies: [],
        items: [],
        warnings: [
          `the file holds no question, only $CATEGORY lines (${categoryPaths.map((p) => JSON.stringify(p)).join(", ")}): Moodle would create these categories and import no question; here a category becomes a domain only with questions in it, so nothing is imported`,
        ],
      },
    };
  if (items.length === 0)
    return {
      ok: false,
      issues: [fileIssue("malformed_file", "holds no GIFT question (only comments or blank lines)")],
    };
  const blueprint = categories.finish(items);
  const warnings: string[] = blueprint.warnings;
  if (titled)
    warnings.push(
      "question titles (::title::) are not stored: a question has no title here, and a GIFT title is not an external id; they name the items in these messages",
    );
  return { ok: true, plan: { exam: null, caseStudies: [], ...blueprint.plan, items, warnings } };
}

/** The item with the domain of its block's category and the tags of its comments. */
function withBlueprint(item: PlanItem, block: Block): PlanItem {
  if (item.params === null) return item;
  const placed: PlanItem = { ...item, domain: block.domain };
  if (block.tags === undefined || placed.params === null) return placed;
  const { tags, warnings } = fileTags(block.tags);
  return {
    ...placed,
    params: { ...placed.params, question: { ...placed.params.question, tags } },
    warnings: [...placed.warnings, ...warnings],
  };
}

// ---------------------------------------------------------------------------------------------
// Recognition

// An answer block of a kind GIFT has: choice or short answer (= ~), numerical (#, not ####),
// true/false, Moodle's ordering extension (>).
const GIFT_ANSWERS = /\{\s*(?:[=~>]|#(?!###)|(?:T|F|TRUE|FALSE)\s*(?=[#}]))[^{}]*\}/i;
// What a file of only essays, descriptions or categories still shows (contract 13.2.1, issue 26):
// an essay's empty braces ending a line of text (not code's `f() {}`), a `::title::`, a
// `$CATEGORY:` or a text format marker (`[markdown]`) at the start of a line.
const GIFT_MARKS =
  /[^\s)=>][ \t]*\{[ \t]*\}[ \t]*$|^[ \t]*::[^\n]*?::|^[ \t]*\$CATEGORY:|^[ \t]*\[(?:html|moodle|plain|markdown)\]/im;

/** Text with an answer block of GIFT's syntax, or GIFT's other marks, that is not XML or JSON. */
export function looksLikeGift(text: string | null): boolean {
  if (text === null) return false;
  if (text.trimStart().startsWith("<") || isJsonText(text)) return false;
  const code = protect(text.replace(/^[ \t]*\/\/.*$/gm, ""));
  return GIFT_ANSWERS.test(code) || GIFT_MARKS.test(code);
}

export const gift: FormatModule = {
  id: "gift",
  recognize: ({ text }) => looksLikeGift(text),
  parse: parseGift,
};
