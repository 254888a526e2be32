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
// Read in parts: gift-blocks.ts splits the file into questions (with their categories and tags),
// gift-question.ts reads one, gift-choice.ts and gift-kinds.ts its answers by kind, gift-text.ts
// the escapes and text formats.
import type { Issue } from "../errors";
import { fileTags } from "./file-tags";
import { splitBlocks, type Block } from "./gift-blocks";
import { parseQuestion } from "./gift-question";
import { protect } from "./gift-text";
import { fileIssue, isJsonText, utf8Text } from "./shared";
import type { FormatModule, ImportOptions, ParseResult, PlanItem } from "./types";

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
