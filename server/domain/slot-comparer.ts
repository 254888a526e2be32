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
import { asciiTrigramList } from "./ascii-trigram-list";
import { AsciiTrigramQuery } from "./ascii-trigram-query";
import { similarityTo } from "./similarity-keys";
import { COUNT, SIGNATURE, SLOT_WORDS, TEXT_LENGTH, TEXT_START } from "./slot-records";
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
  /** SLOT_WORDS per slot (slot-records.ts): COUNT, SIGNATURE, TEXT_START and TEXT_LENGTH are read here. */
  records: Int32Array;
  /** Every slot's UTF-16 code units, at its TEXT_START for its TEXT_LENGTH. */
  chars: Uint16Array;
}

export interface SlotComparer {
  /** A slot's similarity to the text when it is kept (see SimilarityIndex.candidates()), else null. */
  compare(slot: number): { similarity: number; exact: boolean } | null;
  /** Must be called when the comparisons are over (it clears the shared trigram table). */
  done(): void;
}

/**
 * Writes what a slot keeps of `text` for comparing it: its COUNT (the trigram count, or
 * NOT_ASCII) and, for an ASCII text, its SIGNATURE, in `records` at slot `slot`.
 */
export function keepForComparing(text: string, records: Int32Array, slot: number): void {
  const codes = asciiTrigramList(text);
  records[slot * SLOT_WORDS + COUNT] = codes === null ? NOT_ASCII : codes.length;
  if (codes !== null) writeSignature(codes, records, slot * SLOT_WORDS + SIGNATURE);
}

/** Compares `text` with slots of `slots`, keeping those at least `threshold` similar. */
export function slotComparer(text: string, threshold: number, slots: SlotTexts): SlotComparer {
  const threshold32 = Math.fround(threshold);
  const codes = asciiTrigramList(text);
  // Made only when a text is not all ASCII (it reads the text's trigrams again).
  let bySlow: ((other: string) => number) | null = null;
  const slowly = (slot: number) => {
    bySlow ??= similarityTo(text);
    const s = bySlow(slotText(slots, slot));
    return s >= threshold - NON_ASCII_MARGIN ? { similarity: s, exact: false } : null;
  };
  if (codes === null || codes.length === 0) return { compare: slowly, done: () => {} };
  const query = new AsciiTrigramQuery(codes);
  const size = query.size;
  const signature = new Int32Array(SIGNATURE_WORDS);
  writeSignature(codes, signature, 0);
  const compare = (slot: number) => {
    const { records } = slots;
    const at = slot * SLOT_WORDS;
    const other = records[at + COUNT]!;
    if (other === NOT_ASCII) return slowly(slot);
    if (Math.fround(Math.min(size, other) / Math.max(size, other)) < threshold32) return null;
    // The most the two can share, from their signatures: most candidates stop here, most of them
    // after a word or two. Below `enough` a pair is short of the threshold however the similarity
    // rounds (shared / (size + other − shared) grows with shared; one less than the real bound).
    const enough = Math.floor((threshold * (size + other)) / (1 + threshold)) - 1;
    const atMost = sharedAtMost(signature, 0, size, records, at + SIGNATURE, other, enough);
    if (Math.fround(atMost / (size + other - atMost)) < threshold32) return null;
    const start = records[at + TEXT_START]!;
    const shared = query.sharedWith(slots.chars, start, start + records[at + TEXT_LENGTH]!);
    const similarity = shared / (size + other - shared);
    return Math.fround(similarity) >= threshold32 ? { similarity, exact: true } : null;
  };
  return { compare, done: () => query.release() };
}

const utf16 = new TextDecoder("utf-16le");

/** The text a slot holds. */
export function slotText(slots: SlotTexts, slot: number): string {
  const start = slots.records[slot * SLOT_WORDS + TEXT_START]!;
  return utf16.decode(slots.chars.subarray(start, start + slots.records[slot * SLOT_WORDS + TEXT_LENGTH]!));
}
