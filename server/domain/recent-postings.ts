// The postings (key → slot) a similarity index (similarity-index.ts) was given since it last
// sorted them all, until it folds them in: a hash table of keys, each with its postings in the
// order they came, all in typed arrays. A Map of an array per key cost each new question 30 Map
// operations on keys mostly outside V8's small integers, and 30 arrays for the collector: about
// 66 µs of a create's catch-up, where the whole look-up is some 30 µs (measured in the
// duplicates benchmark's process).
//
// An entry's key, first and last posting are side by side, and so are a posting's slot and next:
// the table grows to megabytes, a look-up or an add of a key meets it where the processor's caches
// do not hold it, and fields in separate arrays cost a cache miss each. Pure.

/** No posting: the end of a key's list, or a table entry not used. */
const NONE = -1;

/** Words per table entry: its key, its first and its last posting (and one unused, to align). */
const ENTRY = 4;
const KEY = 0;
const HEAD = 1;
const TAIL = 2;
/** Words per posting: its slot, and the next posting of its key. */
const POSTING = 2;
const SLOT = 0;
const NEXT = 1;

export class RecentPostings {
  /** Open addressing, linear probing, ENTRY words an entry (HEAD NONE: free). */
  private table = newTable(64);
  /** 32 − log2 of the table's entries: an entry is the top bits of the key's multiplicative hash. */
  private shift = 26;
  private keysUsed = 0;
  /** POSTING words a posting. */
  private postings = new Int32Array(256 * POSTING);
  private count = 0;

  /** How many postings it holds. */
  get size(): number {
    return this.count;
  }

  /** Adds slot `slot` under `key` (a signed 32-bit integer), after those already under it. */
  add(key: number, slot: number): void {
    if ((this.keysUsed + 1) * 2 * ENTRY > this.table.length) this.growTable();
    if ((this.count + 1) * POSTING > this.postings.length) {
      const next = new Int32Array(this.postings.length * 2);
      next.set(this.postings);
      this.postings = next;
    }
    const posting = this.count++;
    this.postings[posting * POSTING + SLOT] = slot;
    this.postings[posting * POSTING + NEXT] = NONE;
    const at = this.entryOf(key) * ENTRY;
    const table = this.table;
    if (table[at + HEAD] === NONE) {
      table[at + KEY] = key;
      table[at + HEAD] = posting;
      this.keysUsed++;
    } else this.postings[table[at + TAIL]! * POSTING + NEXT] = posting;
    table[at + TAIL] = posting;
  }

  /** The slots under `key`, in the order they were added, until `visit` answers false. */
  forEachSlot(key: number, visit: (slot: number) => boolean): boolean {
    const postings = this.postings;
    for (let p = this.table[this.entryOf(key) * ENTRY + HEAD]!; p !== NONE; p = postings[p * POSTING + NEXT]!)
      if (!visit(postings[p * POSTING + SLOT]!)) return false;
    return true;
  }

  /**
   * Reads the table's first entry for each of `keys` and, where one is used, its first posting, so
   * that the walks that follow find them in the processor's caches (independent reads, which the
   * processor waits for together: see SortedPostings.touch).
   */
  touch(keys: readonly number[]): void {
    const { table, postings } = this;
    let sum = 0;
    for (let i = 0; i < keys.length; i++) sum += table[this.home(keys[i]!) * ENTRY + HEAD]!;
    for (let i = 0; i < keys.length; i++) {
      const head = table[this.home(keys[i]!) * ENTRY + HEAD]!;
      if (head !== NONE) sum += postings[head * POSTING + SLOT]!;
    }
    this.touchedSum = sum;
  }

  /** What touch() read: kept, so that the compiler does not leave the reads out. */
  touchedSum = 0;

  /** Where `key`'s probe starts: the top bits of its multiplicative hash. */
  private home(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  /** The entry holding `key`, or the free entry where it would go. */
  private entryOf(key: number): number {
    const table = this.table;
    const mask = table.length / ENTRY - 1;
    let entry = this.home(key);
    while (table[entry * ENTRY + HEAD] !== NONE && table[entry * ENTRY + KEY] !== key) entry = (entry + 1) & mask;
    return entry;
  }

  private growTable(): void {
    const old = this.table;
    this.table = newTable((old.length / ENTRY) * 2);
    this.shift--;
    const table = this.table;
    // Field by field: a subarray per entry was a view object each, for the collector (4 kB a
    // create of the duplicates benchmark's look-ups, spread over the growths; measured).
    for (let at = 0; at < old.length; at += ENTRY) {
      if (old[at + HEAD] === NONE) continue;
      const to = this.entryOf(old[at + KEY]!) * ENTRY;
      table[to + KEY] = old[at + KEY]!;
      table[to + HEAD] = old[at + HEAD]!;
      table[to + TAIL] = old[at + TAIL]!;
    }
  }
}

/** A table of `entries` free entries. */
function newTable(entries: number): Int32Array {
  const table = new Int32Array(entries * ENTRY);
  for (let at = HEAD; at < table.length; at += ENTRY) table[at] = NONE;
  return table;
}
