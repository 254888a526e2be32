// The exam page's list of case studies: name, the start of the description, how many questions
// use each, a link to edit. No client state, so it renders on the server.
import { BookOpenText } from "lucide-react";
import Link from "next/link";
import { buttonClass } from "../ui/button";
import { NewCaseStudyButton } from "./new-case-study-button";

export interface CaseStudySummary {
  id: number;
  name: string;
  /** The start of the description as plain text. */
  excerpt: string;
  questionCount: number;
}

export function CaseStudyList({ examId, caseStudies }: { examId: number; caseStudies: CaseStudySummary[] }) {
  return (
    <section aria-labelledby="case-studies-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="case-studies-heading" className="text-lg font-semibold">
            Case studies <span className="font-normal text-slate-500">({caseStudies.length})</span>
          </h2>
          <p className="text-sm text-slate-600">
            A case study is a scenario shown beside each question that uses it; choose it in the question editor.
          </p>
        </div>
        <NewCaseStudyButton examId={examId} />
      </div>
      {caseStudies.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
          <p className="font-medium text-slate-800">No case studies yet</p>
          <p className="mt-1 text-sm text-slate-600">Create one to share a scenario between several questions.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {caseStudies.map((c) => (
            <li key={c.id} className="flex items-center gap-3 px-4 py-3" data-testid="case-study-row">
              <BookOpenText aria-hidden className="size-5 shrink-0 self-start text-slate-400" />
              <div className="min-w-0 flex-1">
                <Link
                  href={`/exams/${examId}/case-studies/${c.id}`}
                  className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {c.name}
                </Link>
                {c.excerpt && <p className="truncate text-sm text-slate-600">{c.excerpt}</p>}
              </div>
              <span className="shrink-0 text-sm text-slate-600 tabular-nums" data-testid="case-study-usage">
                {c.questionCount === 0
                  ? "Not used"
                  : c.questionCount === 1
                    ? "Used by 1 question"
                    : `Used by ${c.questionCount} questions`}
              </span>
              <Link
                href={`/exams/${examId}/case-studies/${c.id}`}
                className={buttonClass("secondary", "sm")}
                aria-label={`Edit case study ${c.name}`}
              >
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
