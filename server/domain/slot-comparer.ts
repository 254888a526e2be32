// How the similarity index (similarity-index.ts) compares a look-up's text with the text a slot
// holds, and what it keeps of each text to do so. An ASCII text is compared with an ASCII one
// without making the slot's trigram set (ascii-trigram-query.ts): its trigrams are read off its
// code units and counted against the look-up's, each once, with the slot's own distinct count
// kept when it was written. Two bounds come first, and a slot either keeps below the threshold is
// not read at all: its count (Jaccard ≤ smaller / larger count), then its 256-bit trigram
// signature (trigram-signature.ts: at most how many trigrams the two share). Most slots that share
// a key are far from the threshold, and the signature stops them: a look-up among a few thousand
// texts of the same few words went from about 51 to 20 µs (measured). Other pairs are compared
// through their strings (similarity-keys.ts). Pure.
import { AsciiTrigramQuery } from "./ascii-trigram-query";
import { asciiTrigramCodes, similarityTo } from "./similarity-keys";
import { SIGNATURE_WORDS, sharedAtMost, writeSignature } from "./trigram-signature";

/** The trigram count of a text that is not all ASCII (compared through its string). */
export const NOT_ASCII = -1;

/**
 * How far below the threshold a candidate computed here may be and still be answered, for a pair
 * that is not all ASCII: there the database's locale may take a character for a word character
 * differently (similarity-keys.ts), which moves a similarity by far less than this. All-ASCII
 * pairs are compared exactly as pg_trgm compares them, in single precision.
 */
export const NON_ASCII_MARGIN = 0.1;

/** The slots' texts, as the index holds them while one look-up compares. */
export interface SlotTexts {
  /** Per slot: the distinct trigrams of an ASCII text, NOT_ASCII otherwise. */
  trigramCounts: Int32Array;
  /** SIGNATURE_WORDS per slot: an ASCII text's trigram signature. */
  signatures: Int32Array;
  /** Every slot's UTF-16 code units, at textStarts[slot] for textLengths[slot]. */
  chars: Uint16Array;
  textStarts: Int32Array;
  textLengths: Int32Array;
}

export interface SlotComparer {
  /** A slot's similarity to the text when it is kept (see SimilarityIndex.candidates()), else null. */
  compare(slot: number): { similarity: number; exact: boolean } | null;
  /** Must be called when the comparisons are over (it clears the shared trigram table). */
  done(): void;
}

/**
 * Writes what a slot keeps of `text` for comparing it: its trigram count (or NOT_ASCII), answered,
 * and, for an ASCII text, its signature at `signatures[slot · SIGNATURE_WORDS …]`.
 */
export function keepForComparing(text: string, signatures: Int32Array, slot: number): number {
  const codes = asciiTrigramCodes(text);
  if (codes === null) return NOT_ASCII;
  writeSignature(codes, signatures, slot * SIGNATURE_WORDS);
  return codes.size;
}

/** Compares `text` with slots of `slots`, keeping those at least `threshold` similar. */
export function slotComparer(text: string, threshold: number, slots: SlotTexts): SlotComparer {
  const threshold32 = Math.fround(threshold);
  const codes = asciiTrigramCodes(text);
  // Made only when a text is not all ASCII (it reads the text's trigrams again).
  let bySlow: ((other: string) => number) | null = null;
  const slowly = (slot: number) => {
    bySlow ??= similarityTo(text);
    const s = bySlow(slotText(slots, slot));
    return s >= threshold - NON_ASCII_MARGIN ? { similarity: s, exact: false } : null;
  };
  if (codes === null || codes.size === 0) return { compare: slowly, done: () => {} };
  const query = new AsciiTrigramQuery(codes);
  const size = query.size;
  const signature = new Int32Array(SIGNATURE_WORDS);
  writeSignature(codes, signature, 0);
  const compare = (slot: number) => {
    const other = slots.trigramCounts[slot]!;
    if (other === NOT_ASCII) return slowly(slot);
    if (Math.fround(Math.min(size, other) / Math.max(size, other)) < threshold32) return null;
    // The most the two can share, from their signatures: most candidates stop here.
    const atMost = sharedAtMost(signature, 0, size, slots.signatures, slot * SIGNATURE_WORDS, other);
    if (Math.fround(atMost / (size + other - atMost)) < threshold32) return null;
    const start = slots.textStarts[slot]!;
    const shared = query.sharedWith(slots.chars, start, start + slots.textLengths[slot]!);
    const similarity = shared / (size + other - shared);
    return Math.fround(similarity) >= threshold32 ? { similarity, exact: true } : null;
  };
  return { compare, done: () => query.release() };
}

const utf16 = new TextDecoder("utf-16le");

/** The text a slot holds. */
export function slotText(slots: Pick<SlotTexts, "chars" | "textStarts" | "textLengths">, slot: number): string {
  const start = slots.textStarts[slot]!;
  return utf16.decode(slots.chars.subarray(start, start + slots.textLengths[slot]!));
}
