// Container formats of the accepted sound and video types, read just far enough to tell what a
// file is: RIFF WAVE, ISO BMFF (MP4, M4A, AVIF), EBML (WebM), Ogg, MPEG audio and ADTS.
// Pure: Uint8Array only.

export function ascii(bytes: Uint8Array, start: number, end: number): string {
  let s = "";
  for (let i = start; i < end && i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

export function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

export function u32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
}

function u32le(bytes: Uint8Array, at: number): number {
  return ((bytes[at + 3]! << 24) >>> 0) + (bytes[at + 2]! << 16) + (bytes[at + 1]! << 8) + bytes[at]!;
}

// ---------------------------------------------------------------------------------------------
// RIFF WAVE

export function isWav(b: Uint8Array): boolean {
  // The "fmt " chunk is required; others (LIST, JUNK, bext, …) may come before it.
  let at = 12;
  while (at + 8 <= b.length) {
    const id = ascii(b, at, at + 4);
    const size = u32le(b, at + 4);
    if (id === "fmt ") return size >= 16 && at + 8 + 16 <= b.length;
    at += 8 + size + (size & 1);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// ISO base media file format (MP4, M4A, AVIF)

interface Box {
  type: string;
  /** Start of the payload. */
  start: number;
  /** End of the box (exclusive). */
  end: number;
}

function* boxes(b: Uint8Array, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = u32be(b, at);
    const type = ascii(b, at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const high = u32be(b, at + 8);
      size = high * 2 ** 32 + u32be(b, at + 12);
      header = 16;
    } else if (size === 0) {
      size = to - at; // extends to the end of the file
    }
    if (size < header || at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function findBox(b: Uint8Array, from: number, to: number, type: string): Box | null {
  for (const box of boxes(b, from, to)) if (box.type === type) return box;
  return null;
}

/** Handler types (`vide`, `soun`, …) of the tracks in the `moov` box. */
function trackHandlers(b: Uint8Array): Set<string> {
  const handlers = new Set<string>();
  const moov = findBox(b, 0, b.length, "moov");
  if (!moov) return handlers;
  for (const trak of boxes(b, moov.start, moov.end)) {
    if (trak.type !== "trak") continue;
    const mdia = findBox(b, trak.start, trak.end, "mdia");
    const hdlr = mdia && findBox(b, mdia.start, mdia.end, "hdlr");
    // hdlr: version+flags (4), pre_defined (4), handler_type (4).
    if (hdlr && hdlr.start + 12 <= hdlr.end) handlers.add(ascii(b, hdlr.start + 8, hdlr.start + 12));
  }
  return handlers;
}

const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIF_BRANDS = new Set(["mif1", "msf1", "miaf", "heic", "heix", "hevc", "hevx", "heim", "heis"]);
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "F4A "]);
const VIDEO_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "mp71",
  "avc1",
  "av01",
  "M4V ",
  "M4VH",
  "M4VP",
  "dash",
  "mmp4",
  "MSNV",
  "F4V ",
  "f4v ",
]);

/** The type of an ISO BMFF file from its `ftyp` brands and track handlers; null if not one we accept. */
export function isoBmffType(b: Uint8Array): "avif" | "mp4" | "m4a" | null {
  if (b.length < 16 || ascii(b, 4, 8) !== "ftyp") return null;
  const size = u32be(b, 0);
  if (size < 16 || size > b.length || size % 4 !== 0) return null;
  const major = ascii(b, 8, 12);
  const compatible = new Set<string>();
  for (let at = 16; at + 4 <= size; at += 4) compatible.add(ascii(b, at, at + 4));
  const brands = new Set([major, ...compatible]);

  if (AVIF_BRANDS.has(major) || (HEIF_BRANDS.has(major) && [...brands].some((x) => AVIF_BRANDS.has(x)))) {
    return "avif";
  }
  if (HEIF_BRANDS.has(major)) return null; // HEIC and other HEIF images are not accepted

  const known = (brand: string) => AUDIO_BRANDS.has(brand) || VIDEO_BRANDS.has(brand);
  if (![...brands].some(known)) return null; // QuickTime, 3GPP, JPEG 2000, …

  // The tracks decide when there are any: a generic brand (isom, mp42) says nothing about
  // whether the file holds video or only sound.
  const handlers = trackHandlers(b);
  if (handlers.has("vide")) return "mp4";
  if (handlers.has("soun")) return "m4a";
  if (AUDIO_BRANDS.has(major) || (!VIDEO_BRANDS.has(major) && [...compatible].some((x) => AUDIO_BRANDS.has(x)))) {
    return "m4a";
  }
  return "mp4";
}

// ---------------------------------------------------------------------------------------------
// Matroska / WebM

/** An EBML variable-length integer; `keepMarker` for element IDs. */
function readVint(
  b: Uint8Array,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i]!;
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** The DocType of an EBML (Matroska/WebM) header, or null. */
export function webmDocType(b: Uint8Array): string | null {
  if (!startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const size = readVint(b, 4, false);
  if (!size) return null;
  const start = 4 + size.length;
  const end = size.unknown ? b.length : start + size.value;
  if (end > b.length) return null;
  let at = start;
  while (at < end) {
    const id = readVint(b, at, true);
    const len = id && readVint(b, at + id.length, false);
    if (!id || !len || len.unknown) return null;
    const dataStart = at + id.length + len.length;
    const dataEnd = dataStart + len.value;
    if (dataEnd > end) return null;
    if (id.value === 0x4282) return ascii(b, dataStart, dataEnd).replace(/\0+$/, "");
    at = dataEnd;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Ogg

/** "ogg" for Vorbis, Opus, FLAC or Speex in Ogg; "ogv" for Theora; null otherwise. */
export function oggType(b: Uint8Array): "ogg" | "ogv" | null {
  if (b.length < 28 || ascii(b, 0, 4) !== "OggS" || b[4] !== 0) return null;
  const segments = b[26]!;
  const packet = 27 + segments;
  if (packet + 8 > b.length) return null;
  const head = ascii(b, packet, packet + 8);
  if (head === "OpusHead" || head.startsWith("\x01vorbis") || head.startsWith("\x7fFLAC") || head === "Speex   ") {
    return "ogg";
  }
  if (head.startsWith("\x80theora")) return "ogv";
  return null;
}

// ---------------------------------------------------------------------------------------------
// MPEG audio (MP3) and ADTS (AAC)

const MPEG_BITRATES: Record<string, readonly number[]> = {
  // kbit/s by bitrate index 1..14, for [MPEG-1 | MPEG-2/2.5] × layer.
  "1-1": [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  "1-2": [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  "1-3": [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  "2-1": [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  "2-2": [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  "2-3": [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MPEG_SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

interface MpegFrame {
  layer: number;
  version: number;
  sampleRate: number;
  length: number;
}

function mpegFrame(b: Uint8Array, at: number): MpegFrame | null {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[at + 1]! >> 3) & 3;
  const layer = 4 - ((b[at + 1]! >> 1) & 3);
  if (version === 1 || layer === 4) return null; // reserved version; layer bits 00 are ADTS/reserved
  const bitrateIndex = b[at + 2]! >> 4;
  const rateIndex = (b[at + 2]! >> 2) & 3;
  const padding = (b[at + 2]! >> 1) & 1;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3 || (b[at + 3]! & 3) === 2) return null;
  const bitrate = MPEG_BITRATES[`${version === 3 ? 1 : 2}-${layer}`]![bitrateIndex - 1]! * 1000;
  const sampleRate = MPEG_SAMPLE_RATES[version]![rateIndex]!;
  let length: number;
  if (layer === 1) length = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  else if (layer === 3 && version !== 3) length = Math.floor((72 * bitrate) / sampleRate) + padding;
  else length = Math.floor((144 * bitrate) / sampleRate) + padding;
  return { layer, version, sampleRate, length };
}

/** MPEG audio Layer III frames from the start: a whole first frame, and a second if there is room. */
export function isMp3Stream(b: Uint8Array): boolean {
  const first = mpegFrame(b, 0);
  if (!first || first.layer !== 3 || first.length > b.length) return false;
  if (b.length < first.length + 4) return true; // a single whole frame
  if (ascii(b, first.length, first.length + 3) === "TAG") return true; // ID3v1 after it
  const second = mpegFrame(b, first.length);
  return !!second && second.layer === 3 && second.version === first.version && second.sampleRate === first.sampleRate;
}

function adtsFrameLength(b: Uint8Array, at: number): number | null {
  if (at + 7 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xf6) !== 0xf0) return null;
  if (((b[at + 2]! >> 2) & 0xf) > 12) return null; // sampling frequency index
  const length = ((b[at + 3]! & 3) << 11) | (b[at + 4]! << 3) | (b[at + 5]! >> 5);
  const header = b[at + 1]! & 1 ? 7 : 9;
  return length > header ? length : null;
}

/** ADTS (raw AAC) frames from `at`: a whole first frame, and a second if there is room. */
export function isAdtsStream(b: Uint8Array, at = 0): boolean {
  const first = adtsFrameLength(b, at);
  if (first === null || at + first > b.length) return false;
  if (b.length < at + first + 7) return true;
  return adtsFrameLength(b, at + first) !== null;
}

/** End of a leading ID3v2 tag, or null when there is none. */
export function id3End(b: Uint8Array): number | null {
  if (b.length < 10 || ascii(b, 0, 3) !== "ID3") return null;
  const major = b[3]!;
  if (major < 2 || major > 4 || b[4] === 0xff) return null;
  let size = 0;
  for (let i = 6; i < 10; i++) {
    if (b[i]! & 0x80) return null; // sizes are "syncsafe": 7 bits per byte
    size = size * 128 + b[i]!;
  }
  const footer = major === 4 && b[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}
