// Small media files built in code, for tests: no binary fixtures in the repository.
// Every file is complete and decodes in ordinary players (silence for the sound files, one
// flat-coloured frame for the MP4), except AVIF: an item structure with its size but no AV1
// data, enough for type detection and size reading.
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { deflatedZeros } from "./lying-zip.mjs";

// ---------------------------------------------------------------------------------------------
// Byte building

class Bytes {
  private readonly chunks: number[] = [];

  u8(...values: number[]): this {
    for (const v of values) this.chunks.push(v & 0xff);
    return this;
  }
  u16be(v: number): this {
    return this.u8(v >> 8, v);
  }
  u16le(v: number): this {
    return this.u8(v, v >> 8);
  }
  u24be(v: number): this {
    return this.u8(v >> 16, v >> 8, v);
  }
  u32be(v: number): this {
    return this.u8(v >>> 24, v >>> 16, v >>> 8, v);
  }
  u32le(v: number): this {
    return this.u8(v, v >>> 8, v >>> 16, v >>> 24);
  }
  ascii(text: string): this {
    for (let i = 0; i < text.length; i++) this.chunks.push(text.charCodeAt(i) & 0xff);
    return this;
  }
  bytes(data: Uint8Array | readonly number[]): this {
    for (const v of data) this.chunks.push(v);
    return this;
  }
  zeros(n: number): this {
    for (let i = 0; i < n; i++) this.chunks.push(0);
    return this;
  }
  get length(): number {
    return this.chunks.length;
  }
  build(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

const bytes = () => new Bytes();

/** Writes bit fields most-significant bit first (JPEG, MPEG, AAC). */
class BitsMsb {
  protected readonly out: number[] = [];
  protected acc = 0;
  protected count = 0;

  write(value: number, width: number): this {
    for (let i = width - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.count === 8) {
        this.out.push(this.acc);
        this.acc = 0;
        this.count = 0;
      }
    }
    return this;
  }
  /** Zero bits up to the next byte boundary. */
  alignZero(): this {
    return this.count > 0 ? this.write(0, 8 - this.count) : this;
  }
  /** Pads the last byte with `fill` bits (0 or 1). */
  build(fill: 0 | 1 = 0): Uint8Array {
    if (this.count > 0) this.write(fill ? (1 << (8 - this.count)) - 1 : 0, 8 - this.count);
    return Uint8Array.from(this.out);
  }
}

/** Writes bit fields least-significant bit first (GIF LZW codes, WebP lossless). */
class BitsLsb {
  private readonly out: number[] = [];
  private acc = 0;
  private count = 0;

  write(value: number, width: number): this {
    for (let i = 0; i < width; i++) {
      this.acc |= ((value >> i) & 1) << this.count;
      if (++this.count === 8) {
        this.out.push(this.acc);
        this.acc = 0;
        this.count = 0;
      }
    }
    return this;
  }
  build(): Uint8Array {
    if (this.count > 0) this.out.push(this.acc);
    this.acc = 0;
    this.count = 0;
    return Uint8Array.from(this.out);
  }
}

/** Standard Base64 (with padding) of the bytes, as a `resources` value. */
export function toBase64(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64");
}

/** Where the API stores these bytes as a file of type `ext`: `/media/<sha256 hex>.<ext>`. */
export function mediaPath(data: Uint8Array, ext: string): string {
  return `/media/${createHash("sha256").update(data).digest("hex")}.${ext}`;
}

// ---------------------------------------------------------------------------------------------
// PNG

const CRC32_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC32_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = bytes().ascii(type).bytes(data).build();
  return bytes().u32be(data.length).bytes(typed).u32be(crc32(typed)).build();
}

/** A truecolour PNG filled with one colour (default red). */
export function makePng(
  width: number,
  height: number,
  rgb: readonly [number, number, number] = [255, 0, 0],
): Uint8Array {
  const header = bytes().u32be(width).u32be(height).u8(8, 2, 0, 0, 0).build(); // 8-bit RGB
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(rgb, row + 1 + x * 3);
  }
  return bytes()
    .u8(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)
    .bytes(pngChunk("IHDR", header))
    .bytes(pngChunk("IDAT", new Uint8Array(deflateSync(raw))))
    .bytes(pngChunk("IEND", new Uint8Array(0)))
    .build();
}

