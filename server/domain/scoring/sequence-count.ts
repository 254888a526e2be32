// Type 6's partial-credit counts (contract 16.1 point 3). `sequence` is the correct order (the
// answers marked correct, by `order`), `response` the candidate's list. A distractor or unknown id
// in the response counts as nothing and takes its position. Pure counting; the fraction is the
// caller's.
import type { ScoringModeOf } from "../../schemas/question/scoring";
import type { QUESTION_TYPE } from "../../schemas/question/question-type";

export type SequenceMode = Exclude<ScoringModeOf<typeof QUESTION_TYPE.sort>, "all_or_nothing">;

/** Positions i at which the response holds the sequence's i-th answer. */
function absolutePosition(sequence: readonly number[], response: readonly number[]): number {
  return sequence.filter((id, i) => response[i] === id).length;
}

/** The sequence's adjacent pairs (a, b) that the response also holds adjacent, a directly before b. */
function relativeNext(sequence: readonly number[], response: readonly number[]): number {
  const held = new Set(response.slice(1).map((b, i) => `${response[i]}>${b}`));
  return sequence.slice(1).filter((b, i) => held.has(`${sequence[i]}>${b}`)).length;
}

/**
 * The longest subsequence of the response that keeps the sequence's relative order: the longest
 * strictly increasing run of sequence positions (patience sorting, O(n log n)). An answer given
 * twice can count once only, as positions must strictly increase.
 */
function longestOrdered(rank: ReadonlyMap<number, number>, response: readonly number[]): number {
  const tails: number[] = [];
  for (const id of response) {
    const r = rank.get(id);
    if (r === undefined) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = r;
  }
  return tails.length;
}

/** The longest stretch of consecutive sequence answers that the response holds consecutively, in order. */
function longestContiguous(rank: ReadonlyMap<number, number>, response: readonly number[]): number {
  let best = 0;
  let run = 0;
  let previous: number | undefined;
  for (const id of response) {
    const r = rank.get(id);
    run = r === undefined ? 0 : previous !== undefined && r === previous + 1 && run > 0 ? run + 1 : 1;
    previous = r;
    best = Math.max(best, run);
  }
  return best;
}

/** What the mode counts, and what it counts out of (the fraction's numerator and denominator). */
export function sequenceCount(
  mode: SequenceMode,
  sequence: readonly number[],
  response: readonly number[],
): { count: number; of: number } {
  const n = sequence.length;
  const rank = new Map(sequence.map((id, i) => [id, i]));
  switch (mode) {
    case "absolute_position":
      return { count: absolutePosition(sequence, response), of: n };
    case "relative_next":
      return { count: relativeNext(sequence, response), of: Math.max(0, n - 1) };
    case "longest_ordered_subset":
      return { count: longestOrdered(rank, response), of: n };
    case "longest_contiguous_subset":
      return { count: longestContiguous(rank, response), of: n };
  }
}
