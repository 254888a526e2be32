// The postings (key → slot) a similarity index (similarity-index.ts) sorted at its last rebuild:
// one Float64Array of key · 2^21 + slot in order, and where each bucket of keys (their top bits,
// about four postings a bucket) starts in it. A key's postings are searched for among its
// bucket's few, not by a binary search of the 3 million postings of 100,000 questions, whose
// last steps each miss the processor's caches (a look-up of a new text: 21 µs against 15 µs,
// measured). Pure.

/** Slots are below 2^21: a posting is key · SLOT_SPAN + slot. */
export const SLOT_SPAN = 2 ** 21;
/** Keys are signed 32-bit integers: shifted to 0 … 2^32 − 1, times 2^21 plus a slot, stays below 2^53. */
const KEY_OFFSET = 2 ** 31;

export class SortedPostings {
  private readonly sorted: Float64Array;
  /** Where each bucket starts in `sorted`, and one more: the end. */
  private readonly bucketStarts: Int32Array;
  /** A key's bucket is its shifted value's top 32 − bucketShift bits. */
  private readonly bucketShift: number;

  /** The postings of `postings` (key, slot) pairs, given by `each`. */
  constructor(postings: number, each: (add: (key: number, slot: number) => void) => void) {
    const sorted = new Float64Array(postings);
    let n = 0;
    each((key, slot) => {
      sorted[n++] = (key + KEY_OFFSET) * SLOT_SPAN + slot;
    });
    sorted.sort();
    this.sorted = sorted;
    // About four postings a bucket: 2^4 buckets at least, 2^22 at most (16 MiB for over 400,000 questions).
    const bits = Math.min(22, Math.max(4, Math.ceil(Math.log2(Math.max(1, postings / 4)))));
    this.bucketShift = 32 - bits;
    this.bucketStarts = new Int32Array(2 ** bits + 1);
    const perBucket = 2 ** this.bucketShift * SLOT_SPAN;
    let i = 0;
    for (let bucket = 0; bucket <= 2 ** bits; bucket++) {
      while (i < sorted.length && sorted[i]! < bucket * perBucket) i++;
      this.bucketStarts[bucket] = i;
    }
  }

  /** How many postings it holds. */
  get size(): number {
    return this.sorted.length;
  }

  /**
   * Reads where the postings of each of `keys` are, so that the walks that follow find them in the
   * processor's caches: the reads of one key depend on each other (its bucket, then its postings),
   * but not on another key's, and a loop of independent reads lets the processor wait for many
   * at once, where the walks would wait for each in turn.
   */
  touch(keys: readonly number[]): void {
    if (this.touchedStarts.length < keys.length) this.touchedStarts = new Int32Array(keys.length);
    const starts = this.touchedStarts;
    const divisor = 2 ** this.bucketShift;
    for (let i = 0; i < keys.length; i++) starts[i] = this.bucketStarts[Math.floor((keys[i]! + KEY_OFFSET) / divisor)]!;
    let sum = 0;
    const last = this.sorted.length - 1;
    for (let i = 0; i < keys.length; i++) sum += this.sorted[Math.min(starts[i]!, last)] ?? 0;
    this.touchedSum = sum;
  }

  /** touch()'s bucket starts. */
  private touchedStarts = new Int32Array(32);
  /** What touch() read: kept, so that the compiler does not leave the reads out. */
  touchedSum = 0;

  /** The slots under `key`, in slot order, until `visit` answers false (answered then). */
  forEachSlot(key: number, visit: (slot: number) => boolean): boolean {
    const shifted = key + KEY_OFFSET;
    const base = shifted * SLOT_SPAN;
    const bucket = Math.floor(shifted / 2 ** this.bucketShift);
    const end = this.bucketStarts[bucket + 1]!;
    for (let i = lowerBound(this.sorted, base, this.bucketStarts[bucket]!, end); i < end; i++) {
      if (this.sorted[i]! >= base + SLOT_SPAN) break;
      if (!visit(this.sorted[i]! - base)) return false;
    }
    return true;
  }
}

/** The first index of `sorted` from `lo` to `hi` whose value is at least `value` (`hi` when none is). */
function lowerBound(sorted: Float64Array, value: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
