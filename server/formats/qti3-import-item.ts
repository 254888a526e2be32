// One `qti-assessment-item` read back as a question (contract 13.1, import): the seven
// interactions of contract 13.1.2 back to our types, with the kinds of contract 13.3 point 3 (a
// numeric text entry, one gap with choices: qti3-import-kinds.ts; match and associate as Drag &
// Drop on a generated image: qti3-import-match.ts), anything else skipped with a warning. An item of ours (tool-name "Exam Studio" with its `<div data-es-role="question">`) is
// read with its data-es-* marks exactly; another tool's item by QTI's own terms: the question is
// the body around the interaction with its prompt, the points follow the response processing
// template (match_correct: 1 point for the correct response; map_response / map_response_point:
// the mapping's values per answer, pair or area, 0 for the question). The scoring template, the
// kinds' wording and the body with its prompt are read by qti3-import-item-parts.ts. Pure.
import { QUESTION_TYPE, type AnswerInput } from "../schemas/question";
import { readGraphicGapMatch, readHotspot, readSelectPoint, type GraphicRead } from "./qti3-import-graphic";
import { elementChildren, qtiToHtml, type QtiToHtmlOptions } from "./qti3-html";
import { resolveHref, RESPONSE, TOOL_NAME } from "./qti3-common";
import {
  GAP_INTERACTIONS,
  gapsOf,
  isNumericBaseType,
  numericComparison,
  numericValues,
  oneGapAnswers,
} from "./qti3-import-kinds";
import { declarationOf } from "./qti3-import-declaration";
import { MATCH_INTERACTIONS, readMatching } from "./qti3-import-match";
import { withScenarios, withScoringMode } from "./qti3-import-scoring";
import { descendants, scoringOf, ONE_GAP, kindOf, gapKinds, bodyWithPrompt, defined } from "./qti3-import-item-parts";
import type { ItemQuestion } from "./types";
import { childElement, childElements, type XmlElement } from "./xml-read";

export interface ItemRead {
  question: ItemQuestion | null;
  answers?: AnswerInput[];
  /** HTML texts whose media the item needs, and properties.image. */
  html: string[];
  image?: string;
  /** The size at which the item shows its image, when it says: its areas are in it. */
  imageShown?: { width?: number; height?: number };
  /** Files of the package the question is made from but does not refer to (our gap images, cut from its image). */
  derived?: string[];
  /** Files the import made (a composed tray image): package path → bytes. */
  madeFiles?: Map<string, Uint8Array>;
  /** The package path of its stimulus, if it refers to one. */
  stimulus: string | null;
  warnings: string[];
}

const SUPPORTED = [
  "qti-choice-interaction",
  "qti-order-interaction",
  "qti-text-entry-interaction",
  "qti-hotspot-interaction",
  "qti-select-point-interaction",
  "qti-graphic-gap-match-interaction",
  ...GAP_INTERACTIONS,
  ...MATCH_INTERACTIONS,
];

export interface ItemContext {
  /** The item file's package path. */
  file: string;
  entries: ReadonlyMap<string, Uint8Array>;
}

/** Reads one item; `warnings` say what was lost, and a null question why it was skipped. */
export function readItem(root: XmlElement, ctx: ItemContext): ItemRead {
  const read = readItemContent(root, ctx);
  if (read.question === null || root.attributes["tool-name"] !== TOOL_NAME) return read;
  const body = childElement(root, "qti-item-body");
  const div = body ? elementChildren(body).find((el) => el.attributes["data-es-role"] === "question") : undefined;
  const scored = withScoringMode(read.question, div?.attributes["data-es-scoring"], read.warnings);
  return { ...read, question: withScenarios(scored, div?.attributes["data-es-scenarios"], read.warnings) };
}

