// One page of questionSearch (contract 15.2 point 1): the questions of a workspace's exams that
// hold every word of the query, best first, in statements that are the same on PostgreSQL and
// PGlite. First each word is expanded in the vocabulary (search_word, migration 0009): the stored
// words it starts and the whole words one letter different (server/domain/search-query.ts). Then
// a word's questions are those whose search_words hold one of them, which search_words' GIN index
// answers exactly: no text is read to find or rank them, however many questions hold the word. A
// word that expands into too many stored words (one or two letters) is matched on search_text
// instead (`like`, and the typo's regular expression), through pg_trgm's index where it helps.
import { sql, type SQL } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { exam, question, searchWord } from "@/db/schema";
import {
  VOCABULARY_WORDS_MAX,
  wordArrayLiteral,
  wordLookup,
  type WordExpansion,
  type WordLookup,
  type WordMatch,
} from "../domain/search-query";
import type { QuestionRow } from "./questions";
import { rowFromDriver } from "./raw-rows";

export interface QuestionSearchQuery {
  workspaceId: number;
  /** One entry per word of the query; none: every question, by exam and position. */
  words: WordMatch[];
  examId?: number;
  type?: number;
  /** null: the questions without a domain. */
  domainId?: number | null;
  tag?: string;
  status?: "draft" | "ready";
  limit: number;
  /** The sort key of the last question of the previous page. */
  after?: SearchKey;
}

/** The order of the results: score (higher first), then exam, position and id. */
export interface SearchKey {
  score: number;
  examId: number;
  position: number;
  id: number;
}

export interface SearchHit {
  row: QuestionRow;
  exam: { id: number; title: string; code: string };
  score: number;
}

/** The stored words each query word matches, from the vocabulary, in one statement. */
async function expandWords(db: Db, words: readonly WordMatch[]): Promise<WordExpansion[]> {
  if (words.length === 0) return [];
  const limit = VOCABULARY_WORDS_MAX + 1;
  const each = words.map(
    (w, i) => sql`select ${i}::int as i,
      array(select word from ${searchWord} where word like ${w.wordStart} limit ${limit}) as starts,
      ${
        w.typoNear === null
          ? sql`'{}'::text[]`
          : sql`array(select word from ${searchWord}
              where (word like ${w.typoNear.starts} or word like ${w.typoNear.ends})
                and char_length(word) between ${w.typoNear.minLength} and ${w.typoNear.maxLength}
                and word not like ${w.wordStart} and levenshtein(word, ${w.word}) <= 1
              limit ${limit})`
      } as typos`,
  );
  const rows = await executeRows<{ i: number; starts: string[]; typos: string[] }>(db, sql.join(each, sql` union all `));
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  return words.map((_, i) => ({ starts: byIndex.get(i)?.starts ?? [], typos: byIndex.get(i)?.typos ?? [] }));
}

