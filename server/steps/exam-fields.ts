// The exam rules shared by examCreate and examUpdate (contract 4 and 5): from the stored row
// (or the defaults of a new exam) and the request, the columns to store, with every problem
// reported. Update is partial: a field left out keeps its stored value.
import { cleanHtml } from "../html/policy";
import { effectiveTesting, testingColumns, testingStateOf, type ExamColumns } from "../data/exams";
import { isPassFail } from "../domain/evaluation";
import { applyTestingRequest, initialTestingState } from "../domain/testing";
import { EXAM_TYPE, type ExamUpdateInput } from "../schemas/exam";
import type { ExamSettings } from "../formats/types";
import type { OpContext } from "../operation";

/** A new exam's stored state before its create request is applied. */
export function newExamDefaults(): Omit<ExamColumns, "type" | "title" | "category" | "code" | "evaluationMethod"> {
  const state = initialTestingState();
  return {
    checkAnswer: 0,
    shuffleQuestions: true,
    shuffleAnswers: true,
    ...testingColumns(state),
    passingScore: null,
    showDescriptionPage: false,
    showStandardIntroduction: true,
    description: "",
  };
}

/**
 * Applies `input` to `stored`. `description` is the cleaned HTML (or undefined when not sent).
 * Returns the columns to store; errors and warnings go into ctx.report.
 */
export function applyExamFields(
  ctx: OpContext,
  stored: ExamColumns & { questionCount: number },
  input: Omit<ExamUpdateInput, "id">,
  description: string | undefined,
): ExamColumns {
  const { report } = ctx;

  if (
    input.shuffle_questsion !== undefined &&
    input.shuffle_questions !== undefined &&
    input.shuffle_questsion !== input.shuffle_questions
  ) {
    report.error(
      "conflict",
      "exam.shuffle_questions",
      "shuffle_questions is an alias of shuffle_questsion; send one of them, or the same value in both",
    );
  }

  const type = input.type ?? stored.type;
  const evaluationMethod = input.evaluation_method ?? stored.evaluationMethod;
  const checkAnswer = input.check_answer ?? stored.checkAnswer;
  if (input.check_answer === 1 && type !== EXAM_TYPE.quiz) {
    report.warn(
      "check_answer_no_effect",
      "exam.check_answer",
      "check_answer takes effect only for a quiz (type 1); it is stored but has no effect for this exam type",
    );
  }

  let passingScore = stored.passingScore;
  if (isPassFail(evaluationMethod)) {
    if (input.passing_score !== undefined) passingScore = input.passing_score;
    else if (passingScore === null) {
      report.error(
        "required",
        "exam.passing_score",
        `is required for evaluation method ${evaluationMethod} (pass/fail): an integer percentage from 0 to 100`,
      );
    }
  } else if (input.passing_score !== undefined) {
    report.warn(
      "passing_score_ignored",
      "exam.passing_score",
      `is ignored for evaluation method ${evaluationMethod} (score only, no pass/fail)`,
    );
  }

  const testing = applyTestingRequest({
    state: testingStateOf(stored),
    before: effectiveTesting(stored),
    request: { testing_questions: input.testing_questions, testing_time: input.testing_time },
    n: stored.questionCount,
    examType: type,
  });
  report.merge(testing);

  const newDescription = description ?? stored.description;
  const showDescriptionPage = input.show_description_page ?? stored.showDescriptionPage;
  return {
    type,
    checkAnswer,
    title: input.title ?? stored.title,
    category: input.category ?? stored.category,
    code: input.code ?? stored.code,
    shuffleQuestions: input.shuffle_questsion ?? input.shuffle_questions ?? stored.shuffleQuestions,
    shuffleAnswers: input.shuffle_answers ?? stored.shuffleAnswers,
    ...testingColumns(testing.state),
    evaluationMethod,
    passingScore,
    // Stored as false whenever the description is empty (interface 2.1).
    // "Empty" means no text and no media: an empty editor's "<p></p>" is empty too.
    showDescriptionPage: showDescriptionPage && cleanHtml(newDescription, "description", "exam.description").hasContent,
    showStandardIntroduction: input.show_standard_introduction ?? stored.showStandardIntroduction,
    description: newDescription,
  };
}

/** An exam's settings as a file carries them (server/formats/types.ts): every column an export writes. */
export function examSettingsOf(row: ExamColumns): ExamSettings {
  return {
    type: row.type as ExamSettings["type"],
    check_answer: row.checkAnswer as ExamSettings["check_answer"],
    title: row.title,
    category: row.category,
    code: row.code,
    shuffle_questsion: row.shuffleQuestions,
    shuffle_answers: row.shuffleAnswers,
    testing: {
      auto: row.testingAuto,
      locked_questions: row.testingLockedQuestions,
      time_mode: row.testingTimeMode,
      fixed_time: row.testingFixedTime,
    },
    evaluation_method: row.evaluationMethod as ExamSettings["evaluation_method"],
    passing_score: row.passingScore,
    show_description_page: row.showDescriptionPage,
    show_standard_introduction: row.showStandardIntroduction,
    description: row.description,
  };
}

/** The fields examCreate requires; an import takes each from its `exam` param or the file (contract 13.2.2). */
export const REQUIRED_EXAM_FIELDS = ["type", "title", "category", "code", "evaluation_method"] as const;

/**
 * A new exam's stored state from the settings a file holds (an import): the defaults of a new
 * exam with the file's settings over them, testing state included as stored, and `questionCount`
 * the questions the import will create (so that a locked testing_questions is kept). A required
 * field the file lacks is left empty (the import reports it unless its `exam` param gives it);
 * description is left to the caller, which cleans it.
 */
export function examBaseFromSettings(
  settings: Partial<ExamSettings>,
  questionCount: number,
): ExamColumns & { questionCount: number } {
  const defaults = newExamDefaults();
  const t = settings.testing;
  return {
    ...defaults,
    type: settings.type ?? EXAM_TYPE.quiz,
    checkAnswer: settings.check_answer ?? defaults.checkAnswer,
    title: settings.title ?? "",
    category: settings.category ?? "",
    code: settings.code ?? "",
    shuffleQuestions: settings.shuffle_questsion ?? defaults.shuffleQuestions,
    shuffleAnswers: settings.shuffle_answers ?? defaults.shuffleAnswers,
    ...(t
      ? testingColumns({
          auto: t.auto,
          lockedQuestions: t.locked_questions,
          timeMode: t.time_mode,
          fixedTime: t.fixed_time,
        })
      : {}),
    evaluationMethod: settings.evaluation_method ?? 1,
    passingScore: settings.passing_score ?? null,
    showDescriptionPage: settings.show_description_page ?? defaults.showDescriptionPage,
    showStandardIntroduction: settings.show_standard_introduction ?? defaults.showStandardIntroduction,
    description: "",
    questionCount,
  };
}
