// What testing_questions / testing_time will be after a save, by the API's own pure rules
// (server/domain/testing.ts), so the form can show it before saving.
import type { ExamView } from "@/server/data/exams";
import type { Issue } from "@/server/errors";
import { applyTestingRequest, autoTime, initialTestingState, type TestingState } from "@/server/domain/testing";

export interface TestingPreview {
  auto: boolean;
  questions: number;
  time: number;
  errors: Issue[];
  warnings: Issue[];
}

/**
 * The stored auto-handling state, as far as the exam view shows it. The view does not say
 * whether a locked time is "fixed" or "1.5 minutes per question"; both give the same time for
 * the current question count, which is all a preview needs.
 */
export function storedTestingState(exam: ExamView): TestingState {
  if (exam.testing_auto) return initialTestingState();
  const time = exam.testing_time;
  const timeSetting: Pick<TestingState, "timeMode" | "fixedTime"> =
    time === 0
      ? { timeMode: "none", fixedTime: 0 }
      : time === autoTime(exam.testing_questions)
        ? { timeMode: "rate", fixedTime: 0 }
        : { timeMode: "fixed", fixedTime: time };
  return { auto: false, lockedQuestions: exam.testing_questions, ...timeSetting };
}

export function previewTesting(
  exam: ExamView,
  change: { type: number; testing_questions?: number; testing_time?: number },
): TestingPreview {
  const result = applyTestingRequest({
    state: storedTestingState(exam),
    before: { questions: exam.testing_questions, time: exam.testing_time },
    request: { testing_questions: change.testing_questions, testing_time: change.testing_time },
    n: exam.question_count,
    examType: change.type,
  });
  return { auto: result.state.auto, ...result.effective, errors: result.errors, warnings: result.warnings };
}
