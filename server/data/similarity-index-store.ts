// The similarity indexes a process keeps in memory (server/domain/similarity-index.ts), one per
// workspace that asks for the similar_question advice, kept in step with the database (contract
// 15.2 point 3). A create then looks its text up in memory, and the only thing it asks the
// database is what changed since, read in its own insert statement: no statement of its own.
//
// In step, across processes and transactions:
// - The horizon: every question row carries similarity_xid, the transaction that last wrote its
//   text or exam (migration 0011: a default on insert, a trigger on update). A read of an index
//   (its load, and every catch-up since) notes the oldest transaction still running when its
//   snapshot was taken: pg_snapshot_xmin(pg_current_snapshot()). Any write the read did not see
//   was made by a transaction at or after that one, so the next catch-up reads the rows whose
//   similarity_xid is at or past the horizon (an index range) and misses nothing.
// - Read once: a transaction a read saw committed is read in full (every row it wrote is visible
//   to that read), so the next catch-ups leave its rows out (migration 0013), until the horizon
//   passes it. With creates running side by side the horizon lags a few transactions behind, and
//   each catch-up read the rows of the creates before it again.
// - The newest read wins: similarity_version grows with every such write, and a row read back by
//   an older statement after a newer one (two creates' catch-ups finish out of order) is ignored.
// - What the catch-up cannot see: a question deleted, or moved to another workspace. The index
//   keeps it until the answer's exact check in the database (question-duplicates.ts,
//   confirmSimilar) finds it gone, which forgets it, and until the index is read again in full
//   (every RELOAD_AFTER_MS).
// - A workspace is read once, in the background, by the first look-up that needs it; until it is
//   ready its look-ups go to the database, as they would without an index. The indexes of one
//   database hold at most `capacity` questions together (SIMILARITY_INDEX_QUESTIONS, server/
//   config.ts): the workspaces used least recently make room, and a workspace of more than half
//   of it is always looked up in the database.
// Keyed by the database handle: tests open many databases in one process.
import { sql, type SQL } from "drizzle-orm";
import { executeRows, jsonValue, type Db } from "@/db/client";
import { SimilarityIndex, type IndexedQuestion } from "../domain/similarity-index";

/** An index is read again in full this long after it was read, for what deletions left behind. */
const RELOAD_AFTER_MS = 30 * 60_000;
/**
 * A catch-up reads at most this many rows; past it, the workspace is read again in full. The read
 * (migrations 0012 and 0013's question_similarity_catch_up) answers one more, to tell.
 */
const CATCH_UP_LIMIT = 2_000;
/** The load reads the questions of a few exams per statement, about this many. */
const LOAD_BATCH = 4_000;
/**
 * Transactions read in full that a catch-up leaves out, at most: past it (a transaction held open
 * keeps the horizon back while thousands commit), they are read again, and the catch-up that
 * reads more than CATCH_UP_LIMIT rows has the workspace read again in full.
 */
const READ_XIDS_LIMIT = 1_000;

/** One workspace's index and how far it has read. */
export interface WorkspaceIndex {
  workspaceId: number;
  index: SimilarityIndex;
  /** Rows whose similarity_xid is at least this may be unseen (see above). */
  horizon: number;
  /**
   * Transactions at or past the horizon whose rows a catch-up has read in full (see above): a
   * handful, added and dropped with every create, so an array (a Set churned that way rebuilt its
   * table, and was spread into a new array for every read: about 2 kB a create, measured).
   */
  readXids: number[];
  loadedAt: number;
  lastUsed: number;
}

interface Registry {
  /** Questions held at most, all workspaces together. */
  capacity: number;
  ready: Map<number, WorkspaceIndex>;
  loading: Map<number, Promise<WorkspaceIndex | null>>;
  /** Exams never change workspace: each exam's, once read. */
  workspaceOfExam: Map<number, number>;
  /** A workspace found too large to keep: when, and its questions (counted again after RELOAD_AFTER_MS). */
  tooLarge: Map<number, { at: number; questions: number }>;
}

const registries = new WeakMap<Db, Registry>();

function registryOf(db: Db, capacity: number): Registry {
  let registry = registries.get(db);
  if (!registry) {
    registry = { capacity, ready: new Map(), loading: new Map(), workspaceOfExam: new Map(), tooLarge: new Map() };
    registries.set(db, registry);
  }
  registry.capacity = capacity;
  return registry;
}

/**
 * The ready index of exam `examId`'s workspace; null when there is none yet, in which case it is
 * being read in the background (the caller looks up in the database meanwhile), or when
 * `capacity` (the questions all indexes of `db` may hold) is 0.
 */
export function readyIndex(db: Db, examId: number, capacity: number): WorkspaceIndex | null {
  if (capacity === 0) return null;
  const registry = registryOf(db, capacity);
  const workspaceId = registry.workspaceOfExam.get(examId);
  const state = workspaceId === undefined ? undefined : registry.ready.get(workspaceId);
  if (!state) {
    void prepareIndex(db, examId, capacity);
    return null;
  }
  state.lastUsed = Date.now();
  if (state.lastUsed - state.loadedAt > RELOAD_AFTER_MS) loadWorkspace(db, registry, state.workspaceId).catch(() => {});
  return state;
}

