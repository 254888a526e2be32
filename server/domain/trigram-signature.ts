// A 256-bit signature of a text's trigram set (asciiTrigramList, ascii-trigram-list.ts): one bit,
// chosen by a hash, for each trigram. Two signatures bound how many trigrams their texts share,
// without reading either text: a bit set in one signature and not in the other stands for at
// least one trigram of that text that the other lacks, and two such bits for two different ones.
// The similarity index (similarity-index.ts) rejects with it most of a look-up's candidates, those
// sharing a key but far from the threshold, before counting their trigrams. Pure.

/** 32-bit words in a signature. */
export const SIGNATURE_WORDS = 8;

/** Writes the signature of trigram codes `codes` at `into[at, at + SIGNATURE_WORDS)`. */
export function writeSignature(codes: Iterable<number>, into: Int32Array, at: number): void {
  into.fill(0, at, at + SIGNATURE_WORDS);
  for (const code of codes) {
    const bit = bitOf(code);
    into[at + (bit >>> 5)]! |= 1 << (bit & 31);
  }
}

/**
 * At most how many trigrams two sets share: `aSize` trigrams with the signature at `a[aAt…]`, and
 * `bSize` with the one at `b[bAt…]`. Never less than the true count. The bound only falls as the
 * words are read, so once it is below `enough` the rest are not read, and a bound below `enough`
 * is answered (a caller that needs `enough` rejects the pair either way); at or above it, the
 * bound is the whole signatures'.
 */
export function sharedAtMost(
  a: Int32Array,
  aAt: number,
  aSize: number,
  b: Int32Array,
  bAt: number,
  bSize: number,
  enough = 0,
): number {
  let onlyA = 0;
  let onlyB = 0;
  for (let w = 0; w < SIGNATURE_WORDS; w++) {
    const x = a[aAt + w]!;
    const y = b[bAt + w]!;
    onlyA += bitCount(x & ~y);
    onlyB += bitCount(y & ~x);
    if (aSize - onlyA < enough || bSize - onlyB < enough) break;
  }
  return Math.min(aSize - onlyA, bSize - onlyB);
}

/** A trigram's bit: the top 8 bits of a multiplicative hash of its code. */
function bitOf(code: number): number {
  return Math.imul(code, 0x9e3779b1) >>> 24;
}

function bitCount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}
