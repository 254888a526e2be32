// Base64 for `resources` values (contract 8.1): the standard alphabet only, padding optional,
// ASCII whitespace (line breaks of MIME-style encoders) tolerated anywhere.
// Pure: no Node APIs (no Buffer), so the browser can check an upload with the same rules.

const INVALID = 255;
const WHITESPACE = 254;
const PAD = 253;

/** Char code → 6-bit value, or one of the markers above. */
const TABLE: Uint8Array = (() => {
  const table = new Uint8Array(128).fill(INVALID);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  // ASCII whitespace: tab, line feed, vertical tab, form feed, carriage return, space.
  for (const c of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]) table[c] = WHITESPACE;
  table[0x3d] = PAD; // "="
  return table;
})();

function classify(code: number): number {
  return code < 128 ? TABLE[code]! : INVALID;
}

interface Scan {
  /** Alphabet characters (not whitespace, not padding). */
  data: number;
  /** Trailing "=" characters. */
  padding: number;
}

/** One pass over the text; null when a character or the padding is not acceptable. */
function scan(text: string): Scan | null {
  let data = 0;
  let padding = 0;
  for (let i = 0; i < text.length; i++) {
    const kind = classify(text.charCodeAt(i));
    if (kind === WHITESPACE) continue;
    if (kind === PAD) {
      padding++;
      continue;
    }
    // An alphabet character after padding, or anything outside the alphabet.
    if (kind === INVALID || padding > 0) return null;
    data++;
  }
  const rest = data % 4;
  if (rest === 1) return null; // no whole byte can end there
  if (padding > 0) {
    // Padding, when present, completes the last group of four exactly.
    if (padding > 2 || (data + padding) % 4 !== 0) return null;
  }
  return { data, padding };
}

/**
 * The number of bytes `text` decodes to, without decoding it or allocating: to enforce the
 * per-resource size limit before decoding a huge string. Counts alphabet characters only, so
 * for text that is not valid Base64 it is an estimate (decodeBase64 then returns null).
 */
export function decodedLength(text: string): number {
  let data = 0;
  for (let i = 0; i < text.length; i++) {
    const kind = classify(text.charCodeAt(i));
    if (kind < 64 || kind === INVALID) data++;
  }
  return Math.floor((data * 3) / 4);
}

/**
 * Decodes standard Base64. Returns null for anything else: the URL-safe alphabet (`-`, `_`),
 * misplaced or excess padding, a length that cannot come from Base64 (1 mod 4 characters),
 * or non-ASCII characters. An empty (or whitespace-only) text decodes to zero bytes.
 */
export function decodeBase64(text: string): Uint8Array | null {
  const result = scan(text);
  if (!result) return null;
  const out = new Uint8Array(Math.floor((result.data * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const value = classify(text.charCodeAt(i));
    if (value >= 64) continue; // whitespace or padding; validity was checked by scan()
    acc = ((acc << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  // Leftover bits (2 or 4) are the unused tail of the last character; like browsers' atob,
  // they are ignored rather than required to be zero.
  return out;
}

/** Encodes bytes as standard Base64 with padding. */
export function encodeBase64(bytes: Uint8Array): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const parts: string[] = [];
  let chunk = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const b2 = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    const n = (b0 << 16) | (b1 << 8) | b2;
    chunk += alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]!;
    chunk += i + 1 < bytes.length ? alphabet[(n >> 6) & 63]! : "=";
    chunk += i + 2 < bytes.length ? alphabet[n & 63]! : "=";
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = "";
    }
  }
  parts.push(chunk);
  return parts.join("");
}
