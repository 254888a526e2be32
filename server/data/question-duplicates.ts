// Near duplicates (contract 15.2 point 3): questions of one workspace whose question texts have a
// pg_trgm similarity at or above a threshold, compared on question.similarity_text (the question
// text with HTML stripped, whitespace collapsed, lower-cased and accents removed, written with
// every question). Two ways to find the candidates, then the same exact comparison
// `similarity(…) >= threshold::real`, so that nothing below the threshold is ever answered:
//
// - At KEYS_THRESHOLD (0.9) and above: the questions sharing a similarity key with the text
//   (question.similarity_keys, the MinHash band keys of server/domain/similarity-keys.ts), through
//   their GIN index (question_similarity_keys_idx) with `&&`. A pair exactly 0.9 similar shares a
//   key with probability 1 − 5·10⁻⁸, more similar pairs more surely; texts far apart seldom do, so
//   a look-up compares a handful of candidates. The similar_question warning (0.9) and
//   questionDuplicates from 0.9 up take this way; the warning's look-up first compares the
//   candidates' texts in JavaScript and leaves the database only those that may reach the
//   threshold (similarQuestions).
// - Below 0.9: every question through the GIN trigram index (question_similarity_trgm_idx) with
//   the `%` operator, exact but slow on a large bank (the index's common trigrams list most of it).
//   `%` compares with the setting pg_trgm.similarity_threshold, which each read sets for its own
//   transaction (set_config(…, true)) before the statement that uses it, which is then planned
//   with it (the planner estimates `%` on the column's statistics with the setting of the moment,
//   and with the default 0.3 takes a table written from one template for mostly matching and scans
//   it whole). The setting is a hair below the threshold, because `%` compares pg_trgm's
//   single-precision similarity with the double-precision setting (0.9 as a float4 is less than
//   0.9 as a float8, so a pair exactly at the threshold would be missed).
// The same SQL on PostgreSQL and PGlite.
import { sql, type SQL } from "drizzle-orm";
import { executeRows, jsonValue, selectValue, type Db } from "@/db/client";
import type { SimilarPair } from "../domain/duplicates";
import type { SimilarCandidate } from "../domain/similarity-index";
import { similarityKeys, similarityTo } from "../domain/similarity-keys";

/** From this threshold up, candidates are the questions sharing a similarity key (see above). */
export const KEYS_THRESHOLD = 0.9;

/** How far below the threshold the index's setting is (see above). */
const SETTING_MARGIN = 1e-6;

/**
 * How many of its most similar questions each question is linked to, at most. It bounds the pairs
 * (a workspace of a thousand copies of one question would otherwise have half a million), and it
 * keeps each question's highest similarity, which its group reports; a group is split only where
 * every link between its parts is past this many closer ones on both sides.
 */
export const MAX_LINKS_PER_QUESTION = 50;

/** Runs `read` in a transaction whose pg_trgm.similarity_threshold is (just below) `threshold`. */
function withThreshold<T>(db: Db, threshold: number, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const setting = String(Math.max(0, threshold - SETTING_MARGIN));
    await executeRows(tx as unknown as Db, sql`select set_config('pg_trgm.similarity_threshold', ${setting}, true)`);
    return read(tx as unknown as Db);
  });
}

export interface SimilarQuestion {
  id: number;
  examId: number;
  examTitle: string;
  similarity: number;
}

/**
 * How far below the threshold a candidate's similarity computed here (trigramSimilarity) may be and
 * still be compared by the database. The two agree but where the database's locale takes a
 * character for a word character differently (see similarity-keys.ts), which moves a text's
 * similarity by far less than this.
 */
const PREFILTER_MARGIN = 0.1;

/**
 * At most this many candidates sharing a key are read for one look-up, and of those at most
 * EXACT_PER_NAMED times the names asked for are compared by the database, the most similar here
 * first. A bank written from one template (thousands of questions alike) gives every look-up
 * thousands of candidates, most of them at the threshold: reading and comparing them all took
 * about a second per create there. The warning names at most a few, which the first candidates
 * read give as well; questionDuplicates compares every candidate.
 */
export const MAX_CANDIDATES = 2_000;
export const EXACT_PER_NAMED = 8;

