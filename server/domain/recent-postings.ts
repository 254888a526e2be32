// The postings (key → slot) a similarity index (similarity-index.ts) was given since it last
// sorted them all, until it folds them in: a hash table of keys, each with its postings in the
// order they came, all in typed arrays. A Map of an array per key cost each new question 30 Map
// operations on keys mostly outside V8's small integers, and 30 arrays for the collector: about
// 66 µs of a create's catch-up, where the whole look-up is some 30 µs (measured in the
// duplicates benchmark's process). Pure.

/** No posting: the end of a key's list, or a table entry not used. */
const NONE = -1;

export class RecentPostings {
  /** Open addressing, linear probing: a key per entry, and its first and last posting (NONE: free). */
  private keys = new Int32Array(64);
  /** 32 − log2 of the table's size: an entry is the top bits of the key's multiplicative hash. */
  private shift = 26;
  private heads = new Int32Array(64).fill(NONE);
  private tails = new Int32Array(64).fill(NONE);
  private keysUsed = 0;
  /** Per posting: its slot, and the next posting of its key. */
  private slots = new Int32Array(256);
  private nexts = new Int32Array(256);
  private count = 0;

  /** How many postings it holds. */
  get size(): number {
    return this.count;
  }

  /** Adds slot `slot` under `key` (a signed 32-bit integer), after those already under it. */
  add(key: number, slot: number): void {
    if ((this.keysUsed + 1) * 2 > this.keys.length) this.growTable();
    if (this.count === this.slots.length) {
      this.slots = doubled(this.slots);
      this.nexts = doubled(this.nexts);
    }
    const posting = this.count++;
    this.slots[posting] = slot;
    this.nexts[posting] = NONE;
    const entry = this.entryOf(key);
    if (this.heads[entry] === NONE) {
      this.keys[entry] = key;
      this.heads[entry] = posting;
      this.keysUsed++;
    } else this.nexts[this.tails[entry]!] = posting;
    this.tails[entry] = posting;
  }

  /** The slots under `key`, in the order they were added, until `visit` answers false. */
  forEachSlot(key: number, visit: (slot: number) => boolean): boolean {
    const entry = this.entryOf(key);
    for (let p = this.heads[entry]!; p !== NONE; p = this.nexts[p]!) if (!visit(this.slots[p]!)) return false;
    return true;
  }

  /** The entry holding `key`, or the free entry where it would go. */
  private entryOf(key: number): number {
    const mask = this.keys.length - 1;
    let entry = Math.imul(key, 0x9e3779b1) >>> this.shift;
    while (this.heads[entry] !== NONE && this.keys[entry] !== key) entry = (entry + 1) & mask;
    return entry;
  }

  private growTable(): void {
    const { keys, heads, tails } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.heads = new Int32Array(keys.length * 2).fill(NONE);
    this.tails = new Int32Array(keys.length * 2).fill(NONE);
    this.shift--;
    for (let i = 0; i < keys.length; i++) {
      if (heads[i] === NONE) continue;
      const entry = this.entryOf(keys[i]!);
      this.keys[entry] = keys[i]!;
      this.heads[entry] = heads[i]!;
      this.tails[entry] = tails[i]!;
    }
  }
}

function doubled(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const next = new Int32Array(array.length * 2);
  next.set(array);
  return next;
}