/** Samples per pixel of each PNG colour type. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * A PNG of zero samples (black, transparent) of any colour type but palette, any bit depth, and
 * Adam7-interlaced or not; `idat` replaces its zlib image data (a bomb, a cut stream).
 */
export function makePngOf(
  width: number,
  height: number,
  options: { colorType?: number; depth?: number; interlaced?: boolean; idat?: Uint8Array } = {},
): Uint8Array {
  const { colorType = 2, depth = 8, interlaced = false } = options;
  const bits = PNG_CHANNELS[colorType]! * depth;
  // Each pass (the whole image when not interlaced) is its rows, each a filter byte and its samples.
  const passes = interlaced
    ? [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]
    : [[0, 0, 1, 1]];
  let size = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0!) / dx!);
    const h = Math.ceil((height - y0!) / dy!);
    if (w > 0 && h > 0) size += h * (1 + Math.ceil((w * bits) / 8));
  }
  const header = bytes()
    .u32be(width)
    .u32be(height)
    .u8(depth, colorType, 0, 0, interlaced ? 1 : 0)
    .build();
  return bytes()
    .u8(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)
    .bytes(pngChunk("IHDR", header))
    .bytes(pngChunk("IDAT", options.idat ?? new Uint8Array(deflateSync(new Uint8Array(size)))))
    .bytes(pngChunk("IEND", new Uint8Array(0)))
    .build();
}

/** A `width`×`height` RGB PNG whose image data inflates to at least `inflates` bytes of zeros. */
export function makePngBomb(width: number, height: number, inflates: number): Uint8Array {
  const zeros = deflatedZeros(inflates).data;
  // zlib's wrapping: its header, the deflate stream, an Adler-32 left 0 (nothing checks it first).
  const idat = new Uint8Array(2 + zeros.length + 4);
  idat.set([0x78, 0x01]);
  idat.set(zeros, 2);
  return makePngOf(width, height, { idat });
}

// ---------------------------------------------------------------------------------------------
// GIF

/** A GIF89a filled with the first colour of a two-colour palette. */
export function makeGif(width: number, height: number): Uint8Array {
  // LZW with minimum code size 2: codes are 3 bits wide (0–3 colours, 4 clear, 5 end). A clear
  // code after every two pixels keeps the code table from growing, so every code stays 3 bits.
  const lzw = new BitsLsb();
  const pixels = width * height;
  for (let i = 0; i < pixels; i++) {
    if (i % 2 === 0) lzw.write(4, 3);
    lzw.write(0, 3);
  }
  lzw.write(5, 3);
  const data = lzw.build();
  const out = bytes()
    .ascii("GIF89a")
    .u16le(width)
    .u16le(height)
    .u8(0x80, 0, 0) // global colour table of 2 entries, background 0, aspect 0
    .u8(0x33, 0x66, 0x99, 0xff, 0xff, 0xff)
    .u8(0x2c)
    .u16le(0)
    .u16le(0)
    .u16le(width)
    .u16le(height)
    .u8(0) // no local colour table, not interlaced
    .u8(2); // LZW minimum code size
  for (let i = 0; i < data.length; i += 255) {
    const block = data.subarray(i, i + 255);
    out.u8(block.length).bytes(block);
  }
  return out.u8(0).u8(0x3b).build();
}

// ---------------------------------------------------------------------------------------------
// JPEG

function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  return bytes()
    .u8(0xff, marker)
    .u16be(payload.length + 2)
    .bytes(payload)
    .build();
}

/**
 * A baseline greyscale JPEG of mid grey. Every 8×8 block has DC difference 0 and no AC
 * coefficients, coded with one-symbol Huffman tables: two bits per block.
 * `orientation` adds an EXIF APP1 segment with that orientation tag (1–8).
 */
