"use client";
// One answer row's fields (types 1, 2 and 6): its mark (correct / step), its text and its points,
// then the messages about the answer as a whole. Side by side from the sm breakpoint on; on a
// phone the text takes the whole first line and the mark and points share the second, so the
// text is never squeezed to a word per line.
import type { ReactNode } from "react";
import { RichTextField } from "../rich-text/rich-text-field";
import { AnswerFooter } from "./answer-footer";
import type { AnswerDraft } from "./draft";
import { FIELD } from "./issue-map";
import { PointsInput } from "./points-input";
import type { EditorSectionProps } from "./section-props";

interface AnswerFieldsProps extends Pick<EditorSectionProps, "messages" | "bag"> {
  answer: AnswerDraft;
  index: number;
  /** What marks the answer: "Correct", or its step in a sequence. */
  mark: ReactNode;
  onPatch: (change: Partial<AnswerDraft>) => void;
}

export function AnswerFields({ answer, index, mark, onPatch, messages, bag }: AnswerFieldsProps) {
  return (
    <div className="flex flex-col gap-1">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <div className="row-start-2 sm:col-start-1 sm:row-start-1">{mark}</div>
        <div className="col-span-2 row-start-1 min-w-0 sm:col-span-1 sm:col-start-2">
          <RichTextField
            label={`Answer ${index + 1}`}
            compact
            value={answer.answer}
            onChange={(html) => onPatch({ answer: html })}
            resources={bag}
            {...messages.at(FIELD.answerText(index))}
          />
        </div>
        <div className="row-start-2 sm:col-start-3 sm:row-start-1">
          <PointsInput
            label={`Points for answer ${index + 1}`}
            value={answer.points}
            onChange={(points) => onPatch({ points })}
            {...messages.at(FIELD.answerPoints(index))}
          />
        </div>
      </div>
      <AnswerFooter answer={answer} {...messages.at(FIELD.answer(index))} />
    </div>
  );
}
