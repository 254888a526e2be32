// One question as a `qti-assessment-item` (contract 13.1.2): the frame every type shares — the
// response and outcome declarations, the stimulus reference, the body (the question in a
// `<div data-es-role="question">`, then the interaction), the explanation as modal feedback, and
// response processing that sets SCORE, MAXSCORE and CORRECT as our scoring does (product.md):
//   no response → SCORE 0; fully correct → the question's points plus the per-answer/pair/area
//   points the response earns; otherwise those points alone.
// A partial scoring mode (contract 16.1) changes the last case: the mode's share of the points
// plus those points, rounded to 2 decimals (qti3-partial.ts); the mode is kept in data-es-scoring,
// the question's scenarios (contract 16.3), which QTI has no place for, in data-es-scenarios.
// What each type puts into the frame is in qti3-interactions.ts and qti3-graphic.ts. Pure.
import {
  CORRECT,
  e,
  EXPLANATION,
  FEEDBACK,
  MAXSCORE,
  qtiRootAttributes,
  RESPONSE,
  SCORE,
  TOOL_NAME,
  TOOL_VERSION,
} from "./qti3-common";
import { htmlToQti } from "./qti3-html";
import { partialScore, roundScore, type PartialScoring } from "./qti3-partial";
import type { RgbaImage } from "./raster";
import type { ContentQuestion } from "./types";
import { XML_DECLARATION, xmlElement } from "./xml-write";

/** What the export of one item needs from the package around it. */
export interface ItemContext {
  identifier: string;
  /** The item's path in the package. */
  file: string;
  shuffle: boolean;
  stimulus: { identifier: string; href: string; title: string } | null;
  /** A stored media path → the path relative to the item file (null when the package lacks it). */
  href(storedPath: string): string | null;
  /** The bytes of a stored media file. */
  media(storedPath: string): Uint8Array | null;
  /** The pixels of a stored image (decoded once per export), or null when it is missing or not a PNG, JPEG or GIF. */
  pixels(storedPath: string): RgbaImage | null;
  /** Adds a file the export makes (a gap image) at a package path; returns its path relative to the item. */
  addFile(packagePath: string, bytes: Uint8Array): string;
}

/** What a type contributes to the frame. */
export interface InteractionParts {
  /** The `qti-response-declaration` (RESPONSE). */
  declaration: string;
  /** More outcome declarations (type 4's area flags). */
  outcomes?: string;
  /** XML after the question in the body. */
  interaction: string;
  /** Rules before the score is set (type 4 sets its area flags). */
  before?: string;
  /** The condition of a fully correct response; null when the question has none. */
  fullyCorrect: string | null;
  /** The per-answer/pair/area points the response earns, when one expression can say it. */
  earned: string | null;
  /** Rules after the score is set (type 6 adds its per-answer points). */
  after?: string;
  /** The question's partial scoring mode as response processing; absent or null: all or nothing. */
  partial?: PartialScoring | null;
  /** What the correct response earns besides the question's points. */
  extraMax: number;
  notes: string[];
  /** Something imported back would differ. */
  lossy: boolean;
  /** QTI cannot hold the question at all (the notes say why). */
  omitted?: boolean;
}

export interface ItemExport {
  xml: string;
  notes: string[];
  lossy: boolean;
  maxScore: number;
}

const outcome = (identifier: string, baseType: string, value: string | number | null) =>
  xmlElement(
    "qti-outcome-declaration",
    { identifier, cardinality: "single", "base-type": baseType },
    value === null ? "" : xmlElement("qti-default-value", {}, xmlElement("qti-value", {}, String(value))),
  );

