// The scoring modes of contract 16.1 as QTI 3 response processing (contract 16.3 point 5). Each
// partial mode is a count and what it counts out of, as in server/domain/scoring: the item's
// rules compute the count into the outcome ES_COUNT, and the frame (qti3-item.ts) scores a
// response that is not fully correct as
//   round-to(points × max(0, ES_COUNT) / of + the answer, pair or area points, 2 decimals)
// which is our fraction clamped at 0 (a count never exceeds `of`), times the question's points,
// plus the item points. Only QTI 3's own operators are used (member, inside, index, match, lt,
// gt, gte, sum, subtract, container-size; max, product, divide and round-to for the score), not
// custom ones, so that any conformant engine computes it; a mapping with a lower bound cannot,
// since its bound would clamp the item points too (docs/decisions.md). The mode itself is kept
// in data-es-scoring for our own import. Pure.
import { ALL_OR_NOTHING } from "../schemas/question/scoring";
import { e, RESPONSE } from "./qti3-common";
import { xmlElement } from "./xml-write";

/** What a partial mode adds to an item: outcomes, the rules that compute ES_COUNT, and its divisor. */
export interface PartialScoring {
  mode: string;
  outcomes: string;
  rules: string;
  /** The count's divisor (> 0). */
  of: number;
}

export const COUNT = "ES_COUNT";

const int = (identifier: string, initial: number) =>
  xmlElement(
    "qti-outcome-declaration",
    { identifier, cardinality: "single", "base-type": "integer" },
    xmlElement("qti-default-value", {}, xmlElement("qti-value", {}, String(initial))),
  );

const when = (condition: string, ...then: string[]) =>
  xmlElement("qti-response-condition", {}, xmlElement("qti-response-if", {}, condition, ...then));

const add = (identifier: string, n: number) => e.set(identifier, e.sum(e.variable(identifier), e.integer(n)));
const lt = (a: string, b: string) => xmlElement("qti-lt", {}, a, b);
const gte = (a: string, b: string) => xmlElement("qti-gte", {}, a, b);
const at = (position: number) => xmlElement("qti-index", { n: String(position) }, e.variable(RESPONSE));

/** The mode a question carries, when it is a partial one (not all or nothing). */
export function partialMode(properties: Record<string, unknown>): string | null {
  const mode = properties.scoring;
  return typeof mode === "string" && mode !== ALL_OR_NOTHING ? mode : null;
}

/**
 * per_answer, per_area (type 5) and per_target: (right − wrong) / of, where every value of the
 * response that is not right is wrong, so right − wrong = 2 × right − the response's size.
 * `right` are the values (identifiers, or "drag target" pairs) a right response holds.
 */
export function rightMinusWrong(
  mode: string,
  right: readonly string[],
  baseType: "identifier" | "directedPair",
  of: number,
): PartialScoring | null {
  if (of <= 0) return null;
  const value = (v: string) => xmlElement("qti-base-value", { "base-type": baseType }, v);
  const rules = [
    ...right.map((v) => when(xmlElement("qti-member", {}, value(v), e.variable(RESPONSE)), add(COUNT, 2))),
    when(
      e.not(e.isNull(e.variable(RESPONSE))),
      e.set(
        COUNT,
        xmlElement("qti-subtract", {}, e.variable(COUNT), xmlElement("qti-container-size", {}, e.variable(RESPONSE))),
      ),
    ),
  ].join("");
  return { mode, outcomes: int(COUNT, 0), rules, of };
}

/**
 * per_area of a point & shoot question: each area with a click inside counts +1 when it is
 * correct and −1 when not (qti-inside of a container: any of its points, QTI 3). It reads the
 * geometry rather than the area flags the item also sets, as the fully correct condition does.
 */
export function areasClicked(
  mode: string,
  areas: readonly { coords: string; correct: boolean }[],
  of: number,
): PartialScoring | null {
  if (of <= 0) return null;
  const inside = (coords: string) => xmlElement("qti-inside", { shape: "rect", coords }, e.variable(RESPONSE));
  const rules = areas.map((a) => when(inside(a.coords), add(COUNT, a.correct ? 1 : -1))).join("");
  return { mode, outcomes: int(COUNT, 0), rules, of };
}

