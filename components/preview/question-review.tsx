"use client";
// One question in the result's review: the question, the candidate's response beside the correct
// one (in words, for every type), the points earned and why, and the explanation.
import { CheckCircle2, XCircle } from "lucide-react";
import { hasAreas } from "@/server/domain/question-types";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { imagePropertiesOf, type CandidateResponse, type QuestionScore } from "@/server/domain/scoring/types";
import { areaLabel, areaNames } from "../candidate/area-names";
import { isTarget, type ResponseArea } from "../candidate/image-response";
import type { CandidateQuestion } from "../candidate/question-view";
import { ImageReview } from "./image-review";
import { reviewWhy } from "./review-why";

const letter = (i: number) => String.fromCharCode(65 + i);
const list = (items: string[]) => (items.length ? items.join(", ") : "nothing");

/** The candidate's response and the correct one, as short texts. */
export function describeResponses(
  q: CandidateQuestion,
  answerOrder: readonly number[],
  r: CandidateResponse | null,
): { given: string; correct: string } {
  const name = (id: number) => {
    const i = answerOrder.indexOf(id);
    const a = q.answers.find((x) => x.id === id);
    const text = a
      ? a.answer
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
      : `#${id}`;
    return i >= 0 ? `${letter(i)} (${text})` : text;
  };
  // Areas by the marks the pictures show (area-names.ts), never by their ids.
  const areas: readonly ResponseArea[] = imagePropertiesOf(q)?.areas ?? [];
  const names = areaNames(areas, q.type);
  const area = (id: string) => areaLabel(names, id);
  switch (q.type) {
    case QUESTION_TYPE.singleChoice:
    case QUESTION_TYPE.multipleChoice: {
      const chosen =
        r?.type === QUESTION_TYPE.singleChoice
          ? r.answerId === null
            ? []
            : [r.answerId]
          : r?.type === QUESTION_TYPE.multipleChoice
            ? r.answerIds
            : [];
      return {
        given: list(chosen.map(name)),
        correct: list(q.answers.filter((a) => a.is_correct).map((a) => name(a.id))),
      };
    }
    case QUESTION_TYPE.dragAndDrop: {
      const { match } = q.properties;
      const placements = r?.type === QUESTION_TYPE.dragAndDrop ? r.placements : {};
      const targets = areas.filter(isTarget).map((a) => a.id);
      return {
        given: list(targets.filter((t) => placements[t]).map((t) => `${area(placements[t]!)} on ${area(t)}`)),
        correct: list(targets.filter((t) => match[t]).map((t) => `${area(match[t]!)} on ${area(t)}`)),
      };
    }
    case QUESTION_TYPE.pointAndShoot:
    case QUESTION_TYPE.hotArea: {
      const correct = Object.entries(q.properties.correct)
        .filter(([, v]) => v)
        .map(([k]) => k);
      return {
        given: list(
          (r && (r.type === QUESTION_TYPE.pointAndShoot || r.type === QUESTION_TYPE.hotArea) ? r.areaIds : []).map(
            area,
          ),
        ),
        correct: list(correct.map(area)),
      };
    }
    case QUESTION_TYPE.sort: {
      const sequence = q.answers.filter((a) => a.is_correct).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      return {
        given: list((r?.type === QUESTION_TYPE.sort ? r.order : []).map(name)),
        correct: list(sequence.map((a) => name(a.id))),
      };
    }
    case QUESTION_TYPE.textInput: {
      const values = q.properties.text_answer.map((v) => `“${v.value}”`);
      return {
        given: r?.type === QUESTION_TYPE.textInput && r.text.trim() ? `“${r.text}”` : "nothing",
        correct: values.length > 1 ? `one of ${values.join(", ")}` : list(values),
      };
    }
    default:
      return { given: "", correct: "" };
  }
}

interface QuestionReviewProps {
  index: number;
  question: CandidateQuestion;
  answerOrder: readonly number[];
  response: CandidateResponse | null;
  score: QuestionScore;
  caseStudyName: string | null;
  /** The question's blueprint domain ("1.0 Network Fundamentals"), or null. */
  domainName?: string | null;
  /** Whether the exam's method adds points (2, 4); under 1 and 3 partial credit does not count. */
  byPoints?: boolean;
}

export function QuestionReview({
  index,
  question,
  answerOrder,
  response,
  score,
  caseStudyName,
  domainName = null,
  byPoints = true,
}: QuestionReviewProps) {
  const { given, correct } = describeResponses(question, answerOrder, response);
  return (
    <article
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 print:break-inside-avoid"
      data-testid="review-item"
      aria-labelledby={`review-${index}`}
    >
      <header className="flex items-center gap-2">
        {score.fullyCorrect ? (
          <CheckCircle2 aria-hidden className="size-5 text-emerald-600" />
        ) : (
          <XCircle aria-hidden className="size-5 text-red-600" />
        )}
        <h3 id={`review-${index}`} className="font-semibold">
          Question {index + 1}: {score.fullyCorrect ? "correct" : "not correct"}
        </h3>
        <span className="ml-auto text-sm text-slate-600 tabular-nums" data-testid="review-points">
          {score.points} of {score.maxPoints} {Math.abs(score.maxPoints) === 1 ? "point" : "points"}
        </span>
      </header>
      <p className="text-sm text-slate-700" data-testid="review-why">
        {reviewWhy(score, byPoints)}
      </p>
      {domainName && (
        <p className="text-xs text-slate-500" data-testid="review-domain">
          Domain: {domainName}
        </p>
      )}
      {caseStudyName && <p className="text-xs text-slate-500">Case study: {caseStudyName}</p>}
      <div className="rich-text text-sm" dangerouslySetInnerHTML={{ __html: question.question }} />
      {hasAreas(question.type) && <ImageReview question={question} response={response} />}
      <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Your answer</dt>
        <dd data-testid="review-given">{given}</dd>
        <dt className="text-slate-500">Correct answer</dt>
        <dd data-testid="review-correct">{correct}</dd>
      </dl>
      {question.explanation && (
        <div className="rounded-md bg-slate-50 p-3 text-sm">
          <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Explanation</p>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: question.explanation }} />
        </div>
      )}
    </article>
  );
}
