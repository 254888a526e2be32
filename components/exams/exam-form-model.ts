// The settings form's values, and what a save sends. Pure (no React), so it is easy to follow:
// - values mirror the exam view, with number fields as the text typed;
// - a save sends only the fields that differ from the exam as loaded (examUpdate is partial),
//   so a save never undoes a change made meanwhile elsewhere (e.g. questions added through the
//   API moving the automatic testing values);
// - the browser checks the request with the API's own schema and auto-handling rules.
import type { ExamWithDomains } from "@/server/data/domains";
import type { ExamView } from "@/server/data/exams";
import type { Issue } from "@/server/errors";
import { examUpdateInput } from "@/server/schemas/exam";
import { parseWith } from "@/server/schemas/zod-issues";
import { isPassFail } from "@/server/domain/evaluation";
import { NUMBER_RULES, readNumber, type NumberRule } from "../forms/number-text";
import { buildDomainsRequest, draftsFromDomains, sameDrafts, type DomainDraft } from "./blueprint-model";
import { previewTesting, type TestingPreview } from "./testing-preview";

export interface ExamFormValues {
  type: number;
  check_answer: boolean;
  title: string;
  category: string;
  code: string;
  shuffle_questsion: boolean;
  shuffle_answers: boolean;
  testing_questions: string;
  testing_time: string;
  /** "Back to automatic" was pressed: the save sends testing_questions: 0 (contract 5, step 2). */
  testing_reset: boolean;
  /** "1.5 minutes per question" was pressed: the save sends testing_time: -1 (step 3). */
  time_by_rate: boolean;
  evaluation_method: number;
  passing_score: string;
  show_description_page: boolean;
  show_standard_introduction: boolean;
  description: string;
  /** The blueprint's rows (blueprint-model.ts). */
  domains: DomainDraft[];
}

export type ExamFormField = keyof ExamFormValues;

/** The fields errors can be placed at (the request's names, see issues.ts). */
export const FORM_FIELDS = [
  "type",
  "check_answer",
  "title",
  "category",
  "code",
  "shuffle_questsion",
  "shuffle_answers",
  "testing_questions",
  "testing_time",
  "evaluation_method",
  "passing_score",
  "show_description_page",
  "show_standard_introduction",
  "description",
  "domains",
] as const satisfies readonly ExamFormField[];

export function valuesFromExam(exam: ExamWithDomains): ExamFormValues {
  return {
    type: exam.type,
    check_answer: exam.check_answer === 1,
    title: exam.title,
    category: exam.category,
    code: exam.code,
    shuffle_questsion: exam.shuffle_questsion,
    shuffle_answers: exam.shuffle_answers,
    testing_questions: String(exam.testing_questions),
    testing_time: String(exam.testing_time),
    testing_reset: false,
    time_by_rate: false,
    evaluation_method: exam.evaluation_method,
    passing_score: exam.passing_score === null ? "" : String(exam.passing_score),
    show_description_page: exam.show_description_page,
    show_standard_introduction: exam.show_standard_introduction,
    description: exam.description,
    domains: draftsFromDomains(exam.domains),
  };
}

/** Whether a field holds the same value in both (the blueprint's rows compared by content). */
function same(k: ExamFormField, a: ExamFormValues, b: ExamFormValues): boolean {
  return k === "domains" ? sameDrafts(a.domains, b.domains) : a[k] === b[k];
}

/** Every value of the form, including the two pending testing actions. */
const KEYS: readonly ExamFormField[] = [...FORM_FIELDS, "testing_reset", "time_by_rate"];

export function changedFields(values: ExamFormValues, base: ExamFormValues): ExamFormField[] {
  return KEYS.filter((k) => !same(k, values, base));
}

/**
 * The exam loaded again (after a save, a status change, questions added): fields the author
 * has not touched take the new stored values; edited ones stay as typed.
 */
export function rebaseValues(values: ExamFormValues, oldBase: ExamFormValues, newBase: ExamFormValues): ExamFormValues {
  const out = { ...values };
  for (const k of KEYS) if (same(k, values, oldBase)) (out as Record<string, unknown>)[k] = newBase[k];
  return out;
}

const SIMPLE = [
  "type",
  "title",
  "category",
  "code",
  "shuffle_questsion",
  "shuffle_answers",
  "evaluation_method",
  "show_description_page",
  "show_standard_introduction",
  "description",
] as const;

/**
 * The `exam` object of examUpdate (without `id`): only what changed. A number field whose text is
 * not what it takes is left out and reported in `invalid`, so nothing is saved while it is wrong.
 */
export function buildExamRequest(
  values: ExamFormValues,
  base: ExamFormValues,
): { request: Record<string, unknown>; invalid: Issue[] } {
  const request: Record<string, unknown> = {};
  const invalid: Issue[] = [];
  const number = (field: "passing_score" | "testing_questions" | "testing_time", rule: NumberRule) => {
    const read = readNumber(values[field], rule, `exam.${field}`);
    if (read.ok) request[field] = read.value;
    else invalid.push(read.issue);
  };
  for (const k of SIMPLE) if (values[k] !== base[k]) request[k] = values[k];
  if (values.check_answer !== base.check_answer) request.check_answer = values.check_answer ? 1 : 0;
  // The whole list when any row changed: examUpdate replaces the blueprint with it.
  if (!sameDrafts(values.domains, base.domains)) {
    const built = buildDomainsRequest(values.domains);
    request.domains = built.domains;
    invalid.push(...built.invalid);
  }

  // The score-only methods ignore the passing score (the API would warn), so it is sent only
  // for pass/fail, and also when moving to pass/fail (the API requires one then).
  if (
    isPassFail(values.evaluation_method) &&
    (values.passing_score !== base.passing_score || values.evaluation_method !== base.evaluation_method)
  ) {
    number("passing_score", NUMBER_RULES.passingScore);
  }

  if (values.testing_reset) {
    request.testing_questions = 0;
  } else {
    if (values.testing_questions !== base.testing_questions) number("testing_questions", NUMBER_RULES.testingQuestions);
    // -1 (1.5 minutes per question) is the button's, not something to type.
    if (values.time_by_rate) request.testing_time = -1;
    else if (values.testing_time !== base.testing_time) number("testing_time", NUMBER_RULES.testingTime);
  }
  return { request, invalid };
}

export interface FormCheck {
  request: Record<string, unknown>;
  errors: Issue[];
  warnings: Issue[];
  /** What testing_questions / testing_time will be after saving (null while they are invalid). */
  testing: TestingPreview | null;
}

/** Checks a save before sending it: the API's schema, then its auto-handling rules. */
export function checkExamForm(exam: ExamView, values: ExamFormValues, base: ExamFormValues): FormCheck {
  const { request, invalid } = buildExamRequest(values, base);
  const parsed = parseWith(examUpdateInput, { id: exam.id, ...request }, "exam");
  // A field the form already found unreadable gets one word, the form's.
  const unreadable = new Set(invalid.map((i) => i.path));
  const errors = [...invalid, ...(parsed.ok ? [] : parsed.issues.filter((i) => !unreadable.has(i.path)))];
  const testingInvalid = errors.some(
    (e) => e.path === "exam.testing_questions" || e.path === "exam.testing_time" || e.path === "exam.type",
  );
  if (testingInvalid) return { request, errors, warnings: [], testing: null };
  const testing = previewTesting(exam, {
    type: values.type,
    testing_questions: request.testing_questions as number | undefined,
    testing_time: request.testing_time as number | undefined,
  });
  return { request, errors: [...errors, ...testing.errors], warnings: testing.warnings, testing };
}
