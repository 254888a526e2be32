"use client";
// Before finishing: every question with whether it was answered or flagged, a way back to each,
// and the finish itself.
import { Flag } from "lucide-react";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Countdown } from "./countdown";
import type { Attempt } from "./use-attempt";

export function SummaryPage({ attempt }: { attempt: Attempt }) {
  const { drawn, responses, flagged } = attempt;
  const unanswered = drawn.filter((d) => !responses[d.question.id]).length;
  return (
    <section aria-labelledby="summary-heading" className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Summary
        </h2>
        <div className="ml-auto">
          <Countdown seconds={attempt.secondsLeft} />
        </div>
      </div>
      <p className="text-sm text-slate-600">
        {drawn.length - unanswered} of {drawn.length} answered
        {flagged.size > 0 ? `, ${flagged.size} flagged for review` : ""}.
      </p>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {drawn.map((d, i) => (
          <li key={d.question.id}>
            <button
              type="button"
              onClick={() => attempt.goTo(i)}
              className="flex w-full items-center gap-2 rounded-md border border-slate-200 bg-white p-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              data-testid="summary-item"
            >
              <span className="w-8 font-semibold tabular-nums">{i + 1}</span>
              <span className={responses[d.question.id] ? "text-slate-800" : "text-red-700"}>
                {responses[d.question.id] ? "Answered" : "Not answered"}
              </span>
              {flagged.has(d.question.id) && (
                <span className="ml-auto inline-flex items-center gap-1 text-amber-700">
                  <Flag aria-hidden className="size-3.5" /> Flagged
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
      <div className="flex gap-3">
        <Button onClick={() => attempt.goTo(0)}>Back to the questions</Button>
        <ConfirmDialog
          trigger={<Button variant="primary">Finish</Button>}
          title="Finish the attempt?"
          description={
            unanswered > 0
              ? `${unanswered} ${unanswered === 1 ? "question is" : "questions are"} not answered.`
              : "Every question is answered."
          }
          confirmLabel="Finish and see the result"
          destructive={false}
          onConfirm={attempt.finish}
        />
      </div>
    </section>
  );
}
