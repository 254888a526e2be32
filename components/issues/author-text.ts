// What each issue code says to an author, in the author's words. The API keeps its own messages
// for its clients ("mark exactly one answer with is_correct: true"); the app shows these instead,
// at the field the issue concerns. One entry per code of ISSUE_CODES: the table is a
// Record<IssueCode, …>, so a code without author wording does not compile, and the unit test
// words an issue of every code. These are the editor's words, said at a field on screen ("Fill
// this in."); the import dialog's setting says instead what the file gives (import-wording.ts,
// only for the codes whose editor wording would not hold there).
import type { Issue, IssueCode } from "@/server/errors";
import type { IssueDetails } from "@/server/issue-codes";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { fieldName } from "./field-names";
import { IMPORT_TEXT } from "./import-wording";
import {
  allowedRange,
  COMMENT_BODY,
  IMAGE_PATH,
  MEDIA_PLACE,
  plural,
  RICH_TEXT_PATH,
  TEXT_ANSWERS_PATH,
  TYPE_ANSWERS,
  unitOf,
  type Wording,
} from "./wording";

export { allowedRange } from "./wording";

/** What the wording of one issue may use besides its details. */
export interface AuthorContext {
  /** Area ids by index, so `areas[1]` can be named "block-2". */
  areaIds?: readonly string[];
  /**
   * Where the author reads it: at a field of an editor ("editor", the default), or in the import
   * dialog about an item of a file that cannot be edited there ("import").
   */
  setting?: "editor" | "import";
}

/** A similarity (0–1) as a whole percent, rounded down, so that only identical texts say 100. */
export const similarityPercent = (similarity: number) => Math.floor(similarity * 100 + 1e-9);

/** A question's own warning as one line: "Accepted answer 2: This is the same accepted answer as …". */
function ownWarningLine(warning: NonNullable<IssueDetails["warning"]>): string {
  const name = fieldName(warning.path);
  const text = authorText({ ...warning, message: "" });
  return name ? `${name}: ${text}` : text;
}

const UPLOAD_IMAGE = "Upload the image first.";

