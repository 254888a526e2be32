"use client";
// "Try it": answer the question being edited as a candidate would and see how the scoring engine
// (server/domain/scoring) judges it. Uses the question as it is in the editor, saved or not.
import { CheckCircle2, RotateCcw, XCircle } from "lucide-react";
import { useState } from "react";
import { scoreQuestion } from "@/server/domain/scoring/question-score";
import type { CandidateResponse, QuestionScore } from "@/server/domain/scoring/types";
import { Button } from "../ui/button";
import type { ImageSize } from "./image-frame";
import { pruneResponse, type ResponseArea } from "./image-response";
import { ResponseView, type CandidateQuestion } from "./question-view";

interface TryItPanelProps {
  question: CandidateQuestion;
  /** The order the answers are shown in (the editor's order). */
  answerOrder: readonly number[];
  /** Image questions: the picture's pixel size, known to the editor. */
  imageSize?: ImageSize;
}

const plural = (n: number, word: string) => `${n} ${Math.abs(n) === 1 ? word : `${word}s`}`;

export function TryItPanel({ question, answerOrder, imageSize }: TryItPanelProps) {
  const [response, setResponse] = useState<CandidateResponse | null>(null);
  const [result, setResult] = useState<QuestionScore | null>(null);
  const areas = (Array.isArray(question.properties.areas) ? question.properties.areas : []) as ResponseArea[];
  // What the author changed meanwhile (areas or answers removed) is dropped from the response.
  const current = keepAnswers(pruneResponse(response, areas), new Set(answerOrder));

  return (
    <section aria-labelledby="try-it-heading" className="flex flex-col gap-3 rounded-md border border-brand-100 bg-brand-50/60 p-3" data-testid="try-it">
      <div>
        <h3 id="try-it-heading" className="text-sm font-semibold text-slate-800">
          Try it
        </h3>
        <p className="text-xs text-slate-600">Answer as a candidate would, then check the answer against the question as it is now.</p>
      </div>
      <ResponseView
        question={question}
        answerOrder={answerOrder}
        imageSize={imageSize}
        response={current}
        onChange={(r) => {
          setResponse(r);
          setResult(null);
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" variant="primary" onClick={() => setResult(scoreQuestion(question, current))}>
          Check
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setResponse(null);
            setResult(null);
          }}
        >
          <RotateCcw aria-hidden className="size-4" /> Reset
        </Button>
        <p role="status" aria-live="polite" data-testid="try-it-result" className={result?.fullyCorrect ? "flex items-center gap-1.5 text-sm font-medium text-emerald-800" : "flex items-center gap-1.5 text-sm font-medium text-red-800"}>
          {result && (result.fullyCorrect ? <CheckCircle2 aria-hidden className="size-4" /> : <XCircle aria-hidden className="size-4" />)}
          {result && `${result.fullyCorrect ? "Correct" : "Not correct"}: ${result.points} of ${plural(result.maxPoints, "point")}.`}
        </p>
      </div>
    </section>
  );
}

/** The response without answers that are no longer there. */
function keepAnswers(response: CandidateResponse | null, ids: ReadonlySet<number>): CandidateResponse | null {
  if (response?.type === 1 && response.answerId !== null && !ids.has(response.answerId)) return { type: 1, answerId: null };
  if (response?.type === 2 && response.answerIds.some((id) => !ids.has(id))) return { type: 2, answerIds: response.answerIds.filter((id) => ids.has(id)) };
  if (response?.type === 6 && response.order.some((id) => !ids.has(id))) return { type: 6, order: response.order.filter((id) => ids.has(id)) };
  return response;
}