/**
 * Type 6's modes over the response's positions 1..`slots` (`sequence` holds the choice
 * identifiers of the correct order). ES_R{j} is the sequence rank (0-based) of the answer at
 * position j, −1 for a distractor or an empty position; the modes read the ranks:
 * - absolute_position: positions j with rank j − 1;
 * - relative_next: positions j whose next position holds rank + 1 (the sequence's pair a, b
 *   held adjacent);
 * - longest_contiguous_subset: the longest run of positions whose ranks go up by 1;
 * - longest_ordered_subset: the longest subsequence of positions with rising ranks (ES_L{j}, the
 *   longest ending at j, by dynamic programming).
 */
export function sequenceModes(mode: string, sequence: readonly string[], slots: number): PartialScoring | null {
  const n = sequence.length;
  const of = mode === "relative_next" ? n - 1 : n;
  if (of <= 0) return null;
  const r = (j: number) => `ES_R${j}`;
  const l = (j: number) => `ES_L${j}`;
  const positions = Array.from({ length: slots }, (_, i) => i + 1);
  const outcomes = [int(COUNT, 0), ...positions.map((j) => int(r(j), -1))];
  const ranks = positions.map((j) =>
    xmlElement(
      "qti-response-condition",
      {},
      ...sequence.map((id, rank) =>
        xmlElement(
          rank === 0 ? "qti-response-if" : "qti-response-else-if",
          {},
          e.match(at(j), e.identifier(id)),
          e.set(r(j), e.integer(rank)),
        ),
      ),
    ),
  );
  const rank = (j: number) => e.variable(r(j));
  const next = (j: number) => e.sum(rank(j), e.integer(1));
  const rules: string[] = [...ranks];
  switch (mode) {
    case "absolute_position":
      for (const j of positions.slice(0, n)) rules.push(when(e.match(rank(j), e.integer(j - 1)), add(COUNT, 1)));
      break;
    case "relative_next":
      for (const j of positions.slice(0, -1))
        rules.push(when(e.and(gte(rank(j), e.integer(0)), e.match(rank(j + 1), next(j))), add(COUNT, 1)));
      break;
    case "longest_contiguous_subset": {
      const RUN = "ES_RUN";
      outcomes.push(int(RUN, 0));
      for (const j of positions) {
        const continues = j === 1 ? null : e.and(gte(rank(j - 1), e.integer(0)), e.match(rank(j), next(j - 1)));
        rules.push(
          xmlElement(
            "qti-response-condition",
            {},
            xmlElement("qti-response-if", {}, lt(rank(j), e.integer(0)), e.set(RUN, e.integer(0))),
            continues ? xmlElement("qti-response-else-if", {}, continues, add(RUN, 1)) : "",
            xmlElement("qti-response-else", {}, e.set(RUN, e.integer(1))),
          ),
          when(xmlElement("qti-gt", {}, e.variable(RUN), e.variable(COUNT)), e.set(COUNT, e.variable(RUN))),
        );
      }
      break;
    }
    case "longest_ordered_subset":
      for (const j of positions) {
        outcomes.push(int(l(j), 0));
        rules.push(when(gte(rank(j), e.integer(0)), e.set(l(j), e.integer(1))));
        for (const k of positions.slice(0, j - 1))
          rules.push(
            when(
              e.and(gte(rank(k), e.integer(0)), lt(rank(k), rank(j)), gte(e.variable(l(k)), e.variable(l(j)))),
              e.set(l(j), e.sum(e.variable(l(k)), e.integer(1))),
            ),
          );
        rules.push(when(xmlElement("qti-gt", {}, e.variable(l(j)), e.variable(COUNT)), e.set(COUNT, e.variable(l(j)))));
      }
      break;
    default:
      return null;
  }
  return { mode, outcomes: outcomes.join(""), rules: rules.join(""), of };
}

/** SCORE of a response that is not fully correct: the mode's share of `points` plus `earned`. */
export function partialScore(points: number, partial: PartialScoring, earned: string): string {
  const share = xmlElement(
    "qti-divide",
    {},
    xmlElement("qti-product", {}, e.float(points), xmlElement("qti-max", {}, e.integer(0), e.variable(COUNT))),
    e.float(partial.of),
  );
  return e.sum(share, earned);
}

/** The rule that rounds SCORE to 2 decimals, as our scoring rounds the points earned. */
export const roundScore = (score: string) =>
  e.set(score, xmlElement("qti-round-to", { "rounding-mode": "decimalPlaces", figures: "2" }, e.variable(score)));
