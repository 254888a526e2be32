// How many of an ASCII text's trigrams another ASCII text holds, counted off the other text's
// UTF-16 code units without making its trigram set (server/domain/similarity-index.ts compares a
// look-up's text with each of its candidates this way). The trigrams are pg_trgm's, each as one
// integer of three 7-bit character codes, exactly as asciiTrigramCodes (similarity-keys.ts)
// makes them. Pure.

const SPACE = 32;

/** Trigram numbers by trigram code (a code is 21 bits): 8 MB, made once, shared by every query. */
let table: Int32Array | null = null;

/**
 * One text's trigrams, numbered in the shared table for as long as the query is open: release()
 * must be called when its comparisons are over. One query is open at a time (its comparisons are
 * synchronous).
 */
export class AsciiTrigramQuery {
  /** How many distinct trigrams the text has. */
  readonly size: number;
  private readonly codes: ReadonlySet<number>;
  private readonly table: Int32Array;
  /** A trigram's stamp: the comparison that last found it in the other text. */
  private readonly stamps: Int32Array;
  private stamp = 0;

  /** `codes`: the text's asciiTrigramCodes. */
  constructor(codes: ReadonlySet<number>) {
    this.codes = codes;
    this.size = codes.size;
    this.table = table ??= new Int32Array(1 << 21);
    let n = 0;
    for (const code of codes) this.table[code] = ++n;
    this.stamps = new Int32Array(n + 1);
  }

  /** How many of the text's trigrams the ASCII text in `chars[start, end)` holds. */
  sharedWith(chars: Uint16Array, start: number, end: number): number {
    const stamp = ++this.stamp;
    let shared = 0;
    const count = (code: number) => {
      const k = this.table[code]!;
      if (k !== 0 && this.stamps[k] !== stamp) {
        this.stamps[k] = stamp;
        shared++;
      }
    };
    let before2 = SPACE;
    let before1 = SPACE;
    let inWord = false;
    for (let i = start; i < end; i++) {
      let c = chars[i]!;
      if (c >= 65 && c <= 90) c += 32; // lower-case, as asciiTrigramCodes does
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

  /** Clears the text's numbers from the shared table. */
  release(): void {
    for (const code of this.codes) this.table[code] = 0;
  }
}
