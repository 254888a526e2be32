"use client";
// "Try it": answer the question being edited as a candidate would and see how the scoring engine
// (server/domain/scoring) judges it. Uses the question as it is in the editor, saved or not, and
// keeps working while the author edits it: the response loses what no longer exists, and a shown
// result is the score against the question as it is now.
import { BookmarkPlus, CheckCircle2, RotateCcw, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { scoreQuestion } from "@/server/domain/scoring/question-score";
import type { CandidateResponse, ScoredQuestion } from "@/server/domain/scoring/types";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { imageQuestionParts } from "./image-question-view";
import { pruneResponse, type ImageSize } from "./image-response";
import { ResponseView, type CandidateQuestion } from "./question-view";

export interface TryItPanelProps {
  /**
   * The question as the editor holds it. Types 3, 4, 5 need only what the scoring reads; types
   * 1, 2 and 6 show their answers' text, so pass a CandidateQuestion for them.
   */
  question: ScoredQuestion | CandidateQuestion;
  /** Image questions: what the picture loads from (a /media/… path or a blob: URL); default `properties.image`. */
  imageSrc?: string;
  /** Image questions: the picture's natural pixel size when known; else it is read from the file. */
  imageSize?: ImageSize;
  /** The order the answers are shown in (the editor's order); default the order of `question.answers`. */
  answerOrder?: readonly number[];
  /**
   * "Save as scenario" (contract 16.3 point 4): called with the response as it is tried (what
   * Check scores); the editor stores it with its points as the expectation. No button without it.
   */
  onSaveScenario?: (response: CandidateResponse | null) => void;
}

const plural = (n: number, word: string) => `${n} ${Math.abs(n) === 1 ? word : `${word}s`}`;

export function TryItPanel({ question, imageSrc, imageSize, answerOrder, onSaveScenario }: TryItPanelProps) {
  const headingId = useId();
  const [response, setResponse] = useState<CandidateResponse | null>(null);
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const candidate = asCandidateQuestion(question);
  const order = answerOrder ?? candidate.answers.map((a) => a.id);
  const { areas, oneToOne, single } = imageQuestionParts(question);
  // What the author changed meanwhile (areas or answers removed, options switched on) is dropped
  // from the response before it is shown or scored.
  const current = keepAnswers(pruneResponse(response, areas, { oneToOne, single }), new Set(order));
  const result = checked ? scoreQuestion(question, current) : null;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-brand-100 bg-brand-50/60 p-3"
      data-testid="try-it"
    >
      <div>
        <h3 id={headingId} className="text-sm font-medium text-slate-800">
          Try it
        </h3>
        <p className="text-xs text-slate-600">
          Answer as a candidate would, then check the answer against the question as it is now.
        </p>
      </div>
      <ResponseView
        question={candidate}
        answerOrder={order}
        imageSrc={imageSrc}
        imageSize={imageSize}
        response={current}
        onChange={(r) => {
          setResponse(r);
          setChecked(false);
          setSaved(false);
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" variant="primary" onClick={() => setChecked(true)}>
          Check
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setResponse(null);
            setChecked(false);
            setSaved(false);
          }}
        >
          <RotateCcw aria-hidden className="size-4" /> Reset
        </Button>
        {onSaveScenario && (
          <Button
            size="sm"
            variant="ghost"
            title="Keep this response and the points it earns now as a scenario of the question"
            onClick={() => {
              onSaveScenario(current);
              setSaved(true);
            }}
          >
            <BookmarkPlus aria-hidden className="size-4" /> Save as scenario
          </Button>
        )}
        <p
          role="status"
          aria-live="polite"
          data-testid="try-it-result"
          className={cn(
            "flex items-center gap-1.5 text-sm font-medium",
            result?.fullyCorrect ? "text-emerald-800" : "text-red-800",
          )}
        >
          {result &&
            (result.fullyCorrect ? (
              <CheckCircle2 aria-hidden className="size-4" />
            ) : (
              <XCircle aria-hidden className="size-4" />
            ))}
          {result &&
            `${result.fullyCorrect ? "Correct" : "Not correct"}: ${result.points} of ${plural(result.maxPoints, "point")}.`}
        </p>
      </div>
      {/* Why it earned that (contract 16.1 point 6): the scoring function's own sentence. */}
      {result && (
        <p aria-live="polite" className="text-xs text-slate-700" data-testid="try-it-why">
          {result.why}
        </p>
      )}
      {saved && (
        <p role="status" className="text-xs text-slate-700" data-testid="try-it-saved">
          Saved as a scenario: see Scenarios below. It is stored when the question is saved.
        </p>
      )}
    </section>
  );
}

/** What the response views read: answers without text (a plain ScoredQuestion) show none. */
function asCandidateQuestion(q: ScoredQuestion | CandidateQuestion): CandidateQuestion {
  return {
    question: "",
    explanation: "",
    case_study_id: null,
    ...q,
    answers: q.answers.map((a) => ({ answer: "", ...a })),
  };
}

/** The response without answers that are no longer there. */
function keepAnswers(response: CandidateResponse | null, ids: ReadonlySet<number>): CandidateResponse | null {
  if (response?.type === QUESTION_TYPE.singleChoice && response.answerId !== null && !ids.has(response.answerId))
    return { type: QUESTION_TYPE.singleChoice, answerId: null };
  if (response?.type === QUESTION_TYPE.multipleChoice && response.answerIds.some((id) => !ids.has(id)))
    return { type: QUESTION_TYPE.multipleChoice, answerIds: response.answerIds.filter((id) => ids.has(id)) };
  if (response?.type === QUESTION_TYPE.sort && response.order.some((id) => !ids.has(id)))
    return { type: QUESTION_TYPE.sort, order: response.order.filter((id) => ids.has(id)) };
  return response;
}
