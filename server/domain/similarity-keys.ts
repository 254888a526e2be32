// The similarity keys of a question (contract 15.2 point 3): MinHash locality-sensitive hashing of
// the trigram set of its similarity_text, so that near duplicates are found by equal integers in a
// GIN index over question.similarity_keys instead of by scanning pg_trgm's trigram index, whose
// common trigrams ("  t", " th", "the") each list most of a bank.
//
// - Trigrams exactly as pg_trgm makes them: the words (runs of letters and digits), lower-cased,
//   each with two spaces before and one after, every window of 3 characters, as a set. pg_trgm's
//   similarity() is the Jaccard index of these sets (shared / union).
// - MinHash: K = R × B seeded 32-bit hash functions; for each, the least hash of the set's
//   trigrams. Two sets agree on one function's minimum with probability equal to their Jaccard
//   index s.
// - Bands: the K minimums in B bands of R; a band's key is a 32-bit hash of (band index, its R
//   minimums), as a signed int32 (a PostgreSQL integer). Two texts share a key when some band
//   agrees in all R minimums, which happens with probability 1 − (1 − s^R)^B. With R = 8, B = 30:
//     s = 0.9: 1 − (1 − 0.430)^30 ≈ 1 − 5·10⁻⁸ (a pair at the 0.9 threshold is missed about once
//              in twenty million; more similar pairs even less often),
//     s = 0.7: ≈ 0.83,   s = 0.5: ≈ 0.11,   s = 0.3: ≈ 0.2 %.
//   The keys only choose candidates: the look-ups then compare similarity() exactly, so a pair
//   they answer is always at the threshold; the keys can only, this rarely, miss one.
// Where the database's locale takes a character for a word character differently (PostgreSQL's
// C.UTF-8 does not count "²" or "½", which Unicode calls digits), the sets differ a little and the
// chance of a candidate is that of the sets here; the exact comparison still decides.
// An empty text (a question of media alone) has no trigrams and no keys.
// Pure: the write paths, the startup backfill and the look-ups share it.

import { asciiTrigramList } from "./ascii-trigram-list";

/** Minimums per band. */
export const ROWS_PER_BAND = 8;
/** Bands, and so keys per text. */
export const BANDS = 30;

/** The characters pg_trgm takes for word characters: letters and digits of any script. */
const WORD = /[\p{L}\p{N}]+/gu;

/** The trigram set of `text`, as pg_trgm's show_trgm() lists it (before it hashes multibyte trigrams). */
export function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const chars = Array.from(`  ${word} `);
    for (let i = 0; i + 3 <= chars.length; i++) set.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return set;
}

/** The Jaccard index of two texts' trigram sets: pg_trgm's similarity(), in double precision. */
export function trigramSimilarity(a: string, b: string): number {
  return setSimilarity(trigrams(a), trigrams(b));
}

/**
 * The trigram set of `text` with each trigram as one integer (three 7-bit character codes), when
 * the text is all ASCII; null otherwise: asciiTrigramList's codes as a Set. The same set as
 * trigrams(), made and compared in less than half the time (3 µs against 7 for a bench text).
 */
export function asciiTrigramCodes(text: string): Set<number> | null {
  const codes = asciiTrigramList(text);
  return codes === null ? null : new Set(codes);
}

/** Whether every character of `text` is ASCII (then pg_trgm's word characters are unambiguous). */
export function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 128) return false;
  return true;
}

/**
 * A comparer of texts with `text`: the Jaccard index of their trigram sets, exactly as
 * trigramSimilarity(text, other), with integer trigrams when both texts are ASCII.
 */
export function similarityTo(text: string): (other: string) => number {
  const codes = asciiTrigramCodes(text);
  let strings: Set<string> | null = null;
  return (other) => {
    const otherCodes = codes === null ? null : asciiTrigramCodes(other);
    if (codes !== null && otherCodes !== null) return setSimilarity(codes, otherCodes);
    strings ??= trigrams(text);
    return setSimilarity(strings, trigrams(other));
  };
}

/** The Jaccard index of two trigram sets (0 when either is empty, as pg_trgm's similarity()). */
export function setSimilarity<T>(x: ReadonlySet<T>, y: ReadonlySet<T>): number {
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/** murmur3's 32-bit finaliser: every input bit moves every output bit. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over a string's code points, finalised. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (const ch of s) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** The seeds of the K = R × B hash functions: fixed, since stored keys must be computed again alike. */
const SEEDS: readonly number[] = Array.from({ length: ROWS_PER_BAND * BANDS }, (_, i) =>
  mix32(Math.imul(i + 1, 0x9e3779b9)),
);

/** The K MinHash minimums of a trigram set (unsigned 32-bit), or null for an empty set. */
export function minHashes(set: ReadonlySet<string>): Uint32Array | null {
  if (set.size === 0) return null;
  const mins = new Uint32Array(SEEDS.length).fill(0xffffffff);
  for (const t of set) {
    const h = hashString(t);
    for (let i = 0; i < SEEDS.length; i++) {
      const v = mix32(h ^ SEEDS[i]!);
      if (v < mins[i]!) mins[i] = v;
    }
  }
  return mins;
}

/** The B band keys of a similarity_text as signed 32-bit integers, in band order; none for an empty text. */
export function similarityKeys(text: string): number[] {
  const mins = minHashes(trigrams(text));
  if (mins === null) return [];
  const keys: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    let h = mix32(band + 0x5bd1e995);
    for (let r = 0; r < ROWS_PER_BAND; r++) h = mix32(Math.imul(h ^ mins[band * ROWS_PER_BAND + r]!, 0x01000193) + r);
    keys.push(h | 0);
  }
  return keys;
}

/** The probability that a pair with Jaccard index `s` shares at least one key: 1 − (1 − s^R)^B. */
export function candidateProbability(s: number): number {
  return 1 - Math.pow(1 - Math.pow(s, ROWS_PER_BAND), BANDS);
}
