// Inflating what a file holds compressed (a zip entry, a PNG's image data) without trusting any
// size the file claims: the bytes actually produced are counted, and inflating stops as soon as
// they pass what the caller allows. A stream of a few megabytes can inflate to gigabytes; read in
// one go into a buffer of its declared size (as fflate's unzipSync does), it is inflated to the
// end all the same, the excess written nowhere, for a minute and more. Pure: no Node APIs.
import { Inflate, Unzlib } from "fflate";

export type Inflated = { ok: true; bytes: Uint8Array } | { ok: false; over: true };

/**
 * The input is fed in pieces of a 256th of what may still be produced, at least 4 KiB and at most
 * 256 KiB. Deflate yields at most 1032 bytes a byte, so one piece inflates to at most 4 times what
 * may still be produced, or about 4 MiB: a lie is caught within milliseconds (and within a second
 * for an entry that declares the whole import limit). Feeding pieces costs some time (fflate's
 * stream copies its window and its output at each push): 19 MB of XML inflate in about 1.7 times
 * the time of one inflateSync, a small part of reading them.
 */
const PIECE_SHARE = 256;
const MIN_PIECE = 4 * 1024;
const MAX_PIECE = 256 * 1024;

/**
 * `data` inflated (raw deflate, or zlib's wrapping of it), or `over` once it has produced more than
 * `max` bytes, however far the stream would go on: inflating stops at the first piece of input
 * that takes the output past `max`. Throws fflate's error on a corrupt or cut stream.
 */
export function inflateAtMost(data: Uint8Array, max: number, wrapping: Wrapping = "raw"): Inflated {
  // The output is at most `max` bytes (or the whole stream's worst case, when that is smaller).
  const out = new Uint8Array(Math.min(max, data.length * 1032));
  const produced = feed(data, max, wrapping, (chunk, at) => out.set(chunk, at));
  return produced === null ? { ok: false, over: true } : { ok: true, bytes: out.subarray(0, produced) };
}

/** How many bytes `data` inflates to, or null past `max`: inflateAtMost without keeping them. */
export function inflatedSize(data: Uint8Array, max: number, wrapping: Wrapping = "raw"): number | null {
  return feed(data, max, wrapping, () => {});
}

type Wrapping = "raw" | "zlib";

/** Feeds `data` to an inflater piece by piece, each chunk of output to `sink`; the bytes produced, or null past `max`. */
function feed(data: Uint8Array, max: number, wrapping: Wrapping, sink: (chunk: Uint8Array, at: number) => void) {
  let produced = 0;
  let over = false;
  const ondata = (chunk: Uint8Array) => {
    if (over) return;
    if (produced + chunk.length > max) {
      over = true;
      return;
    }
    sink(chunk, produced);
    produced += chunk.length;
  };
  const stream = wrapping === "zlib" ? new Unzlib(ondata) : new Inflate(ondata);
  let at = 0;
  do {
    const piece = Math.min(MAX_PIECE, Math.max(MIN_PIECE, Math.ceil((max - produced) / PIECE_SHARE)));
    const end = Math.min(data.length, at + piece);
    stream.push(data.subarray(at, end), end === data.length);
    at = end;
  } while (at < data.length && !over);
  return over ? null : produced;
}
