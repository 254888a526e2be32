// An in-memory index of one workspace's question texts by similarity key (server/domain/
// similarity-keys.ts), for the similar_question advice of questionCreate and questionUpdate
// (contract 15.2 point 3): the questions sharing a key with a text are found and compared here in
// microseconds, where a look-up in the database costs a statement and a GIN index scan with its
// candidates' rows (about a millisecond and a half of CPU on the embedded database, a third of a
// create). server/data/similarity-index-store.ts keeps it in step with the database.
//
// Layout, for a workspace of 100,000 questions in some 60 MB of typed arrays and almost no objects
// for the garbage collector to walk (a string per question made every create of the process dearer,
// the index or not: measured):
// - each question has a slot: its id, exam, version, keys (a shared Int32Array), its text's
//   UTF-16 code units (a shared Uint16Array) and, for an ASCII text, its count of distinct
//   trigrams and their signature; a question written again gets a new slot and its old slot is
//   emptied (the same version read again is the same write, and changes nothing);
// - the postings (key → slot) are sorted at once over every slot (sorted-postings.ts), plus the
//   postings added since (recent-postings.ts), folded into the sorted ones when they grow past a
//   quarter of them. 2^21 slots at most between two rebuilds.
// - a candidate is compared as slot-comparer.ts says (an ASCII pair exactly as pg_trgm, without
//   making the candidate's trigram set, most of them stopped by two bounds before that).
// Pure: no database, no Node APIs.
import { RecentPostings } from "./recent-postings";
import { BANDS } from "./similarity-keys";
import { keepForComparing, slotComparer, slotText, type SlotComparer, type SlotTexts } from "./slot-comparer";
import { SLOT_SPAN, SortedPostings } from "./sorted-postings";
import { SIGNATURE_WORDS } from "./trigram-signature";

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

