"use client";
// Any question as a candidate sees it (the preview's question page): its text, then the
// response controls of its type. Answers appear in the order the attempt drew.
import { QUESTION_TYPE } from "@/server/schemas/question";
import type { CandidateResponse, ScoredAnswer, ScoredQuestion } from "@/server/domain/scoring/types";
import { ChoiceView, type CandidateAnswer } from "./choice-view";
import type { ImageSize } from "./image-frame";
import { ImageQuestionView } from "./image-question-view";
import { SortView } from "./sort-view";
import { TextView } from "./text-view";

/** A question as questionGet / questionList return it, points included. */
export type CandidateQuestion = ScoredQuestion<ScoredAnswer & CandidateAnswer> & {
  question: string;
  explanation: string;
  case_study_id: number | null;
};

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
      <ResponseView
        question={question}
        answerOrder={answerOrder}
        response={response}
        onChange={onChange}
        disabled={disabled}
      />
    </div>
  );
}

interface ResponseViewProps extends QuestionViewProps {
  /** Image questions: what the picture loads from, when not `properties.image` as it is. */
  imageSrc?: string;
  /** Image questions: the picture's pixel size when the caller knows it (the area editor does). */
  imageSize?: ImageSize;
}

/** The response controls of the question's type, without its text ("Try it" sits under the text being edited). */
export function ResponseView({
  question,
  answerOrder,
  response,
  onChange,
  disabled,
  imageSrc,
  imageSize,
}: ResponseViewProps) {
  const byId = new Map(question.answers.map((a) => [a.id, a]));
  const answers = answerOrder
    .map((id) => byId.get(id))
    .filter((a): a is CandidateQuestion["answers"][number] => a !== undefined);
  switch (question.type) {
    case QUESTION_TYPE.singleChoice:
    case QUESTION_TYPE.multipleChoice:
      return (
        <ChoiceView
          multiple={question.type === QUESTION_TYPE.multipleChoice}
          answers={answers}
          chosen={
            response?.type === QUESTION_TYPE.singleChoice
              ? response.answerId === null
                ? []
                : [response.answerId]
              : response?.type === QUESTION_TYPE.multipleChoice
                ? response.answerIds
                : []
          }
          onChange={(chosen) =>
            onChange(
              question.type === QUESTION_TYPE.singleChoice
                ? { type: QUESTION_TYPE.singleChoice, answerId: chosen[0] ?? null }
                : { type: QUESTION_TYPE.multipleChoice, answerIds: chosen },
            )
          }
          disabled={disabled}
        />
      );
    case QUESTION_TYPE.sort:
      return (
        <SortView
          answers={answers}
          optional={question.properties.optional_answers === true}
          order={response?.type === QUESTION_TYPE.sort ? response.order : null}
          onChange={(order) => onChange({ type: QUESTION_TYPE.sort, order })}
          disabled={disabled}
        />
      );
    case QUESTION_TYPE.textInput:
      return (
        <TextView
          text={response?.type === QUESTION_TYPE.textInput ? response.text : ""}
          onChange={(text) => onChange({ type: QUESTION_TYPE.textInput, text })}
          disabled={disabled}
        />
      );
    case QUESTION_TYPE.dragAndDrop:
    case QUESTION_TYPE.pointAndShoot:
    case QUESTION_TYPE.hotArea:
      return (
        <ImageQuestionView
          question={question}
          imageSrc={imageSrc ?? (typeof question.properties.image === "string" ? question.properties.image : "")}
          imageSize={imageSize}
          response={response}
          onChange={onChange}
          disabled={disabled}
        />
      );
    default:
      return null;
  }
}
