"use client";
// The result: score, pass or fail (methods 1 and 2), the result by blueprint domain, and the
// review of every presented question. It prints cleanly (Print, or the browser's own command):
// the controls and the app's navigation are left out of the page, and no review item is split
// across two sheets.
import { Printer } from "lucide-react";
import { scoresByPoints } from "@/server/domain/evaluation";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { DomainResults } from "./domain-results";
import { QuestionReview } from "./question-review";
import type { Attempt } from "./use-attempt";
import type { PreviewCaseStudy, PreviewExam } from "./types";

const format = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

export function ResultPage({
  exam,
  attempt,
  caseStudies,
}: {
  exam: PreviewExam;
  attempt: Attempt;
  caseStudies: ReadonlyMap<number, PreviewCaseStudy>;
}) {
  const { result, drawn, responseOf, scores, byDomain } = attempt;
  const byPoints = scoresByPoints(exam.evaluation_method);
  const domainName = (id: number | null) => {
    const domain = id === null ? undefined : exam.domains.find((d) => d.id === id);
    return domain ? `${domain.code} ${domain.name}` : null;
  };
  return (
    <section aria-labelledby="result-heading" className="flex flex-col gap-5">
      <div
        className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-6 print:break-inside-avoid print:border-slate-400"
        data-testid="result"
      >
        <div className="flex items-center gap-3">
          <h2 id="result-heading" className="text-xl font-semibold">
            Result
          </h2>
          <Button size="sm" className="ml-auto print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" /> Print
          </Button>
        </div>
        {attempt.timedOut && (
          <p className="text-sm font-medium text-red-800" data-testid="timed-out">
            The time ran out: the attempt ended with the answers given so far.
          </p>
        )}
        <p className="text-4xl font-semibold tabular-nums" data-testid="result-percent">
          {format(result.percent)}%
        </p>
        <p className="text-slate-700" data-testid="result-detail">
          {byPoints
            ? `${result.points} of ${result.maxPoints} points`
            : `${result.fullyCorrect} of ${result.presented} ${result.presented === 1 ? "question" : "questions"} answered fully correctly`}
        </p>
        {result.passed !== null && (
          <p
            className={cn("text-lg font-semibold", result.passed ? "text-emerald-700" : "text-red-700")}
            data-testid="result-verdict"
          >
            {result.passed ? "Passed" : "Not passed"} (pass mark {exam.passing_score}%)
          </p>
        )}
        {exam.domains.length > 0 && <DomainResults rows={byDomain} domains={exam.domains} byPoints={byPoints} />}
      </div>
      <h2 className="text-lg font-semibold">Review</h2>
      <div className="flex flex-col gap-3">
        {drawn.map((d, i) => (
          <QuestionReview
            key={d.question.id}
            index={i}
            question={d.question}
            answerOrder={d.answerOrder}
            response={responseOf(d)}
            score={scores[i]!}
            caseStudyName={
              d.question.case_study_id !== null ? (caseStudies.get(d.question.case_study_id)?.name ?? null) : null
            }
            domainName={exam.domains.length > 0 ? domainName(d.question.domain_id) : null}
            byPoints={byPoints}
          />
        ))}
      </div>
    </section>
  );
}
