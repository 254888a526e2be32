// One page of questionSearch (contract 15.2 point 1): the questions of a workspace's exams that
// hold every word of the query, best first, in one statement that is the same on PostgreSQL and
// PGlite. Each word is a condition on question.search_text (server/domain/search-query.ts): a
// `like '% word%'` (a word's start) or, for words of 5 letters or more, a regular expression of
// the whole words one letter different. pg_trgm's GIN index (question_search_trgm_idx) answers
// both from the trigrams of the pattern, so only the questions that may match are read; what the
// index cannot tell (a word of one or two letters alone) is read in full, which stays linear.
import { sql, type SQL } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { exam, question } from "@/db/schema";
import type { WordMatch } from "../domain/search-query";
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

/** A page of hits and whether another follows. */
export async function searchQuestions(db: Db, query: QuestionSearchQuery): Promise<{ hits: SearchHit[]; more: boolean }> {
  const filters: SQL[] = [sql`e.workspace_id = ${query.workspaceId}`];
  if (query.examId !== undefined) filters.push(sql`q.exam_id = ${query.examId}`);
  if (query.type !== undefined) filters.push(sql`q.type = ${query.type}`);
  if (query.domainId === null) filters.push(sql`q.domain_id is null`);
  else if (query.domainId !== undefined) filters.push(sql`q.domain_id = ${query.domainId}`);
  if (query.tag !== undefined)
    filters.push(sql`exists (select 1 from jsonb_array_elements_text(q.tags) t(tag) where lower(t.tag) = lower(${query.tag}))`);
  if (query.status !== undefined) filters.push(sql`e.status = ${query.status}`);
  // Every word must match. Each word is a set of question ids that the trigram index finds:
  // those with a word starting with it (like), and, from 5 letters, those with a whole word one
  // letter different (the regular expression). The regular expression is costly per row, which
  // the planner cannot know, so it runs alone in a materialized CTE where only the index serves
  // it; and the words' sets are intersected before any question row is read, so no plan reads
  // every question to test the words (unless a word is too short for the index to help).
  // One exam's questions are few: its words' sets are read from them (the exam's index) alone.
  const inExam = query.examId === undefined ? sql`` : sql` and exam_id = ${query.examId}`;
  const sets: SQL[] = [];
  query.words.forEach((w, i) => {
    const typo = sql.raw(`typo${i}`);
    const word = sql.raw(`word${i}`);
    if (w.typo !== null) sets.push(sql`${typo} as materialized (select id from ${question} where search_text ~ ${w.typo}${inExam})`);
    sets.push(
      sql`${word} as (select id from ${question} where search_text like ${w.prefix}${inExam}${w.typo === null ? sql`` : sql` union select id from ${typo}`})`,
    );
  });
  if (query.words.length > 0) {
    const each = query.words.map((_, i) => sql`select id from ${sql.raw(`word${i}`)}`);
    sets.push(sql`found as materialized (${sql.join(each, sql` intersect `)})`);
    filters.push(sql`q.id in (select id from found)`);
  }

  // A word's score: whole word 3, a word's start 2, one letter different 1; one more when the
  // question text itself holds it (similarity_text is the question's words, search_text's first).
  const score =
    query.words.length === 0
      ? sql`0`
      : sql.join(
          query.words.map(
            (w) => sql`(case when q.search_text like ${w.whole} then 3 when q.search_text like ${w.prefix} then 2 else 1 end
              + case when (' ' || q.similarity_text || ' ') like ${w.prefix}${w.typo === null ? sql`` : sql` or (' ' || q.similarity_text || ' ') ~ ${w.typo}`} then 1 else 0 end)`,
          ),
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
