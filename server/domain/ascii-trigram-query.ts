// How many of an ASCII text's trigrams another ASCII text holds, counted off the other text's
// UTF-16 code units without making its trigram set (server/domain/similarity-index.ts compares a
// look-up's text with each of its candidates this way). The trigrams are pg_trgm's, each as one
// integer of three 7-bit character codes, exactly as asciiTrigramList (ascii-trigram-list.ts)
// makes them. Pure.
//
// The text's trigrams are numbered in a small open-addressing table, shared by every query and
// emptied by release(): a few kilobytes the processor's caches hold. (A table indexed by the code
// itself, 8 MB, cost each look-up two cache misses a trigram to fill and empty, about 15 µs of a
// create's look-up in the duplicates benchmark, more than the comparisons it served.) The codes
// and stamps are shared too: a query allocates no typed array (each one over 64 bytes is memory
// of its own for V8 to allocate and, on another thread, to free).

const SPACE = 32;

/** The codes held (0: free; a code is never 0), and each one's number at the same place. */
let slots = new Int32Array(512);
let numbers = new Int32Array(512);
/** log2 of the table's length. */
let bits = 9;
/** The open query's codes, and each trigram's stamp (by number): the comparison that last found it. */
let heldCodes = new Int32Array(256);
let stamps = new Int32Array(257);
/** The last stamp given, across queries: a stamp left by an earlier query is never taken for a new one. */
let lastStamp = 0;

/**
 * One text's trigrams, numbered in the shared table for as long as the query is open: release()
 * must be called when its comparisons are over. One query is open at a time (its comparisons are
 * synchronous).
 */
export class AsciiTrigramQuery {
  /** How many distinct trigrams the text has. */
  readonly size: number;
  private readonly shift: number;
  private readonly mask: number;

  /** `codes`: the text's asciiTrigramList (distinct codes; copied). */
  constructor(codes: Int32Array) {
    this.size = codes.length;
    if (heldCodes.length < codes.length) {
      heldCodes = new Int32Array(codes.length * 2);
      stamps = new Int32Array(codes.length * 2 + 1);
    }
    heldCodes.set(codes);
    // At most half full.
    while (slots.length < codes.length * 2) {
      slots = new Int32Array(slots.length * 2);
      numbers = new Int32Array(numbers.length * 2);
      bits++;
    }
    this.shift = 32 - bits;
    this.mask = slots.length - 1;
    for (let n = 0; n < codes.length; n++) {
      let at = Math.imul(codes[n]!, 0x9e3779b1) >>> this.shift;
      while (slots[at] !== 0) at = (at + 1) & this.mask;
      slots[at] = codes[n]!;
      numbers[at] = n + 1;
    }
  }

  /** How many of the text's trigrams the ASCII text in `chars[start, end)` holds. */
  sharedWith(chars: Uint16Array, start: number, end: number): number {
    if (lastStamp === 0x7fffffff) {
      stamps.fill(0);
      lastStamp = 0;
    }
    const stamp = ++lastStamp;
    const { shift, mask } = this;
    const table = slots;
    let shared = 0;
    const count = (code: number) => {
      let at = Math.imul(code, 0x9e3779b1) >>> shift;
      for (let held = table[at]!; held !== 0; held = table[at]!) {
        if (held === code) {
          const k = numbers[at]!;
          if (stamps[k] !== stamp) {
            stamps[k] = stamp;
            shared++;
          }
          return;
        }
        at = (at + 1) & mask;
      }
    };
    let before2 = SPACE;
    let before1 = SPACE;
    let inWord = false;
    for (let i = start; i < end; i++) {
      let c = chars[i]!;
      if (c >= 65 && c <= 90) c += 32; // lower-case, as asciiTrigramList does
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        count((before2 << 14) | (before1 << 7) | c);
        before2 = before1;
        before1 = c;
        inWord = true;
      } else if (inWord) {
        // The word's last trigram ends with the one space after it.
        count((before2 << 14) | (before1 << 7) | SPACE);
        before2 = before1 = SPACE;
        inWord = false;
      }
    }
    if (inWord) count((before2 << 14) | (before1 << 7) | SPACE);
    return shared;
  }

  /** Empties the shared table of the text's trigrams. */
  release(): void {
    // Every code this query placed is taken out, so no probe chain is left broken.
    for (let n = 0; n < this.size; n++) {
      const code = heldCodes[n]!;
      let at = Math.imul(code, 0x9e3779b1) >>> this.shift;
      while (slots[at] !== code) at = (at + 1) & this.mask;
      slots[at] = 0;
    }
  }
}