/**
 * The questions of exam `examId`'s workspace most similar to `text` (a similarity_text), at least
 * `threshold` similar, most similar first (then by id), at most `limit`; `exceptId` (the question
 * being saved) is left out. Nothing for an empty text (a question of media alone).
 *
 * At KEYS_THRESHOLD and above (each create and update asks, so it must cost little beside the
 * write): the candidates sharing a key are read with their texts and compared here first, where a
 * comparison costs microseconds, while pg_trgm's similarity() makes both texts' trigrams again for
 * every row (about 40 µs a row on PostgreSQL, several times that on PGlite; a text of common words
 * has a few, tens in a bank of texts alike). Only those within PREFILTER_MARGIN of the threshold
 * are compared by the database, which alone decides what is answered, and keeps the workspace's own.
 * A write passes the keys it computed to store them (`keys`), so they are not hashed twice.
 */
export async function similarQuestions(
  db: Db,
  target: {
    examId: number;
    text: string;
    /** similarityKeys(text) when the caller has them already (a write computes them to store them). */
    keys?: readonly number[];
    exceptId: number | null;
    threshold: number;
    limit: number;
  },
): Promise<SimilarQuestion[]> {
  const { examId, text, exceptId, threshold, limit } = target;
  if (text === "") return [];
  const workspace = sql`(select x.workspace_id from exam x where x.id = ${examId})`;
  if (threshold >= KEYS_THRESHOLD) {
    const keys = target.keys ?? similarityKeys(text);
    if (keys.length === 0) return [];
    // The workspace's own only, before any are left out: copies of a text in other workspaces
    // (a database shared by many teams) would otherwise fill the candidates compared below.
    const candidates = await executeRows<{ id: number; exam_id: number; similarity_text: string }>(
      db,
      sql`select q.id, q.exam_id, q.similarity_text from question q join exam e on e.id = q.exam_id
        where q.similarity_keys && ${sql.param(keys)}::int[] and e.workspace_id = ${workspace}
        limit ${MAX_CANDIDATES}`,
    );
    const similarity = similarityTo(text);
    const best = candidates
      .filter((c) => c.id !== exceptId)
      .map((c) => ({ ...c, similarity: similarity(c.similarity_text) }))
      .filter((c) => c.similarity >= threshold - PREFILTER_MARGIN)
      .sort((a, b) => b.similarity - a.similarity || a.id - b.id)
      .slice(0, limit * EXACT_PER_NAMED);
    return confirmSimilar(
      db,
      { examId, text, threshold, limit },
      best.map((c) => ({ id: c.id, examId: c.exam_id, text: c.similarity_text })),
    );
  }
  const read = (tx: Db) =>
      executeRows<{ id: number; exam_id: number; title: string; similarity: number }>(
        tx,
        sql`select q.id, q.exam_id, e.title, similarity(q.similarity_text, ${text}) as similarity
          from question q join exam e on e.id = q.exam_id
          where q.similarity_text % ${text}
            and similarity(q.similarity_text, ${text}) >= ${threshold}::real
            and e.workspace_id = ${workspace}
            ${exceptId === null ? sql`` : sql`and q.id <> ${exceptId}`}
          order by similarity desc, q.id
          limit ${limit}`,
      );
  const rows = await withThreshold(db, threshold, read);
  return rows.map((r) => ({ id: r.id, examId: r.exam_id, examTitle: r.title, similarity: Number(r.similarity) }));
}

/**
 * Of `candidates` (questions with the text a look-up compared, from the database just now or from a
 * similarity index in memory), those the database finds at least `threshold` similar to `text`
 * that are still questions with that text in exam `examId`'s workspace, most similar first (then
 * by id), at most `limit`. pg_trgm's similarity decides what is answered: computed by the database
 * for a candidate compared approximately, and the look-up's own for one compared exactly (an
 * all-ASCII pair, which the similarity index compares as pg_trgm does, to the last bit:
 * tests/integration/similarity-exact.test.ts), whose text the database then only finds unchanged.
 *
 * The texts are sent back rather than read by id: no plan can compare the whole table. (Reading
 * them by id could: a prepared statement's generic plan, made while the table was small, compared
 * every question, a second a look-up on the import benchmark's bank of 30,000.) Each row is only
 * joined by id, to keep the questions that still exist with that text.
 */
export async function confirmSimilar(
  db: Db,
  target: SimilarTarget & { limit: number },
  candidates: readonly CandidateToConfirm[],
): Promise<SimilarQuestion[]> {
  if (candidates.length === 0) return [];
  return confirmedFrom(await selectValue(db, confirmSimilarRead(target, candidates))).slice(0, target.limit);
}

