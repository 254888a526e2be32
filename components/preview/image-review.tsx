"use client";
// The review of an image question (types 3, 4, 5) as two pictures side by side: the candidate's
// response and the correct one, drawn over the base image. Drag & drop: each target holds the tile
// put there, outlined green when it is the matched one (or the target rightly stays empty) and red
// otherwise. Point & shoot and hot area: the chosen areas, green when correct and red when not.
// Every area drawn carries the mark the words of describeResponses name it by (area-names.ts):
// targets and areas their numbers, tiles their letters at their own places in the picture. The
// words stay beside the pictures for screen readers.
import type { ReactNode } from "react";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { imagePropertiesOf, type CandidateResponse } from "@/server/domain/scoring/types";
import type { CandidateQuestion } from "../candidate/question-view";
import { AreaBadge } from "../candidate/area-badge";
import { areaNames, type AreaName } from "../candidate/area-names";
import { boxStyle, ImageFrame, placedTileStyle } from "../candidate/image-frame";
import { imageQuestionParts } from "../candidate/image-question-view";
import { isDraggable, isTarget, type ImageSize, type ResponseArea } from "../candidate/image-response";
import { useImageSize } from "../candidate/use-image-size";
import { cn } from "../ui/cn";

const RIGHT = "border-emerald-600";
const WRONG = "border-red-600";

export function ImageReview({
  question,
  response,
}: {
  question: CandidateQuestion;
  response: CandidateResponse | null;
}) {
  const src = imagePropertiesOf(question)?.image ?? "";
  const size = useImageSize(src);
  if (size.status !== "ready") return null;
  const { areas } = imageQuestionParts(question);
  const names = areaNames(areas, question.type);
  const picture = (caption: string, marks: ReactNode) => (
    <figure className="flex min-w-0 flex-col gap-1">
      <ImageFrame src={src} size={size.size} className="rounded border border-slate-200">
        {marks}
      </ImageFrame>
      <figcaption className="text-xs text-slate-500">{caption}</figcaption>
    </figure>
  );
  const correctResponse: CandidateResponse | null =
    question.type === QUESTION_TYPE.dragAndDrop
      ? { type: QUESTION_TYPE.dragAndDrop, placements: question.properties.match }
      : question.type === QUESTION_TYPE.pointAndShoot || question.type === QUESTION_TYPE.hotArea
        ? {
            type: question.type,
            areaIds: Object.entries(question.properties.correct)
              .filter(([, v]) => v)
              .map(([k]) => k),
          }
        : null;
  const marks = (r: CandidateResponse | null) =>
    question.type === QUESTION_TYPE.dragAndDrop ? (
      <DragDropMarks question={question} areas={areas} names={names} size={size.size} src={src} response={r} />
    ) : (
      <AreaMarks question={question} areas={areas} names={names} size={size.size} response={r} />
    );
  return (
    <div className="grid max-w-3xl grid-cols-2 gap-3" data-testid="image-review" aria-hidden>
      {picture("Your answer", marks(response))}
      {picture("Correct answer", marks(correctResponse))}
    </div>
  );
}

interface MarksProps {
  question: CandidateQuestion;
  areas: readonly ResponseArea[];
  names: ReadonlyMap<string, AreaName>;
  size: ImageSize;
  response: CandidateResponse | null;
}

function DragDropMarks({ question, areas, names, size, src, response }: MarksProps & { src: string }) {
  const match = question.type === QUESTION_TYPE.dragAndDrop ? question.properties.match : {};
  const placements = response?.type === QUESTION_TYPE.dragAndDrop ? response.placements : {};
  const byId = new Map(areas.map((a) => [a.id, a]));
  const tiles = areas.filter(isDraggable).map((d) => (
    <span key={d.id} className="rounded-sm border-2 border-dashed border-amber-500" style={boxStyle(d, size)}>
      <AreaBadge mark={names.get(d.id)!.mark} tile />
    </span>
  ));
  const targets = areas.filter(isTarget).map((t) => {
    const given = placements[t.id] ? byId.get(placements[t.id]!) : undefined;
    const ok = (placements[t.id] ?? null) === (match[t.id] ?? null);
    return (
      <span
        key={t.id}
        className={cn("rounded-sm border-2", ok ? RIGHT : WRONG, !given && "border-dashed bg-white/40")}
        style={boxStyle(t, size)}
      >
        {/* At its own shape, as the candidate placed it (drag-drop-view.tsx), inside the outline
            that says right or wrong (border 0: fitted to the inside of the target's border). */}
        {given && <span className="rounded-sm" style={placedTileStyle(src, given, t, size, 0)} />}
        <AreaBadge mark={names.get(t.id)!.mark} />
      </span>
    );
  });
  return [...tiles, ...targets];
}

function AreaMarks({ question, areas, names, size, response }: MarksProps) {
  const correct: Record<string, boolean> =
    question.type === QUESTION_TYPE.pointAndShoot || question.type === QUESTION_TYPE.hotArea
      ? question.properties.correct
      : {};
  const chosen = new Set(
    response && (response.type === QUESTION_TYPE.pointAndShoot || response.type === QUESTION_TYPE.hotArea)
      ? response.areaIds
      : [],
  );
  return areas
    .filter((a) => chosen.has(a.id))
    .map((a) => (
      <span
        key={a.id}
        className={cn(
          "rounded-sm border-2",
          correct[a.id] === true ? `${RIGHT} bg-emerald-500/25` : `${WRONG} bg-red-500/25`,
        )}
        style={boxStyle(a, size)}
      >
        <AreaBadge mark={names.get(a.id)!.mark} />
      </span>
    ));
}
