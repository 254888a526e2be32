// The history's filter: everything, the exam's own settings, or one question (or case study).
// A plain GET form and links, so filtering is a URL (`?question=ID`) and works without scripts.
import Link from "next/link";
import { questionTitle } from "../questions/question-title";
import { cn } from "../ui/cn";
import { buttonClass } from "../ui/button";
import { historyHref } from "./entry-words";

export type HistoryFilterValue =
  { kind: "all" } | { kind: "exam" } | { kind: "question"; id: number } | { kind: "case_study"; id: number };

export interface QuestionOption {
  id: number;
  label: string;
}

export function HistoryFilter({
  examId,
  value,
  questions,
}: {
  examId: number;
  value: HistoryFilterValue;
  questions: QuestionOption[];
}) {
  const tab = (active: boolean) =>
    cn(
      "rounded-md px-3 py-1.5 text-sm font-medium",
      active ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200" : "text-slate-600 hover:text-slate-900",
    );
  const selected = value.kind === "question" ? value.id : undefined;
  // A deleted (or moved) question is not in the list, yet its history can still be shown.
  const options =
    selected !== undefined && !questions.some((q) => q.id === selected)
      ? [{ id: selected, label: questionTitle(undefined) }, ...questions]
      : questions;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <nav aria-label="Show" className="flex items-center gap-1 rounded-lg bg-slate-100 p-1">
        <Link
          href={historyHref(examId)}
          className={tab(value.kind === "all")}
          aria-current={value.kind === "all" ? "page" : undefined}
        >
          All changes
        </Link>
        <Link
          href={historyHref(examId, { exam: true })}
          className={tab(value.kind === "exam")}
          aria-current={value.kind === "exam" ? "page" : undefined}
        >
          Exam settings
        </Link>
        {value.kind === "case_study" && (
          <span className={tab(true)} aria-current="page">
            Case study #{value.id}
          </span>
        )}
      </nav>
      <form method="get" action={`/exams/${examId}/history`} className="flex min-w-0 flex-wrap items-center gap-2">
        <label htmlFor="history-question" className="text-sm text-slate-600">
          Question
        </label>
        <select
          id="history-question"
          name="question"
          defaultValue={selected ?? ""}
          required
          className="h-9 w-full max-w-[28rem] min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="" disabled>
            Choose a question…
          </option>
          {options.map((q) => (
            <option key={q.id} value={q.id}>
              {q.label}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass("secondary", "md")}>
          Show versions
        </button>
      </form>
    </div>
  );
}
