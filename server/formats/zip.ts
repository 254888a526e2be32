// Zip files for the package formats (QTI 3.0): reading one safely and writing one. fflate does the
// (de)compression: pure JavaScript, synchronous, maintained, and usable in a browser too.
// Reading refuses before inflating anything: an entry named with an absolute path or a `..`
// segment (nothing is ever written by name, but such a name says the file was made to attack),
// and a file whose entries would inflate beyond `maxBytes` altogether (a zip bomb). Each entry
// is inflated into a buffer of the size its header declares, so an entry that lies about its size
// cannot take more memory than the limit allowed either. Pure: no Node APIs.
import { unzipSync, zipSync, type Zippable } from "fflate";

export type ZipRead =
  { ok: true; entries: Map<string, Uint8Array> } | { ok: false; message: string; tooLarge?: boolean };

/** More entries than any question package needs; a central directory of millions is refused early. */
export const ZIP_MAX_ENTRIES = 100_000;

class Refused extends Error {
  /** Only the size limit was crossed (-32013 rather than -32602). */
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** Why an entry's name is refused, or null: absolute, a drive, a `..` segment, a backslash or a NUL. */
export function unsafeEntryName(name: string): string | null {
  if (name.startsWith("/") || name.startsWith("\\")) return "is an absolute path";
  if (/^[a-zA-Z]:/.test(name)) return "starts with a drive letter";
  if (name.includes("\\")) return "contains a backslash";
  if (name.includes("\0")) return "contains a NUL character";
  if (name.split("/").includes("..")) return "has a .. segment";
  return null;
}

/** Megabytes as the limits say them (45 MB, 0.5 MB). */
const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The entries of a zip (folders left out), by name, or why it cannot be read; the message says
 * what and, for an entry, which. `tooLarge` is set when only the size limit was crossed, which the
 * API answers as -32013 rather than -32602.
 */
export function readZip(bytes: Uint8Array, maxBytes: number): ZipRead {
  let total = 0;
  let count = 0;
  try {
    const files = unzipSync(bytes, {
      filter(file) {
        if (++count > ZIP_MAX_ENTRIES) throw new Refused(`has more than ${ZIP_MAX_ENTRIES} entries`);
        const problem = unsafeEntryName(file.name);
        if (problem)
          throw new Refused(
            `has an entry "${file.name}" that ${problem}; a package's entries are relative paths inside it`,
          );
        if (file.name.endsWith("/")) return false;
        total += file.originalSize;
        if (total > maxBytes)
          throw new Refused(
            `inflates to more than ${mb(maxBytes)} (the limit for everything a zip holds); at entry "${file.name}"`,
            true,
          );
        return true;
      },
    });
    return { ok: true, entries: new Map(Object.entries(files)) };
  } catch (error) {
    if (error instanceof Refused)
      return { ok: false, message: error.message, ...(error.tooLarge ? { tooLarge: true } : {}) };
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `is not a readable zip file (${reason}); it may be truncated or corrupt` };
  }
}

/** Whether the bytes start like a zip (a local file header, or the end record of an empty zip). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

// Already compressed media gain nothing from deflate: stored, they cost no time.
const STORED = /\.(png|jpe?g|gif|webp|mp3|mp4|m4a|ogg|oga|webm|zip)$/i;

/** A zip of the entries in the given order (XML and text deflated, compressed media stored). */
export function writeZip(entries: Iterable<[string, Uint8Array]>): Uint8Array {
  const files: Zippable = {};
  // A fixed time, so that the same content gives the same bytes.
  const mtime = new Date(Date.UTC(2000, 0, 1));
  for (const [name, data] of entries) files[name] = [data, { level: STORED.test(name) ? 0 : 6, mtime }];
  return zipSync(files);
}
