// The QTI kinds contract 13.3 point 3 maps onto our types, for QTI 3.0 and (translated) 2.x alike:
// - a text entry with a numeric base type (integer, float) → type 7, similarity 100: the accepted
//   values are the exact values as text; a tolerance over integers lists every integer it
//   accepts, up to 100; any other tolerance keeps the exact value only, with a warning;
// - one gap with choices (`qti-inline-choice-interaction`, or a `qti-gap-match-interaction` with
//   one `qti-gap`) → type 1: `_____` at the gap (qti3-import-item.ts), the choices as answers, the
//   right one correct. Several gaps: the item is skipped.
// Pure.
import type { AnswerInput } from "../schemas/question";
import { qtiToHtml, type QtiToHtmlOptions } from "./qti3-html";
import { childElements, textContent, type XmlElement, type XmlNode } from "./xml-read";

/** At most this many integers are listed for a tolerance (contract 13.3 point 3). */
export const MAX_LISTED_INTEGERS = 100;

/** What the text entry's base type makes of it: numbers, or text as before. */
export const isNumericBaseType = (baseType: string | undefined) => baseType === "integer" || baseType === "float";

export interface Tolerance {
  /** How the response processing compares: `qti-equal`'s tolerance mode, or another comparison. */
  mode: "exact" | "absolute" | "relative" | "other";
  /** Below and above the exact value (absolute: units, relative: percent). */
  lower: number;
  upper: number;
  includeLower: boolean;
  includeUpper: boolean;
  /** How the file says it, for a warning. */
  said: string;
}

function walk(root: XmlElement, visit: (el: XmlElement) => void) {
  visit(root);
  for (const c of root.children) if (typeof c !== "string") walk(c, visit);
}

const refersTo = (el: XmlElement, identifier: string) =>
  childElements(el).some(
    (c) => (c.local === "qti-variable" || c.local === "qti-correct") && c.attributes.identifier === identifier,
  );

/**
 * How the item's response processing compares the numeric response: the first `qti-equal` (or
 * `qti-equal-rounded`, or an inequality) on the response. Null: it does not compare it itself
 * (a template, which matches exactly). The values it compares with (`qti-base-value`) are
 * returned too: an item may hold its exact value only there.
 */
export function numericComparison(
  root: XmlElement,
  identifier: string,
): { tolerance: Tolerance | null; values: string[] } {
  const rp = childElements(root, "qti-response-processing")[0];
  let tolerance: Tolerance | null = null;
  const values: string[] = [];
  if (!rp) return { tolerance, values };
  walk(rp, (el) => {
    if (tolerance !== null || !refersTo(el, identifier)) return;
    const compared = childElements(el, "qti-base-value").map((v) => textContent(v).trim());
    if (el.local === "qti-equal") {
      const mode = el.attributes["tolerance-mode"] ?? "exact";
      const [t0 = 0, t1 = t0] = (el.attributes.tolerance ?? "0").trim().split(/\s+/).map(Number);
      const known = mode === "exact" || mode === "absolute" || mode === "relative";
      tolerance = {
        mode: known && Number.isFinite(t0) && Number.isFinite(t1) ? mode : "other",
        lower: t0,
        upper: t1,
        includeLower: el.attributes["include-lower-bound"] !== "false",
        includeUpper: el.attributes["include-upper-bound"] !== "false",
        said: `qti-equal with tolerance-mode ${mode}${mode === "exact" ? "" : ` and tolerance ${el.attributes.tolerance ?? "0"}`}`,
      };
      values.push(...compared);
    } else if (
      ["qti-equal-rounded", "qti-lt", "qti-lte", "qti-gt", "qti-gte", "qti-custom-operator"].includes(el.local)
    ) {
      tolerance = { mode: "other", lower: 0, upper: 0, includeLower: true, includeUpper: true, said: el.local };
    } else if (el.local === "qti-match") values.push(...compared);
  });
  return { tolerance, values };
}

/** The number as text the way a candidate would type it (`3.0` → `3`, `.5` → `0.5`), or null. */
function canonical(value: string): string | null {
  const n = Number(value);
  return value.trim() === "" || !Number.isFinite(n) ? null : String(n);
}

/**
 * The accepted values of a numeric text entry: each exact value as written (and as a candidate
 * types it, when that differs), widened by the tolerance where that gives integers.
 */