export function makeJpeg(width: number, height: number, options: { orientation?: number } = {}): Uint8Array {
  const out = bytes().u8(0xff, 0xd8);
  out.bytes(jpegSegment(0xe0, bytes().ascii("JFIF\0").u8(1, 1, 0).u16be(1).u16be(1).u8(0, 0).build()));
  if (options.orientation !== undefined) {
    const tiff = bytes()
      .ascii("MM")
      .u16be(42)
      .u32be(8) // first IFD right after the header
      .u16be(1) // one entry
      .u16be(0x0112) // Orientation
      .u16be(3) // SHORT
      .u32be(1)
      .u16be(options.orientation)
      .u16be(0)
      .u32be(0) // no next IFD
      .build();
    out.bytes(jpegSegment(0xe1, bytes().ascii("Exif\0\0").bytes(tiff).build()));
  }
  out.bytes(jpegSegment(0xdb, bytes().u8(0x00).bytes(new Array(64).fill(1)).build())); // DQT 0, all ones
  out.bytes(jpegSegment(0xc0, bytes().u8(8).u16be(height).u16be(width).u8(1).u8(1, 0x11, 0).build())); // SOF0
  const oneSymbol = (tableClass: number, symbol: number) =>
    bytes()
      .u8((tableClass << 4) | 0)
      .u8(1)
      .zeros(15)
      .u8(symbol)
      .build();
  out.bytes(jpegSegment(0xc4, oneSymbol(0, 0x00))); // DC table: category 0 only
  out.bytes(jpegSegment(0xc4, oneSymbol(1, 0x00))); // AC table: end of block only
  out.bytes(jpegSegment(0xda, bytes().u8(1).u8(1, 0x00).u8(0, 63, 0).build())); // SOS
  const scan = new BitsMsb();
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  for (let i = 0; i < blocks; i++) scan.write(0, 1).write(0, 1); // DC diff 0, EOB
  out.bytes(scan.build(1)); // zero bits throughout, so no 0xFF needs stuffing
  return out.u8(0xff, 0xd9).build();
}

// ---------------------------------------------------------------------------------------------
// WebP

function riff(form: string, chunks: Uint8Array[]): Uint8Array {
  const body = bytes().ascii(form);
  for (const chunk of chunks) body.bytes(chunk);
  const data = body.build();
  return bytes().ascii("RIFF").u32le(data.length).bytes(data).build();
}

function riffChunk(id: string, data: Uint8Array): Uint8Array {
  const out = bytes().ascii(id).u32le(data.length).bytes(data);
  if (data.length % 2) out.u8(0);
  return out.build();
}

/**
 * A lossless (VP8L) WebP of opaque black. Each of the five prefix codes is a "simple" code with
 * a single symbol, which costs zero bits per pixel, so the image data is just the code headers.
 */
export function makeWebp(width: number, height: number): Uint8Array {
  const bits = new BitsLsb()
    .write(width - 1, 14)
    .write(height - 1, 14)
    .write(0, 1) // alpha hint
    .write(0, 3) // version
    .write(0, 1) // no transform
    .write(0, 1) // no colour cache
    .write(0, 1); // no meta prefix codes
  const singleSymbol = (symbol: number) => {
    bits.write(1, 1).write(0, 1); // simple code, one symbol
    if (symbol < 2) bits.write(0, 1).write(symbol, 1);
    else bits.write(1, 1).write(symbol, 8);
  };
  singleSymbol(0); // green
  singleSymbol(0); // red
  singleSymbol(0); // blue
  singleSymbol(255); // alpha
  singleSymbol(0); // distance
  const data = bytes().u8(0x2f).bytes(bits.build()).build();
  return riff("WEBP", [riffChunk("VP8L", data)]);
}

// ---------------------------------------------------------------------------------------------
// AVIF (skeleton)

function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = bytes();
  for (const part of payload) body.bytes(part);
  const data = body.build();
  return bytes()
    .u32be(8 + data.length)
    .ascii(type)
    .bytes(data)
    .build();
}

function fullBox(type: string, version: number, flags: number, ...payload: Uint8Array[]): Uint8Array {
  return box(type, bytes().u8(version).u24be(flags).build(), ...payload);
}

function ftyp(major: string, compatible: string[]): Uint8Array {
  const data = bytes().ascii(major).u32be(0);
  for (const brand of compatible) data.ascii(brand);
  return box("ftyp", data.build());
}

/**
 * An AVIF item structure (ftyp, meta with hdlr/pitm/iloc/iinf/iprp carrying the size in
 * `ispe`) without AV1 data: detectable and sized, not decodable.
 */
export function makeAvif(width: number, height: number): Uint8Array {
  const meta = fullBox(
    "meta",
    0,
    0,
    fullBox("hdlr", 0, 0, bytes().u32be(0).ascii("pict").zeros(12).u8(0).build()),
    fullBox("pitm", 0, 0, bytes().u16be(1).build()),
    fullBox("iloc", 0, 0, bytes().u8(0x44, 0x00).u16be(0).build()), // 4-byte offset/length, no items
    fullBox(
      "iinf",
      0,
      0,
      bytes().u16be(1).build(),
      fullBox("infe", 2, 0, bytes().u16be(1).u16be(0).ascii("av01").u8(0).build()),
    ),
    box(
      "iprp",
      box("ipco", fullBox("ispe", 0, 0, bytes().u32be(width).u32be(height).build())),
      fullBox("ipma", 0, 0, bytes().u32be(1).u16be(1).u8(1).u8(0x81).build()),
    ),
  );
  return bytes()
    .bytes(ftyp("avif", ["avif", "mif1", "miaf"]))
    .bytes(meta)
    .build();
}

