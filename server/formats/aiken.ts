// Aiken (contract 13.1 rule 4), import only: single choice questions in plain text, as Moodle's
// documentation describes the format (docs.moodle.org, "Aiken format"):
//
//   What is the capital of France?        the question: one line or more
//   A. Paris                              the options: a capital letter, "." or ")", a space, the text
//   B) London
//   ANSWER: A                             the right option's letter; the question ends here
//
// Each question becomes a type 1 question: its text and options are plain text (HTML-escaped
// into a paragraph, line breaks kept). Blank lines between questions are optional. A question
// without an ANSWER: line, with fewer than 2 options or whose ANSWER: names no option is an
// error at its item, naming the line. Pure: no database, no Node APIs.
import type { Issue } from "../errors";
import { QUESTION_TYPE } from "../schemas/question";
import { fileIssue, isJsonText, itemPath, utf8Text } from "./shared";
import { plainToHtml } from "./text-html";
import type { FormatModule, ImportOptions, ParseResult, PlanItem } from "./types";

const OPTION = /^([A-Z])[.)](?:\s+(.*))?$/;
/**
 * An option written without the space ("B)Correct"), as Moodle reads it too; only once the
 * question has its text, so that a question starting "A.I. systems…" stays a question.
 */
const TIGHT_OPTION = /^([A-Z])[.)](\S.*)$/;
const ANSWER = /^ANSWER\s*:(.*)$/i;

interface Pending {
  index: number;
  line: number;
  text: string[];
  options: { letter: string; text: string; line: number }[];
  errors: string[];
}

export function parseAiken(bytes: Uint8Array, options: ImportOptions): ParseResult {
  const decoded = utf8Text(bytes);
  if (decoded === null)
    return {
      ok: false,
      issues: [
        fileIssue("malformed_file", "is not UTF-8 text; an Aiken file is UTF-8 text (a byte order mark is allowed)"),
      ],
    };
  const lines = decoded.replace(/\r\n?/g, "\n").split("\n");
  const items: PlanItem[] = [];
  const issues: Issue[] = [];
  let current: Pending | null = null;
  let count = 0;

  const ref = (q: Pending) => `question at line ${q.line}`;
  const begin = (line: number): Pending | null => {
    count++;
    if (count > options.maxItems) return null;
    return { index: count - 1, line, text: [], options: [], errors: [] };
  };
  const fail = (q: Pending) => {
    for (const message of q.errors)
      issues.push({ code: "malformed_file", path: itemPath(q.index), message: `${ref(q)}: ${message}` });
  };
  const unfinished = (q: Pending, where: string) => {
    q.errors.push(`no ANSWER: line ${where}; each question ends with one, e.g. "ANSWER: A"`);
    fail(q);
  };

  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const text = lines[i]!.trim();
    if (text === "") continue;
    const option = OPTION.exec(text) ?? (current !== null && current.text.length > 0 ? TIGHT_OPTION.exec(text) : null);
    const answer = option ? null : ANSWER.exec(text);
    if (answer) {
      const q = current ?? begin(line);
      current = null;
      if (q === null) break;
      if (q.text.length === 0 && q.options.length === 0) {
        q.errors.push(`the ANSWER: line ${line} follows no question`);
        fail(q);
        continue;
      }
      finish(q, answer[1]!.trim(), line);
      continue;
    }
    if (option) {
      if (current === null) {
        current = begin(line);
        if (current === null) break;
        current.errors.push(`the option at line ${line} has no question text before it`);
      }
      const [, letter, body = ""] = option;
      const same = current.options.find((o) => o.letter === letter);
      if (same)
        current.errors.push(`option ${letter} at line ${line} repeats the letter of the option at line ${same.line}`);
      if (body.trim() === "") current.errors.push(`option ${letter} at line ${line} has no text`);
      current.options.push({ letter: letter!, text: body.trim(), line });
      continue;
    }
    // Text: the question's (its first line or a further one), unless options came before it.
    if (current !== null && current.options.length > 0) {
      unfinished(current, `after its options (${optionLines(current)}) before the text at line ${line}`);
      current = null;
    }
    if (current === null) {
      current = begin(line);
      if (current === null) break;
    }
    current.text.push(text);
  }
  if (count > options.maxItems)
    return {
      ok: false,
      issues: [
        fileIssue(
          "too_many",
          `holds more than ${options.maxItems} questions; at most ${options.maxItems} can be imported at once`,
        ),
      ],
    };
  if (current !== null)
    unfinished(
      current,
      current.options.length > 0
        ? `after its options (${optionLines(current)}) before the end of the file`
        : "before the end of the file (and no options)",
    );
  issues.sort((a, b) => indexOf(a) - indexOf(b));
  if (issues.length > 0) return { ok: false, issues };
  if (items.length === 0) return { ok: false, issues: [fileIssue("malformed_file", "holds no Aiken question")] };
  return { ok: true, plan: { exam: null, caseStudies: [], items, warnings: [] } };

  function finish(q: Pending, value: string, line: number) {
    if (q.options.length < 2)
      q.errors.push(
        `has ${q.options.length === 0 ? "no options" : "only 1 option"}; a question needs at least 2 ("A. text" or "A) text", one a line)`,
      );
    const letter = /^[A-Za-z]$/.test(value) ? value.toUpperCase() : null;
    if (letter === null)
      q.errors.push(
        `the ANSWER: line ${line} must name one option's letter, e.g. "ANSWER: B"; it says ${JSON.stringify(value)}`,
      );
    else if (q.options.length >= 2 && !q.options.some((o) => o.letter === letter)) {
      q.errors.push(
        `ANSWER: ${letter} at line ${line} names no option; the options are ${q.options.map((o) => o.letter).join(", ")}`,
      );
    }
    if (q.errors.length > 0) return fail(q);
    items[q.index] = {
      ref: ref(q),
      params: {
        question: { type: QUESTION_TYPE.singleChoice, question: plainToHtml(q.text.join("\n")) },
        answers: q.options.map((o) => ({ answer: plainToHtml(o.text), is_correct: o.letter === letter })),
      },
      caseStudy: null,
      warnings: [],
    };
  }
}

function optionLines(q: Pending): string {
  const first = q.options[0]!.line;
  const last = q.options.at(-1)!.line;
  return first === last ? `line ${first}` : `lines ${first}–${last}`;
}

const indexOf = (issue: Issue) => Number(/^items\[(\d+)\]/.exec(issue.path)?.[1] ?? -1);

/** Text (not XML or JSON) with an option line and an ANSWER: line naming a letter. */
export function looksLikeAiken(text: string | null): boolean {
  if (text === null) return false;
  if (text.trimStart().startsWith("<") || isJsonText(text)) return false;
  return /^[ \t]*ANSWER[ \t]*:[ \t]*[A-Za-z][ \t]*\r?$/im.test(text) && /^[ \t]*[A-Z][.)][ \t]+\S/m.test(text);
}

export const aiken: FormatModule = {
  id: "aiken",
  recognize: ({ text }) => looksLikeAiken(text),
  parse: parseAiken,
};
