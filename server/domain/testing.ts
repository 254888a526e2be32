// Auto-handling of testing_questions / testing_time (contract section 5, interface 3.2).
// Pure: called by exam create/update, by every save that changes the question count, and by the
// exam settings form to show what a change would do before it is saved.
import type { Issue } from "../errors";
import { EXAM_TYPE } from "../schemas/exam";

/** rate: 1.5 min per presented question; none: 0, no time limit; fixed: `fixedTime` minutes. */
export type TimeMode = "rate" | "none" | "fixed";

/** What the exam row stores. `lockedQuestions`/`fixedTime` only mean something while auto is off. */
export interface TestingState {
  auto: boolean;
  lockedQuestions: number;
  timeMode: TimeMode;
  fixedTime: number;
}

/** What is in effect: the testing_questions / testing_time the exam shows. */
export interface TestingEffective {
  questions: number;
  time: number;
}

export const MAX_AUTO_QUESTIONS = 60;
export const MINUTES_PER_QUESTION = 1.5;

/** 60 when n ≥ 60; n rounded down to a multiple of 5 when 5 ≤ n < 60; n itself below 5. */
export function autoQuestions(n: number): number {
  if (n >= MAX_AUTO_QUESTIONS) return MAX_AUTO_QUESTIONS;
  if (n >= 5) return Math.floor(n / 5) * 5;
  return Math.max(0, n);
}

/** ceil(1.5 × q) minutes. */
export function autoTime(q: number): number {
  // 1.5 × q is exact in binary floating point for integer q, so ceil is safe.
  return Math.ceil(MINUTES_PER_QUESTION * q);
}

/** Auto on, time by rate, nothing locked. */
export function initialTestingState(): TestingState {
  return { auto: true, lockedQuestions: 0, timeMode: "rate", fixedTime: 0 };
}

/**
 * Step 4 alone: what is in effect for N questions (auto flips back on when locked > N). Used on
 * every save that changes N.
 */
export function recomputeTesting(state: TestingState, n: number): { state: TestingState; effective: TestingEffective } {
  // A locked value above N is silently replaced: auto-handling turns back on (no error, no warning).
  const current = !state.auto && state.lockedQuestions > n ? initialTestingState() : state;
  if (current.auto) {
    const questions = autoQuestions(n);
    return { state: current, effective: { questions, time: autoTime(questions) } };
  }
  // A lock at 0 can only come from fixing the time while the exam had no questions; 0 questions
  // is never a useful simulation, so it means "the questions follow N" (docs/decisions.md).
  const questions = current.lockedQuestions === 0 ? autoQuestions(n) : current.lockedQuestions;
  return { state: current, effective: { questions, time: timeFor(current, questions) } };
}

function timeFor(state: TestingState, questions: number): number {
  switch (state.timeMode) {
    case "rate":
      return autoTime(questions);
    case "none":
      return 0;
    case "fixed":
      return state.fixedTime;
  }
}

/** The time setting that keeps `minutes` in effect: 0 is "none", anything else fixed minutes. */
function timeSetting(minutes: number): Pick<TestingState, "timeMode" | "fixedTime"> {
  return minutes === 0 ? { timeMode: "none", fixedTime: 0 } : { timeMode: "fixed", fixedTime: minutes };
}

const EXAM_TYPE_NEEDS_TIME_MESSAGE =
  "an exam of type 3 (exam) needs a time limit: send a positive number of minutes, or a negative value for automatic time (1.5 minutes per question)";

/**
 * Steps 1–5 for one examCreate/examUpdate. `before` is the effective values before this request
 * (for create: recomputeTesting(initial, 0)). examType is the exam's type AFTER this request.
 */
export function applyTestingRequest(args: {
  state: TestingState;
  before: TestingEffective;
  request: { testing_questions?: number; testing_time?: number };
  n: number;
  examType: number;
}): { state: TestingState; effective: TestingEffective; errors: Issue[]; warnings: Issue[] } {
  const { before, request, n, examType } = args;
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const q = request.testing_questions;
  const t = request.testing_time;

  // Step 1.
  let state: TestingState = { ...args.state };

  // Step 2.
  let questionsLockedNow = false;
  if (q !== undefined) {
    if (q < 0) {
      errors.push({
        code: "invalid_testing_questions",
        path: "exam.testing_questions",
        message: `must be 0 (automatic: 60, or the question count rounded down to a multiple of 5) or a positive number of questions, got ${q}`,
      });
    } else if (q === 0) {
      state = initialTestingState();
    } else if (q !== before.questions) {
      state = { ...state, auto: false, lockedQuestions: q };
      questionsLockedNow = true;
      // The time in effect is locked too, unless this same request says what the time is.
      if (t === undefined) state = { ...state, ...timeSetting(before.time) };
    }
  }

  // Step 3.
  if (t !== undefined) {
    if (q === 0 && t >= 0) {
      warnings.push({
        code: "testing_time_ignored",
        path: "exam.testing_time",
        message: `${t} was ignored because testing_questions: 0 turns automatic handling on, which calculates the time (1.5 minutes per question); send only testing_questions: 0, or a negative testing_time`,
      });
    } else if (t < 0) {
      // Never turns auto on or off by itself.
      state = { ...state, timeMode: "rate", fixedTime: 0 };
    } else if (t !== before.time) {
      // Auto on: the questions in effect are locked. Already off: the lock stays as it is (a lock
      // at 0, "follow N", is not turned into a fixed number by a change of time alone).
      if (!questionsLockedNow && state.auto) state = { ...state, lockedQuestions: before.questions };
      state = { ...state, auto: false, ...timeSetting(t) };
    } else if (questionsLockedNow) {
      // Equal to the time in effect, but step 2 just locked the questions and left the time to
      // this request: lock it at the value sent (which is the value in effect).
      state = { ...state, ...timeSetting(t) };
    }
  }

  // Step 4.
  const result = recomputeTesting(state, n);

  // Step 5. An explicit 0 is refused even when auto wins or 0 is already in effect; a stored
  // "none" is refused while it is still what the exam would get. Auto time is never refused.
  if (examType === EXAM_TYPE.exam) {
    if (t === 0) {
      errors.push({
        code: "testing_time_required",
        path: "exam.testing_time",
        message: `0 (no time limit) is not allowed: ${EXAM_TYPE_NEEDS_TIME_MESSAGE}`,
      });
    } else if (!result.state.auto && result.state.timeMode === "none") {
      errors.push({
        code: "testing_time_required",
        path: "exam.testing_time",
        message: `the stored testing_time is 0 (no time limit), which is not allowed: ${EXAM_TYPE_NEEDS_TIME_MESSAGE}`,
      });
    }
  }

  return { state: result.state, effective: result.effective, errors, warnings };
}
