// One page of an exam's questions for questionList, built as JSON text by PostgreSQL in one
// statement: the ownership check, the page (by position, then id) and each question's answers.
// A page of 200 questions with 800 answers is about 150 KB of JSON; turning rows into objects and
// those into JSON again in the app cost several times what the database spends on the whole
// query, so the text goes out to the client as the database wrote it.
//
// Each item is questionGet's view (questionToApiWithPoints, answerToApiWithPoints in
// questions.ts) with position, warnings and answers, field for field and in the same order;
// tests/integration/questions-lifecycle.test.ts compares the two for every question type.
import { sql, type SQL } from "drizzle-orm";
import { executeRows, type Db } from "@/db/client";
import { exam } from "@/db/schema";
import { memberPredicate, type Who } from "./access";

export interface QuestionPageQuery {
  examId: number;
  /** The caller: a member of the exam's workspace, or the page is null (data/access.ts). */
  who: Who;
  limit: number;
  type?: number;
  caseStudyId?: number;
  externalId?: string;
  /** Only the questions of this domain; null: those without a domain. */
  domainId?: number | null;
  /** Only the questions with this tag, compared without regard to case (tagKey of server/schemas/blueprint.ts). */
  tag?: string;
  /** The sort key of the last question of the previous page. */
  after?: { position: number; id: number };
}

export interface QuestionPage {
  /** The items as a JSON array text. */
  itemsJson: string;
  /** The sort key of the page's last question when another page follows, else null. */
  next: { position: number; id: number } | null;
}

// Each item is written by concatenation, key by key in the API's order: to_json escapes a text,
// jsonb and numbers print as themselves, and string_agg joins the items without a json value in
// between. That costs the database about a fifth less per page of 200 than row_to_json of each
// question and answer with a json cast of each answers array (which PostgreSQL parses again).
// A null makes the whole item null, which string_agg would skip: every nullable column
// (case_study_id, external_id, domain_id, old_id) is written through coalesce, copied_from
// through a case. questionJson leaves its object open: the statement adds the answers and the
// closing brace.
const questionJson = sql.raw(
  `'{"id":' || s.id || ',"exam_id":' || s.exam_id || ',"question":' || to_json(s.question)::text ||
   ',"explanation":' || to_json(s.explanation)::text || ',"type":' || s.type ||
   ',"case_study_id":' || coalesce(s.case_study_id::text, 'null') || ',"external_id":' || coalesce(to_json(s.external_id)::text, 'null') ||
   ',"properties":' || s.properties::text || ',"points":' || s.points ||
   ',"domain_id":' || coalesce(s.domain_id::text, 'null') || ',"tags":' || s.tags::text || ',"scenarios":' || s.scenarios::text ||
   ',"copied_from":' || case when s.copied_from_question_id is null or s.copied_from_exam_id is null or s.copied_from_version is null
     then 'null' else json_build_object('question_id', s.copied_from_question_id, 'exam_id', s.copied_from_exam_id, 'version', s.copied_from_version)::text end ||
   ',"position":' || s.position || ',"warnings":' || s.warnings::text`,
);
const answerJson = sql.raw(
  `'{"id":' || a.id || ',"old_id":' || coalesce(a.old_id::text, 'null') || ',"answer":' || to_json(a.answer)::text ||
   ',"is_correct":' || a.is_correct || ',"order":' || a."order" || ',"points":' || a.points || '}'`,
);

/** The page, or null when the exam is not the caller's (or does not exist). */
export async function questionPage(db: Db, query: QuestionPageQuery): Promise<QuestionPage | null> {
  const filters: SQL[] = [sql`q.exam_id = ${query.examId}`];
  if (query.type !== undefined) filters.push(sql`q.type = ${query.type}`);
  if (query.caseStudyId !== undefined) filters.push(sql`q.case_study_id = ${query.caseStudyId}`);
  if (query.externalId !== undefined) filters.push(sql`q.external_id = ${query.externalId}`);
  if (query.domainId === null) filters.push(sql`q.domain_id is null`);
  else if (query.domainId !== undefined) filters.push(sql`q.domain_id = ${query.domainId}`);
  if (query.tag !== undefined)
    filters.push(sql`exists (select 1 from jsonb_array_elements_text(q.tags) t(tag) where lower(t.tag) = lower(${query.tag}))`);
  if (query.after) filters.push(sql`(q.position, q.id) > (${query.after.position}::int, ${query.after.id}::int)`);

  const [row] = await executeRows<{ owned: boolean | null; items: string | null; more: boolean; last_position: number | null; last_id: number | null }>(
    db,
    sql`
      with page as (
        select q.id, q.exam_id, q.question, q.explanation, q.type, q.case_study_id, q.external_id, q.properties, q.points, q.position, q.warnings,
          q.domain_id, q.tags, q.scenarios, q.copied_from_question_id, q.copied_from_exam_id, q.copied_from_version
        from question q
        where ${sql.join(filters, sql` and `)}
          and exists (select 1 from ${exam} where ${exam.id} = ${query.examId} and ${memberPredicate(query.who)})
        order by q.position, q.id
        limit ${query.limit + 1}
      ), shown as (
        select * from page order by position, id limit ${query.limit}
      ), last as (
        select position, id from shown order by position desc, id desc limit 1
      )
      select
        (select true from ${exam} where ${exam.id} = ${query.examId} and ${memberPredicate(query.who)}) as owned,
        (select string_agg(
           ${questionJson} || ',"answers":[' ||
           coalesce((select string_agg(${answerJson}, ',' order by a."order", a.id) from answer a where a.question_id = s.id), '') ||
           ']}',
           ',' order by s.position, s.id)
         from shown s) as items,
        (select count(*) from page) > ${query.limit} as more,
        (select position from last) as last_position,
        (select id from last) as last_id`,
  );
  if (!row?.owned) return null;
  return {
    itemsJson: `[${row.items ?? ""}]`,
    next: row.more && row.last_position !== null && row.last_id !== null ? { position: Number(row.last_position), id: Number(row.last_id) } : null,
  };
}
