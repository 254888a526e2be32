// A zip's central directory as it is written: each entry's name, method, sizes and where its data
// lies, read without inflating anything (./zip.ts decides what to inflate, and how far). The sizes
// are only claims: nothing here trusts them beyond bounds-checking them against the file. ZIP64
// sizes and offsets are read from their extra field. Pure: no Node APIs.
import { strFromU8 } from "fflate";

export interface ZipEntryInfo {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused by the reader. */
  method: number;
  /** General purpose flag bit 0. */
  encrypted: boolean;
  /** The entry's bytes in the file. */
  compressedSize: number;
  /** What the central directory claims it inflates to. */
  declaredSize: number;
  /** Where its local header starts. */
  localOffset: number;
}

/** The file cannot be read as a zip: the message says why (truncated, corrupt). */
export class ZipCorrupt extends Error {}

const END = 0x06054b50;
const END64_LOCATOR = 0x07064b50;
const END64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U32_MAX = 0xffffffff;

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
/** An 8-byte little-endian number (exact up to 2^53, far beyond any file here). */
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;

function need(bytes: Uint8Array, at: number, length: number, what: string): void {
  if (at < 0 || at + length > bytes.length) throw new ZipCorrupt(`${what} lies outside the file`);
}

/** The end of central directory record: searched backwards over the comment (at most 64 KiB). */
function endRecord(bytes: Uint8Array): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) if (u32(bytes, at) === END) return at;
  throw new ZipCorrupt("it has no end of central directory record");
}

/** The entries of the central directory, in its order; throws ZipCorrupt, or `tooMany` past `maxEntries`. */
export function centralDirectory(bytes: Uint8Array, maxEntries: number, tooMany: () => Error): ZipEntryInfo[] {
  const end = endRecord(bytes);
  let count = u16(bytes, end + 10);
  let offset = u32(bytes, end + 16);
  if (end >= 20 && u32(bytes, end - 20) === END64_LOCATOR) {
    const end64 = u64(bytes, end - 12);
    need(bytes, end64, 56, "the ZIP64 end record");
    if (u32(bytes, end64) !== END64) throw new ZipCorrupt("its ZIP64 end record is damaged");
    count = u64(bytes, end64 + 32);
    offset = u64(bytes, end64 + 48);
  }
  if (count > maxEntries) throw tooMany();
  const entries: ZipEntryInfo[] = [];
  for (let i = 0; i < count; i++) {
    need(bytes, offset, 46, "the central directory");
    if (u32(bytes, offset) !== CENTRAL) throw new ZipCorrupt("its central directory is damaged");
    const flags = u16(bytes, offset + 8);
    const nameLength = u16(bytes, offset + 28);
    const extraLength = u16(bytes, offset + 30);
    const commentLength = u16(bytes, offset + 32);
    need(bytes, offset + 46, nameLength + extraLength, "the central directory");
    const name = strFromU8(bytes.subarray(offset + 46, offset + 46 + nameLength), !(flags & 0x800));
    const entry: ZipEntryInfo = {
      name,
      method: u16(bytes, offset + 10),
      encrypted: (flags & 1) === 1,
      compressedSize: u32(bytes, offset + 20),
      declaredSize: u32(bytes, offset + 24),
      localOffset: u32(bytes, offset + 42),
    };
    readZip64Extra(bytes.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength), entry);
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The ZIP64 extra field (id 1) holds, in this order, each of the sizes and the offset that is 0xFFFFFFFF. */
function readZip64Extra(extra: Uint8Array, entry: ZipEntryInfo): void {
  for (let at = 0; at + 4 <= extra.length; at += 4 + u16(extra, at + 2)) {
    if (u16(extra, at) !== 1) continue;
    let field = at + 4;
    const next = () => {
      if (field + 8 > extra.length) throw new ZipCorrupt(`the ZIP64 sizes of entry "${entry.name}" are cut short`);
      const value = u64(extra, field);
      field += 8;
      return value;
    };
    if (entry.declaredSize === U32_MAX) entry.declaredSize = next();
    if (entry.compressedSize === U32_MAX) entry.compressedSize = next();
    if (entry.localOffset === U32_MAX) entry.localOffset = next();
    return;
  }
}

/** The entry's bytes as stored in the file (after its local header); throws ZipCorrupt when they lie outside it. */
export function entryBytes(bytes: Uint8Array, entry: ZipEntryInfo): Uint8Array {
  need(bytes, entry.localOffset, 30, `the local header of entry "${entry.name}"`);
  if (u32(bytes, entry.localOffset) !== LOCAL)
    throw new ZipCorrupt(`the local header of entry "${entry.name}" is damaged`);
  const start = entry.localOffset + 30 + u16(bytes, entry.localOffset + 26) + u16(bytes, entry.localOffset + 28);
  need(bytes, start, entry.compressedSize, `the data of entry "${entry.name}"`);
  return bytes.subarray(start, start + entry.compressedSize);
}
