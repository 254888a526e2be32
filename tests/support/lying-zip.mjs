// Zip files that lie about their entries' sizes, built byte by byte in milliseconds: the attack
// of issue 23 (a zip of 6.3 MB whose entry claims 100 bytes and inflates to 6 GiB of zeros) at
// any scale, for the tests and the benchmark. Plain JavaScript, so that the benchmark
// (bench/*.mjs) can use it without a TypeScript loader.
//
// The zeros are deflated by hand (RFC 1951): one literal 0, then copies of 258 bytes at distance
// 1, in blocks with their own Huffman codes where a copy takes 2 bits (length code 285 and
// distance code 0, 1 bit each): 1:1032, the most deflate allows. A block of 4m + 2 copies is a
// whole number of bytes long, so one block's bytes repeated make a stream of any length without
// compressing anything.

/** Bits written least significant first, as deflate packs them. */
class BitWriter {
  bytes = [];
  acc = 0;
  count = 0;
  bits(value, n) {
    for (let i = 0; i < n; i++) {
      this.acc |= ((value >>> i) & 1) << this.count;
      if (++this.count === 8) {
        this.bytes.push(this.acc);
        this.acc = 0;
        this.count = 0;
      }
    }
    return this;
  }
  /** A Huffman code: its bits go most significant first. */
  code([value, n]) {
    for (let i = n - 1; i >= 0; i--) this.bits((value >>> i) & 1, 1);
    return this;
  }
  done() {
    if (this.count !== 0) throw new Error("the block does not end on a byte boundary");
    return Uint8Array.from(this.bytes);
  }
}

// The block's codes (canonical Huffman): literal 0 and end of block 2 bits, length 258 1 bit;
// distance 1, the one distance code, 1 bit.
const LITERAL_ZERO = [0b10, 2];
const END_OF_BLOCK = [0b11, 2];
const LENGTH_258 = [0b0, 1];
const DISTANCE_1 = [0b0, 1];
// The code of the code lengths: lengths 1 and 2 take 2 bits, 18 (a run of 11 to 138 zeros) 1 bit.
const CL_1 = [0b10, 2];
const CL_2 = [0b11, 2];
const CL_18 = [0b0, 1];
/** The code lengths' own lengths, in the order the header lists them (19 of them: its size even). */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const CL_LENGTHS = { 18: 1, 2: 2, 1: 2 };

/** A block's header: 286 literal/length codes, 1 distance code, and their lengths (106 bits). */
function header(w) {
  w.bits(0, 1)
    .bits(2, 2)
    .bits(286 - 257, 5)
    .bits(0, 5)
    .bits(19 - 4, 4);
  for (const symbol of CL_ORDER) w.bits(CL_LENGTHS[symbol] ?? 0, 3);
  const zeros = (n) => w.code(CL_18).bits(n - 11, 7);
  // Literal 0: 2; 1–255: 0; 256: 2; 257–284: 0; 285: 1; distance 0: 1.
  w.code(CL_2);
  zeros(138);
  zeros(117);
  w.code(CL_2);
  zeros(28);
  w.code(CL_1).code(CL_1);
  return w;
}

/** A block, not the last: `literal` writes the first zero, then `copies` copies. */
function zeroBlock(literal, copies) {
  const w = header(new BitWriter());
  if (literal) w.code(LITERAL_ZERO);
  for (let i = 0; i < copies; i++) w.code(LENGTH_258).code(DISTANCE_1);
  return w.code(END_OF_BLOCK).done();
}

/** Copies of 258 zeros in each repeated block (4m + 2: a whole number of bytes): 1 MB a block. */
const COPIES = 4 * 1_000 + 2;
/** The first block (4m + 1 copies after its literal). */
const FIRST_COPIES = 1;
/** The last block: fixed Huffman, empty (BFINAL 1, type 01, end of block), padded to a byte. */
const LAST_BLOCK = new BitWriter().bits(1, 1).bits(1, 2).bits(0, 7).bits(0, 6).done();

/** A raw deflate stream that inflates to at least `size` zeros; `inflated` says exactly how many. */
export function deflatedZeros(size) {
  const first = zeroBlock(true, FIRST_COPIES);
  const block = zeroBlock(false, COPIES);
  const head = 1 + FIRST_COPIES * 258;
  const blocks = Math.max(0, Math.ceil((size - head) / (COPIES * 258)));
  const out = new Uint8Array(first.length + blocks * block.length + LAST_BLOCK.length);
  out.set(first, 0);
  for (let i = 0; i < blocks; i++) out.set(block, first.length + i * block.length);
  out.set(LAST_BLOCK, first.length + blocks * block.length);
  return { data: out, inflated: head + blocks * COPIES * 258 };
}

/**
 * A zip of `entries` written as given: `data` is stored as it is (method 0) unless `deflated` is
 * set (method 8); `declared` is the size the local header and the central directory claim
 * (`data`'s length unless given). CRCs are left 0: nothing that reads these checks them.
 */
export function zipOfRaw(entries) {
  const enc = new TextEncoder();
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const entry of entries) {
    const name = enc.encode(entry.name);
    const method = entry.deflated ? 8 : 0;
    const declared = entry.declared ?? entry.data.length;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x800, true);
    local.setUint16(8, method, true);
    local.setUint32(18, entry.data.length, true);
    local.setUint32(22, declared, true);
    local.setUint16(26, name.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(8, 0x800, true);
    central.setUint16(10, method, true);
    central.setUint32(20, entry.data.length, true);
    central.setUint32(24, declared, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    locals.push(new Uint8Array(local.buffer), name, entry.data);
    centrals.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + entry.data.length;
  }
  const centralSize = centrals.reduce((n, part) => n + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, new Uint8Array(end.buffer)];
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The attack: `before` (stored, honest entries), then the entry `name` that claims `declared`
 * bytes and inflates to at least `inflates` zeros.
 */
export function lyingZip({ name, declared, inflates, before = [] }) {
  const { data, inflated } = deflatedZeros(inflates);
  return { bytes: zipOfRaw([...before, { name, data, deflated: true, declared }]), inflated };
}
