// Names and explanations of the exam fields' values, shared by the list, the header and the
// settings form. The meanings follow the contract (section 4) and the product spec (scoring).
import { EVALUATION_METHODS, EXAM_TYPE, type ExamType } from "@/server/schemas/exam";

export type { ExamType };
export type EvaluationMethod = keyof typeof EVALUATION_METHODS;
export type ExamStatus = "draft" | "ready";

export const EXAM_TYPE_OPTIONS: { value: ExamType; label: string; help: string }[] = [
  { value: EXAM_TYPE.quiz, label: "Quiz", help: "Practice. May offer a “Check Answer” button during the run." },
  {
    value: EXAM_TYPE.test,
    label: "Test",
    help: "No answer checking during the run; the time limit may be switched off.",
  },
  { value: EXAM_TYPE.exam, label: "Exam", help: "Certification-style: always runs with a time limit." },
];

export function examTypeName(type: number): string {
  return EXAM_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? `Type ${type}`;
}

export const EVALUATION_OPTIONS: { value: EvaluationMethod; label: string; help: string }[] = [
  {
    value: 1,
    label: "Percent correct, pass/fail",
    help: "Share of the presented questions answered fully correctly; the candidate passes at the passing score. Points are ignored.",
  },
  {
    value: 2,
    label: "Points gained, pass/fail",
    help: "Points earned as a percent of the maximum points of the presented questions; the candidate passes at the passing score.",
  },
  {
    value: 3,
    label: "Percent correct, score only",
    help: "Shows the share of fully correct questions as a score, with no pass or fail. Points are ignored.",
  },
  {
    value: 4,
    label: "Points gained, score only",
    help: "Shows the points earned as a percent of the maximum, with no pass or fail.",
  },
];

export const STATUS_OPTIONS: { value: ExamStatus; label: string }[] = [
  { value: "draft", label: "Draft" },
  { value: "ready", label: "Ready" },
];
