// The question editor's form state ("draft") and its two conversions: from a stored question
// (exam.questionGet) into the form, and from the form into the params of questionCreate /
// questionUpdate. Pure, so it is unit-tested: loading a question and building params from it
// unchanged must give back exactly what was stored (update is total, contract 7).
import { hasAnswers, hasAreas } from "@/server/domain/question-types";
import { QUESTION_TYPE, scoringModesOf, type QuestionType } from "@/server/schemas/question";
import { propertiesFromDoc, type AreaPropertiesDraft } from "../area-editor/state/properties";
import { emptyDoc, type AreaQuestionType } from "../area-editor/state/types";
import type { ApiResponse, Scenario } from "@/server/schemas/question/response";

export interface AnswerDraft {
  /** Client-side identity for React and drag and drop (answer ids change on every save). */
  key: string;
  answer: string;
  isCorrect: boolean;
  /** The order as stored; null for an answer added in the editor (see answerOrders). */
  order: number | null;
  /** As typed; "" sends no points (stored 0). */
  points: string;
  oldId: number | string | null;
}

export interface TextAnswerDraft {
  key: string;
  value: string;
  /** As typed; "" means the entry has no points of its own. */
  points: string;
}

/** A scenario (contract 16.3): a response in the API's format and the points it must earn. */
export interface ScenarioDraft {
  key: string;
  name: string;
  response: ApiResponse;
  /** As typed; sent as a number when it reads as one, else as typed so the API says what is wrong. */
  expectedPoints: string;
}

export interface QuestionDraft {
  /** null while the question is new. */
  id: number | null;
  examId: number;
  type: QuestionType;
  question: string;
  explanation: string;
  /** As typed (a number input); "" sends nothing, so the default (1) applies. */
  points: string;
  externalId: string;
  /** "" for none, else the case study id as a string (a <select> value). */
  caseStudyId: string;
  /** "" for none, else a domain of the exam's blueprint, its id as a string (contract 15.1). */
  domainId: string;
  /** As stored: trimmed, without repeats regardless of case (the tag input keeps them so). */
  tags: string[];
  /** Types 1, 2, 6. */
  answers: AnswerDraft[];
  /** Type 6: distractors allowed. */
  optionalAnswers: boolean;
  /** Type 7. */
  textSimilarity: string;
  caseSensitive: boolean;
  textAnswers: TextAnswerDraft[];
  /**
   * Types 3, 4, 5: the properties as stored, then as the area editor last produced them (it
   * owns their editing and its undo history; see components/area-editor/use-area-editor.ts).
   */
  areaProperties: AreaPropertiesDraft;
  /**
   * Types 2 to 6: `properties.scoring` (contract 16.1); "" leaves it out (all or nothing). Kept
   * apart from areaProperties, which the area editor rewrites from its own state.
   */
  scoring: string;
  /** The extension field `scenarios` (16.3), edited in the Scenarios panel and Try it. */
  scenarios: ScenarioDraft[];
}

/** The question as exam.questionGet returns it (points included). */
export interface StoredQuestion {
  question: {
    id: number;
    exam_id: number;
    question: string;
    explanation: string;
    type: number;
    case_study_id: number | null;
    external_id: string | null;
    properties: Record<string, unknown>;
    points: number;
    /** The extension fields (contract 15.1); a snapshot from before them has neither. */
    domain_id?: number | null;
    tags?: string[];
    scenarios?: Scenario[];
  };
  answers: {
    id: number;
    old_id: number | string | null;
    answer: string;
    is_correct: boolean;
    order: number;
    points: number;
  }[];
}

/** Form defaults for a new text input question: exact match (after normalising) unless changed. */
export const DEFAULT_TEXT_SIMILARITY = 100;

let keyCounter = 0;
export function newKey(prefix = "k"): string {
  keyCounter += 1;
  return `${prefix}${keyCounter}`;
}

export function emptyAnswer(isCorrect = false): AnswerDraft {
  return { key: newKey("a"), answer: "", isCorrect, order: null, points: "", oldId: null };
}

export function emptyTextAnswer(): TextAnswerDraft {
  return { key: newKey("t"), value: "", points: "" };
}

