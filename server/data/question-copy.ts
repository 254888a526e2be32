// What copying questions reads and writes beyond an ordinary insert (contract 15.2 point 2): the
// sources the caller can read with their domain's code and case study, the copier's own media
// rows for the files the copies use, the search texts carried over, and an original's copies.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { caseStudy, exam, examDomain, media, membership, question } from "@/db/schema";
import { inTokenWorkspace, membershipOfExam, type Who } from "./access";
import type { CaseStudyRow } from "./case-studies";
import type { QuestionRow } from "./questions";

/** A question to copy, with what the copy is matched by in the target: its domain's code, its case study. */
export interface SourceQuestion {
  row: QuestionRow;
  domainCode: string | null;
}

/**
 * The questions among `ids` that the caller can read (a member of their exam's workspace with any
 * role; a token: of its own workspace only), by id. An id missing from the answer does not exist
 * or is not the caller's to read, which the caller must not be able to tell apart.
 */
export async function readableQuestions(db: Db, who: Who, ids: readonly number[]): Promise<Map<number, SourceQuestion>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ question, domainCode: examDomain.code })
    .from(question)
    .innerJoin(exam, eq(exam.id, question.examId))
    .innerJoin(membership, membershipOfExam(who))
    .leftJoin(examDomain, eq(examDomain.id, question.domainId))
    .where(and(inArray(question.id, [...ids]), inTokenWorkspace(who)));
  return new Map(rows.map((r) => [r.question.id, { row: r.question, domainCode: r.domainCode }]));
}

/** The case studies `ids` (of exams the caller has reached already), by id. */
export async function caseStudiesByIds(db: Db, ids: readonly number[]): Promise<Map<number, CaseStudyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(caseStudy).where(inArray(caseStudy.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Media rows of `userId` for the stored files `hashes` (copied from the file's first row): a copy
 * in another workspace refers to files its new colleagues did not upload, and a file may be
 * referred to only by those who uploaded it or share a workspace with them (data/media.ts). The
 * files themselves are stored once, by hash; nothing is written to the store.
 */
export async function adoptMedia(db: Db, userId: string, hashes: readonly string[]): Promise<void> {
  if (hashes.length === 0) return;
  await db.execute(sql`
    insert into ${media} (hash, owner_id, ext, content_type, kind, size, width, height)
    select distinct on (hash) hash, ${userId}, ext, content_type, kind, size, width, height
    from ${media} where hash in (${sql.join(
      hashes.map((h) => sql`${h}`),
      sql`, `,
    )})
    order by hash, created_at
    on conflict do nothing`);
}

/**
 * Gives each copy its source's search texts (questionSearch and near duplicates read them): the
 * content is the same, so they are too. `pairs` is [copy id, source id]. A source the startup
 * backfill has not given its similarity keys yet keeps the copy's own (computed from the same text).
 */
export async function copySearchTexts(db: Db, pairs: readonly (readonly [number, number])[]): Promise<void> {
  if (pairs.length === 0) return;
  const doc = JSON.stringify(pairs.map(([copy, source]) => ({ copy, source })));
  await db.execute(sql`
    update ${question} set search_text = s.search_text, similarity_text = s.similarity_text, similarity_keys = case when s.similarity_keys <> '{}' or s.similarity_text = '' then s.similarity_keys else ${question.similarityKeys} end
    from jsonb_to_recordset(${doc}::jsonb) as p(copy integer, source integer)
    join ${question} s on s.id = p.source
    where ${question.id} = p.copy`);
}

/**
 * The copies of question `id` in exams the caller can read, in the order they were made, with
 * their exam's title and code and their number in it; copies the caller cannot read are counted
 * only (`hidden`).
 */
export async function copiesOf(
  db: Db,
  who: Who,
  id: number,
): Promise<{ copies: { id: number; examId: number; examTitle: string; examCode: string }[]; hidden: number }> {
  const all = await db.select({ id: question.id }).from(question).where(eq(question.copiedFromQuestionId, id));
  if (all.length === 0) return { copies: [], hidden: 0 };
  const rows = await db
    .select({ id: question.id, examId: exam.id, examTitle: exam.title, examCode: exam.code })
    .from(question)
    .innerJoin(exam, eq(exam.id, question.examId))
    .innerJoin(membership, membershipOfExam(who))
    .where(and(eq(question.copiedFromQuestionId, id), inTokenWorkspace(who)))
    .orderBy(asc(question.id));
  return { copies: rows, hidden: all.length - rows.length };
}