/** What confirmSimilarRead compares the candidates with. */
export interface SimilarTarget {
  examId: number;
  text: string;
  threshold: number;
}

/**
 * A candidate to confirm: the question and the text compared; and, from the similarity index
 * (server/domain/similarity-index.ts), its similarity and whether that is pg_trgm's exactly (an
 * all-ASCII pair), in which case the database only checks that the question is still there with
 * that text, and does not compare the texts again.
 */
export type CandidateToConfirm = Pick<SimilarCandidate, "id" | "examId" | "text"> &
  Partial<Pick<SimilarCandidate, "similarity" | "exact">>;

/**
 * confirmSimilar as a scalar SQL expression (a json array of every candidate confirmed, most
 * similar first: as many as the candidates at most), for a statement that reads it along with its
 * own work (questionCreate's insert does); confirmedFrom reads its value. The read is the
 * function question_similarity_confirm (migrations 0012 and 0014), whose plan each connection
 * makes once and keeps: written into the insert, PGlite planned it with the insert on every call,
 * 1.2 ms a create that had candidates (measured).
 */
export function confirmSimilarRead(target: SimilarTarget, candidates: readonly CandidateToConfirm[]): SQL {
  if (candidates.length === 0) return sql`'[]'::json`;
  const { examId, text, threshold } = target;
  // Single precision, as pg_trgm answers it (and as the database orders the answer).
  const known = candidates.map((c) => (c.exact === true && c.similarity !== undefined ? Math.fround(c.similarity) : null));
  return sql`question_similarity_confirm(${sql.param(candidates.map((c) => c.id))}::int[],
    ${sql.param(candidates.map((c) => c.examId))}::int[], ${sql.param(candidates.map((c) => c.text))}::text[],
    ${sql.param(known)}::real[], ${text}, ${threshold}::real, ${examId}::int)`;
}

/** The questions a confirmSimilarRead answered. */
export function confirmedFrom(value: unknown): SimilarQuestion[] {
  const rows = jsonValue<{ id: number; exam_id: number; title: string; similarity: number }[]>(value);
  return rows.map((r) => ({ id: r.id, examId: r.exam_id, examTitle: r.title, similarity: Number(r.similarity) }));
}

/**
 * The pairs of questions at least `threshold` similar in workspace `workspaceId`: those that
 * involve a question of exam `examId` when given, else all of them. Each question with a text is
 * compared with its candidates in the workspace (those sharing a key, or at thresholds below
 * KEYS_THRESHOLD every question through the trigram index), and linked to its
 * MAX_LINKS_PER_QUESTION most similar; a pair may come twice (a, b and b, a).
 */
export async function similarPairs(
  db: Db,
  scope: { workspaceId: number; examId: number | null; threshold: number },
): Promise<SimilarPair[]> {
  const { workspaceId, examId, threshold } = scope;
  const byKeys = threshold >= KEYS_THRESHOLD;
  const sources: SQL =
    examId === null
      ? sql`select q.id, q.exam_id, q.similarity_text, q.similarity_keys from question q join exam e on e.id = q.exam_id
          where e.workspace_id = ${workspaceId} and q.similarity_text <> ''`
      : sql`select q.id, q.exam_id, q.similarity_text, q.similarity_keys from question q
          where q.exam_id = ${examId} and q.similarity_text <> ''`;
  const read = (tx: Db) =>
    executeRows<{ a: number; a_exam: number; b: number; b_exam: number; similarity: number }>(
      tx,
      sql`with src as materialized (${sources})
        select src.id as a, src.exam_id as a_exam, m.id as b, m.exam_id as b_exam, m.similarity
        from src cross join lateral (
          select q.id, q.exam_id, similarity(q.similarity_text, src.similarity_text) as similarity
          from question q join exam e on e.id = q.exam_id
          where ${byKeys ? sql`q.similarity_keys && src.similarity_keys` : sql`q.similarity_text % src.similarity_text`}
            and similarity(q.similarity_text, src.similarity_text) >= ${threshold}::real
            and e.workspace_id = ${workspaceId}
            and q.id <> src.id
          order by similarity desc, q.id
          limit ${MAX_LINKS_PER_QUESTION}
        ) m`,
    );
  const rows = byKeys ? await read(db) : await withThreshold(db, threshold, read);
  return rows.map((r) => ({
    a: { id: r.a, examId: r.a_exam },
    b: { id: r.b, examId: r.b_exam },
    similarity: Number(r.similarity),
  }));
}
