// Text similarity for text input questions (type 7), as product.md's scoring defines it: the
// response and each accepted value are normalised (trimmed, whitespace collapsed, lower-cased
// unless case-sensitive) and compared by
//   similarity = 100 × (1 − Levenshtein distance / length of the longer string).
// A response is accepted when its similarity to some accepted value is at least text_similarity.
// Pure: the question editor's "Try an answer" box and the exam simulation use the same function.
// Lengths and edits count Unicode code points, so "é" or "😀" is one character, not two.
import { normalizeTextAnswer } from "./question-rules/text-input-properties";

export { normalizeTextAnswer };

/** The Levenshtein distance between two strings, counted in code points. */
export function levenshtein(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (s.length === 0) return t.length;
  if (t.length === 0) return s.length;
  // One row of the classic table at a time: previous[j] is the distance of s[0..i) to t[0..j).
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const substitution = previous[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[t.length]!;
}

/**
 * Similarity of two normalised strings, 0–100 (not rounded, so a comparison with the threshold
 * is exact). Two empty strings are identical: 100.
 */
export function similarityOfNormalized(a: string, b: string): number {
  const longer = Math.max(Array.from(a).length, Array.from(b).length);
  if (longer === 0) return 100;
  return 100 * (1 - levenshtein(a, b) / longer);
}

/** Similarity of a response to an accepted value, both normalised first. */
export function textSimilarity(response: string, accepted: string, caseSensitive: boolean): number {
  return similarityOfNormalized(
    normalizeTextAnswer(response, caseSensitive),
    normalizeTextAnswer(accepted, caseSensitive),
  );
}

export interface AcceptedValue {
  value: string;
  points?: number;
}

export interface SimilarityResult {
  value: string;
  points?: number;
  /** 0–100, unrounded. */
  similarity: number;
  /** similarity ≥ the question's text_similarity. */
  accepted: boolean;
}

export interface TextResponseCheck {
  results: SimilarityResult[];
  /**
   * Index into `results` of the accepted value that scores the response: the most similar
   * among those reaching the threshold (the first on a tie), or null when none does.
   */
  match: number | null;
}

/** Compares a response with every accepted value of a text input question. */
export function checkTextResponse(
  response: string,
  acceptedValues: readonly AcceptedValue[],
  options: { threshold: number; caseSensitive: boolean },
): TextResponseCheck {
  const normalized = normalizeTextAnswer(response, options.caseSensitive);
  const results: SimilarityResult[] = [];
  let match: number | null = null;
  for (const entry of acceptedValues) {
    const similarity = similarityOfNormalized(normalized, normalizeTextAnswer(entry.value, options.caseSensitive));
    const accepted = similarity >= options.threshold;
    if (accepted && (match === null || similarity > results[match]!.similarity)) match = results.length;
    const result: SimilarityResult = { value: entry.value, similarity, accepted };
    if (entry.points !== undefined) result.points = entry.points;
    results.push(result);
  }
  return { results, match };
}

/**
 * A similarity as a person reads it, rounded DOWN to one decimal so that what is shown never
 * looks higher than the threshold it failed ("66.6", not "67"); whole numbers without ".0".
 */
export function formatSimilarity(similarity: number): string {
  const floored = Math.floor(similarity * 10 + 1e-9) / 10;
  return Number.isInteger(floored) ? String(floored) : floored.toFixed(1);
}
