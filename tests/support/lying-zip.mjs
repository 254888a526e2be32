// Zip files that lie about their entries' sizes, built byte by byte in milliseconds: the attack
// of issue 23 (a zip of some megabytes whose entry claims 100 bytes and inflates to gigabytes of
// zeros) at any scale, for the tests and the benchmark. Plain JavaScript, so that the benchmark
// (bench/*.mjs) can use it without a TypeScript loader.
//
// The zeros are deflated by hand with the fixed Huffman codes (RFC 1951, 3.2.6): one literal 0,
// then copies of 258 bytes at distance 1 (length code 285 and distance code 0, 13 bits each). A
// block of 8m + 6 copies is a whole number of bytes long, so one block's bytes repeated make a
// stream of any length without compressing anything: 13 bits per 258 bytes, about 1:160.

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
  code(value, n) {
    for (let i = n - 1; i >= 0; i--) this.bits((value >>> i) & 1, 1);
    return this;
  }
  done() {
    if (this.count !== 0) throw new Error("the block does not end on a byte boundary");
    return Uint8Array.from(this.bytes);
  }
}

const LITERAL_ZERO = [0x30, 8];
const LENGTH_258 = [0xc5, 8];
const DISTANCE_1 = [0, 5];
const END_OF_BLOCK = [0, 7];
/** Copies of 258 zeros in each repeated block: 8m + 6 makes it end on a byte boundary. */
const COPIES = 8 * 4095 + 6;

/** A fixed-Huffman block, not the last: `literal` writes the first zero, then `copies` copies. */
function zeroBlock(literal, copies) {
  const w = new BitWriter().bits(0, 1).bits(1, 2);
  if (literal) w.code(...LITERAL_ZERO);
  for (let i = 0; i < copies; i++) w.code(...LENGTH_258).code(...DISTANCE_1);
  return w.code(...END_OF_BLOCK).done();
}

/** The last block: fixed Huffman, empty (BFINAL 1, type 01, end of block), padded to a byte. */
const LAST_BLOCK = new BitWriter()
  .bits(1, 1)
  .bits(1, 2)
  .code(...END_OF_BLOCK)
  .bits(0, 6)
  .done();

/** A raw deflate stream that inflates to at least `size` zeros; `inflated` says exactly how many. */
export function deflatedZeros(size) {
  const first = zeroBlock(true, 6);
  const block = zeroBlock(false, COPIES);
  const blocks = Math.max(0, Math.ceil((size - (1 + 6 * 258)) / (COPIES * 258)));
  const last = LAST_BLOCK;
  const out = new Uint8Array(first.length + blocks * block.length + last.length);
  out.set(first, 0);
  for (let i = 0; i < blocks; i++) out.set(block, first.length + i * block.length);
  out.set(last, first.length + blocks * block.length);
  return { data: out, inflated: 1 + 6 * 258 + blocks * COPIES * 258 };
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