// ---------------------------------------------------------------------------------------------
// SVG

/** A small SVG document; `extra` is inserted inside the root element. */
export function makeSvg(width: number, height: number, extra = ""): Uint8Array {
  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#36c"/>${extra}</svg>\n`;
  return new TextEncoder().encode(text);
}

// ---------------------------------------------------------------------------------------------
// WAV

/** A mono 16-bit 8 kHz PCM WAV with a quiet 440 Hz tone. */
export function makeWav(ms = 100): Uint8Array {
  const rate = 8000;
  const samples = Math.max(1, Math.round((rate * ms) / 1000));
  const pcm = bytes();
  for (let i = 0; i < samples; i++) pcm.u16le(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)) & 0xffff);
  const fmt = bytes()
    .u16le(1)
    .u16le(1)
    .u32le(rate)
    .u32le(rate * 2)
    .u16le(2)
    .u16le(16)
    .build();
  return riff("WAVE", [riffChunk("fmt ", fmt), riffChunk("data", pcm.build())]);
}

/**
 * A WAV of exactly `size` bytes (at least 44), for tests of large bodies: the header of
 * makeWav's format, then samples that are all `fill` (a quiet hum; distinct fills give distinct
 * files). Built straight into one buffer, so tens of megabytes cost no time.
 */
