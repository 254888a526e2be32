// The inverse of response-format.ts: a CandidateResponse (what "Try it" and the preview hold,
// answers by id) → the API's format (contract 16.2, answers by 1-based position in the answer
// list sorted by `order`, areas by id). "Save as scenario" stores a tried response this way, so
// that scoring it again through toCandidateResponse gives the same points.
import { QUESTION_TYPE } from "../../schemas/question/question-type";
import type { ApiResponse } from "../../schemas/question/response";
import { answersByPosition } from "./response-format";
import { clickOn } from "./scenarios";
import type { CandidateResponse, ScoredQuestion } from "./types";

/**
 * The response in the API's format; `{}` (unanswered) for null. An answer id the question does
 * not have is left out (the editor drops such answers from the response already). A point &
 * shoot area becomes a click on it where no later area covers it; an area covered everywhere
 * cannot be clicked and is left out, as a candidate could not select it either.
 */
export function toApiResponse(question: ScoredQuestion, response: CandidateResponse | null): ApiResponse {
  if (response === null) return {};
  const positionOf = new Map(answersByPosition(question.answers).map((a, i) => [a.id, i + 1]));
  const positions = (ids: readonly number[]) =>
    ids.flatMap((id) => {
      const p = positionOf.get(id);
      return p === undefined ? [] : [p];
    });
  switch (response.type) {
    case QUESTION_TYPE.singleChoice: {
      const p = response.answerId === null ? undefined : positionOf.get(response.answerId);
      return p === undefined ? {} : { answer: p };
    }
    case QUESTION_TYPE.multipleChoice:
      return { answers: positions(response.answerIds) };
    case QUESTION_TYPE.dragAndDrop:
      return { placements: { ...response.placements } };
    case QUESTION_TYPE.pointAndShoot:
    case QUESTION_TYPE.hotArea: {
      if (response.type === QUESTION_TYPE.hotArea || question.type !== QUESTION_TYPE.pointAndShoot)
        return { areas: [...response.areaIds] };
      const areas = question.properties.areas;
      const clicks = response.areaIds.flatMap((id) => {
        const area = areas.find((a) => a.id === id);
        const click = area ? clickOn(areas, area) : null;
        return click ? [click] : [];
      });
      return { clicks };
    }
    case QUESTION_TYPE.sort:
      return { order: positions(response.order) };
    default:
      return { text: response.text };
  }
}
