// A short list of questions, each linking to its editor (the questions using a case study).
import Link from "next/link";
import { questionTitle } from "../questions/question-title";
import { QuestionTypeLabel } from "../questions/question-types";

export interface QuestionLink {
  id: number;
  type: number;
  /** The start of the question text as plain text. */
  text: string;
  /** Its number in the exam, where the caller knows it. */
  number?: number;
}

/** "Question 2: Which river…", or the text alone; never the id. */
function linkText(q: QuestionLink): string {
  const text = q.text || "(no text)";
  return q.number === undefined ? text : `${questionTitle(q.number)}: ${text}`;
}

export function QuestionLinks({
  examId,
  questions,
  label,
}: {
  examId: number;
  questions: QuestionLink[];
  label: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-slate-200 text-sm">
      {questions.map((q) => (
        <li key={q.id} className="flex flex-col gap-0.5 py-1.5">
          <Link
            href={`/exams/${examId}/questions/${q.id}`}
            prefetch={false}
            className="line-clamp-2 font-medium text-brand-700 hover:underline"
          >
            {linkText(q)}
          </Link>
          <QuestionTypeLabel type={q.type} className="inline-flex items-center gap-1 text-xs text-slate-500" />
        </li>
      ))}
    </ul>
  );
}
