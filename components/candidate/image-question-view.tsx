"use client";
// A candidate's view of an image question (types 3, 4, 5), used by "Try it" in the editors and by
// the exam preview: the picture at any width with the type's controls over it. The question's
// `properties` are as the API stores them (image, areas, options, match / correct, points).
import { hasAreas } from "@/server/domain/question-types";
import { QUESTION_TYPE } from "@/server/schemas/question";
import type { CandidateResponse, ScoredQuestion } from "@/server/domain/scoring/types";
import { DragDropView } from "./drag-drop-view";
import { HotAreaView } from "./hot-area-view";
import type { ImageSize, ResponseArea } from "./image-response";
import { PointView } from "./point-view";
import { useImageSize } from "./use-image-size";

export interface ImageQuestionViewProps {
  /** Type 3, 4 or 5; any other type renders nothing. */
  question: ScoredQuestion;
  /** What the picture loads from: a /media/… path, or a blob: URL while the editor holds a new upload. */
  imageSrc: string;
  /** The picture's natural pixel size when the caller knows it (the area editor does); else read from the file. */
  imageSize?: ImageSize;
  response: CandidateResponse | null;
  onChange: (response: CandidateResponse) => void;
  disabled?: boolean;
}

const NO_AREAS: readonly ResponseArea[] = [];

/** The question's areas and options as the views read them. */
export function imageQuestionParts(question: ScoredQuestion): {
  areas: readonly ResponseArea[];
  oneToOne: boolean;
  single: boolean;
} {
  switch (question.type) {
    case QUESTION_TYPE.dragAndDrop:
      return {
        areas: question.properties.areas,
        oneToOne: question.properties.options.OneToOneMatching,
        single: false,
      };
    case QUESTION_TYPE.pointAndShoot:
    case QUESTION_TYPE.hotArea:
      return { areas: question.properties.areas, oneToOne: false, single: question.properties.options.SingleAnswer };
    default:
      return { areas: NO_AREAS, oneToOne: false, single: false };
  }
}

export function ImageQuestionView({
  question,
  imageSrc,
  imageSize,
  response,
  onChange,
  disabled,
}: ImageQuestionViewProps) {
  const size = useImageSize(imageSrc, imageSize);
  if (!hasAreas(question.type)) return null;
  if (size.status === "loading") return <p className="text-sm text-slate-500">Loading the picture…</p>;
  if (size.status === "error") return <p className="text-sm text-red-700">{size.message}</p>;
  const { areas, oneToOne, single } = imageQuestionParts(question);
  const common = { src: imageSrc, size: size.size, areas, disabled };
  switch (question.type) {
    case QUESTION_TYPE.dragAndDrop:
      return (
        <DragDropView
          {...common}
          oneToOne={oneToOne}
          placements={response?.type === QUESTION_TYPE.dragAndDrop ? response.placements : {}}
          onChange={(placements) => onChange({ type: QUESTION_TYPE.dragAndDrop, placements })}
        />
      );
    case QUESTION_TYPE.pointAndShoot:
      return (
        <PointView
          {...common}
          single={single}
          selected={response?.type === QUESTION_TYPE.pointAndShoot ? response.areaIds : null}
          onChange={(areaIds) => onChange({ type: QUESTION_TYPE.pointAndShoot, areaIds })}
        />
      );
    default:
      return (
        <HotAreaView
          {...common}
          single={single}
          selected={response?.type === QUESTION_TYPE.hotArea ? response.areaIds : []}
          onChange={(areaIds) => onChange({ type: QUESTION_TYPE.hotArea, areaIds })}
        />
      );
  }
}