/** A page of hits and whether another follows. */
export async function searchQuestions(db: Db, query: QuestionSearchQuery): Promise<{ hits: SearchHit[]; more: boolean }> {
  const lookups = (await expandWords(db, query.words)).map(wordLookup);
  // A word that no stored word matches: no question holds it.
  if (lookups.some((l) => l.kind === "none")) return { hits: [], more: false };

  const filters: SQL[] = [sql`e.workspace_id = ${query.workspaceId}`];
  if (query.examId !== undefined) filters.push(sql`q.exam_id = ${query.examId}`);
  if (query.type !== undefined) filters.push(sql`q.type = ${query.type}`);
  if (query.domainId === null) filters.push(sql`q.domain_id is null`);
  else if (query.domainId !== undefined) filters.push(sql`q.domain_id = ${query.domainId}`);
  if (query.tag !== undefined)
    filters.push(sql`exists (select 1 from jsonb_array_elements_text(q.tags) t(tag) where lower(t.tag) = lower(${query.tag}))`);
  if (query.status !== undefined) filters.push(sql`e.status = ${query.status}`);
  // Every word must match. A word with stored words is one condition on search_words. A word
  // matched on the text is a set of question ids that pg_trgm's index finds: those with a word
  // starting with it (like), and, from 5 letters, those with a whole word one letter different
  // (the regular expression, costly per row, which the planner cannot know: it runs alone in a
  // materialized CTE where only the index serves it). Such sets are intersected before any
  // question row is read, so no plan reads every question to test the words (unless a word is
  // too short for the index to help). One exam's questions are few: its words' sets are read
  // from them (the exam's index) alone.
  const inExam = query.examId === undefined ? sql`` : sql` and exam_id = ${query.examId}`;
  const sets: SQL[] = [];
  query.words.forEach((w, i) => {
    const lookup = lookups[i]!;
    const word = sql.raw(`word${i}`);
    if (lookup.kind === "words") {
      // Exact and cheap per row: a condition of the statement itself, which the planner answers
      // from the index (a bitmap per word, and-ed) with each question read once.
      // In one exam, its own questions are read (the exam's index) and tested: a common word's
      // bitmap over the whole bank would cost more. coalesce() keeps the planner off the index.
      filters.push(
        query.examId === undefined
          ? sql`q.search_words && ${storedWords(lookup)}::text[]`
          : sql`coalesce(q.search_words, '{}') && ${storedWords(lookup)}::text[]`,
      );
      return;
    }
    const typo = sql.raw(`typo${i}`);
    if (w.typo !== null) sets.push(sql`${typo} as materialized (select id from ${question} where search_text ~ ${w.typo}${inExam})`);
    sets.push(
      sql`${word} as (select id from ${question} where search_text like ${w.prefix}${inExam}${w.typo === null ? sql`` : sql` union select id from ${typo}`})`,
    );
  });
  const onText = query.words.flatMap((_, i) => (lookups[i]!.kind === "text" ? [i] : []));
  if (onText.length > 0) {
    const each = onText.map((i) => sql`select id from ${sql.raw(`word${i}`)}`);
    sets.push(sql`found as materialized (${sql.join(each, sql` intersect `)})`);
    filters.push(sql`q.id in (select id from found)`);
  }

  // A word's score: whole word 3, a word's start 2, one letter different 1; one more when the
  // question text itself holds it (similarity_text is the question's words, search_text's first).
  const score =
    query.words.length === 0
      ? sql`0`
      : sql.join(
          query.words.map((w, i) => wordScore(w, lookups[i]!)),
          sql` + `,
        );
  // Without words every score is 0: the key is the exam, position and id alone, which the index
  // on (exam_id, position) reads in order.
  const after = !query.after
    ? sql``
    : query.words.length === 0
      ? sql`where (m.exam_id, m.position, m.id) > (${query.after.examId}::int, ${query.after.position}::int, ${query.after.id}::int)`
      : sql`where (-m.score, m.exam_id, m.position, m.id) > (${-query.after.score}::int, ${query.after.examId}::int, ${query.after.position}::int, ${query.after.id}::int)`;

  const rows = await executeRows<Record<string, unknown> & { score: number; exam_title: string; exam_code: string }>(
    db,
    sql`
      with ${sql.join([...sets, sql``], sql`, `)} m as (
        select q.id, q.exam_id, q.position, (${score})::int as score
        from ${question} q join ${exam} e on e.id = q.exam_id
        where ${sql.join(filters, sql` and `)}
      ), page as (
        select m.* from m ${after}
        order by m.score desc, m.exam_id, m.position, m.id
        limit ${query.limit + 1}
      )
      select q.*, page.score, e.title as exam_title, e.code as exam_code
      from page join ${question} q on q.id = page.id join ${exam} e on e.id = q.exam_id
      order by page.score desc, page.exam_id, page.position, page.id`,
  );
  const hits = rows.slice(0, query.limit).map((raw) => {
    const row = rowFromDriver(question, raw);
    return { row, exam: { id: row.examId, title: raw.exam_title, code: raw.exam_code }, score: Number(raw.score) };
  });
  return { hits, more: rows.length > query.limit };
}

type StoredWords = Extract<WordLookup, { kind: "words" }>;

function storedWords(lookup: StoredWords): string {
  return wordArrayLiteral([...lookup.starts, ...lookup.typos]);
}

/** One word's part of a question's score (see searchQuestions), from search_words where the word has stored words. */
function wordScore(w: WordMatch, lookup: WordLookup): SQL {
  if (lookup.kind !== "words")
    return sql`(case when q.search_text like ${w.whole} then 3 when q.search_text like ${w.prefix} then 2 else 1 end
      + case when (' ' || q.similarity_text || ' ') like ${w.prefix}${w.typo === null ? sql`` : sql` or (' ' || q.similarity_text || ' ') ~ ${w.typo}`} then 1 else 0 end)`;
  // Every question found holds one of the stored words: the start of a word unless only the
  // typos match; the word itself where it is stored.
  const isWhole = lookup.starts.includes(w.word) ? sql`q.search_words && ${wordArrayLiteral([w.word])}::text[]` : null;
  const isStart =
    lookup.typos.length === 0 ? sql`true` : sql`q.search_words && ${wordArrayLiteral(lookup.starts)}::text[]`;
  const base =
    lookup.starts.length === 0
      ? sql`1`
      : isWhole === null
        ? sql`case when ${isStart} then 2 else 1 end`
        : sql`case when ${isWhole} then 3 when ${isStart} then 2 else 1 end`;
  return sql`(${base}
    + case when string_to_array(q.similarity_text, ' ') && ${storedWords(lookup)}::text[] then 1 else 0 end)`;
}
