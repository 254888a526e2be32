// Many new questions at the end of one exam, as an import writes them (contract 13.2.8: a bulk
// write, not one statement per row). Each statement writes a chunk of questions with their
// answers, media rows and history entries from four JSON documents (jsonb_to_recordset), so ten
// thousand questions cost some twenty round trips instead of ten thousand. The caller holds the
// exam row (locked, or inserted by its own transaction), so the positions read here stay its own.
import { sql } from "drizzle-orm";
import { answer, auditLog, exam, media, question } from "@/db/schema";
import { executeRows, type Db } from "@/db/client";
import type { Who } from "./access";
import { reserveIds } from "./id-reserve";
import type { NewQuestion } from "./question-insert";
import { answerToApiWithPoints, questionToApiWithPoints } from "./questions";

/**
 * Questions per statement: a chunk's documents stay a few megabytes for ordinary questions, and a
 * statement's cost is dominated by its rows, not by its round trip, from a few hundred up.
 */
export const BULK_CHUNK = 500;

/** The ids of the inserted questions, in the order given. The exam must exist and be held by the caller's transaction. */
export async function insertQuestionsBulk(tx: Db, who: Who, examId: number, questions: readonly Omit<NewQuestion, "examId">[]): Promise<number[]> {
  if (questions.length === 0) return [];
  const { actor, method } = who;
  const answerCount = questions.reduce((sum, q) => sum + q.answers.length, 0);
  const [questionIds, answerIds] = await Promise.all([reserveIds(tx, "question_id_seq", questions.length, 1024), reserveIds(tx, "answer_id_seq", answerCount, 4096)]);
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  let nextAnswer = 0;
  for (let start = 0; start < questions.length; start += BULK_CHUNK) {
    const chunk = questions.slice(start, start + BULK_CHUNK);
    const questionDocs: unknown[] = [];
    const answerDocs: Record<string, unknown>[] = [];
    const mediaDocs: unknown[] = [];
    const auditDocs: unknown[] = [];
    chunk.forEach((q, k) => {
      const id = questionIds[start + k]!;
      const c = q.columns;
      questionDocs.push({
        id,
        k,
        type: c.type,
        question: c.question,
        explanation: c.explanation,
        case_study_id: c.caseStudyId,
        external_id: c.externalId,
        points: c.points,
        properties: c.properties,
        warnings: c.warnings,
        domain_id: c.domainId,
        tags: c.tags,
        scenarios: c.scenarios,
        search_text: c.searchText,
        similarity_text: c.similarityText,
        similarity_keys: c.similarityKeys,
        copied_from_question_id: c.copiedFromQuestionId ?? null,
        copied_from_exam_id: c.copiedFromExamId ?? null,
        copied_from_version: c.copiedFromVersion ?? null,
      });
      const answers = q.answers.map((a) =>
        answerToApiWithPoints({ id: answerIds[nextAnswer++]!, questionId: id, answer: a.answer, isCorrect: a.is_correct, order: a.order, points: a.points, oldId: a.old_id }),
      );
      for (const a of answers) answerDocs.push({ ...a, question_id: id });
      for (const m of q.media) mediaDocs.push({ hash: m.hash, owner_id: m.ownerId, ext: m.ext, content_type: m.contentType, kind: m.kind, size: m.size, width: m.width, height: m.height });
      // The history entry is questionGet's view, as questionCreate records it.
      auditDocs.push({ id, snapshot: { question: questionToApiWithPoints({ id, examId, ...c }), answers } });
    });
    const rows = await executeRows<{ inserted: number }>(
      tx,
      sql`
        with e as (
          update ${exam} set question_count = question_count + ${chunk.length}, next_position = next_position + ${chunk.length}, updated_at = now()
          where id = ${examId}
          returning id, next_position - ${chunk.length} as first
        ), q as (
          insert into ${question} (id, exam_id, position, type, question, explanation, case_study_id, external_id, points, properties, warnings,
            domain_id, tags, scenarios, search_text, similarity_text, similarity_keys, copied_from_question_id, copied_from_exam_id, copied_from_version, version_by)
          select x.id, e.id, e.first + x.k, x.type, x.question, x.explanation, x.case_study_id, x.external_id, x.points, x.properties, x.warnings,
            x.domain_id, x.tags, x.scenarios, x.search_text, x.similarity_text, x.similarity_keys, x.copied_from_question_id, x.copied_from_exam_id, x.copied_from_version, ${actor.userId}
          from e, jsonb_to_recordset(${json(questionDocs)})
            as x(id integer, k integer, type integer, question text, explanation text, case_study_id integer, external_id text, points integer, properties jsonb, warnings jsonb,
              domain_id integer, tags jsonb, scenarios jsonb, search_text text, similarity_text text, similarity_keys integer[], copied_from_question_id integer, copied_from_exam_id integer, copied_from_version integer)
          returning id, exam_id, version
        ), a as (
          insert into ${answer} (id, question_id, answer, is_correct, "order", points, old_id)
          select x.id, x.question_id, x.answer, x.is_correct, x."order", x.points, x.old_id
          from e, jsonb_to_recordset(${json(answerDocs)})
            as x(id integer, question_id integer, answer text, is_correct boolean, "order" integer, points integer, old_id jsonb)
        ), m as (
          insert into ${media} (hash, owner_id, ext, content_type, kind, size, width, height)
          select x.hash, x.owner_id, x.ext, x.content_type, x.kind, x.size, x.width, x.height
          from e, jsonb_to_recordset(${json(mediaDocs)})
            as x(hash text, owner_id text, ext text, content_type text, kind text, size integer, width integer, height integer)
          on conflict do nothing
        ), l as (
          insert into ${auditLog} (user_id, token_name, method, object_type, object_id, exam_id, snapshot, version)
          select ${actor.userId}, ${actor.tokenName}, ${method}, 'question', q.id, q.exam_id, x.snapshot, q.version
          from q join jsonb_to_recordset(${json(auditDocs)}) as x(id integer, snapshot jsonb) on x.id = q.id
        )
        select count(*)::int as inserted from q`,
    );
    if (rows[0]?.inserted !== chunk.length) throw new Error(`exam ${examId} is gone: the bulk insert wrote ${rows[0]?.inserted ?? 0} questions of ${chunk.length}`);
  }
  return questionIds;
}
