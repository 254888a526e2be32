// An in-memory index of one workspace's question texts by similarity key (server/domain/
// similarity-keys.ts), for the similar_question advice of questionCreate and questionUpdate
// (contract 15.2 point 3): the questions sharing a key with a text are found and compared here in
// microseconds, where a look-up in the database costs a statement and a GIN index scan with its
// candidates' rows (about a millisecond and a half of CPU on the embedded database, a third of a
// create). server/data/similarity-index-store.ts keeps it in step with the database.
//
// Layout, for a workspace of 100,000 questions in some 100 MB of typed arrays and almost no objects
// for the garbage collector to walk (a string per question made every create of the process dearer,
// the index or not: measured):
// - each question has a slot: its id, exam, version and, for an ASCII text, its count of distinct
//   trigrams and their signature, together in one record of 64 bytes (slot-records.ts), its keys
//   (a shared Int32Array) and its text's UTF-16 code units (a shared Uint16Array); a question
//   written again gets a new slot and its old slot is emptied (the same version read again is the
//   same write, and changes nothing);
// - the postings (key → slot) are sorted at once over every slot (sorted-postings.ts), plus the
//   postings added since (recent-postings.ts), folded into the sorted ones when they grow past a
//   quarter of them. 2^21 slots at most between two rebuilds.
// - a candidate is compared as slot-comparer.ts says (an ASCII pair exactly as pg_trgm, without
//   making the candidate's trigram set, most of them stopped by two bounds before that).
// Pure: no database, no Node APIs.
import { RecentPostings } from "./recent-postings";
import { BANDS } from "./similarity-keys";
import { keepForComparing, slotComparer, slotText, type SlotComparer, type SlotTexts } from "./slot-comparer";
import { COUNT, EMPTIED, EXAM, ID, KEY_COUNT, MET, SLOT_WORDS, TEXT_LENGTH, TEXT_START, VERSION } from "./slot-records";
import { SLOT_SPAN, SortedPostings } from "./sorted-postings";

/** A question as the index holds it. */
export interface IndexedQuestion {
  id: number;
  examId: number;
  /** Its similarity_text. */
  text: string;
  /** Its similarity keys (BANDS of them, or none for an empty text). */
  keys: readonly number[];
  /** Grows with every change of the text or exam: an older version never replaces a newer one. */
  version: number;
}

/** A question similar to the text looked up: similarity as computed here (double precision). */
export interface SimilarCandidate {
  id: number;
  examId: number;
  text: string;
  similarity: number;
  /** Whether `similarity` is exactly pg_trgm's (an all-ASCII pair), not only near it. */
  exact: boolean;
}

/** Room for `n` more of a typed array's elements, doubling. */
function grown<T extends Int32Array | Uint16Array>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  let size = array.length;
  while (size < needed) size *= 2;
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  return next;
}

export class SimilarityIndex {
  /** Slots used (live or emptied). */
  private slots = 0;
  /** SLOT_WORDS per slot (slot-records.ts). */
  private records = new Int32Array(SLOT_WORDS * 1024);
  private chars = new Uint16Array(64 * 1024);
  private charsUsed = 0;
  private keyPool = new Int32Array(BANDS * 1024);
  private slotOf = new Map<number, number>();
  private sorted = new SortedPostings(0, () => {});
  private added = new RecentPostings();
  /** The last look-up's mark (a slot's MET). */
  private lookUps = 0;

  /** How many questions it holds. */
  get size(): number {
    return this.slotOf.size;
  }

