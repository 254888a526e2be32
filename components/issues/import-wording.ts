// What an issue says in the import dialog, where the author reads about an item of a file that
// cannot be edited there: what the file gives that is wrong, not an instruction about a field on
// screen. "Fill this in.", "Enter a number from 0 to 100." and "Upload the image first." mean
// nothing beside a file; "The file gives no text, picture or sound." and "The file gives a number
// above 100; at most 100 is allowed." do, with what the file gives where the issue's details hold
// it (a CSV cell: "The file gives “250”; it must be a whole number from 0 to 100.").
// Only the codes whose editor wording (author-text.ts) is an instruction, or speaks of "here" or of
// the editor, have an entry; the others read the same in both settings, so each code keeps one
// wording per setting in one place. The unit test words every code in this setting and refuses
// editor language, so a new code whose editor wording does not hold here cannot be forgotten. Pure.
import type { IssueCode, IssueDetails } from "@/server/issue-codes";
import { QUESTION_TYPE } from "@/server/schemas/question";
import {
  allowedRange,
  IMAGE_PATH,
  MEDIA_PLACE,
  plural,
  RICH_TEXT_PATH,
  TEXT_ANSWERS_PATH,
  TYPE_ANSWERS,
  unitOf,
  type Wording,
} from "./wording";

/** " from 0 to 100", " of at least 0", " of at most 100", or "" (a number's bounds after "a whole number"). */
function wholeRange(d: IssueDetails): string {
  if (d.min !== undefined && d.max !== undefined) return ` from ${d.min} to ${d.max}`;
  if (d.min !== undefined) return ` of at least ${d.min}`;
  if (d.max !== undefined) return ` of at most ${d.max}`;
  return "";
}

const NO_IMAGE = "The file gives no base image, and an image question is made on one.";

