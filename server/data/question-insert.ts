// A new question, last in its exam, written in one statement: the exam's count and next position
// (which takes the exam row lock, contract 11.2), the question, its answers, its media rows and
// its audit entry. One statement is one round trip and its own transaction, and the exam row is
// locked only while PostgreSQL runs it and commits: no application code runs while the lock is
// held, so creates in one exam follow each other as fast as the database commits them.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { answer, auditLog, exam, media, question } from "@/db/schema";
import type { NormalizedAnswer } from "../domain/question-rules";
import { memberPredicate, type Who } from "./access";
import type { Role } from "../domain/roles";
import { AUTO_DRAFT_SNAPSHOT } from "./exams";
import { reserveIds } from "./id-reserve";
import type { NewMediaRow } from "./media";
import { answerToApiWithPoints, questionToApiWithPoints, type AnswerRow, type QuestionRow } from "./questions";
import { executeRows, type Db } from "@/db/client";
import { rowFromDriver } from "./raw-rows";

/** The roles that may write content (contract 14.1.2). */
const WRITERS: Role[] = ["editor", "owner"];

export interface NewQuestion {
  examId: number;
  columns: Pick<QuestionRow, "type" | "question" | "explanation" | "caseStudyId" | "externalId" | "points" | "properties" | "warnings" | "domainId" | "tags" | "scenarios" | "searchText" | "similarityText" | "similarityKeys"> &
    Partial<Pick<QuestionRow, "copiedFromQuestionId" | "copiedFromExamId" | "copiedFromVersion">>;
  answers: NormalizedAnswer[];
  media: NewMediaRow[];
  /**
   * A scalar SQL expression the same statement reads after its writes (it does not see them),
   * answered as `readAlong`: a read that would otherwise cost a round trip of its own (the
   * similar_question look-up's catch-up, steps/similar-questions.ts).
   */
  readAlong?: SQL | null;
}

export interface InsertedQuestion {
  row: QuestionRow;
  answers: AnswerRow[];
  /** The value of NewQuestion.readAlong, when one was given. */
  readAlong?: unknown;
}

/**
 * Inserts the question at the end of the exam; null (and nothing written) when the caller may not
 * write to the exam (data/access.ts: a member whose role, and token scope, allow writing) or it
 * no longer exists. Returns the rows as stored.
 */
export async function insertQuestionLast(db: Db, who: Who, input: NewQuestion): Promise<InsertedQuestion | null> {
  const stored = await insertOnce(db, who, input, false);
  if (stored !== "status changed") return stored;
  // Rare: another call changed the status in between. Once more, now locking the exam row before
  // reading its status, which cannot miss.
  const locked = await insertOnce(db, who, input, true);
  if (locked === "status changed") throw new Error(`the status of exam ${input.examId} changed while its row was locked`);
  return locked;
}

/**
 * One attempt. Without `lock`, the statement reads the exam's status without locking the row (a
 * lock taken before the update costs a quarter of the creates per second on one exam, measured
 * with bench/api-bench.mjs) and updates the exam only while the status is still the one it read,
 * so the automatic return to draft is in the history exactly when this create made it. When
 * another call changed the status in between, nothing is written: "status changed".
 */