export function numericValues(
  exact: readonly string[],
  baseType: "integer" | "float",
  tolerance: Tolerance | null,
): { values: string[]; warnings: string[] } {
  const warnings: string[] = [];
  const values: string[] = [];
  const add = (v: string) => {
    if (!values.includes(v)) values.push(v);
  };
  for (const raw of exact) {
    const value = raw.trim();
    add(value);
    const typed = canonical(value);
    if (typed !== null) add(typed);
    const none = tolerance === null || tolerance.mode === "exact";
    if (none || (tolerance.mode !== "other" && tolerance.lower === 0 && tolerance.upper === 0)) continue;
    const n = Number(value);
    if (tolerance.mode === "other" || baseType !== "integer" || typed === null) {
      warnings.push(
        `its response is compared by ${tolerance.said}, which has no equivalent: only the exact value ${value} is accepted`,
      );
      continue;
    }
    const lo = tolerance.mode === "absolute" ? n - tolerance.lower : n * (1 - tolerance.lower / 100);
    const hi = tolerance.mode === "absolute" ? n + tolerance.upper : n * (1 + tolerance.upper / 100);
    const from = tolerance.includeLower ? Math.ceil(Math.min(lo, hi)) : Math.floor(Math.min(lo, hi)) + 1;
    const to = tolerance.includeUpper ? Math.floor(Math.max(lo, hi)) : Math.ceil(Math.max(lo, hi)) - 1;
    const count = to - from + 1;
    if (count > MAX_LISTED_INTEGERS) {
      warnings.push(
        `its tolerance (${tolerance.said}) accepts ${count} integers, more than the ${MAX_LISTED_INTEGERS} that are listed: only the exact value ${value} is accepted`,
      );
      continue;
    }
    for (let k = from; k <= to; k++) add(String(k));
  }
  return { values, warnings };
}

// ---------------------------------------------------------------------------------------------
// One gap with choices

export const GAP_INTERACTIONS = ["qti-inline-choice-interaction", "qti-gap-match-interaction"];

/** The interaction's gaps: an inline choice is one; a gap match has its `qti-gap`s. */
export function gapsOf(interaction: XmlElement): XmlElement[] {
  if (interaction.local === "qti-inline-choice-interaction") return [interaction];
  const gaps: XmlElement[] = [];
  walk(interaction, (el) => {
    if (el.local === "qti-gap") gaps.push(el);
  });
  return gaps;
}

/** A gap match's content around its choices, with `_____` at its gap (the prompt is the caller's). */
export function gapMatchContent(interaction: XmlElement): XmlNode[] {
  const replace = (nodes: readonly XmlNode[]): XmlNode[] =>
    nodes.flatMap((n): XmlNode[] => {
      if (typeof n === "string") return [n];
      if (n.local === "qti-gap") return ["_____"];
      if (["qti-prompt", "qti-gap-text", "qti-gap-img"].includes(n.local)) return [];
      return [{ ...n, children: replace(n.children) }];
    });
  return replace(interaction.children);
}

export interface Declaration {
  correct: string[];
  mapping: Map<string, { value: number }>;
}

/**
 * The answers of a one-gap item: the choices in file order, correct where the correct response
 * (an inline choice's identifier, a gap match's `choice gap` pair) names them; their points the
 * mapping's, when the scoring uses it.
 */
export function oneGapAnswers(
  interaction: XmlElement,
  decl: Declaration,
  usesMapping: boolean,
  htmlOptions: QtiToHtmlOptions & { trim: boolean },
): { answers: AnswerInput[]; html: string[] } {
  const inline = interaction.local === "qti-inline-choice-interaction";
  const choices = inline
    ? childElements(interaction, "qti-inline-choice")
    : childElements(interaction).filter((c) => c.local === "qti-gap-text" || c.local === "qti-gap-img");
  const gap = inline ? null : (gapsOf(interaction)[0]?.attributes.identifier ?? "");
  const pair = (s: string) => s.trim().split(/\s+/).join(" ");
  const keyOf = (id: string) => (inline ? id : `${id} ${gap}`);
  const correct = new Set(decl.correct.map(pair));
  const mapping = new Map([...decl.mapping].map(([k, v]) => [pair(k), v.value]));
  const html = choices.map((c) => qtiToHtml(c.children, htmlOptions));
  const answers = choices.map((c, i) => {
    const key = keyOf(c.attributes.identifier ?? "");
    return {
      answer: html[i]!,
      is_correct: correct.has(key),
      order: i + 1,
      points: usesMapping ? (mapping.get(key) ?? 0) : 0,
    };
  });
  return { answers, html };
}