const TEXT: Record<IssueCode, Wording> = {
  required: (_d, at) => (at.path === IMAGE_PATH ? UPLOAD_IMAGE : "Fill this in."),
  invalid_type: () => "This value is not of the right kind.",
  invalid_value: () => "Choose one of the values offered.",
  invalid_format: () => "This is not in the expected format.",
  invalid: () => "This value is not accepted.",
  empty: (_d, at) =>
    at.path === COMMENT_BODY
      ? "Write the comment first."
      : at.path === IMAGE_PATH
        ? UPLOAD_IMAGE
        : TEXT_ANSWERS_PATH.test(at.path)
          ? "Add at least one accepted answer."
          : RICH_TEXT_PATH.test(at.path)
            ? "Write something here, or insert a picture or sound."
            : "Fill this in.",
  too_short: (d) => `Enter at least ${plural(d.min ?? 1, "character")}.`,
  too_long: (d) =>
    d.max !== undefined ? `Shorten this to at most ${plural(d.max, "character")}.` : "This is too long.",
  too_few: (d) => `Add at least ${d.min ?? 1}.`,
  too_many: (d) => (d.max !== undefined ? `At most ${d.max} are allowed here.` : "There are too many here."),
  too_small: (d) => `Enter a number${allowedRange(d)}.`,
  too_big: (d) => `Enter a number${allowedRange(d)}.`,
  unknown_field: () => "This setting is not known and was ignored.",
  conflict: () => "Two settings here say different things; keep one.",
  immutable: () => "This cannot be changed once saved.",
  duplicate: (_d, at) =>
    /domains\[\d+\]\.code$/.test(at.path)
      ? "Another domain already has this code; each needs its own (capitals do not make a code different)."
      : "An item is listed twice.",
  html_not_allowed: () => "Formatting is not allowed here: enter plain text.",
  invalid_character: (_d, at) =>
    at.path === COMMENT_BODY
      ? "This contains an invisible control character (often pasted from another program); a comment is plain text. Remove it."
      : "This contains a character that cannot be stored. Remove it.",
  too_deep: () => "This content is nested too deeply to be stored.",
  too_many_entries: () => "This holds too many entries to be stored at once.",
  too_many_values: () => "This holds too many values to be stored at once.",
  more_issues: () => "There are more problems like these; fix these first.",
  invalid_cursor: () => "The list could not continue; reload the page.",
  not_found: (_d, at) =>
    at.path.startsWith("resources") || at.path.includes("image")
      ? "The file is no longer there; upload it again."
      : "This no longer exists; it may have been deleted. Reload the page.",
  case_study_in_use: () => "Questions still use this case study; change or delete them first.",
  case_study_other_exam: () => "This case study belongs to another exam; choose one of this exam's case studies.",
  external_id_taken: () => "Another question of this exam already has this external id; each needs its own.",
  unknown_question: () => "A question was moved or deleted meanwhile; reload the page.",
  missing_question: () => "A question was added meanwhile; reload the page.",
  check_answer_no_effect: () => "Only a quiz uses the Check Answer button; for this type it has no effect.",
  passing_score_ignored: () => "A score-only method does not use the passing score.",
  invalid_testing_questions: () => "Enter a whole number of questions, 0 or more.",
  testing_time_ignored: () => "The time follows from the questions while they are automatic; this time was not used.",
  testing_time_required: () => "An exam needs a time limit: enter the minutes, or use the time from the questions.",
  // What "Mark ready" finds (server/steps/exam-readiness.ts); the status control puts the link to
  // where each is fixed before it (readiness-links.ts).
  testing_questions_exceed: (d) =>
    d.presented !== undefined && d.max !== undefined
      ? `The exam presents ${plural(d.presented, "question")} but has ${d.max}: lower this number, or add questions.`
      : "More questions are to be presented than the exam has.",
  no_questions: () => "The exam has no questions yet: add them with “New question” or “Import questions”.",
  // The question's own warning, worded as its editor words it at that field.
  question_warning: (d) =>
    d.warning ? ownWarningLine(d.warning) : "This question has a warning; open it to see what.",
  media_missing: (d) => {
    const where = d.usedIn ? MEDIA_PLACE[d.usedIn] : "used here";
    const others = d.others ? ` The same file is also used in ${plural(d.others, "other place")}.` : "";
    return `A picture or sound ${where} is missing; insert it again.${others}`;
  },
  blueprint_short: (d) => {
    if (!d.domain || d.quota === undefined || d.count === undefined)
      return "A domain of the blueprint has fewer questions than its share of the exam.";
    const of = d.presented !== undefined ? ` of the ${d.presented} drawn` : "";
    return `Domain “${d.domain.code} ${d.domain.name}” has ${plural(d.count, "question")} but its weight asks for ${d.quota}${of}: add ${plural(d.quota - d.count, "question")} to it, or lower its weight. Until then the other domains make up the difference.`;
  },
  scenario_failed: (d) =>
    d.scenario !== undefined
      ? `Its scenario “${d.scenario}” does not earn the points it expects: open the question's Scenarios to see what it earns now.`
      : "A scenario of this question does not earn the points it expects.",
  invalid_response: () => "This response names an answer or area the question does not have.",
  similar_question: (d) =>
    d.questionId !== undefined && d.exam && d.similarity !== undefined
      ? `Question ${d.questionId} in “${d.exam.title}” is ${similarityPercent(d.similarity)} % similar to this one: it may be the same question.`
      : "Another question of the workspace is nearly the same as this one.",
  exam_has_warnings: () => "The exam has warnings: fix them, or mark it ready anyway.",
  unchanged: () => "Nothing changed: this is already as saved, so there was nothing to save.",
  answers_ignored: () => "This type of question has no answers; the answers were not kept.",
  answers_required: (d) =>
    `Add the answers of this ${TYPE_ANSWERS[d.questionType ?? 0] ?? ""} question.`.replace(
      "this  question",
      "this question",
    ),
  too_many_answers: (d) =>
    d.max !== undefined ? `A question can have at most ${d.max} answers.` : "This question has too many answers.",
  answers_single: () => "Add at least one more answer: a question with one answer gives nothing to choose.",
  order_required: () => "Give this answer its place in the sequence.",
  duplicate_order: (_d, at) => `This place in the sequence is already taken${at.other ? ` by ${at.other}` : ""}.`,
  no_correct_answer: (d) =>
    d.questionType === QUESTION_TYPE.multipleChoice
      ? "Mark the answers that are correct."
      : d.questionType === QUESTION_TYPE.sort
        ? "Mark at least one answer as part of the sequence."
        : "Mark one answer as correct.",
  too_many_correct: (d, at) =>
    d.questionType === QUESTION_TYPE.singleChoice || d.questionType === undefined
      ? `Only one answer of a single choice question can be correct${at.other ? `, and ${at.other} already is` : ""}. Untick this one, or make the question multiple choice.`
      : `Only one area can be correct${d.area ? `, and ${d.area} already is` : ""}. Untick this one, or allow several correct areas.`,
  single_correct_answer: () =>
    "Only one answer is marked correct: a multiple choice question usually has more. For one correct answer, use single choice.",
  sort_answer_not_correct: () => "Every answer is part of the sequence unless distractors are allowed.",
  match_empty: () => "Connect each target to the draggable that belongs on it.",
  unknown_target: () => "This target is not among the areas; connect it again.",
  unknown_draggable: () => "This draggable is not among the areas; connect it again.",
  draggable_matched_twice: () =>
    "This draggable already belongs on another target; each draggable may belong on one target only.",
  unknown_area: () => "This area is not among the areas; mark it again.",
  no_correct_area: () => "Mark at least one area as correct.",
  alias_ignored: () => "This older form of the accepted answer was ignored.",
  too_many_text_answers: (d) =>
    d.max !== undefined
      ? `A question can have at most ${d.max} accepted answers.`
      : "There are too many accepted answers.",
  duplicate_text_answer: (_d, at) => `This is the same accepted answer as ${at.other ?? "another"}; keep one of them.`,
  area_id_mismatch: (d) =>
    `Area ${d.area ?? ""} has the name of the other kind; change its kind again to rename it.`.replace(
      "Area  ",
      "This area ",
    ),
  duplicate_area_id: (d) => `Two areas are named ${d.area ?? "alike"}; each needs its own name.`,
  area_outside_image: (d) =>
    `Area ${d.area ?? ""} reaches past the ${d.edge ?? "right"} edge of the image by ${d.by ?? 0} px.`.replace(
      "Area  ",
      "This area ",
    ),
  area_width_not_fixed: (d) =>
    `All areas have the same width${d.min !== undefined ? ` (${d.min} px)` : ""} while “Same width” is on.`,
  area_height_not_fixed: (d) =>
    `All areas have the same height${d.min !== undefined ? ` (${d.min} px)` : ""} while “Same height” is on.`,
  html_forbidden: () =>
    "This contains something that cannot be used here (a script, style or form control). Remove it.",
  html_embed_not_allowed: () => "Links and videos cannot be used in a question or an answer.",
  html_unsafe_url: () => "A link or picture here has an address that is not allowed.",
  html_absolute_media: () => "A picture or sound here points to another site; insert it as a file instead.",
  html_link_scheme: () => "A link must start with http://, https:// or mailto:.",
  html_iframe_source: () => "Only YouTube videos can be embedded.",
  html_too_deep: () => "The formatting here is nested too deeply; simplify it.",
  html_removed: () => "Some formatting that cannot be used here was removed.",
  html_more_errors: () => "There are more problems like these in this text.",
  too_large: () => "The file is too large.",
  too_complex: () => "This is too complex to check; make it simpler or smaller.",
  invalid_base64: () => "The file could not be read; insert it again.",
  empty_file: () => "The file is empty.",
  svg_too_complex: () => "The SVG drawing is too complex; simplify it.",
  svg_too_large: () => "The SVG drawing is too large.",
  image_too_large: () => "The picture has too many pixels; use a smaller one.",
  unsupported_media: () => "Only pictures (PNG, JPEG, GIF, WebP, SVG) and sounds (MP3, OGG, WAV) can be used.",
  svg_sanitized: () => "Parts of the SVG drawing that could run code were removed.",
  extension_mismatch: () => "The file's name said another type than its content; it was stored as what it is.",
  not_an_image: () => "This must be a picture.",
  invalid_path: () => "The file's name cannot be used; rename it.",
  resource_unused: () => "An uploaded file is not used and was not kept.",
  unknown_format: () => "This file is in none of the formats that can be imported.",
  format_unavailable: () => "This format cannot be used yet; choose another.",
  malformed_file: () => "The file is damaged or not in the format it claims; export it again.",
  settings_ignored: () => "The exam settings in the file were not used; this exam keeps its own.",
  import_loss: () => "Part of this item could not be carried over exactly.",
  item_skipped: () => "This item was left out: the studio has no question of its kind.",
  import_repaired: () => "This was changed so that the studio can hold it; check that it still reads right.",
  item_invalid: () => "This item was left out: it breaks a rule of the studio (see its problems).",
  case_study_differs: () => "A case study of this name already exists here with other text; the existing one was kept.",
  weights_sum: (d) =>
    d.sum !== undefined
      ? `The weights add up to ${d.sum} %: make them add up to 100 %, or set every weight to 0.`
      : "The weights must add up to 100 %, or all be 0.",
  unknown_domain: (_d, at) =>
    at.path.endsWith("domain_id")
      ? "This domain is not one of this exam's; choose one of its domains."
      : "This domain is no longer part of the exam; reload the page.",
  questions_unassigned: (d) =>
    d.count !== undefined
      ? `${plural(d.count, "question")} of the removed domains now ${d.count === 1 ? "has" : "have"} no domain.`
      : "Questions of the removed domains now have no domain.",
  domains_added: (d) =>
    d.count !== undefined
      ? `${plural(d.count, "category", "categories")} of the file became domains of this exam, with weight 0.`
      : "Categories of the file became domains of this exam, with weight 0.",
  invalid_number: (d) => `Enter a whole number${unitOf(d)}${allowedRange(d)}.`,
};

/** The issue in the author's words. */
export function authorText(issue: Issue, context: AuthorContext = {}): string {
  const details = issue.details ?? {};
  const name = fieldName(issue.path, context.areaIds);
  const other = details.other === undefined ? null : fieldName(details.other, context.areaIds);
  const wording = (context.setting === "import" ? IMPORT_TEXT[issue.code] : undefined) ?? TEXT[issue.code];
  return wording?.(details, { path: issue.path, name, other }) ?? "This value is not accepted.";
}

/** Every code the table words (for the test that every code has author wording). */
export const WORDED_CODES = Object.keys(TEXT) as IssueCode[];