async function insertOnce(db: Db, who: Who, input: NewQuestion, lock: boolean): Promise<InsertedQuestion | null | "status changed"> {
  const { actor, method } = who;
  // The ids are known first, so the audit entry (the question as stored, with its answers' ids)
  // is part of the same statement.
  const [[questionId], answerIds] = await Promise.all([reserveIds(db, "question_id_seq", 1), reserveIds(db, "answer_id_seq", input.answers.length, 256)]);
  const answerRows: AnswerRow[] = input.answers.map((a, i) => ({
    id: answerIds[i]!,
    questionId: questionId!,
    answer: a.answer,
    isCorrect: a.is_correct,
    order: a.order,
    points: a.points,
    oldId: a.old_id,
  }));
  // The audit snapshot is questionGet's view: the question here, its answers from the answers'
  // own parameter (the same keys answerToApiWithPoints writes; jsonb keeps no key order), so a
  // question with megabytes of answer HTML sends them once, not twice.
  const snapshotQuestion = questionToApiWithPoints({ id: questionId!, examId: input.examId, ...input.columns });
  const answersDoc = answerRows.map(answerToApiWithPoints);
  const c = input.columns;
  // A read-scoped token writes nothing, whatever its person's role.
  const canWrite = (actor.scope ?? "write") === "write" ? sql`true` : sql`false`;
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

  // Every part reads the exam update `e`: when it matched no row, nothing at all is written.
  const rows = await executeRows<Record<string, unknown> & { answer_count: number }>(
    db,
    sql`
      with doc as (
        select ${json(answersDoc)} as answers
      ), old as (
        -- The status the update below replaces.
        select id, status from ${exam}
        where id = ${input.examId} and ${memberPredicate(who, WRITERS)} and ${canWrite}
        ${lock ? sql`for no key update` : sql``}
      ), e as (
        -- Takes the exam row lock. Unlocked, "old" is what this statement's snapshot saw: after
        -- waiting for another writer of the row, PostgreSQL checks the condition again on the row
        -- as that writer left it, so a changed status matches nothing. Locked, "old" is already
        -- the row as the last writer left it (and the snapshot's row may be older).
        update ${exam} set question_count = question_count + 1, next_position = next_position + 1, status = 'draft', updated_at = now()
        from old where ${exam.id} = old.id ${lock ? sql`` : sql`and ${exam.status} = old.status`}
        returning ${exam.id}, next_position - 1 as position
      ), d as (
        -- A ready exam goes back to draft: the history says so (as returnExamToDraft does).
        insert into ${auditLog} (user_id, token_name, method, object_type, object_id, exam_id, snapshot)
        select ${actor.userId}, ${actor.tokenName}, ${method}, 'exam', old.id, old.id, ${json(AUTO_DRAFT_SNAPSHOT)}
        from old, e where old.status = 'ready'
      ), q as (
        insert into ${question} (id, exam_id, position, type, question, explanation, case_study_id, external_id, points, properties, warnings, domain_id, tags, scenarios, search_text, similarity_text, similarity_keys, version_by)
        select ${questionId}, e.id, e.position, ${c.type}, ${c.question}, ${c.explanation}, ${c.caseStudyId}, ${c.externalId}, ${c.points}, ${json(c.properties)}, ${json(c.warnings)}, ${c.domainId}::int, ${json(c.tags)}, ${json(c.scenarios)}, ${c.searchText}, ${c.similarityText}, ${sql.param(c.similarityKeys)}::int[], ${actor.userId}
        from e
        returning *
      ), a as (
        insert into ${answer} (id, question_id, answer, is_correct, "order", points, old_id)
        select x.id, q.id, x.answer, x.is_correct, x."order", x.points, x.old_id
        from q, doc, jsonb_to_recordset(doc.answers)
          as x(id integer, answer text, is_correct boolean, "order" integer, points integer, old_id jsonb)
        returning *
      ), m as (
        insert into ${media} (hash, owner_id, ext, content_type, kind, size, width, height)
        select x.hash, x.owner_id, x.ext, x.content_type, x.kind, x.size, x.width, x.height
        from e, jsonb_to_recordset(${json(input.media.map((m) => ({ hash: m.hash, owner_id: m.ownerId, ext: m.ext, content_type: m.contentType, kind: m.kind, size: m.size, width: m.width, height: m.height })))})
          as x(hash text, owner_id text, ext text, content_type text, kind text, size integer, width integer, height integer)
        on conflict do nothing
      ), l as (
        insert into ${auditLog} (user_id, token_name, method, object_type, object_id, exam_id, snapshot, version)
        select ${actor.userId}, ${actor.tokenName}, ${method}, 'question', q.id, q.exam_id, jsonb_build_object('question', ${json(snapshotQuestion)}, 'answers', doc.answers), q.version
        from q, doc
      )
      select q.*, (select count(*)::int from a) as answer_count${input.readAlong ? sql`, ${input.readAlong} as read_along` : sql``}
      from q`,
  );
  const raw = rows[0];
  if (!raw) return (await stillWritable(db, who, input.examId)) ? "status changed" : null;
  // The answers are the rows this statement wrote, exactly as it wrote them (ids, text, flags):
  // reading megabytes of answer HTML back from the database would only copy them again.
  if (raw.answer_count !== answerRows.length) throw new Error(`questionCreate wrote ${raw.answer_count} answers of ${answerRows.length}`);
  return {
    row: rowFromDriver(question, raw),
    answers: [...answerRows].sort((x, y) => x.order - y.order || x.id - y.id),
    ...(input.readAlong ? { readAlong: raw.read_along } : {}),
  };
}

/** Whether the caller may still write to the exam: after a create that wrote nothing, the status changed under it. */
async function stillWritable(db: Db, who: Who, examId: number): Promise<boolean> {
  if ((who.actor.scope ?? "write") !== "write") return false;
  const rows = await db.select({ id: exam.id }).from(exam).where(and(eq(exam.id, examId), memberPredicate(who, WRITERS)));
  return rows.length > 0;
}
