// The API's response format (contract 16.2) → the CandidateResponse the scoring function takes.
// Answers are named by their 1-based position in the answer list sorted by `order` (as questionGet
// lists them), areas by their id; a point & shoot response is clicks, each selecting the area
// under it (hit-test.ts, the candidate view's own rule). A position or area the question does not
// have is a problem at its place in the response, never a silent miss: a scenario that names an
// answer since removed must fail and say why (16.3 point 2).
import { AREA_TYPE } from "../../schemas/question/properties";
import { QUESTION_TYPE } from "../../schemas/question/question-type";
import { RESPONSE_FIELDS, type ApiResponse, type ResponseField } from "../../schemas/question/response";
import { areaAt } from "./hit-test";
import { imagePropertiesOf, type CandidateResponse, type ScoredAnswer, type ScoredQuestion } from "./types";

export interface ResponseProblem {
  /** Relative to the response: "" for the response itself, "answers[1]", "placements.targ-1". */
  path: string;
  message: string;
}

export type ResponseConversion =
  { ok: true; response: CandidateResponse | null } | { ok: false; problems: ResponseProblem[] };

/** The field each type's response is in. */
export const RESPONSE_FIELD_OF: Record<number, ResponseField> = {
  [QUESTION_TYPE.singleChoice]: "answer",
  [QUESTION_TYPE.multipleChoice]: "answers",
  [QUESTION_TYPE.dragAndDrop]: "placements",
  [QUESTION_TYPE.pointAndShoot]: "clicks",
  [QUESTION_TYPE.hotArea]: "areas",
  [QUESTION_TYPE.sort]: "order",
  [QUESTION_TYPE.textInput]: "text",
};

/** The question's answers in position order (1-based position p is index p − 1). */
export function answersByPosition<A extends ScoredAnswer>(answers: readonly A[]): A[] {
  // A stable sort: answers without an order keep their place (the array position is their order).
  return answers
    .map((a, i) => ({ a, key: a.order ?? i + 1, i }))
    .sort((x, y) => x.key - y.key || x.i - y.i)
    .map(({ a }) => a);
}

/** Whether the response holds nothing: no field, or a field with nothing chosen (unanswered, 16.2). */
export function isEmptyResponse(response: ApiResponse | null | undefined): boolean {
  if (!response) return true;
  return RESPONSE_FIELDS.every((f) => {
    const v = response[f];
    if (v === undefined) return true;
    if (Array.isArray(v)) return v.length === 0;
    if (typeof v === "string") return v.trim() === "";
    if (typeof v === "object") return Object.keys(v).length === 0;
    return false;
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const at = (field: string, i: number) => `${field}[${i}]`;

/**
 * Converts `response` (already of the schema's shape) for `question`. Null, `{}` or a field with
 * nothing chosen is unanswered (null). A field of another type, a position past the answer list
 * or an unknown area id are problems.
 */
export function toCandidateResponse(
  question: ScoredQuestion,
  response: ApiResponse | null | undefined,
): ResponseConversion {
  if (!response || isEmptyResponse(response)) return { ok: true, response: null };
  const field = RESPONSE_FIELD_OF[question.type]!;
  const sent = RESPONSE_FIELDS.find((f) => response[f] !== undefined)!;
  if (sent !== field)
    return fail(
      sent,
      `does not fit a question of type ${question.type}, whose response is {${field}: …} (contract 16.2)`,
    );
  const problems: ResponseProblem[] = [];
  const byPosition = answersByPosition(question.answers);
  const answerAt = (p: number, path: string): number | null => {
    const a = byPosition[p - 1];
    if (a) return a.id;
    problems.push({
      path,
      message: `answer position ${p} does not exist: the question has ${plural(byPosition.length, "answer")} (positions 1 to ${byPosition.length}, by order)`,
    });
    return null;
  };
  const areas = imagePropertiesOf(question)?.areas ?? [];
  const areaIds = new Set(areas.map((a) => a.id));
  const knownArea = (id: string, path: string, kind = "area") => {
    if (areaIds.has(id)) return true;
    problems.push({
      path,
      message: `${kind} ${JSON.stringify(id)} does not exist: the question's areas are ${[...areaIds].map((a) => JSON.stringify(a)).join(", ") || "none"}`,
    });
    return false;
  };

  let converted: CandidateResponse;
  switch (question.type) {
    case QUESTION_TYPE.singleChoice:
      converted = { type: question.type, answerId: answerAt(response.answer!, "answer") };
      break;
    case QUESTION_TYPE.multipleChoice: {
      // One answer named twice is selected once, as two clicks on one checkbox area would be.
      const ids = response.answers!.map((p, i) => answerAt(p, at("answers", i)));
      converted = { type: question.type, answerIds: [...new Set(ids.filter((id) => id !== null))] };
      break;
    }
    case QUESTION_TYPE.dragAndDrop: {
      const kinds = new Map(question.properties.areas.map((a) => [a.id, a.type]));
      const placements: Record<string, string> = {};
      for (const [target, draggable] of Object.entries(response.placements!)) {
        const path = `placements.${target}`;
        if (knownArea(target, path, "target") && kinds.get(target) === AREA_TYPE.draggable)
          problems.push({ path, message: `${JSON.stringify(target)} is a draggable, not a target` });
        if (knownArea(draggable, path, "draggable") && kinds.get(draggable) !== AREA_TYPE.draggable)
          problems.push({ path, message: `${JSON.stringify(draggable)} is a target, not a draggable` });
        placements[target] = draggable;
      }
      converted = { type: question.type, placements };
      break;
    }
    case QUESTION_TYPE.pointAndShoot: {
      // Each click selects the area under it (none when it misses every area); twice is once.
      const hit = response.clicks!.map(({ x, y }) => areaAt(areas, x, y));
      converted = { type: question.type, areaIds: [...new Set(hit.filter((id) => id !== null))] };
      break;
    }
    case QUESTION_TYPE.hotArea:
      response.areas!.forEach((id, i) => knownArea(id, at("areas", i)));
      converted = { type: question.type, areaIds: [...new Set(response.areas!)] };
      break;
    case QUESTION_TYPE.sort: {
      const seen = new Map<number, number>();
      const ids = response.order!.map((p, i) => {
        const earlier = seen.get(p);
        if (earlier !== undefined)
          problems.push({
            path: at("order", i),
            message: `answer position ${p} is already in the sequence at order[${earlier}]; each answer takes one place`,
          });
        seen.set(p, i);
        return answerAt(p, at("order", i));
      });
      converted = { type: question.type, order: ids.filter((id) => id !== null) };
      break;
    }
    default:
      converted = { type: QUESTION_TYPE.textInput, text: response.text! };
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, response: converted };
}

function fail(path: string, message: string): ResponseConversion {
  return { ok: false, problems: [{ path, message }] };
}