/**
 * A new question of `type`: two empty answers (three for a sort, all in the sequence); for an
 * image question the properties the area editor makes of an empty doc, so that only the image is
 * missing (not its options, areas and matches, which the editor always sends).
 */
export function newDraft(examId: number, type: QuestionType): QuestionDraft {
  const answers =
    type === QUESTION_TYPE.singleChoice || type === QUESTION_TYPE.multipleChoice
      ? [emptyAnswer(), emptyAnswer()]
      : type === QUESTION_TYPE.sort
        ? [emptyAnswer(true), emptyAnswer(true), emptyAnswer(true)]
        : [];
  return {
    id: null,
    examId,
    type,
    question: "",
    explanation: "",
    points: "1",
    externalId: "",
    caseStudyId: "",
    domainId: "",
    tags: [],
    answers,
    optionalAnswers: false,
    textSimilarity: type === QUESTION_TYPE.textInput ? String(DEFAULT_TEXT_SIMILARITY) : "",
    caseSensitive: false,
    textAnswers: type === QUESTION_TYPE.textInput ? [emptyTextAnswer()] : [],
    areaProperties: hasAreas(type) ? propertiesFromDoc(emptyDoc(type as AreaQuestionType)) : {},
    scoring: "",
    scenarios: [],
  };
}

const numberText = (value: unknown): string => (typeof value === "number" ? String(value) : "");

/** The form for a stored question; every field of it is kept (hidden ones too, e.g. old_id). */
export function draftFromStored({ question: q, answers }: StoredQuestion): QuestionDraft {
  const props = q.properties ?? {};
  const textAnswers = Array.isArray(props.text_answer)
    ? (props.text_answer as { value?: unknown; points?: unknown }[])
    : [];
  return {
    id: q.id,
    examId: q.exam_id,
    type: q.type as QuestionType,
    question: q.question,
    explanation: q.explanation,
    points: String(q.points),
    externalId: q.external_id ?? "",
    caseStudyId: q.case_study_id === null ? "" : String(q.case_study_id),
    domainId: q.domain_id == null ? "" : String(q.domain_id),
    tags: q.tags ?? [],
    answers: [...answers]
      .sort((a, b) => a.order - b.order)
      .map((a) => ({
        key: newKey("a"),
        answer: a.answer,
        isCorrect: a.is_correct,
        order: a.order,
        // 0 is what "no points" stores; the field shows it empty (placeholder 0) and sends nothing.
        points: a.points === 0 ? "" : String(a.points),
        oldId: a.old_id,
      })),
    optionalAnswers: props.optional_answers === true,
    textSimilarity: numberText(props.text_similarity),
    caseSensitive: props.case_sensitive === true,
    textAnswers: textAnswers.map((t) => ({
      key: newKey("t"),
      value: typeof t.value === "string" ? t.value : "",
      points: numberText(t.points),
    })),
    // An image question's stored properties are the shape of its type (questionGet's view),
    // without the scoring mode, which the draft holds in `scoring`.
    areaProperties: hasAreas(q.type) ? (withoutScoring(props) as AreaPropertiesDraft) : {},
    scoring: typeof props.scoring === "string" ? props.scoring : "",
    scenarios: (q.scenarios ?? []).map((s) => ({
      key: newKey("s"),
      name: s.name,
      response: s.response,
      expectedPoints: String(s.expected_points),
    })),
  };
}

function withoutScoring(props: Record<string, unknown>): Record<string, unknown> {
  const { scoring: _scoring, ...rest } = props;
  return rest;
}

/**
 * A number field's value for the params: "" is left out (undefined), a number is sent as a
 * number, anything else as the text typed, so the API's own message says what is wrong with it.
 */
export function numberOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

/**
 * The order sent for each answer, in list order: the stored order where it still increases
 * along the list, else one more than the previous. An unchanged list keeps every stored value;
 * a moved or new answer gets the next free one, and the result is always unique and ≥ 1.
 */
export function answerOrders(answers: readonly Pick<AnswerDraft, "order">[]): number[] {
  let previous = 0;
  return answers.map((a) => {
    const order = a.order !== null && a.order > previous ? a.order : previous + 1;
    previous = order;
    return order;
  });
}

