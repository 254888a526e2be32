"use client";
// A candidate's view of an image question (types 3, 4, 5), used by "Try it" in the editor and by
// the exam preview. The question's `properties` are as the API stores them.
import type { CandidateResponse, ScoredQuestion } from "@/server/domain/scoring/types";
import { DragDropView } from "./drag-drop-view";
import type { ImageSize } from "./image-frame";
import type { ResponseArea } from "./image-response";
import { HotAreaView } from "./hot-area-view";
import { PointView } from "./point-view";

export interface ImageQuestionViewProps {
  question: ScoredQuestion;
  /** What the image loads from: a /media/… path, or a blob: URL while the editor holds a new upload. */
  imageSrc: string;
  imageSize: ImageSize;
  response: CandidateResponse | null;
  onChange: (response: CandidateResponse) => void;
  disabled?: boolean;
}

export function ImageQuestionView({ question, imageSrc, imageSize, response, onChange, disabled }: ImageQuestionViewProps) {
  const props = question.properties;
  const areas = (Array.isArray(props.areas) ? props.areas : []) as ResponseArea[];
  const options = (props.options ?? {}) as Record<string, unknown>;
  const common = { src: imageSrc, size: imageSize, areas, disabled };
  switch (question.type) {
    case 3:
      return (
        <DragDropView
          {...common}
          oneToOne={options.OneToOneMatching === true}
          placements={response?.type === 3 ? response.placements : {}}
          onChange={(placements) => onChange({ type: 3, placements })}
        />
      );
    case 4:
      return (
        <PointView
          {...common}
          single={options.SingleAnswer === true}
          selected={response?.type === 4 ? response.areaIds : null}
          onChange={(areaIds) => onChange({ type: 4, areaIds })}
        />
      );
    case 5:
      return (
        <HotAreaView
          {...common}
          single={options.SingleAnswer === true}
          selected={response?.type === 5 ? response.areaIds : []}
          onChange={(areaIds) => onChange({ type: 5, areaIds })}
        />
      );
    default:
      return null;
  }
}
