// The similarity index's slots (similarity-index.ts) as one Int32Array: each slot's fields in one
// run of SLOT_WORDS words, 64 bytes. A look-up meets a few hundred slots sharing a key with its
// text and rules out nearly all of them with the first words (whether this look-up met it
// already, its trigram count, its signature); kept in separate arrays, those fields cost a cache
// miss each, and inside a create, where the index's memory is cold, the misses were most of a
// look-up (about 400 ns a slot, measured in bench/bank-duplicates.ts). The fields a look-up reads
// of every slot it meets come first, so that they fall in one cache line even when the array does
// not start on one. Pure.
import { SIGNATURE_WORDS } from "./trigram-signature";

/** Words per slot. */
export const SLOT_WORDS = 16;

/** The last look-up that met the slot (SimilarityIndex's "seen", without a Set of its own). */
export const MET = 0;
/** Distinct trigrams of an ASCII text, NOT_ASCII (slot-comparer.ts) otherwise, or EMPTIED. */
export const COUNT = 1;
/** The question's id. */
export const ID = 2;
/** An ASCII text's trigram signature (trigram-signature.ts), SIGNATURE_WORDS words. */
export const SIGNATURE = 3;
export const EXAM = SIGNATURE + SIGNATURE_WORDS;
export const VERSION = EXAM + 1;
/** How many of its keys the slot's keyPool run holds. */
export const KEY_COUNT = VERSION + 1;
/** Where its text's UTF-16 code units start in the index's chars, and how many. */
export const TEXT_START = KEY_COUNT + 1;
export const TEXT_LENGTH = TEXT_START + 1;

if (TEXT_LENGTH >= SLOT_WORDS) throw new Error("a slot's fields do not fit in SLOT_WORDS");

/** COUNT of an emptied slot (its question written again, or removed). */
export const EMPTIED = -2;
