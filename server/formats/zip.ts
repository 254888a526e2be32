// Zip files for the package formats (QTI 3.0): reading one safely and writing one. fflate does the
// (de)compression: pure JavaScript, synchronous, maintained, and usable in a browser too.
// Reading refuses before inflating anything: an entry named with an absolute path or a `..`
// segment (nothing is ever written by name, but such a name says the file was made to attack),
// and a file whose entries declare more than `maxBytes` altogether (a zip bomb). The declared
// sizes are only claims: each entry is then inflated counting the bytes it actually gives, and
// one that gives more than it declared is refused as soon as it does (./inflate-bounded.ts), so
// that an entry claiming 100 bytes and inflating to gigabytes costs milliseconds, not minutes.
// Pure: no Node APIs.
import { zipSync, type Zippable } from "fflate";
import { formatBytes } from "../format-bytes";
import { inflateAtMost } from "./inflate-bounded";
import { centralDirectory, entryBytes, ZipCorrupt, type ZipEntryInfo } from "./zip-directory";

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

/**
 * The entries of a zip (folders left out), by name, or why it cannot be read; the message says
 * what and, for an entry, which. `tooLarge` is set when only a size was crossed (the import
 * limit, or an entry's own declared size), which the API answers as -32013 rather than -32602.
 */
export function readZip(bytes: Uint8Array, maxBytes: number): ZipRead {
  try {
    const listed = centralDirectory(
      bytes,
      ZIP_MAX_ENTRIES,
      () => new Refused(`has more than ${ZIP_MAX_ENTRIES} entries`),
    );
    // Every name and the declared sizes first: nothing is inflated from a zip refused for them.
    const files: ZipEntryInfo[] = [];
    let declared = 0;
    for (const entry of listed) {
      const problem = unsafeEntryName(entry.name);
      if (problem)
        throw new Refused(
          `has an entry "${entry.name}" that ${problem}; a package's entries are relative paths inside it`,
        );
      if (entry.name.endsWith("/")) continue;
      declared += entry.declaredSize;
      if (declared > maxBytes)
        throw new Refused(
          `inflates to more than ${formatBytes(maxBytes)} (the limit for everything a zip holds); at entry "${entry.name}"`,
          true,
        );
      files.push(entry);
    }
    // No entry gives more than it declared, so all of them stay within the limit too.
    const entries = new Map<string, Uint8Array>();
    for (const entry of files) entries.set(entry.name, inflateEntry(bytes, entry));
    return { ok: true, entries };
  } catch (error) {
    if (error instanceof Refused)
      return { ok: false, message: error.message, ...(error.tooLarge ? { tooLarge: true } : {}) };
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `is not a readable zip file (${reason}); it may be truncated or corrupt` };
  }
}

/**
 * Some entries of a zip, by name, without inflating the others (recognising a package by its
 * manifest); null when the zip cannot be read, or the entries declare more than `maxBytes`.
 * A missing entry is left out of the map.
 */
export function readZipEntries(
  bytes: Uint8Array,
  names: readonly string[],
  maxBytes: number,
): Map<string, Uint8Array> | null {
  try {
    const wanted = centralDirectory(bytes, ZIP_MAX_ENTRIES, () => new Refused("too many entries")).filter(
      (e) => names.includes(e.name) && unsafeEntryName(e.name) === null,
    );
    if (wanted.reduce((t, e) => t + e.declaredSize, 0) > maxBytes) return null;
    return new Map(wanted.map((e) => [e.name, inflateEntry(bytes, e)]));
  } catch {
    return null;
  }
}

/** One entry's bytes, inflated up to its declared size and refused the moment it gives more: its headers lie. */
function inflateEntry(bytes: Uint8Array, entry: ZipEntryInfo): Uint8Array {
  const { name, declaredSize } = entry;
  if (entry.encrypted) throw new Refused(`has an encrypted entry "${name}"; a package's entries cannot be`);
  if (entry.method !== 0 && entry.method !== 8)
    throw new Refused(
      `has an entry "${name}" compressed with method ${entry.method}; only stored and deflated entries are read`,
    );
  const data = entryBytes(bytes, entry);
  let out: Uint8Array = data.slice();
  if (entry.method === 8) {
    const read = inflateAtMost(data, declaredSize);
    if (!read.ok)
      throw new Refused(
        `has an entry "${name}" that inflates to more than its declared ${declaredSize} bytes; a zip whose headers lie about its sizes is refused`,
        true,
      );
    out = read.bytes;
  }
  if (out.length !== declaredSize)
    throw new ZipCorrupt(`entry "${name}" holds ${out.length} bytes where its headers declare ${declaredSize}`);
  return out;
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
