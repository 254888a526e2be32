// Every code an issue (error or warning) can carry: the one list the producers are typed against
// (`Issue.code` is an IssueCode), so a new code cannot be produced without being added here, and
// the app's table of author wording (components/issues/author-text.ts, a Record<IssueCode, …>)
// cannot miss one. Pure: the browser imports it too.

export const ISSUE_CODES = [
  // Field values (server/schemas/zod-issues.ts and the schemas' own checks)
  "required",
  "invalid_type",
  "invalid_value",
  "invalid_format",
  "invalid",
  "empty",
  "too_short",
  "too_long",
  "too_few",
  "too_many",
  "too_small",
  "too_big",
  "unknown_field",
  "conflict",
  "immutable",
  "duplicate",
  "html_not_allowed",
  // The shape of the params (server/schemas/params-shape.ts, the RPC transport)
  "invalid_character",
  "too_deep",
  "too_many_entries",
  "too_many_values",
  "more_issues",
  "invalid_cursor",
  // Lookups (server/operations)
  "not_found",
  "case_study_in_use",
  "case_study_other_exam",
  "external_id_taken",
  "unknown_question",
  "missing_question",
  // Exam settings and status (server/steps/exam-fields.ts, exam-readiness.ts, server/domain/testing.ts)
  "check_answer_no_effect",
  "passing_score_ignored",
  "invalid_testing_questions",
  "testing_time_ignored",
  "testing_time_required",
  "testing_questions_exceed",
  "no_questions",
  "question_warning",
  "media_missing",
  "blueprint_short",
  "scenario_failed",
  "exam_has_warnings",
  // A response of the scoring call or of a scenario that does not fit its question (contract 16.2)
  "invalid_response",
  // Advice on questionCreate and questionUpdate (server/steps/similar-questions.ts); not a
  // question warning of the readiness check (contract 15.2 point 3)
  "similar_question",
  // An update that leaves the object as stored, so nothing was written (server/steps/unchanged.ts)
  "unchanged",
  // Question rules (server/domain/question-rules/)
  "answers_ignored",
  "answers_required",
  "too_many_answers",
  "answers_single",
  "order_required",
  "duplicate_order",
  "no_correct_answer",
  "too_many_correct",
  "single_correct_answer",
  "sort_answer_not_correct",
  "match_empty",
  "unknown_target",
  "unknown_draggable",
  "draggable_matched_twice",
  "unknown_area",
  "no_correct_area",
  "alias_ignored",
  "too_many_text_answers",
  "duplicate_text_answer",
  // Areas of image questions (server/domain/areas.ts)
  "area_id_mismatch",
  "duplicate_area_id",
  "area_outside_image",
  "area_width_not_fixed",
  "area_height_not_fixed",
  // The HTML policy (server/html/issues.ts)
  "html_forbidden",
  "html_embed_not_allowed",
  "html_unsafe_url",
  "html_absolute_media",
  "html_link_scheme",
  "html_iframe_source",
  "html_too_deep",
  "html_removed",
  "html_more_errors",
  // Media (server/media/check-resource.ts, server/steps/content.ts, server/workers/content-parser.ts)
  "too_large",
  "too_complex",
  "invalid_base64",
  "empty_file",
  "svg_too_complex",
  "svg_too_large",
  "image_too_large",
  "unsupported_media",
  "svg_sanitized",
  "extension_mismatch",
  "not_an_image",
  "invalid_path",
  "resource_unused",
  // Import and export (server/formats, server/operations/exam-import.ts)
  "unknown_format",
  "format_unavailable",
  "malformed_file",
  "settings_ignored",
  "import_loss",
  "item_skipped",
  "import_repaired",
  "item_invalid",
  "case_study_differs",
  // The blueprint and tags (server/schemas/blueprint.ts, server/steps/blueprint.ts)
  "weights_sum",
  "unknown_domain",
  "questions_unassigned",
  "domains_added",
  // The app's own number fields (components/forms/number-text.ts); the API never sends it.
  "invalid_number",
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ISSUE_CODES);

export function isIssueCode(code: unknown): code is IssueCode {
  return typeof code === "string" && KNOWN.has(code);
}

/**
 * What an issue's author wording needs beyond its code and path, set by the producer where it
 * knows it (the limit that was broken, the area and by how much). Kept on the issue inside the
 * app (the browser's live checks, the server actions' answers) and left out of API responses,
 * whose issues stay `{ code, path, message }`.
 */
export interface IssueDetails {
  /** The least value, length or count allowed. */
  min?: number;
  /** The greatest value, length or count allowed. */
  max?: number;
  /** A question type (1–7), when the rule depends on it. */
  questionType?: number;
  /** The area an area rule is about. */
  area?: string;
  /** The image edge an area reaches past, and by how many pixels. */
  edge?: "right" | "bottom";
  by?: number;
  /** The path of the earlier item this one conflicts with (`answers[0]`, `…areas[2]`). */
  other?: string;
  /** A question's position in its exam (1-based): the number authors know it by. */
  position?: number;
  /** A unit for a number field's wording: "minutes", "pixels", … */
  unit?: string;
  /**
   * What was given for the field when it breaks a rule: an imported file's cell as written there
   * ("250"), or a number out of bounds as the checks read it.
   */
  given?: string;
  // What "Mark ready" found (steps/exam-readiness.ts), so the app names each problem and links
  // to where it is fixed.
  /** The question a finding is about (`position` is its number). */
  questionId?: number;
  /** The question's own warning that a question_warning reports, as its last save stored it. */
  warning?: { code: IssueCode; path: string; details?: IssueDetails };
  /** How many questions the exam is set to present (testing_questions_exceed, where `max` is how many it has; blueprint_short). */
  presented?: number;
  /** Where a missing media file is used first: the exam's description, a question, a case study. */
  usedIn?: "description" | "question" | "case_study";
  /** The case study that uses a missing media file, and its name. */
  caseStudyId?: number;
  caseStudyName?: string;
  /** How many more places use the same missing file. */
  others?: number;
  /** What a blueprint's weights sum to (weights_sum). */
  sum?: number;
  /** The blueprint domain a finding is about (blueprint_short), with its quota. */
  domain?: { id: number; code: string; name: string };
  quota?: number;
  /** The scenario a finding is about (scenario_failed): its name. */
  scenario?: string;
  /** The exam a similar question is in (similar_question), and its title. */
  exam?: { id: number; title: string };
  /** How similar two question texts are, from 0 to 1 (similar_question). */
  similarity?: number;
  /**
   * How many questions a change left without their domain (questions_unassigned); how many
   * questions a short domain has (blueprint_short); how many domains an import added
   * (domains_added).
   */
  count?: number;
}