/** The item's XML from the question and its type's parts. */
export function itemXml(q: ContentQuestion, ctx: ItemContext, parts: InteractionParts): ItemExport {
  const notes = [...parts.notes];
  const href = (path: string) => ctx.href(path);
  const question = htmlToQti(q.question, href);
  const explanation = htmlToQti(q.explanation, href);
  notes.push(...question.notes.map((n) => `question: ${n}`), ...explanation.notes.map((n) => `explanation: ${n}`));
  const lossy = parts.lossy || question.notes.length > 0 || explanation.notes.length > 0;
  const maxScore = q.points + parts.extraMax;

  const hasExplanation = q.explanation.trim() !== "";
  const outcomes = [
    outcome(SCORE, "float", 0),
    outcome(MAXSCORE, "float", maxScore),
    outcome(CORRECT, "integer", 0),
    hasExplanation ? outcome(FEEDBACK, "identifier", null) : "",
    parts.outcomes ?? "",
    parts.partial?.outcomes ?? "",
  ].join("");

  const stimulusRef = ctx.stimulus
    ? xmlElement("qti-assessment-stimulus-ref", {
        identifier: ctx.stimulus.identifier,
        href: ctx.stimulus.href,
        title: ctx.stimulus.title,
      })
    : "";

  const questionDiv = `<div${attrs({ "data-es-role": "question", "data-es-points": String(q.points), "data-es-external-id": q.external_id ?? undefined, "data-es-scoring": typeof q.properties.scoring === "string" ? q.properties.scoring : undefined, "data-es-scenarios": q.scenarios?.length ? JSON.stringify(q.scenarios) : undefined })}>${question.xml}</div>`;
  const body = xmlElement("qti-item-body", {}, questionDiv, parts.interaction);

  const earned = parts.earned ?? e.float(0);
  const partial = parts.partial ?? null;
  const branches = [
    xmlElement(
      "qti-response-if",
      {},
      e.isNull(e.variable(RESPONSE)),
      e.set(SCORE, e.float(0)),
      e.set(CORRECT, e.integer(0)),
    ),
    parts.fullyCorrect === null
      ? ""
      : xmlElement(
          "qti-response-else-if",
          {},
          parts.fullyCorrect,
          e.set(SCORE, e.sum(e.float(q.points), earned)),
          e.set(CORRECT, e.integer(1)),
        ),
    xmlElement(
      "qti-response-else",
      {},
      e.set(SCORE, partial ? partialScore(q.points, partial, earned) : earned),
      e.set(CORRECT, e.integer(0)),
    ),
  ];
  const processing = xmlElement(
    "qti-response-processing",
    {},
    parts.before ?? "",
    partial?.rules ?? "",
    xmlElement("qti-response-condition", {}, ...branches),
    parts.after ?? "",
    partial ? roundScore(SCORE) : "",
    hasExplanation ? e.set(FEEDBACK, e.identifier(EXPLANATION)) : "",
  );

  const feedback = hasExplanation
    ? xmlElement(
        "qti-modal-feedback",
        { "outcome-identifier": FEEDBACK, identifier: EXPLANATION, "show-hide": "show", title: "Explanation" },
        xmlElement("qti-content-body", {}, `<div data-es-role="explanation">${explanation.xml}</div>`),
      )
    : "";

  const xml =
    XML_DECLARATION +
    xmlElement(
      "qti-assessment-item",
      {
        ...qtiRootAttributes(),
        identifier: ctx.identifier,
        title: itemTitle(q),
        adaptive: "false",
        "time-dependent": "false",
        "tool-name": TOOL_NAME,
        "tool-version": TOOL_VERSION,
      },
      parts.declaration,
      outcomes,
      stimulusRef,
      body,
      processing,
      feedback,
    ) +
    "\n";
  return { xml, notes, lossy, maxScore };
}

/** The item's title: its plain text, shortened (QTI requires one; ours has none, so the import ignores it). */
function itemTitle(q: ContentQuestion): string {
  const text = q.question
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  const short = text.length > 80 ? `${text.slice(0, 79)}…` : text;
  return short || (q.external_id ?? `Question ${q.id}`);
}

function attrs(values: Record<string, string | undefined>): string {
  const tag = xmlElement("x", values);
  return tag.slice(2, -2);
}