function readItemContent(root: XmlElement, ctx: ItemContext): ItemRead {
  const warnings: string[] = [];
  const html: string[] = [];
  const ours = root.attributes["tool-name"] === TOOL_NAME;
  const htmlOptions: QtiToHtmlOptions & { trim: boolean } = {
    src: (value) => resolveHref(ctx.file, value) ?? value,
    warnings,
    trim: !ours,
  };
  const body = childElement(root, "qti-item-body");
  const stimulusRef = childElement(root, "qti-assessment-stimulus-ref");
  const stimulus = stimulusRef?.attributes.href ? resolveHref(ctx.file, stimulusRef.attributes.href) : null;
  if (childElements(root, "qti-assessment-stimulus-ref").length > 1)
    warnings.push("it refers to more than one stimulus; only the first is its case study");
  const skip = (why: string): ItemRead => ({ question: null, html, stimulus, warnings: [...warnings, why] });
  if (!body) return skip("it has no qti-item-body, so there is no question to import");

  const interactions = descendants(body, (el) => el.local.startsWith("qti-") && el.local.endsWith("-interaction"));
  if (interactions.length === 0)
    return skip("it has no interaction (an informational item), which is not a question type of Exam Studio");
  const unsupported = interactions.filter((i) => !SUPPORTED.includes(i.local));
  if (unsupported.length > 0)
    return skip(
      `it has ${kindOf(unsupported[0]!.local)} interaction (${unsupported[0]!.local}), which Exam Studio cannot represent; the interactions it reads are choice, order, text entry, inline choice and gap match with one gap, match and associate, hotspot, select point and graphic gap match`,
    );
  const gaps = interactions.flatMap((i) =>
    GAP_INTERACTIONS.includes(i.local) ? gapsOf(i) : i.local === "qti-text-entry-interaction" ? [i] : [],
  );
  // A cloze: text entries and gap choices only, more than one gap among them.
  if (gaps.length > 1 && gaps.length >= interactions.length)
    return skip(`it is ${gapKinds(interactions)} item with ${gaps.length} gaps; ${ONE_GAP}`);
  if (interactions.length > 1)
    return skip(`it has ${interactions.length} interactions; an Exam Studio question has one`);
  const interaction = interactions[0]!;
  if (
    (interaction.attributes["response-identifier"] ?? RESPONSE) !== RESPONSE &&
    childElements(root, "qti-response-declaration").length > 1
  ) {
    warnings.push("its response variable is not RESPONSE; it was read all the same");
  }
  const responseId = interaction.attributes["response-identifier"] ?? RESPONSE;

  const questionDiv = ours
    ? (elementChildren(body).find((el) => el.attributes["data-es-role"] === "question") ?? null)
    : null;
  const scoring = scoringOf(root, ours, questionDiv, warnings);

  // The question's HTML.
  let question: string;
  if (questionDiv) question = qtiToHtml(questionDiv.children, htmlOptions);
  else question = qtiToHtml(bodyWithPrompt(body.children, interaction), htmlOptions);
  html.push(question);

  // The explanation: our modal feedback; another tool's feedback is conditional and left out.
  let explanation = "";
  const feedbacks = childElements(root, "qti-modal-feedback");
  const ownFeedback = ours ? feedbacks.find((f) => f.attributes.identifier === "EXPLANATION") : undefined;
  if (ownFeedback) {
    const content = childElement(ownFeedback, "qti-content-body") ?? ownFeedback;
    const div = elementChildren(content).find((el) => el.attributes["data-es-role"] === "explanation");
    explanation = qtiToHtml(div ? div.children : content.children, htmlOptions);
  } else if (
    feedbacks.length > 0 ||
    descendants(body, (el) => el.local === "qti-feedback-block" || el.local === "qti-feedback-inline").length > 0
  ) {
    warnings.push(
      "its feedback (shown by outcome) was left out: an Exam Studio question has one explanation shown after answering",
    );
  }
  html.push(explanation);
  const externalId = ours
    ? (questionDiv?.attributes["data-es-external-id"] ?? null)
    : (root.attributes.identifier ?? null);
  const base = { question, explanation, external_id: externalId, points: scoring.points };

  const decl = declarationOf(root, responseId);
  if (decl.bounds.length > 0 && scoring.usesMapping)
    warnings.push(
      `its mapping's ${decl.bounds.join(", ")} have no equivalent (points are per answer, pair or area) and were left out`,
    );

  switch (interaction.local) {
    case "qti-choice-interaction":
    case "qti-order-interaction": {
      const choices = childElements(interaction, "qti-simple-choice");
      const ids = choices.map((c) => c.attributes.identifier ?? "");
      const answersHtml = choices.map((c) => qtiToHtml(c.children, htmlOptions));
      html.push(...answersHtml);
      const pointsOf = (id: string) => (scoring.usesMapping ? (decl.mapping.get(id)?.value ?? 0) : 0);
      const oldId = (c: XmlElement): number | string | undefined => {
        const raw = c.attributes["data-es-old-id"];
        if (!ours || raw === undefined) return undefined;
        try {
          const v: unknown = JSON.parse(raw);
          return typeof v === "number" || typeof v === "string" ? v : undefined;
        } catch {
          return undefined;
        }
      };
      if (interaction.local === "qti-choice-interaction") {
        const type = decl.cardinality === "multiple" ? QUESTION_TYPE.multipleChoice : QUESTION_TYPE.singleChoice;
        const answers = choices.map((c, i) =>
          defined({
            answer: answersHtml[i]!,
            is_correct: decl.correct.includes(ids[i]!),
            order: i + 1,
            points: pointsOf(ids[i]!),
            old_id: oldId(c),
          }),
        );
        return { question: { type, ...base, properties: {} }, answers, html, stimulus, warnings };
      }
      const sequence = decl.correct.filter((id) => ids.includes(id));
      const optional = "min-choices" in interaction.attributes || ids.some((id) => !sequence.includes(id));
      // The listing order is the order when the sequence runs through it forwards (as we write
      // it); otherwise the sequence first, then the distractors.
      const positions = sequence.map((id) => ids.indexOf(id));
      const forwards = positions.every((p, k) => k === 0 || p > positions[k - 1]!);
      const orderOf = (id: string, i: number) =>
        forwards
          ? i + 1
          : sequence.includes(id)
            ? sequence.indexOf(id) + 1
            : sequence.length + 1 + ids.filter((x) => !sequence.includes(x)).indexOf(id);
      const answers = choices.map((c, i) =>
        defined({
          answer: answersHtml[i]!,
          is_correct: sequence.includes(ids[i]!),
          order: orderOf(ids[i]!, i),
          points: pointsOf(ids[i]!),
          old_id: oldId(c),
        }),
      );
      const sorted = forwards ? answers : [...answers].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      return {
        question: { type: QUESTION_TYPE.sort, ...base, properties: { optional_answers: optional } },
        answers: sorted,
        html,
        stimulus,
        warnings,
      };
    }
    case "qti-text-entry-interaction": {
      const values =
        decl.mapping.size > 0
          ? [...decl.mapping.entries()].map(([value, m]) => ({
              value,
              points: m.value,
              caseSensitive: m.caseSensitive,
            }))
          : decl.correct.map((value) => ({ value, points: 0, caseSensitive: true }));
      const baseType = decl.decl?.attributes["base-type"];
      if (isNumericBaseType(baseType)) {
        const comparison = numericComparison(root, responseId);
        const exact =
          values.length > 0 ? values : comparison.values.map((value) => ({ value, points: 0, caseSensitive: false }));
        if (exact.length === 0)
          return skip(
            childElement(root, "qti-template-declaration")
              ? "its numeric text entry takes its value from template variables (a template item, whose values are drawn when it is shown), so there is no fixed accepted value"
              : "its numeric text entry has neither a correct response nor a mapping, so there is no accepted value",
          );
        // Every value a tolerance adds earns what its exact value earns.
        const numeric = exact.flatMap((v) => {
          const read = numericValues([v.value], baseType as "integer" | "float", comparison.tolerance);
          warnings.push(...read.warnings);
          return read.values.map((value) => ({ value, points: v.points }));
        });
        const unique = numeric.filter((v, i) => numeric.findIndex((w) => w.value === v.value) === i);
        const properties = {
          text_similarity: 100,
          case_sensitive: false,
          text_answer: unique.map((v) =>
            v.points !== 0 && scoring.usesMapping ? { value: v.value, points: v.points } : { value: v.value },
          ),
        };
        return { question: { type: QUESTION_TYPE.textInput, ...base, properties }, html, stimulus, warnings };
      }
      if (decl.mapping.size === 0 && decl.correct.length === 0)
        return skip("its text entry has neither a correct response nor a mapping, so there is no accepted value");
      const similarity = Number(interaction.attributes["data-es-text-similarity"] ?? "100");
      const caseSensitive = values.some((v) => v.caseSensitive);
      if (caseSensitive && values.some((v) => !v.caseSensitive))
        warnings.push("its accepted values differ in case sensitivity; the question is case sensitive for all of them");
      const properties = {
        text_similarity: Number.isInteger(similarity) && similarity >= 0 && similarity <= 100 ? similarity : 100,
        case_sensitive: caseSensitive,
        text_answer: values.map((v) =>
          v.points !== 0 && scoring.usesMapping ? { value: v.value, points: v.points } : { value: v.value },
        ),
      };
      return { question: { type: QUESTION_TYPE.textInput, ...base, properties }, html, stimulus, warnings };
    }
    case "qti-inline-choice-interaction":
    case "qti-gap-match-interaction": {
      if (gapsOf(interaction).length !== 1)
        return skip(`it is ${kindOf(interaction.local)} item with ${gapsOf(interaction).length} gaps; ${ONE_GAP}`);
      const read = oneGapAnswers(interaction, decl, scoring.usesMapping, htmlOptions);
      html.push(...read.html);
      if (!read.answers.some((a) => a.is_correct)) warnings.push("its correct response names none of its choices");
      return {
        question: { type: QUESTION_TYPE.singleChoice, ...base, properties: {} },
        answers: read.answers,
        html,
        stimulus,
        warnings,
      };
    }
    case "qti-match-interaction":
    case "qti-associate-interaction": {
      const read = readMatching(interaction, decl, base, {
        htmlOptions,
        usesMapping: scoring.usesMapping,
        entries: ctx.entries,
        file: ctx.file,
        warnings,
      });
      if (read === null) return { question: null, html, stimulus, warnings };
      return {
        question: read.question,
        html,
        image: read.image,
        madeFiles: new Map([[read.image, read.png]]),
        stimulus,
        warnings,
      };
    }
    default: {
      const graphicCtx = { file: ctx.file, entries: ctx.entries, ours, warnings, usesMapping: scoring.usesMapping };
      let read: GraphicRead | null;
      if (interaction.local === "qti-hotspot-interaction") read = readHotspot(interaction, decl, graphicCtx);
      else if (interaction.local === "qti-select-point-interaction")
        read = readSelectPoint(root, interaction, decl, graphicCtx);
      else read = readGraphicGapMatch(interaction, decl, graphicCtx);
      if (read === null) return { question: null, html, stimulus, warnings };
      return {
        question: { type: read.type, ...base, properties: read.properties },
        html,
        image: read.image,
        ...(read.shown ? { imageShown: read.shown } : {}),
        madeFiles: read.madeFiles,
        derived: read.derived,
        stimulus,
        warnings,
      };
    }
  }
}
