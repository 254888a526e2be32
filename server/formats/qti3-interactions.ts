// The interactions of the text types (contract 13.1.2): 1/2 `qti-choice-interaction`,
// 6 `qti-order-interaction`, 7 `qti-text-entry-interaction`, each with its correct response
// (our fully correct response, which earns the question's maximum) and its per-answer points as a
// `qti-mapping`. Pure.
import { QUESTION_TYPE } from "../schemas/question";
import { e, RESPONSE, SCORE } from "./qti3-common";
import { htmlToQti } from "./qti3-html";
import type { InteractionParts, ItemContext } from "./qti3-item";
import { partialMode, rightMinusWrong, sequenceModes } from "./qti3-partial";
import type { ContentAnswer, ContentQuestion } from "./types";
import { xmlElement } from "./xml-write";

/** The identifier of the answer at `index` (in the question's order). */
export const choiceId = (index: number) => `A${index + 1}`;

const correctResponse = (values: readonly string[]) =>
  values.length === 0
    ? ""
    : xmlElement("qti-correct-response", {}, ...values.map((v) => xmlElement("qti-value", {}, escapeValue(v))));

function escapeValue(value: string): string {
  return value.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/** `<qti-mapping>` of the non-zero entries (none: no mapping, which the XSD needs non-empty). */
export function mapping(entries: readonly { key: string; value: number; caseSensitive?: boolean }[]): string {
  const kept = entries.filter((x) => x.value !== 0);
  if (kept.length === 0) return "";
  return xmlElement(
    "qti-mapping",
    { "default-value": "0" },
    ...kept.map((x) =>
      xmlElement("qti-map-entry", {
        "map-key": x.key,
        "mapped-value": String(x.value),
        "case-sensitive": x.caseSensitive === undefined ? undefined : String(x.caseSensitive),
      }),
    ),
  );
}

const sum = (values: readonly number[]) => values.reduce((t, v) => t + v, 0);

function simpleChoices(answers: readonly ContentAnswer[], ctx: ItemContext, notes: string[]): string[] {
  return answers.map((a, i) => {
    const html = htmlToQti(a.answer, (p) => ctx.href(p));
    notes.push(...html.notes.map((n) => `answer ${i + 1}: ${n}`));
    return xmlElement(
      "qti-simple-choice",
      { identifier: choiceId(i), "data-es-old-id": a.old_id === null ? undefined : JSON.stringify(a.old_id) },
      html.xml,
    );
  });
}

/** Types 1 and 2. */
export function choiceParts(q: ContentQuestion, ctx: ItemContext): InteractionParts {
  const notes: string[] = [];
  const single = q.type === QUESTION_TYPE.singleChoice;
  const mode = partialMode(q.properties);
  const correct = q.answers.map((a, i) => (a.is_correct ? choiceId(i) : null)).filter((v): v is string => v !== null);
  const map = mapping(q.answers.map((a, i) => ({ key: choiceId(i), value: a.points })));
  const declaration = xmlElement(
    "qti-response-declaration",
    { identifier: RESPONSE, cardinality: single ? "single" : "multiple", "base-type": "identifier" },
    correctResponse(single ? correct.slice(0, 1) : correct),
    map,
  );
  const choices = simpleChoices(q.answers, ctx, notes);
  const interaction = xmlElement(
    "qti-choice-interaction",
    { "response-identifier": RESPONSE, shuffle: String(ctx.shuffle), "max-choices": single ? "1" : "0" },
    ...choices,
  );
  let lossy = notes.length > 0;
  if (correct.length === 0) {
    notes.push("no answer is marked correct, so the item has no correct response");
    lossy = true;
  }
  if (single && correct.length > 1) {
    notes.push(
      "more than one answer is marked correct in a single choice question; the correct response holds the first",
    );
    lossy = true;
  }
  return {
    declaration,
    interaction,
    fullyCorrect: correct.length === 0 ? null : e.match(e.variable(RESPONSE), e.correct(RESPONSE)),
    earned: map === "" ? null : xmlElement("qti-map-response", { identifier: RESPONSE }),
    partial: mode === null || single ? null : rightMinusWrong(mode, correct, "identifier", correct.length),
    extraMax: sum(q.answers.filter((a) => a.is_correct).map((a) => a.points)),
    notes,
    lossy,
  };
}

/** Type 6: the correct answers in their order; distractors (optional_answers) are choices outside it. */
export function orderParts(q: ContentQuestion, ctx: ItemContext): InteractionParts {
  const notes: string[] = [];
  const optional = q.properties.optional_answers === true;
  const mode = partialMode(q.properties);
  const sequence = q.answers
    .map((a, i) => ({ a, id: choiceId(i) }))
    .filter((x) => x.a.is_correct)
    .sort((x, y) => x.a.order - y.a.order);
  const declaration = xmlElement(
    "qti-response-declaration",
    { identifier: RESPONSE, cardinality: "ordered", "base-type": "identifier" },
    correctResponse(sequence.map((x) => x.id)),
    mapping(q.answers.map((a, i) => ({ key: choiceId(i), value: a.points }))),
  );
  const choices = simpleChoices(q.answers, ctx, notes);
  const interaction = xmlElement(
    "qti-order-interaction",
    {
      "response-identifier": RESPONSE,
      shuffle: String(ctx.shuffle),
      "min-choices": optional ? "1" : undefined,
      "max-choices": optional ? String(q.answers.length) : undefined,
    },
    ...choices,
  );
  // map-response does not take an ordered response: each answer's points are added by a rule.
  const after = q.answers
    .map((a, i) =>
      a.points === 0
        ? ""
        : xmlElement(
            "qti-response-condition",
            {},
            xmlElement(
              "qti-response-if",
              {},
              xmlElement("qti-member", {}, e.identifier(choiceId(i)), e.variable(RESPONSE)),
              e.set(SCORE, e.sum(e.variable(SCORE), e.float(a.points))),
            ),
          ),
    )
    .join("");
  let lossy = notes.length > 0;
  if (sequence.length === 0) {
    notes.push("no answer is in the correct sequence, so the item has no correct response");
    lossy = true;
  }
  return {
    declaration,
    interaction,
    fullyCorrect: sequence.length === 0 ? null : e.match(e.variable(RESPONSE), e.correct(RESPONSE)),
    earned: null,
    after,
    partial:
      mode === null
        ? null
        : sequenceModes(
            mode,
            sequence.map((x) => x.id),
            q.answers.length,
          ),
    extraMax: sum(sequence.map((x) => x.a.points)),
    notes,
    lossy,
  };
}

interface TextValue {
  value: string;
  points?: number;
}

/** Type 7: the accepted values as a mapping; the correct response is the one with the most points. */
export function textParts(q: ContentQuestion): InteractionParts {
  const notes: string[] = [];
  const values = (Array.isArray(q.properties.text_answer) ? q.properties.text_answer : []) as TextValue[];
  const similarity = typeof q.properties.text_similarity === "number" ? q.properties.text_similarity : 100;
  const caseSensitive = q.properties.case_sensitive === true;
  const best = values.reduce<TextValue | null>(
    (b, v) => (b === null || (v.points ?? 0) > (b.points ?? 0) ? v : b),
    null,
  );
  const entries = values.map((v) => ({ key: v.value, value: v.points ?? 0, caseSensitive }));
  const map = mapping(entries);
  // Every accepted value is an entry of the mapping, even at 0 points, so that our import finds
  // them all; the XSD takes map entries of 0.
  const allEntries =
    values.length === 0
      ? ""
      : xmlElement(
          "qti-mapping",
          { "default-value": "0" },
          ...entries.map((x) =>
            xmlElement("qti-map-entry", {
              "map-key": x.key,
              "mapped-value": String(x.value),
              "case-sensitive": String(caseSensitive),
            }),
          ),
        );
  const declaration = xmlElement(
    "qti-response-declaration",
    { identifier: RESPONSE, cardinality: "single", "base-type": "string" },
    correctResponse(best ? [best.value] : []),
    allEntries,
  );
  const longest = Math.max(10, ...values.map((v) => v.value.length));
  const interaction = xmlElement(
    "p",
    { "data-es-role": "interaction" },
    xmlElement("qti-text-entry-interaction", {
      "response-identifier": RESPONSE,
      "expected-length": String(longest),
      "data-es-text-similarity": String(similarity),
    }),
  );
  let lossy = false;
  if (similarity < 100) {
    notes.push(
      `text similarity ${similarity} has no QTI equivalent: QTI scoring accepts only the exact values (case ${caseSensitive ? "sensitive" : "insensitive"}); the similarity is kept in data-es-text-similarity, which only Exam Studio reads`,
    );
    lossy = true;
  }
  const matches = values.map((v) =>
    xmlElement(
      "qti-string-match",
      { "case-sensitive": String(caseSensitive) },
      e.variable(RESPONSE),
      e.string(v.value),
    ),
  );
  return {
    declaration,
    interaction,
    fullyCorrect: matches.length === 0 ? null : e.or(...matches),
    earned: map === "" ? null : xmlElement("qti-map-response", { identifier: RESPONSE }),
    extraMax: best?.points ?? 0,
    notes,
    lossy,
  };
}
