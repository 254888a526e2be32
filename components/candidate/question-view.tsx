"use client";
// Any question as a candidate sees it (the preview's question page): its text, then the
// response controls of its type. Answers appear in the order the attempt drew.
import { useEffect, useState } from "react";
import type { CandidateResponse, ScoredQuestion } from "@/server/domain/scoring/types";
import { imageSizeOf } from "../area-editor/image-file";
import { ChoiceView, type CandidateAnswer } from "./choice-view";
import type { ImageSize } from "./image-frame";
import { ImageQuestionView } from "./image-question-view";
import { SortView } from "./sort-view";
import { TextView } from "./text-view";

/** A question as questionGet / questionList return it, points included. */
export interface CandidateQuestion extends ScoredQuestion {
  question: string;
  explanation: string;
  case_study_id: number | null;
  answers: (ScoredQuestion["answers"][number] & CandidateAnswer)[];
}

interface QuestionViewProps {
  question: CandidateQuestion;
  answerOrder: readonly number[];
  response: CandidateResponse | null;
  onChange: (response: CandidateResponse) => void;
  disabled?: boolean;
}

export function QuestionView({ question, answerOrder, response, onChange, disabled }: QuestionViewProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: question.question }} />
      <ResponseView question={question} answerOrder={answerOrder} response={response} onChange={onChange} disabled={disabled} />
    </div>
  );
}

/**
 * The response controls of the question's type, without its text ("Try it" sits under the text
 * being edited). `imageSize` when the caller knows the picture's size (the area editor does).
 */
export function ResponseView({ question, answerOrder, response, onChange, disabled, imageSize }: QuestionViewProps & { imageSize?: ImageSize }) {
  const byId = new Map(question.answers.map((a) => [a.id, a]));
  const answers = answerOrder.map((id) => byId.get(id)).filter((a): a is CandidateQuestion["answers"][number] => a !== undefined);
  switch (question.type) {
    case 1:
    case 2:
      return (
        <ChoiceView
          multiple={question.type === 2}
          answers={answers}
          chosen={response?.type === 1 ? (response.answerId === null ? [] : [response.answerId]) : response?.type === 2 ? response.answerIds : []}
          onChange={(chosen) => onChange(question.type === 1 ? { type: 1, answerId: chosen[0] ?? null } : { type: 2, answerIds: chosen })}
          disabled={disabled}
        />
      );
    case 6:
      return (
        <SortView
          answers={answers}
          optional={question.properties.optional_answers === true}
          order={response?.type === 6 ? response.order : null}
          onChange={(order) => onChange({ type: 6, order })}
          disabled={disabled}
        />
      );
    case 7:
      return <TextView text={response?.type === 7 ? response.text : ""} onChange={(text) => onChange({ type: 7, text })} disabled={disabled} />;
    case 3:
    case 4:
    case 5:
      return imageSize ? (
        <ImageQuestionView question={question} imageSrc={imageSrcOf(question)} imageSize={imageSize} response={response} onChange={onChange} disabled={disabled} />
      ) : (
        <ImageQuestion question={question} response={response} onChange={onChange} disabled={disabled} />
      );
    default:
      return null;
  }
}

const imageSrcOf = (q: CandidateQuestion) => (typeof q.properties.image === "string" ? q.properties.image : "");

/** Image questions need the picture's pixel size (areas are in image pixels), read from its bytes. */
function ImageQuestion({ question, response, onChange, disabled }: Omit<QuestionViewProps, "answerOrder">) {
  const src = imageSrcOf(question);
  const [size, setSize] = useState<ImageSize | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    setSize(null);
    if (src) void imageSizeOf(src).then((s) => live && setSize(s));
    return () => {
      live = false;
    };
  }, [src]);
  if (!size) return <p className="text-sm text-slate-500">Loading the picture…</p>;
  if ("error" in size) return <p className="text-sm text-red-700">{size.error}</p>;
  return <ImageQuestionView question={question} imageSrc={src} imageSize={size} response={response} onChange={onChange} disabled={disabled} />;
}