/** trigramCount of an emptied slot (its question written again, or removed). */
const EMPTIED = -2;

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
  private ids = new Int32Array(1024);
  private examIds = new Int32Array(1024);
  private versions = new Int32Array(1024);
  private keyCounts = new Int32Array(1024);
  /** Distinct trigrams of an ASCII text, NOT_ASCII otherwise (slot-comparer.ts); EMPTIED. */
  private trigramCounts = new Int32Array(1024);
  private textStarts = new Int32Array(1024);
  private textLengths = new Int32Array(1024);
  private chars = new Uint16Array(64 * 1024);
  private charsUsed = 0;
  private keyPool = new Int32Array(BANDS * 1024);
  /** An ASCII text's trigram signature (slot-comparer.ts), SIGNATURE_WORDS per slot. */
  private signatures = new Int32Array(SIGNATURE_WORDS * 1024);
  private slotOf = new Map<number, number>();
  private sorted = new SortedPostings(0, () => {});
  private added = new RecentPostings();
  /** Per slot, the look-up that last met it: a look-up's "seen", without a Set of its own. */
  private metIn = new Int32Array(0);
  private lookUps = 0;

  /** How many questions it holds. */
  get size(): number {
    return this.slotOf.size;
  }

  /** The version held for question `id`, if any. */
  versionOf(id: number): number | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.versions[slot];
  }

  /**
   * Adds the question, or replaces the one held under its id when `q.version` is newer. The same
   * version is the same write read again (a version names one text and exam: migration 0011), and
   * an older one a write read back out of order: both are ignored. Answers whether it was taken.
   */
  upsert(q: IndexedQuestion): boolean {
    const slot = this.append(q);
    if (slot === null) return false;
    for (let k = 0; k < this.keyCounts[slot]!; k++) this.added.add(this.keyPool[slot * BANDS + k]!, slot);
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
    ids: Iterable<number>,
    opts: { threshold: number; exceptId: number | null },
  ): SimilarCandidate[] {
    const among = [...ids];
    if (among.length === 0) return [];
    const wanted = new Set(keys);
    return this.collect(text, keys, { ...opts, maxCompared: Number.POSITIVE_INFINITY }, (consider) => {
      for (const id of among) {
        const slot = this.slotOf.get(id);
        if (slot === undefined) continue;
        for (let k = 0; k < this.keyCounts[slot]!; k++)
          if (wanted.has(this.keyPool[slot * BANDS + k]!)) {
            if (!consider(slot)) return;
            break;
          }
      }
    });
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
    const texts = this.texts();
    // Made at the first slot to compare: most look-ups of a new text meet none, and making it
    // (the text's trigrams, their table and signature) was most of such a look-up (measured).
    let comparer = null as SlotComparer | null;
    const lookUp = this.startLookUp();
    const metIn = this.metIn;
    let met = 0;
    const found: SimilarCandidate[] = [];
    try {
      walk((slot) => {
        if (metIn[slot] === lookUp) return true;
        // The postings left need not be walked: maxCompared are met.
        if (met >= opts.maxCompared) return false;
        metIn[slot] = lookUp;
        met++;
        if (this.trigramCounts[slot] === EMPTIED || this.ids[slot] === opts.exceptId) return true;
        comparer ??= slotComparer(text, opts.threshold, texts);
        const hit = comparer.compare(slot);
        if (hit !== null)
          found.push({ id: this.ids[slot]!, examId: this.examIds[slot]!, text: slotText(texts, slot), ...hit });
        return true;
      });
    } finally {
      comparer?.done();
    }
    return found.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
  }

  /** A new look-up's mark in metIn (room made for every slot; the marks cleared when they wrap). */
  private startLookUp(): number {
    if (this.metIn.length < this.slots) this.metIn = new Int32Array(this.ids.length);
    if (this.lookUps === 0x7fffffff) {
      this.metIn.fill(0);
      this.lookUps = 0;
    }
    return ++this.lookUps;
  }

  /** The slots' texts as they are now (the arrays are replaced as they grow). */
  private texts(): SlotTexts {
    const { trigramCounts, signatures, chars, textStarts, textLengths } = this;
    return { trigramCounts, signatures, chars, textStarts, textLengths };
  }

  private empty(slot: number): void {
    this.trigramCounts[slot] = EMPTIED;
  }

  /** Gives `q` a slot (its postings are the caller's); null when its version, or a newer one, is held. */
  private append(q: IndexedQuestion): number | null {
    const old = this.slotOf.get(q.id);
    if (old !== undefined) {
      if (this.versions[old]! >= q.version) return null;
      this.empty(old);
    }
    const slot = this.slots++;
    this.ids = grown(this.ids, this.slots);
    this.examIds = grown(this.examIds, this.slots);
    this.versions = grown(this.versions, this.slots);
    this.keyCounts = grown(this.keyCounts, this.slots);
    this.trigramCounts = grown(this.trigramCounts, this.slots);
    this.textStarts = grown(this.textStarts, this.slots);
    this.textLengths = grown(this.textLengths, this.slots);
    this.keyPool = grown(this.keyPool, this.slots * BANDS);
    this.signatures = grown(this.signatures, this.slots * SIGNATURE_WORDS);
    this.chars = grown(this.chars, this.charsUsed + q.text.length);
    const keyCount = Math.min(q.keys.length, BANDS);
    this.ids[slot] = q.id;
    this.examIds[slot] = q.examId;
    this.versions[slot] = q.version;
    this.keyCounts[slot] = keyCount;
    for (let k = 0; k < keyCount; k++) this.keyPool[slot * BANDS + k] = q.keys[k]!;
    this.trigramCounts[slot] = keepForComparing(q.text, this.signatures, slot);
    this.textStarts[slot] = this.charsUsed;
    this.textLengths[slot] = q.text.length;
    for (let i = 0; i < q.text.length; i++) this.chars[this.charsUsed + i] = q.text.charCodeAt(i);
    this.charsUsed += q.text.length;
    this.slotOf.set(q.id, slot);
    return slot;
  }

  /** Folds every posting into one sorted array, and emptied slots out. */
  private rebuild(): void {
    const live = [...this.slotOf.values()].sort((a, b) => a - b);
    const from = {
      ids: this.ids,
      examIds: this.examIds,
      versions: this.versions,
      keyCounts: this.keyCounts,
      trigramCounts: this.trigramCounts,
      textStarts: this.textStarts,
      textLengths: this.textLengths,
      chars: this.chars,
      keyPool: this.keyPool,
      signatures: this.signatures,
    };
    const room = Math.max(1024, Math.ceil(live.length * 1.25));
    this.ids = new Int32Array(room);
    this.examIds = new Int32Array(room);
    this.versions = new Int32Array(room);
    this.keyCounts = new Int32Array(room);
    this.trigramCounts = new Int32Array(room);
    this.textStarts = new Int32Array(room);
    this.textLengths = new Int32Array(room);
    this.keyPool = new Int32Array(room * BANDS);
    this.signatures = new Int32Array(room * SIGNATURE_WORDS);
    let chars = 0;
    for (const slot of live) chars += from.textLengths[slot]!;
    this.chars = new Uint16Array(Math.max(64 * 1024, Math.ceil(chars * 1.25)));
    this.charsUsed = 0;
    this.slotOf = new Map();
    let postings = 0;
    live.forEach((slot, to) => {
      this.ids[to] = from.ids[slot]!;
      this.examIds[to] = from.examIds[slot]!;
      this.versions[to] = from.versions[slot]!;
      this.keyCounts[to] = from.keyCounts[slot]!;
      this.trigramCounts[to] = from.trigramCounts[slot]!;
      this.keyPool.set(from.keyPool.subarray(slot * BANDS, slot * BANDS + from.keyCounts[slot]!), to * BANDS);
      this.signatures.set(
        from.signatures.subarray(slot * SIGNATURE_WORDS, (slot + 1) * SIGNATURE_WORDS),
        to * SIGNATURE_WORDS,
      );
      const start = from.textStarts[slot]!;
      const length = from.textLengths[slot]!;
      this.chars.set(from.chars.subarray(start, start + length), this.charsUsed);
      this.textStarts[to] = this.charsUsed;
      this.textLengths[to] = length;
      this.charsUsed += length;
      this.slotOf.set(from.ids[slot]!, to);
      postings += from.keyCounts[slot]!;
    });
    this.slots = live.length;
    this.sorted = new SortedPostings(postings, (add) => {
      for (let slot = 0; slot < this.slots; slot++)
        for (let k = 0; k < this.keyCounts[slot]!; k++) add(this.keyPool[slot * BANDS + k]!, slot);
    });
    this.added = new RecentPostings();
  }
}