/**
 * Reads exam `examId`'s workspace into memory unless it is there or being read; answers whether it
 * is ready afterwards (false for a workspace too large to keep, or an exam that does not exist).
 * Errors are swallowed: the look-ups go to the database while there is no index.
 */
export async function prepareIndex(db: Db, examId: number, capacity: number): Promise<boolean> {
  if (capacity === 0) return false;
  const registry = registryOf(db, capacity);
  try {
    let workspaceId = registry.workspaceOfExam.get(examId);
    if (workspaceId === undefined) {
      const [row] = await executeRows<{ workspace_id: number }>(db, sql`select workspace_id from exam where id = ${examId}`);
      if (!row) return false;
      workspaceId = row.workspace_id;
      registry.workspaceOfExam.set(examId, workspaceId);
    }
    if (registry.ready.has(workspaceId)) return true;
    return (await loadWorkspace(db, registry, workspaceId)) !== null;
  } catch {
    return false;
  }
}

/** Reads a workspace's questions into a new index (once at a time per workspace). */
function loadWorkspace(db: Db, registry: Registry, workspaceId: number): Promise<WorkspaceIndex | null> {
  const running = registry.loading.get(workspaceId);
  if (running) return running;
  const load = (async () => {
    const refused = registry.tooLarge.get(workspaceId);
    if (refused && refused.questions > registry.capacity / 2 && Date.now() - refused.at < RELOAD_AFTER_MS) return null;
    // The horizon first, from the statement that lists the exams: whatever is written after it is
    // caught up later, whichever exam the rows below are read from.
    const exams = await executeRows<{ id: number; question_count: number; horizon: string }>(
      db,
      sql`select id, question_count, pg_snapshot_xmin(pg_current_snapshot())::text as horizon
        from exam where workspace_id = ${workspaceId} order by id`,
    );
    const total = exams.reduce((n, e) => n + e.question_count, 0);
    if (total > registry.capacity / 2) {
      registry.tooLarge.set(workspaceId, { at: Date.now(), questions: total });
      registry.ready.delete(workspaceId);
      return null;
    }
    makeRoom(registry, workspaceId, total);
    for (const e of exams) registry.workspaceOfExam.set(e.id, workspaceId);
    const questions: IndexedQuestion[] = [];
    for (let i = 0; i < exams.length; ) {
      const batch: number[] = [];
      for (let n = 0; i < exams.length && (batch.length === 0 || n + exams[i]!.question_count <= LOAD_BATCH); i++) {
        batch.push(exams[i]!.id);
        n += exams[i]!.question_count;
      }
      const rows = await executeRows<QuestionRowJson>(
        db,
        sql`select q.id, q.exam_id, q.similarity_text, q.similarity_keys, q.similarity_version from question q
          where q.exam_id = any(${sql.param(batch)}::int[]) and q.similarity_text <> ''`,
      );
      for (const r of rows) questions.push(indexed(r));
    }
    const index = new SimilarityIndex();
    index.upsertAll(questions);
    const now = Date.now();
    const state: WorkspaceIndex = {
      workspaceId,
      index,
      horizon: Number(exams[0]?.horizon ?? 0),
      readXids: [],
      loadedAt: now,
      lastUsed: now,
    };
    if (exams.length === 0) {
      const [row] = await executeRows<{ horizon: string }>(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`);
      state.horizon = Number(row!.horizon);
    }
    registry.ready.set(workspaceId, state);
    return state;
  })().finally(() => registry.loading.delete(workspaceId));
  registry.loading.set(workspaceId, load);
  return load;
}

/** Drops the indexes used least recently until `adding` more questions fit. */
function makeRoom(registry: Registry, keep: number, adding: number): void {
  const held = () => [...registry.ready.values()].reduce((n, s) => n + (s.workspaceId === keep ? 0 : s.index.size), 0);
  while (held() + adding > registry.capacity) {
    const oldest = [...registry.ready.values()]
      .filter((s) => s.workspaceId !== keep)
      .sort((a, b) => a.lastUsed - b.lastUsed)[0];
    if (!oldest) return;
    registry.ready.delete(oldest.workspaceId);
  }
}

/** A question row as a catch-up or a load reads it. */
interface QuestionRowJson {
  id: number;
  exam_id: number;
  similarity_text: string;
  similarity_keys: number[];
  similarity_version: number;
}

/** What a catch-up reads: its rows (with the transaction that wrote each), its own transaction, the new horizon. */
interface CatchUpJson {
  horizon: string;
  own: string | null;
  rows: (QuestionRowJson & { xid: number })[];
}

function indexed(r: QuestionRowJson): IndexedQuestion {
  return { id: r.id, examId: r.exam_id, text: r.similarity_text, keys: r.similarity_keys, version: r.similarity_version };
}

/**
 * A scalar SQL expression that reads what changed in the workspace since the index's horizon, as
 * one json value, and the new horizon: to be read by any statement (questionCreate's insert reads
 * it, so a create makes no statement of its own for it); applyCatchUp takes its value.
 *
 * The read is the function question_similarity_catch_up (migrations 0012 and 0013), whose plan
 * each connection makes once and keeps:
 * - In similarity_xid order with a limit (CATCH_UP_LIMIT and one, written in the function), so
 *   that every plan walks question_similarity_xid_idx from the horizon and stops: the rows past
 *   the horizon are the last few written, but without statistics of the column (PGlite never
 *   analyzes by itself, and migration 0011 added it to tables already full) the planner takes a
 *   third of the table to match, and without the order read all of it, 90 ms a create on a bank
 *   of 100,000 (measured).
 * - The horizon, the workspace and the transactions read in full through sub-selects, and no
 *   LIMIT parameter: the planner needs no value, so the plan for the first values serves all.
 *   (Written into questionCreate's insert with a LIMIT parameter, PostgreSQL planned the whole
 *   insert again on every call, 0.7 ms of the server's CPU a create; PGlite plans every statement
 *   it is sent, and planned this read with it: 0.8 ms a create. Measured on a bank of 100,000.)
 */
export function catchUpRead(state: WorkspaceIndex): SQL {
  return sql`question_similarity_catch_up(${state.horizon}::bigint, ${state.workspaceId}::int, ${sql.param(state.readXids.slice())}::bigint[])`;
}

/**
 * catchUpRead with another scalar read beside it (the database's confirmation of what the index
 * found, question-duplicates.ts), or none (`also` null: an empty json array): one json value
 * {catch_up, also}. Written as one template, not catchUpRead's nested in it: every create builds
 * it, and drizzle's cost grows with the pieces (a nested piece cost about 2 µs a build, measured).
 */
export function catchUpReadWith(state: WorkspaceIndex, also: SQL | null): SQL {
  const [horizon, workspace, readXids] = [state.horizon, state.workspaceId, sql.param(state.readXids.slice())];
  return also === null
    ? sql`json_build_object('catch_up', question_similarity_catch_up(${horizon}::bigint, ${workspace}::int, ${readXids}::bigint[]), 'also', '[]'::json)`
    : sql`json_build_object('catch_up', question_similarity_catch_up(${horizon}::bigint, ${workspace}::int, ${readXids}::bigint[]), 'also', ${also})`;
}

/** The value of a catchUpReadWith. */
export interface CatchUpWith {
  catch_up: unknown;
  also: unknown;
}

/**
 * Writes a catch-up's rows into the index and moves its horizon on; answers the ids of every
 * question it read, or null when there were too many to trust (the workspace is then read again in
 * the background and the caller looks up in the database).
 *
 * Every row read, not only those the index did not hold yet: a row the index holds at the same
 * version was written into it by another look-up's catch-up, or by its own create, since this
 * look-up looked in the index, and this look-up has not compared it yet.
 */
export function applyCatchUp(db: Db, state: WorkspaceIndex, value: unknown): number[] | null {
  const read = jsonValue<CatchUpJson>(value);
  if (read.rows.length > CATCH_UP_LIMIT) {
    const registry = registries.get(db);
    if (registry) {
      if (registry.ready.get(state.workspaceId) === state) registry.ready.delete(state.workspaceId);
      loadWorkspace(db, registry, state.workspaceId).catch(() => {});
    }
    return null;
  }
  for (const r of read.rows) {
    if (r.similarity_text === "") state.index.remove(r.id);
    else state.index.upsert(indexed(r));
  }
  state.horizon = Math.max(state.horizon, Number(read.horizon));
  noteReadXids(state, read);
  return read.rows.map((r) => r.id);
}

/**
 * Writes a question this process has just written (with a text: a look-up has none without one),
 * and whose transaction has committed, into the index, and counts its transaction `xid` as read
 * in full: the catch-ups that start after it leave its row out. (A create's insert is its own
 * transaction, data/question-insert.ts; a catch-up read after it would otherwise send back the
 * row the create already holds.)
 */
export function noteCommittedWrite(state: WorkspaceIndex, question: IndexedQuestion, xid: number): void {
  state.index.upsert(question);
  if (xid >= state.horizon) noteReadXid(state, xid);
}

/** Notes the transactions a catch-up read in full, and forgets those behind the horizon. */
function noteReadXids(state: WorkspaceIndex, read: CatchUpJson): void {
  const own = read.own === null ? null : Number(read.own);
  for (const r of read.rows) if (r.xid !== own) noteReadXid(state, r.xid);
  const xids = state.readXids;
  let kept = 0;
  for (const xid of xids) if (xid >= state.horizon) xids[kept++] = xid;
  xids.length = kept > READ_XIDS_LIMIT ? 0 : kept;
}

function noteReadXid(state: WorkspaceIndex, xid: number): void {
  if (!state.readXids.includes(xid)) state.readXids.push(xid);
}