export const IMPORT_TEXT: Partial<Record<IssueCode, Wording>> = {
  required: (_d, at) => (at.path === IMAGE_PATH ? NO_IMAGE : "The file gives no value for this, and one is required."),
  invalid_type: () => "The file gives a value of the wrong kind (text where a number belongs, or the reverse).",
  invalid_value: (d) =>
    d.given !== undefined
      ? `The file gives “${d.given}”; it must be a whole number${wholeRange(d)}.`
      : "The file gives a value that is not one of those allowed.",
  invalid_format: () => "The file gives a value that is not in the expected format.",
  empty: (_d, at) =>
    at.path === IMAGE_PATH
      ? NO_IMAGE
      : TEXT_ANSWERS_PATH.test(at.path)
        ? "The file gives no accepted answer."
        : RICH_TEXT_PATH.test(at.path)
          ? "It is empty: the file gives no text, picture or sound."
          : "It is empty in the file, and a value is required.",
  too_short: (d) =>
    `The file gives fewer than ${plural(d.min ?? 1, "character")}; at least ${d.min ?? 1} are required.`,
  too_long: (d) =>
    d.max !== undefined
      ? `The file gives more than ${plural(d.max, "character")}; at most ${d.max} are allowed.`
      : "The file gives a text that is too long.",
  too_few: (d) => `The file gives fewer than ${d.min ?? 1}; at least ${d.min ?? 1} are required.`,
  too_many: (d) =>
    d.max !== undefined
      ? `The file gives more than ${d.max}; at most ${d.max} are allowed.`
      : "The file gives too many.",
  too_small: (d) =>
    d.min !== undefined
      ? `The file gives ${d.given ?? `a number below ${d.min}`}; at least ${d.min} is allowed.`
      : "The file gives a number that is too small.",
  too_big: (d) =>
    d.max !== undefined
      ? `The file gives ${d.given ?? `a number above ${d.max}`}; at most ${d.max} is allowed.`
      : "The file gives a number that is too large.",
  unknown_field: () => "The file gives a setting that is not known; it was ignored.",
  conflict: () => "The file gives two settings that say different things.",
  immutable: () => "The file would change this, but it cannot be changed once saved.",
  duplicate: (_d, at) =>
    /domains\[\d+\]\.code$/.test(at.path)
      ? "The file gives a domain code that another domain already has (capitals do not make a code different)."
      : "The file lists this twice.",
  html_not_allowed: () => "The file gives formatting where only plain text is allowed.",
  invalid_character: () =>
    "The file gives a character that cannot be stored (often an invisible control character from another program).",
  more_issues: () => "The file has more problems like these; only the first are listed.",
  invalid_cursor: () => "The list could not continue; the page needs reloading.",
  not_found: (_d, at) =>
    at.path.startsWith("resources") || at.path.includes("image")
      ? "The file names a picture or sound that it does not carry."
      : "The file refers to something that no longer exists.",
  case_study_in_use: () => "Questions still use this case study, so it cannot be deleted.",
  case_study_other_exam: () => "The file names a case study of another exam.",
  external_id_taken: () =>
    "Another question of this exam already has the external id the file gives; each needs its own.",
  unknown_question: () =>
    "A question of the exam was moved or deleted while the file was read; the check needs to run again.",
  missing_question: () => "A question was added to the exam while the file was read; the check needs to run again.",
  invalid_testing_questions: () => "The file gives a number of questions that is not a whole number, 0 or more.",
  testing_time_required: () =>
    "The file gives no time limit, and an exam needs one (in minutes, or the time from the questions).",
  testing_questions_exceed: (d) =>
    d.presented !== undefined && d.max !== undefined
      ? `The exam would present ${plural(d.presented, "question")} but has ${d.max}.`
      : "More questions are to be presented than the exam has.",
  no_questions: () => "The exam has no questions yet.",
  question_warning: () => "This question has a warning of its own.",
  media_missing: (d) => `A picture or sound ${d.usedIn ? MEDIA_PLACE[d.usedIn] : "that it names"} is not in the file.`,
  blueprint_short: (d) =>
    !d.domain || d.quota === undefined || d.count === undefined
      ? "A domain of the blueprint has fewer questions than its share of the exam."
      : `Domain “${d.domain.code} ${d.domain.name}” has ${plural(d.count, "question")} but its weight asks for ${d.quota}; the other domains make up the difference.`,
  scenario_failed: (d) =>
    d.scenario !== undefined
      ? `Its scenario “${d.scenario}” does not earn the points it expects.`
      : "A scenario of this question does not earn the points it expects.",
  exam_has_warnings: () => "The exam has warnings.",
  unchanged: () => "The file gives this as it is already stored; nothing changed.",
  answers_ignored: () => "This type of question has no answers; the answers the file gives were not kept.",
  answers_required: (d) =>
    `The file gives no answers for this ${TYPE_ANSWERS[d.questionType ?? 0] ?? ""} question.`.replace(
      "this  question",
      "this question",
    ),
  too_many_answers: (d) =>
    d.max !== undefined
      ? `The file gives more than ${d.max} answers; a question can have at most ${d.max}.`
      : "The file gives too many answers.",
  answers_single: () => "The file gives only one answer, which leaves nothing to choose.",
  order_required: () => "The file gives this answer no place in the sequence.",
  duplicate_order: (_d, at) =>
    `The file gives this answer a place in the sequence that ${at.other ?? "another answer"} already has.`,
  no_correct_answer: (d) =>
    d.questionType === QUESTION_TYPE.sort
      ? "The file puts no answer in the sequence."
      : "The file marks no answer as correct.",
  too_many_correct: (d, at) =>
    d.questionType === QUESTION_TYPE.singleChoice || d.questionType === undefined
      ? `The file marks more than one answer correct${at.other ? ` (${at.other} too)` : ""}; a single choice question has one.`
      : `The file marks more than one area correct${d.area ? ` (${d.area} too)` : ""}, and this question allows one.`,
  single_correct_answer: () => "The file marks only one answer correct: a multiple choice question usually has more.",
  sort_answer_not_correct: () => "The file leaves this answer out of the sequence, and distractors are not allowed.",
  match_empty: () => "The file matches no draggable to a target.",
  unknown_target: () => "The file names a target that is not among the areas.",
  unknown_draggable: () => "The file names a draggable that is not among the areas.",
  draggable_matched_twice: () =>
    "The file matches this draggable to more than one target; each draggable may belong on one target only.",
  unknown_area: () => "The file names an area that is not among the areas.",
  no_correct_area: () => "The file marks no area as correct.",
  alias_ignored: () => "The file gives an older form of the accepted answer; it was ignored.",
  too_many_text_answers: (d) =>
    d.max !== undefined
      ? `The file gives more than ${d.max} accepted answers; a question can have at most ${d.max}.`
      : "The file gives too many accepted answers.",
  duplicate_text_answer: (_d, at) => `The file gives the same accepted answer as ${at.other ?? "another"}.`,
  area_id_mismatch: (d) =>
    `The file gives area ${d.area ?? ""} the name of the other kind of area.`.replace("area  ", "this area "),
  duplicate_area_id: (d) => `The file names two areas ${d.area ?? "alike"}; each needs its own name.`,
  area_width_not_fixed: (d) =>
    `The file asks for areas of one width${d.min !== undefined ? ` (${d.min} px)` : ""}, and not all have it.`,
  area_height_not_fixed: (d) =>
    `The file asks for areas of one height${d.min !== undefined ? ` (${d.min} px)` : ""}, and not all have it.`,
  html_forbidden: () => "The file gives something that cannot be used in a question (a script, style or form control).",
  html_embed_not_allowed: () => "The file gives a link or video, and neither can be used in a question or an answer.",
  html_unsafe_url: () => "A link or picture in the file has an address that is not allowed.",
  html_absolute_media: () => "A picture or sound in the file points to another site instead of being carried in it.",
  html_link_scheme: () => "A link in the file does not start with http://, https:// or mailto:.",
  html_iframe_source: () => "The file embeds a video that is not on YouTube; only YouTube videos can be embedded.",
  html_too_deep: () => "The formatting in the file is nested too deeply to be stored.",
  html_removed: () => "Some formatting of the file that cannot be used was removed.",
  html_more_errors: () => "The file has more problems like these in this text.",
  too_large: () => "It is too large to be stored.",
  too_complex: () => "It is too complex to check.",
  invalid_base64: () => "The copy of it in the file cannot be read (its encoding is damaged).",
  empty_file: () => "It is empty in the file.",
  svg_too_complex: () => "The SVG drawing is too complex to check.",
  image_too_large: () => "The picture has too many pixels to be stored.",
  unsupported_media: () =>
    "It is not a picture (PNG, JPEG, GIF, WebP, SVG) or a sound (MP3, OGG, WAV), the only files that can be used.",
  not_an_image: () => "The file gives something other than a picture where a picture belongs.",
  invalid_path: () => "The name the file gives it cannot be used.",
  format_unavailable: () => "This format cannot be imported yet.",
  malformed_file: () => "The file is damaged or not in the format it claims.",
  import_repaired: () => "This was changed so that the studio can hold it; it may read differently now.",
  item_invalid: () => "This item was left out: it breaks a rule of the studio (its problems are listed with it).",
  case_study_differs: () =>
    "The exam already has a case study of this name with other text; it was kept, and the file's text was not used.",
  weights_sum: (d) =>
    d.sum !== undefined
      ? `The weights in the file add up to ${d.sum} %; they must add up to 100 %, or all be 0.`
      : "The weights in the file do not add up to 100 %, and they are not all 0.",
  unknown_domain: () => "The file names a domain that is not one of this exam's.",
  invalid_number: (d) => `The file gives something other than a whole number${unitOf(d)}${allowedRange(d)}.`,
};