  /** The version held for question `id`, if any. */
  versionOf(id: number): number | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.records[slot * SLOT_WORDS + VERSION];
  }

  /**
   * Adds the question, or replaces the one held under its id when `q.version` is newer. The same
   * version is the same write read again (a version names one text and exam: migration 0011), and
   * an older one a write read back out of order: both are ignored. Answers whether it was taken.
   */
  upsert(q: IndexedQuestion): boolean {
    const slot = this.append(q);
    if (slot === null) return false;
    const keyCount = this.records[slot * SLOT_WORDS + KEY_COUNT]!;
    for (let k = 0; k < keyCount; k++) this.added.add(this.keyPool[slot * BANDS + k]!, slot);
    if (this.added.size > 30_000 + this.sorted.size / 4 || this.slots >= SLOT_SPAN) this.rebuild();
    return true;
  }

  /** upsert() of many questions at once (a workspace read in full), with one rebuild of the postings. */
  upsertAll(questions: Iterable<IndexedQuestion>): void {
    for (const q of questions) {
      if (this.slots >= SLOT_SPAN) this.rebuild();
      this.append(q);
    }
    this.rebuild();
  }

  /** Forgets question `id` (deleted, or gone to another workspace); answers whether it was held. */
  remove(id: number): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.empty(slot);
    this.slotOf.delete(id);
    return true;
  }

  /**
   * The questions sharing a key with `keys` (the keys of `text`) that may be at least `threshold`
   * similar to it, `exceptId` left out, most similar first, then by id; at most `maxCompared` of
   * those sharing a key are compared (a workspace written from one template has thousands).
   * All-ASCII pairs are kept when pg_trgm's single-precision similarity reaches the threshold,
   * other pairs within NON_ASCII_MARGIN of it: the database decides those.
   */
  candidates(
    text: string,
    keys: readonly number[],
    opts: { threshold: number; exceptId: number | null; maxCompared: number },
  ): SimilarCandidate[] {
    return this.collect(text, keys, opts, (consider) => {
      // Where each key's postings are, read for all keys at once (see SortedPostings.touch).
      this.sorted.touch(keys);
      this.added.touch(keys);
      for (const key of keys) {
        if (!this.sorted.forEachSlot(key, consider)) return;
        if (!this.added.forEachSlot(key, consider)) return;
      }
    });
  }

  /**
   * candidates() among the questions `ids` only (those a catch-up just wrote): what candidates()
   * would answer of them, without walking the postings.
   */
  candidatesAmong(
    text: string,
    keys: readonly number[],
    ids: readonly number[],
    opts: { threshold: number; exceptId: number | null },
  ): SimilarCandidate[] {
    if (ids.length === 0) return [];
    return this.collect(text, keys, { ...opts, maxCompared: Number.POSITIVE_INFINITY }, (consider) => {
      for (const id of ids) {
        const slot = this.slotOf.get(id);
        if (slot !== undefined && this.sharesKey(slot, keys) && !consider(slot)) return;
      }
    });
  }

  /** Whether the slot holds one of `keys` (BANDS each at most: comparing all pairs allocates nothing). */
  private sharesKey(slot: number, keys: readonly number[]): boolean {
    const keyCount = this.records[slot * SLOT_WORDS + KEY_COUNT]!;
    for (let k = 0; k < keyCount; k++) {
      const key = this.keyPool[slot * BANDS + k]!;
      for (let i = 0; i < keys.length; i++) if (keys[i] === key) return true;
    }
    return false;
  }

  /** The candidates among the slots `walk` offers, compared with `text` (see candidates()). */
  private collect(
    text: string,
    keys: readonly number[],
    opts: { threshold: number; exceptId: number | null; maxCompared: number },
    /** Offers slots to `consider`, until it answers false (maxCompared reached). */
    walk: (consider: (slot: number) => boolean) => void,
  ): SimilarCandidate[] {
    if (keys.length === 0 || text === "") return [];
    const texts: SlotTexts = { records: this.records, chars: this.chars };
    const records = this.records;
    // Made at the first slot to compare: most look-ups of a new text meet none, and making it
    // (the text's trigrams, their table and signature) was most of such a look-up (measured).
    let comparer = null as SlotComparer | null;
    const lookUp = this.startLookUp();
    let met = 0;
    const found: SimilarCandidate[] = [];
    try {
      walk((slot) => {
        const at = slot * SLOT_WORDS;
        if (records[at + MET] === lookUp) return true;
        // The postings left need not be walked: maxCompared are met.
        if (met >= opts.maxCompared) return false;
        records[at + MET] = lookUp;
        met++;
        if (records[at + COUNT] === EMPTIED || records[at + ID] === opts.exceptId) return true;
        comparer ??= slotComparer(text, opts.threshold, texts);
        const hit = comparer.compare(slot);
        if (hit !== null)
          found.push({ id: records[at + ID]!, examId: records[at + EXAM]!, text: slotText(texts, slot), ...hit });
        return true;
      });
    } finally {
      comparer?.done();
    }
    return found.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
  }

  /** A new look-up's mark for the slots' MET (the marks cleared when they wrap). */
  private startLookUp(): number {
    if (this.lookUps === 0x7fffffff) {
      for (let slot = 0; slot < this.slots; slot++) this.records[slot * SLOT_WORDS + MET] = 0;
      this.lookUps = 0;
    }
    return ++this.lookUps;
  }

  private empty(slot: number): void {
    this.records[slot * SLOT_WORDS + COUNT] = EMPTIED;
  }

  /** Gives `q` a slot (its postings are the caller's); null when its version, or a newer one, is held. */
  private append(q: IndexedQuestion): number | null {
    const old = this.slotOf.get(q.id);
    if (old !== undefined) {
      if (this.records[old * SLOT_WORDS + VERSION]! >= q.version) return null;
      this.empty(old);
    }
    const slot = this.slots++;
    this.records = grown(this.records, this.slots * SLOT_WORDS);
    this.keyPool = grown(this.keyPool, this.slots * BANDS);
    this.chars = grown(this.chars, this.charsUsed + q.text.length);
    const keyCount = Math.min(q.keys.length, BANDS);
    const at = slot * SLOT_WORDS;
    const records = this.records;
    records[at + MET] = 0;
    records[at + ID] = q.id;
    records[at + EXAM] = q.examId;
    records[at + VERSION] = q.version;
    records[at + KEY_COUNT] = keyCount;
    for (let k = 0; k < keyCount; k++) this.keyPool[slot * BANDS + k] = q.keys[k]!;
    keepForComparing(q.text, records, slot);
    records[at + TEXT_START] = this.charsUsed;
    records[at + TEXT_LENGTH] = q.text.length;
    for (let i = 0; i < q.text.length; i++) this.chars[this.charsUsed + i] = q.text.charCodeAt(i);
    this.charsUsed += q.text.length;
    this.slotOf.set(q.id, slot);
    return slot;
  }

  /** Folds every posting into one sorted array, and emptied slots out. */
  private rebuild(): void {
    const live = [...this.slotOf.values()].sort((a, b) => a - b);
    const from = { records: this.records, chars: this.chars, keyPool: this.keyPool };
    const room = Math.max(1024, Math.ceil(live.length * 1.25));
    this.records = new Int32Array(room * SLOT_WORDS);
    this.keyPool = new Int32Array(room * BANDS);
    let chars = 0;
    for (const slot of live) chars += from.records[slot * SLOT_WORDS + TEXT_LENGTH]!;
    this.chars = new Uint16Array(Math.max(64 * 1024, Math.ceil(chars * 1.25)));
    this.charsUsed = 0;
    this.slotOf = new Map();
    let postings = 0;
    live.forEach((slot, to) => {
      const at = slot * SLOT_WORDS;
      const keyCount = from.records[at + KEY_COUNT]!;
      this.records.set(from.records.subarray(at, at + SLOT_WORDS), to * SLOT_WORDS);
      this.keyPool.set(from.keyPool.subarray(slot * BANDS, slot * BANDS + keyCount), to * BANDS);
      const start = from.records[at + TEXT_START]!;
      const length = from.records[at + TEXT_LENGTH]!;
      this.chars.set(from.chars.subarray(start, start + length), this.charsUsed);
      this.records[to * SLOT_WORDS + TEXT_START] = this.charsUsed;
      this.charsUsed += length;
      this.slotOf.set(from.records[at + ID]!, to);
      postings += keyCount;
    });
    this.slots = live.length;
    this.sorted = new SortedPostings(postings, (add) => {
      for (let slot = 0; slot < this.slots; slot++) {
        const keyCount = this.records[slot * SLOT_WORDS + KEY_COUNT]!;
        for (let k = 0; k < keyCount; k++) add(this.keyPool[slot * BANDS + k]!, slot);
      }
    });
    this.added = new RecentPostings();
  }
}