export interface QuestionParams {
  question: Record<string, unknown>;
  answers?: Record<string, unknown>[];
}

export function draftProperties(draft: QuestionDraft): Record<string, unknown> {
  const own = typeProperties(draft);
  // Sent as chosen; a type that takes no mode never gets one from the editor.
  return draft.scoring !== "" && scoringModesOf(draft.type).length > 0 ? { ...own, scoring: draft.scoring } : own;
}

function typeProperties(draft: QuestionDraft): Record<string, unknown> {
  switch (draft.type) {
    case QUESTION_TYPE.singleChoice:
    case QUESTION_TYPE.multipleChoice:
      return {};
    case QUESTION_TYPE.sort:
      return { optional_answers: draft.optionalAnswers };
    case QUESTION_TYPE.textInput:
      return {
        text_similarity: numberOrText(draft.textSimilarity),
        case_sensitive: draft.caseSensitive,
        text_answer: draft.textAnswers.map((t) => {
          const points = numberOrText(t.points);
          return points === undefined ? { value: t.value } : { value: t.value, points };
        }),
      };
    default:
      return draft.areaProperties;
  }
}

/** The params of questionCreate (id null) or questionUpdate, HTML as in the form (no resources). */
export function paramsFromDraft(draft: QuestionDraft): QuestionParams {
  const question: Record<string, unknown> = {
    ...(draft.id !== null ? { id: draft.id } : {}),
    exam_id: draft.examId,
    type: draft.type,
    question: draft.question,
    explanation: draft.explanation,
    points: numberOrText(draft.points),
    external_id: draft.externalId === "" ? null : draft.externalId,
    case_study_id: draft.caseStudyId === "" ? null : Number(draft.caseStudyId),
    properties: draftProperties(draft),
    // Extension fields: questionUpdate would keep them when left out, but the editor shows them,
    // so it sends what it shows.
    domain_id: draft.domainId === "" ? null : Number(draft.domainId),
    tags: draft.tags,
    scenarios: draft.scenarios.map((s) => ({
      name: s.name,
      response: s.response,
      expected_points: numberOrText(s.expectedPoints),
    })),
  };
  if (question.points === undefined) delete question.points;
  if (!hasAnswers(draft.type)) return { question };
  const orders = answerOrders(draft.answers);
  const answers = draft.answers.map((a, i) => {
    const out: Record<string, unknown> = { answer: a.answer, is_correct: a.isCorrect, order: orders[i] };
    const points = numberOrText(a.points);
    if (points !== undefined) out.points = points;
    if (a.oldId !== null) out.old_id = a.oldId;
    return out;
  });
  return { question, answers };
}

const IMAGE_FIELD = "question.properties.image";

/**
 * The fields of the params that can refer to inserted files by blob: URL (the HTML fields and
 * an area question's base image), keyed by their param path (for ResourceBag.withResources).
 */
export function mediaFieldsOf(params: QuestionParams): Record<string, string> {
  const fields: Record<string, string> = {
    "question.question": params.question.question as string,
    "question.explanation": params.question.explanation as string,
  };
  params.answers?.forEach((a, i) => {
    fields[`answers[${i}].answer`] = a.answer as string;
  });
  const image = (params.question.properties as Record<string, unknown> | undefined)?.image;
  if (typeof image === "string") fields[IMAGE_FIELD] = image;
  return fields;
}

/** Puts rewritten fields (see mediaFieldsOf) back into a copy of the params. */
export function withMediaFields(params: QuestionParams, fields: Record<string, string>): QuestionParams {
  const properties = params.question.properties as Record<string, unknown> | undefined;
  return {
    question: {
      ...params.question,
      question: fields["question.question"],
      explanation: fields["question.explanation"],
      ...(properties && IMAGE_FIELD in fields ? { properties: { ...properties, image: fields[IMAGE_FIELD] } } : {}),
    },
    ...(params.answers
      ? { answers: params.answers.map((a, i) => ({ ...a, answer: fields[`answers[${i}].answer`] })) }
      : {}),
  };
}
