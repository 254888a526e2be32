// An ASCII text's distinct trigram codes (pg_trgm's trigrams, as trigrams() of
// similarity-keys.ts makes them, each as one integer of three 7-bit character codes) as an
// Int32Array, in the order first met; asciiTrigramCodes makes a Set of them. The similarity index (similarity-index.ts) makes them twice a create, for the
// look-up's text and for the question it then holds: as a Set they were most of what the
// similar_question look-up allocated (about 13 of 33 kB a create, measured with V8's sampling heap
// profiler in the duplicates benchmark), and the collector's work grew with it. Here nothing is
// allocated: the answer is a view of memory every call reuses, as is the table that finds
// repeats (left empty). Pure.

const SPACE = 32;

/** Open addressing of the codes met so far (0: free; a code is never 0), reused by every call. */
let seen = new Int32Array(1024);
/** log2 of seen's length. */
let seenBits = 10;
/** The codes met, and where each sits in `seen` (to empty it after). */
let met = new Int32Array(512);
let metAt = new Int32Array(512);

/**
 * `text`'s distinct trigram codes, in the order first met; null when it is not all ASCII. The
 * answer is valid until the next call: a caller that keeps the codes copies them.
 */
export function asciiTrigramList(text: string): Int32Array | null {
  // A text has at most a trigram per character and one per word's end.
  const most = text.length + 1;
  if (met.length < most) {
    met = new Int32Array(most);
    metAt = new Int32Array(most);
  }
  while (seen.length < most * 2) {
    seen = new Int32Array(seen.length * 2);
    seenBits++;
  }
  const table = seen;
  const shift = 32 - seenBits;
  const mask = table.length - 1;
  let n = 0;
  const add = (code: number) => {
    let at = Math.imul(code, 0x9e3779b1) >>> shift;
    for (;;) {
      const held = table[at]!;
      if (held === code) return;
      if (held === 0) break;
      at = (at + 1) & mask;
    }
    table[at] = code;
    met[n] = code;
    metAt[n++] = at;
  };
  let ascii = true;
  // The two characters before the current one: a word starts after two spaces.
  let before2 = SPACE;
  let before1 = SPACE;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 128) {
      ascii = false;
      break;
    }
    if (c >= 65 && c <= 90) c += 32; // lower-case, as trigrams() does
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      add((before2 << 14) | (before1 << 7) | c);
      before2 = before1;
      before1 = c;
      inWord = true;
    } else if (inWord) {
      // The word's last trigram ends with the one space after it.
      add((before2 << 14) | (before1 << 7) | SPACE);
      before2 = before1 = SPACE;
      inWord = false;
    }
  }
  if (ascii && inWord) add((before2 << 14) | (before1 << 7) | SPACE);
  for (let k = 0; k < n; k++) table[metAt[k]!] = 0;
  return ascii ? met.subarray(0, n) : null;
}
