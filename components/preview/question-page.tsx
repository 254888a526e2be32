"use client";
// One question of the attempt: its case study beside it, the response controls, "Check answer"
// (type 1 exams with check_answer on), flag for review, and the way to the other questions.
import { ArrowLeft, ArrowRight, CheckCircle2, Flag, XCircle } from "lucide-react";
import { EXAM_TYPE } from "@/server/schemas/exam";
import { QuestionView } from "../candidate/question-view";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { ScrollArea } from "../ui/scroll-area";
import { Countdown } from "./countdown";
import type { Attempt } from "./use-attempt";
import type { PreviewCaseStudy, PreviewExam } from "./types";

interface QuestionPageProps {
  exam: PreviewExam;
  attempt: Attempt;
  caseStudies: ReadonlyMap<number, PreviewCaseStudy>;
}

export function QuestionPage({ exam, attempt, caseStudies }: QuestionPageProps) {
  const { drawn, index, responses, flagged, checked } = attempt;
  const current = drawn[index]!;
  const q = current.question;
  const caseStudy = q.case_study_id !== null ? caseStudies.get(q.case_study_id) : undefined;
  const verdict = checked[q.id];
  const last = index === drawn.length - 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 pb-3">
        <h2 className="text-lg font-semibold" data-testid="question-position">
          Question {index + 1} of {drawn.length}
        </h2>
        <Button
          size="sm"
          variant={flagged.has(q.id) ? "primary" : "secondary"}
          aria-pressed={flagged.has(q.id)}
          onClick={() => attempt.toggleFlag(q.id)}
        >
          <Flag aria-hidden className="size-4" /> {flagged.has(q.id) ? "Flagged for review" : "Flag for review"}
        </Button>
        <div className="ml-auto">
          <Countdown seconds={attempt.secondsLeft} />
        </div>
      </div>

      <div className={cn("grid items-start gap-6", caseStudy && "lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]")}>
        {caseStudy && (
          <ScrollArea
            as="aside"
            aria-labelledby="case-study-heading"
            className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-4 lg:sticky lg:top-4"
          >
            <h3 id="case-study-heading" className="mb-2 font-semibold">
              Case study: {caseStudy.name}
            </h3>
            <div className="rich-text text-sm" dangerouslySetInnerHTML={{ __html: caseStudy.description }} />
          </ScrollArea>
        )}
        <section
          aria-label={`Question ${index + 1}`}
          className="rounded-lg border border-slate-200 bg-white p-5"
          data-testid="question"
        >
          <QuestionView
            key={q.id}
            question={q}
            answerOrder={current.answerOrder}
            response={responses[q.id] ?? null}
            onChange={(r) => attempt.answer(q.id, r)}
          />
          {exam.type === EXAM_TYPE.quiz && exam.check_answer === 1 && (
            <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
              <Button size="sm" onClick={() => attempt.check(q.id)}>
                Check Answer
              </Button>
              {verdict && (
                <p
                  role="status"
                  className={cn(
                    "flex items-center gap-1.5 text-sm font-medium",
                    verdict.fullyCorrect ? "text-emerald-800" : "text-red-800",
                  )}
                  data-testid="check-verdict"
                >
                  {verdict.fullyCorrect ? (
                    <CheckCircle2 aria-hidden className="size-4" />
                  ) : (
                    <XCircle aria-hidden className="size-4" />
                  )}
                  {verdict.fullyCorrect ? "Correct." : "Not correct."}
                </p>
              )}
            </div>
          )}
        </section>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => attempt.goTo(index - 1)} disabled={index === 0}>
          <ArrowLeft aria-hidden className="size-4" /> Previous
        </Button>
        {last ? (
          <Button variant="primary" onClick={() => attempt.setPhase("summary")}>
            Review and finish
          </Button>
        ) : (
          <Button variant="primary" onClick={() => attempt.goTo(index + 1)}>
            Next <ArrowRight aria-hidden className="size-4" />
          </Button>
        )}
        <nav aria-label="Questions" className="ml-auto flex flex-wrap gap-1">
          {drawn.map((d, i) => (
            <button
              key={d.question.id}
              type="button"
              onClick={() => attempt.goTo(i)}
              aria-current={i === index ? "step" : undefined}
              aria-label={`Question ${i + 1}${responses[d.question.id] ? ", answered" : ""}${flagged.has(d.question.id) ? ", flagged" : ""}`}
              className={cn(
                "relative size-8 rounded text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600",
                i === index
                  ? "bg-brand-600 text-white"
                  : responses[d.question.id]
                    ? "bg-brand-100 text-brand-700"
                    : "bg-slate-100 text-slate-700",
              )}
            >
              {i + 1}
              {flagged.has(d.question.id) && (
                <span aria-hidden className="absolute -top-1 -right-1 size-2.5 rounded-full bg-amber-500" />
              )}
            </button>
          ))}
        </nav>
      </div>
    </div>
  );
}