export function makeSizedWav(size: number, fill = 0): Uint8Array {
  const out = Buffer.alloc(size, fill);
  const data = size - 44;
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(size - 8, 4);
  out.write("WAVEfmt ", 8, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(8000, 24);
  out.writeUInt32LE(16000, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(data, 40);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

// ---------------------------------------------------------------------------------------------
// MP3

/**
 * Silent MPEG-1 Layer III frames (32 kbit/s, 48 kHz, mono: 96 bytes each; all-zero side
 * information decodes as silence). `id3` prepends an ID3v2.4 tag with a title.
 */
export function makeMp3(options: { frames?: number; id3?: boolean } = {}): Uint8Array {
  const out = bytes();
  if (options.id3) {
    const text = bytes().u8(3).ascii("Fixture").build(); // UTF-8 encoding byte, then the title
    const frame = bytes().ascii("TIT2").u32be(text.length).u16be(0).bytes(text).build(); // v2.4: syncsafe, small
    out.ascii("ID3").u8(4, 0, 0);
    const size = frame.length;
    out.u8((size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f).bytes(frame);
  }
  for (let i = 0; i < (options.frames ?? 5); i++) {
    out.u8(0xff, 0xfb, 0x14, 0xc4); // sync, MPEG-1 L3 no CRC; 32 kbit/s, 48 kHz; mono, original
    out.zeros(96 - 4);
  }
  return out.build();
}

// ---------------------------------------------------------------------------------------------
// AAC (ADTS) and M4A

/** One AAC-LC raw data block of silence for a mono channel: 4 bytes. */
function silentAacBlock(): Uint8Array {
  return new BitsMsb()
    .write(0, 3) // ID_SCE
    .write(0, 4) // element_instance_tag
    .write(100, 8) // global_gain
    .write(0, 1) // ics_reserved_bit
    .write(0, 2) // ONLY_LONG_SEQUENCE
    .write(0, 1) // window_shape
    .write(0, 6) // max_sfb = 0: no bands, so no section, scale factor or spectral data
    .write(0, 1) // predictor_data_present
    .write(0, 1) // pulse_data_present
    .write(0, 1) // tns_data_present
    .write(0, 1) // gain_control_data_present
    .write(7, 3) // ID_END
    .build();
}

const AAC_SAMPLE_RATE_INDEX = 4; // 44100 Hz

/** Raw ADTS AAC-LC (mono, 44.1 kHz) with `frames` silent frames. */
export function makeAac(frames = 5): Uint8Array {
  const block = silentAacBlock();
  const out = bytes();
  for (let i = 0; i < frames; i++) {
    const length = 7 + block.length;
    const header = new BitsMsb()
      .write(0xfff, 12)
      .write(0, 1) // MPEG-4
      .write(0, 2) // layer
      .write(1, 1) // no CRC
      .write(1, 2) // profile: AAC LC (object type 2, minus 1)
      .write(AAC_SAMPLE_RATE_INDEX, 4)
      .write(0, 1)
      .write(1, 3) // one channel
      .write(0, 4) // original, home, copyright bits
      .write(length, 13)
      .write(0x7ff, 11) // variable bit rate
      .write(0, 2) // one raw data block
      .build();
    out.bytes(header).bytes(block);
  }
  return out.build();
}

const IDENTITY_MATRIX = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000];

function mvhd(timescale: number, duration: number): Uint8Array {
  const b = bytes().u32be(0).u32be(0).u32be(timescale).u32be(duration).u32be(0x00010000).u16be(0x0100).zeros(10);
  for (const v of IDENTITY_MATRIX) b.u32be(v);
  return fullBox("mvhd", 0, 0, b.zeros(24).u32be(2).build());
}

function tkhd(duration: number, audio: boolean, width = 0, height = 0): Uint8Array {
  const b = bytes().u32be(0).u32be(0).u32be(1).u32be(0).u32be(duration).zeros(8).u16be(0).u16be(0);
  b.u16be(audio ? 0x0100 : 0).u16be(0);
  for (const v of IDENTITY_MATRIX) b.u32be(v);
  return fullBox(
    "tkhd",
    0,
    3,
    b
      .u32be(width << 16)
      .u32be(height << 16)
      .build(),
  );
}

function mdhd(timescale: number, duration: number): Uint8Array {
  return fullBox(
    "mdhd",
    0,
    0,
    bytes().u32be(0).u32be(0).u32be(timescale).u32be(duration).u16be(0x55c4).u16be(0).build(),
  );
}

function hdlr(handler: string, name: string): Uint8Array {
  return fullBox("hdlr", 0, 0, bytes().u32be(0).ascii(handler).zeros(12).ascii(`${name}\0`).build());
}

function dinf(): Uint8Array {
  return box("dinf", fullBox("dref", 0, 0, bytes().u32be(1).build(), fullBox("url ", 0, 1)));
}

/** An MPEG-4 descriptor: tag, then the length in the 4-byte expandable form. */
function descriptor(tag: number, payload: Uint8Array): Uint8Array {
  const n = payload.length;
  return bytes()
    .u8(tag, 0x80 | ((n >> 21) & 0x7f), 0x80 | ((n >> 14) & 0x7f), 0x80 | ((n >> 7) & 0x7f), n & 0x7f)
    .bytes(payload)
    .build();
}

/**
 * A playable M4A: AAC-LC mono 44.1 kHz, `frames` silent frames in one chunk
 * (ftyp M4A, moov with a sound track and a complete sample table, mdat).
 */
export function makeM4a(frames = 5): Uint8Array {
  const block = silentAacBlock();
  const rate = 44100;
  const duration = frames * 1024;
  // AudioSpecificConfig: object type 2 (5 bits), frequency index (4), channels 1 (4), 3 zero bits.
  const asc = new BitsMsb().write(2, 5).write(AAC_SAMPLE_RATE_INDEX, 4).write(1, 4).write(0, 3).build();
  const decoderConfig = descriptor(
    0x04,
    bytes().u8(0x40, 0x15).u24be(0).u32be(0).u32be(0).bytes(descriptor(0x05, asc)).build(), // AAC, audio stream
  );
  const esds = fullBox(
    "esds",
    0,
    0,
    descriptor(
      0x03,
      bytes()
        .u16be(1)
        .u8(0)
        .bytes(decoderConfig)
        .bytes(descriptor(0x06, bytes().u8(2).build()))
        .build(),
    ),
  );
  const mp4a = box(
    "mp4a",
    bytes()
      .zeros(6)
      .u16be(1)
      .zeros(8)
      .u16be(1)
      .u16be(16)
      .u16be(0)
      .u16be(0)
      .u32be(rate << 16)
      .build(),
    esds,
  );

  const stblFor = (chunkOffset: number) =>
    box(
      "stbl",
      fullBox("stsd", 0, 0, bytes().u32be(1).build(), mp4a),
      fullBox("stts", 0, 0, bytes().u32be(1).u32be(frames).u32be(1024).build()),
      fullBox("stsc", 0, 0, bytes().u32be(1).u32be(1).u32be(frames).u32be(1).build()),
      fullBox("stsz", 0, 0, bytes().u32be(block.length).u32be(frames).build()),
      fullBox("stco", 0, 0, bytes().u32be(1).u32be(chunkOffset).build()),
    );
  const moovFor = (chunkOffset: number) =>
    box(
      "moov",
      mvhd(rate, duration),
      box(
        "trak",
        tkhd(duration, true),
        box(
          "mdia",
          mdhd(rate, duration),
          hdlr("soun", "SoundHandler"),
          box("minf", fullBox("smhd", 0, 0, bytes().u32be(0).build()), dinf(), stblFor(chunkOffset)),
        ),
      ),
    );
  const head = ftyp("M4A ", ["M4A ", "isom", "mp42"]);
  const moovLength = moovFor(0).length;
  const mdatData = bytes();
  for (let i = 0; i < frames; i++) mdatData.bytes(block);
  const mdat = box("mdat", mdatData.build());
  return bytes()
    .bytes(head)
    .bytes(moovFor(head.length + moovLength + 8))
    .bytes(mdat)
    .build();
}

// H.264 for makeMp4: one IDR picture of I_PCM macroblocks (raw samples, no prediction or
// transform), which any H.264 decoder accepts and which needs no entropy coder to write.

class ExpGolomb extends BitsMsb {
  ue(value: number): this {
    const x = value + 1;
    const length = Math.floor(Math.log2(x));
    return this.write(0, length).write(x, length + 1);
  }
  se(value: number): this {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }
  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): Uint8Array {
    this.write(1, 1);
    return this.build(0);
  }
}

/** A NAL unit: header byte, then the RBSP with emulation prevention bytes inserted. */
function nal(refIdc: number, type: number, rbsp: Uint8Array): Uint8Array {
  const out = bytes().u8((refIdc << 5) | type);
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.u8(3);
      zeros = 0;
    }
    out.u8(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return out.build();
}

function h264Picture(width: number, height: number): { sps: Uint8Array; pps: Uint8Array; idr: Uint8Array } {
  const mbWidth = Math.ceil(width / 16);
  const mbHeight = Math.ceil(height / 16);
  const sps = new ExpGolomb()
    .write(66, 8) // Baseline
    .write(0xc0, 8) // constraint_set0/1
    .write(10, 8) // level 1.0
    .ue(0) // seq_parameter_set_id
    .ue(0) // log2_max_frame_num_minus4
    .ue(2) // pic_order_cnt_type
    .ue(1) // max_num_ref_frames
    .write(0, 1) // gaps_in_frame_num_value_allowed_flag
    .ue(mbWidth - 1)
    .ue(mbHeight - 1)
    .write(1, 1) // frame_mbs_only_flag
    .write(1, 1); // direct_8x8_inference_flag
  const cropRight = (mbWidth * 16 - width) / 2;
  const cropBottom = (mbHeight * 16 - height) / 2;
  if (cropRight || cropBottom) sps.write(1, 1).ue(0).ue(cropRight).ue(0).ue(cropBottom);
  else sps.write(0, 1);
  sps.write(0, 1); // vui_parameters_present_flag

  const pps = new ExpGolomb()
    .ue(0) // pic_parameter_set_id
    .ue(0) // seq_parameter_set_id
    .write(0, 1) // CAVLC
    .write(0, 1) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0)
    .ue(0) // num_ref_idx_l0/l1_default_active_minus1
    .write(0, 1)
    .write(0, 2) // no weighted prediction
    .se(0)
    .se(0)
    .se(0) // pic_init_qp/qs_minus26, chroma_qp_index_offset
    .write(1, 1) // deblocking_filter_control_present_flag
    .write(0, 1) // constrained_intra_pred_flag
    .write(0, 1); // redundant_pic_cnt_present_flag

  const slice = new ExpGolomb()
    .ue(0) // first_mb_in_slice
    .ue(7) // slice_type: I (all slices)
    .ue(0) // pic_parameter_set_id
    .write(0, 4) // frame_num
    .ue(0) // idr_pic_id
    .write(0, 1) // no_output_of_prior_pics_flag
    .write(0, 1) // long_term_reference_flag
    .se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc
  const [y, u, v] = [81, 90, 240]; // red, in BT.601 YCbCr
  for (let mb = 0; mb < mbWidth * mbHeight; mb++) {
    slice.ue(25); // mb_type I_PCM
    slice.alignZero();
    for (let i = 0; i < 256; i++) slice.write(y, 8);
    for (let i = 0; i < 64; i++) slice.write(u, 8);
    for (let i = 0; i < 64; i++) slice.write(v, 8);
  }
  return { sps: nal(3, 7, sps.trailing()), pps: nal(3, 8, pps.trailing()), idr: nal(3, 5, slice.trailing()) };
}

/**
 * A playable MP4: H.264 Baseline, one red frame of `width`×`height` (even numbers) shown for
 * one second (ftyp isom, moov with a video track and its sample table, mdat).
 */
export function makeMp4(width = 32, height = 16): Uint8Array {
  if (width % 2 || height % 2) throw new Error("makeMp4: width and height must be even");
  const { sps, pps, idr } = h264Picture(width, height);
  const avcC = box(
    "avcC",
    bytes().u8(1, 66, 0xc0, 10, 0xff, 0xe1).u16be(sps.length).bytes(sps).u8(1).u16be(pps.length).bytes(pps).build(),
  );
  const avc1 = box(
    "avc1",
    bytes()
      .zeros(6)
      .u16be(1) // data_reference_index
      .zeros(16)
      .u16be(width)
      .u16be(height)
      .u32be(0x00480000)
      .u32be(0x00480000) // 72 dpi
      .u32be(0)
      .u16be(1) // frame_count
      .zeros(32) // compressorname
      .u16be(0x18)
      .u16be(0xffff)
      .build(),
    avcC,
  );
  const sample = bytes().u32be(idr.length).bytes(idr).build();
  const moovFor = (chunkOffset: number) =>
    box(
      "moov",
      mvhd(1000, 1000),
      box(
        "trak",
        tkhd(1000, false, width, height),
        box(
          "mdia",
          mdhd(1000, 1000),
          hdlr("vide", "VideoHandler"),
          box(
            "minf",
            fullBox("vmhd", 0, 1, bytes().zeros(8).build()),
            dinf(),
            box(
              "stbl",
              fullBox("stsd", 0, 0, bytes().u32be(1).build(), avc1),
              fullBox("stts", 0, 0, bytes().u32be(1).u32be(1).u32be(1000).build()),
              fullBox("stss", 0, 0, bytes().u32be(1).u32be(1).build()),
              fullBox("stsc", 0, 0, bytes().u32be(1).u32be(1).u32be(1).u32be(1).build()),
              fullBox("stsz", 0, 0, bytes().u32be(0).u32be(1).u32be(sample.length).build()),
              fullBox("stco", 0, 0, bytes().u32be(1).u32be(chunkOffset).build()),
            ),
          ),
        ),
      ),
    );
  const head = ftyp("isom", ["isom", "iso2", "avc1", "mp41"]);
  const moovLength = moovFor(0).length;
  return bytes()
    .bytes(head)
    .bytes(moovFor(head.length + moovLength + 8))
    .bytes(box("mdat", sample))
    .build();
}

// ---------------------------------------------------------------------------------------------
// Ogg Opus

const OGG_CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function oggCrc(data: Uint8Array): number {
  let c = 0;
  for (const b of data) c = ((c << 8) ^ OGG_CRC_TABLE[((c >>> 24) ^ b) & 0xff]!) >>> 0;
  return c;
}

function oggPage(packets: Uint8Array[], flags: number, granule: number, sequence: number): Uint8Array {
  const lacing: number[] = [];
  for (const packet of packets) {
    let n = packet.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const page = bytes()
    .ascii("OggS")
    .u8(0, flags)
    .u32le(granule)
    .u32le(0) // granule position high bits
    .u32le(0x4e584d45) // stream serial number
    .u32le(sequence)
    .u32le(0) // CRC, filled in below
    .u8(lacing.length)
    .u8(...lacing);
  for (const packet of packets) page.bytes(packet);
  const data = page.build();
  const crc = oggCrc(data);
  new DataView(data.buffer).setUint32(22, crc, true);
  return data;
}

/** A CELT-only fullband 20 ms Opus frame of silence. */
const OPUS_SILENCE = Uint8Array.of(0xf8, 0xff, 0xfe);

/** Opus identification header: version 1, mono, pre-skip 312, 48 kHz, no gain, family 0. */
function opusHead(): Uint8Array {
  return bytes().ascii("OpusHead").u8(1, 1).u16le(312).u32le(48000).u16le(0).u8(0).build();
}

/** Ogg Opus, mono: OpusHead, OpusTags and `packets` 20 ms packets of silence. */
export function makeOgg(packets = 10): Uint8Array {
  const head = opusHead();
  const vendor = "exam-studio fixtures";
  const tags = bytes().ascii("OpusTags").u32le(vendor.length).ascii(vendor).u32le(0).build();
  const audio: Uint8Array[] = [];
  for (let i = 0; i < packets; i++) audio.push(OPUS_SILENCE);
  return bytes()
    .bytes(oggPage([head], 0x02, 0, 0)) // beginning of stream
    .bytes(oggPage([tags], 0x00, 0, 1))
    .bytes(oggPage(audio, 0x04, packets * 960, 2)) // end of stream
    .build();
}

// ---------------------------------------------------------------------------------------------
// WebM

function ebmlSize(n: number): number[] {
  if (n < 0x7f) return [0x80 | n];
  if (n < 0x3fff) return [0x40 | (n >> 8), n & 0xff];
  return [0x10 | ((n >> 24) & 0x0f), (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function ebml(id: number[], ...children: Uint8Array[]): Uint8Array {
  const body = bytes();
  for (const child of children) body.bytes(child);
  const data = body.build();
  return bytes().bytes(id).bytes(ebmlSize(data.length)).bytes(data).build();
}

const ebmlUint = (id: number[], value: number) => ebml(id, bytes().u32be(value).build());
const ebmlString = (id: number[], value: string) => ebml(id, bytes().ascii(value).build());
const ebmlFloat = (id: number[], value: number) => {
  const data = new Uint8Array(8);
  new DataView(data.buffer).setFloat64(0, value);
  return ebml(id, data);
};

/**
 * A playable WebM: Opus mono, `packets` 20 ms packets of silence in one cluster
 * (EBML header with DocType webm, Segment with Info, Tracks and a Cluster of SimpleBlocks).
 */
export function makeWebm(packets = 10): Uint8Array {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    ebmlUint([0x42, 0x86], 1), // EBMLVersion
    ebmlUint([0x42, 0xf7], 1), // EBMLReadVersion
    ebmlUint([0x42, 0xf2], 4), // EBMLMaxIDLength
    ebmlUint([0x42, 0xf3], 8), // EBMLMaxSizeLength
    ebmlString([0x42, 0x82], "webm"), // DocType
    ebmlUint([0x42, 0x87], 4), // DocTypeVersion
    ebmlUint([0x42, 0x85], 2), // DocTypeReadVersion
  );
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    ebmlUint([0x2a, 0xd7, 0xb1], 1_000_000), // TimestampScale: milliseconds
    ebmlString([0x4d, 0x80], "exam-studio fixtures"), // MuxingApp
    ebmlString([0x57, 0x41], "exam-studio fixtures"), // WritingApp
    ebmlFloat([0x44, 0x89], packets * 20), // Duration
  );
  const tracks = ebml(
    [0x16, 0x54, 0xae, 0x6b],
    ebml(
      [0xae], // TrackEntry
      ebmlUint([0xd7], 1), // TrackNumber
      ebmlUint([0x73, 0xc5], 1), // TrackUID
      ebmlUint([0x83], 2), // TrackType: audio
      ebmlString([0x86], "A_OPUS"), // CodecID
      ebml([0x63, 0xa2], opusHead()), // CodecPrivate
      ebmlUint([0x56, 0xaa], 6_500_000), // CodecDelay (ns): the pre-skip
      ebmlUint([0x56, 0xbb], 80_000_000), // SeekPreRoll (ns)
      ebml([0xe1], ebmlFloat([0xb5], 48000), ebmlUint([0x9f], 1)), // Audio: rate, channels
    ),
  );
  const blocks: Uint8Array[] = [ebmlUint([0xe7], 0)]; // cluster Timestamp
  for (let i = 0; i < packets; i++) {
    // SimpleBlock: track 1, timestamp relative to the cluster, keyframe flag, the packet.
    blocks.push(
      ebml(
        [0xa3],
        bytes()
          .u8(0x81)
          .u16be(i * 20)
          .u8(0x80)
          .bytes(OPUS_SILENCE)
          .build(),
      ),
    );
  }
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], ...blocks);
  return bytes()
    .bytes(header)
    .bytes(ebml([0x18, 0x53, 0x80, 0x67], info, tracks, cluster))
    .build();
}
