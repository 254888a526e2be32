// A first guess of the `columns` mapping from a file's header (contract 13.3 point 4): each column
// of another tool's sheet is matched to a column of the template by its name, the way people and
// tools name them ("Question - max 120 characters" → question, "Answer 1" or "Option A" →
// answer_1, "Correct answer(s)" → correct_answers). A column nothing matches ("Time limit (sec)",
// "Image Link") is left out. So is another tool's type column ("Question Type"): its names are not
// ours (Quizizz's "Multiple Choice" has one correct answer), and without a type column a row's
// type follows its correct answers (./sheet-columns.ts). The author confirms or changes the guess
// in the app. Pure.
import { CORRECT_ANSWERS, CSV_QUESTION_COLUMNS, GROUP, type ColumnsMapping } from "./column-keys";

/**
 * A header cell as compared: lower case, what follows a spaced dash or an opening parenthesis
 * (a hint such as " - max 75 characters" or "(optional)") cut off, except "(s)", and `_`, `-`,
 * `:` and `#` as spaces.
 */
export function normalizeColumnName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\(s\)/g, "s")
    .split(/\s[-–—]\s|\(/)[0]!
    .replace(/[_\-:.*]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** `n` or a letter `a`…`z` as an answer's number (from 1). */
function answerNumber(token: string): number {
  return /^[0-9]+$/.test(token) ? Number(token) : token.charCodeAt(0) - 96;
}

type Rule = [RegExp, (m: RegExpExecArray) => string | null];

/** The rules, first match wins; each returns the template's column. */
const RULES: Rule[] = [
  [/^(?:question|question text|question body|prompt|stem|questions?)$/, () => "question"],
  [
    /^(?:correct|right)(?: answers?| options?| choices?| responses?)?$|^answer key$|^key$|^answers? correct$/,
    () => CORRECT_ANSWERS,
  ],
  [
    /^(?:answer|option|choice|alternative|response|answer option) ?([0-9]{1,3}|[a-z])$/,
    (m) => `answer_${answerNumber(m[1]!)}`,
  ],
  [/^(?:answer|correct answer text|solution)$/, () => "answer_1"],
  [/^(?:correct|is correct) ?([0-9]{1,3})$/, (m) => `correct_${m[1]}`],
  [/^(?:points|score) ?([0-9]{1,3})$/, (m) => `points_${m[1]}`],
  [/^(?:answer )?(?:explanation|feedback|rationale|general feedback)$/, () => "explanation"],
  [/^(?:points|score|marks?|grade)$/, () => "points"],
  [/^(?:external id|question id|id)$/, () => "external_id"],
  [/^(?:tags|keywords)$/, () => "tags"],
  [/^(?:domain)$/, () => "domain"],
  [/^(?:case study|case)$/, () => "case_study"],
  [/^(?:text similarity|similarity)$/, () => "text_similarity"],
  [/^(?:case sensitive)$/, () => "case_sensitive"],
];

/** The template's column a header cell most likely holds, or null. */
export function guessColumn(name: string): string | null {
  const exact = name.trim().toLowerCase();
  if ((CSV_QUESTION_COLUMNS as readonly string[]).includes(exact) || GROUP.test(exact) || exact === CORRECT_ANSWERS)
    return exact;
  const normalized = normalizeColumnName(name);
  for (const [pattern, column] of RULES) {
    const m = pattern.exec(normalized);
    if (!m) continue;
    const found = column(m);
    // answer_0 (an "Option 0") is no column of the template.
    return found !== null && !/_0$/.test(found) ? found : null;
  }
  return null;
}

/**
 * The mapping guessed from the header: for each column of the template, the first header cell
 * that matches it (a cell matched once only, empty cells never).
 */
export function guessColumns(header: readonly string[]): ColumnsMapping {
  const guessed: Record<string, string> = {};
  for (const cell of header) {
    if (cell.trim() === "") continue;
    const column = guessColumn(cell);
    if (column !== null && guessed[column] === undefined) guessed[column] = cell.trim();
  }
  return guessed;
}
