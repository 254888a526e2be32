// The database statements one questionCreate call makes, written out by hand for the benchmark's
// two references: the same statements sent directly through postgres.js, and the bare Node
// server (bare-server.mjs) that sends them from behind HTTP. Copies of the app's own, kept in step
// by hand: the token check of server/auth/tokens.ts and the create of server/data/
// question-insert.ts (which also writes the question's and answers' ids it reserved in advance;
// here the columns' defaults draw them).
import { createHash } from "node:crypto";

/** Records the token's last use and counts the call; $1 the token's hash. */
export const AUTHENTICATE_SQL = `
  update api_token set last_used_at = now(), rate_window = date_trunc('minute', now()),
    rate_count = case when rate_window = date_trunc('minute', now()) then rate_count + 1 else 1 end
  where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())
  returning id, user_id, name, rate_count,
    greatest(1, ceil(extract(epoch from (date_trunc('minute', now()) + interval '1 minute' - now()))))::int as retry_after`;

/**
 * The exam's count and next position, the question, its answers, its (here no) media and its
 * audit entry, in one statement; $1 exam, $2 owner, $3 question, $4 explanation, $5 answers as
 * JSON, $6 token name, $7 the audit snapshot as JSON.
 */
export const CREATE_QUESTION_SQL = `
  with e as (
    update exam set question_count = question_count + 1, next_position = next_position + 1, status = 'draft', updated_at = now()
    where id = $1 and owner_id = $2 returning id, next_position - 1 as position
  ), q as (
    insert into question (exam_id, position, type, question, explanation, case_study_id, external_id, points, properties, warnings)
    select e.id, e.position, 1, $3, $4, null, null, 1, '{}'::jsonb, '[]'::jsonb from e
    returning *
  ), a as (
    insert into answer (question_id, answer, is_correct, "order", points, old_id)
    select q.id, x.answer, x.is_correct, x."order", x.points, x.old_id
    from q, jsonb_to_recordset($5::text::jsonb) as x(answer text, is_correct boolean, "order" integer, points integer, old_id jsonb)
    returning *
  ), m as (
    insert into media (hash, owner_id, ext, content_type, kind, size, width, height)
    select x.hash, x.owner_id, x.ext, x.content_type, x.kind, x.size, x.width, x.height
    from e, jsonb_to_recordset('[]'::jsonb) as x(hash text, owner_id text, ext text, content_type text, kind text, size integer, width integer, height integer)
    on conflict do nothing
  ), l as (
    insert into audit_log (user_id, token_name, method, object_type, object_id, exam_id, snapshot)
    select $2, $6, 'exam.questionCreate', 'question', q.id, q.exam_id, $7::text::jsonb from q
  )
  select q.*, (select coalesce(json_agg(a order by a."order", a.id), '[]'::json) from a) as answers_json from q`;

/** questionCreate's params as the benchmark sends them: a choice question with 4 answers. */
export function questionParams(examId, n) {
  return {
    question: { exam_id: examId, question: `<p>Bench question ${n}: which one is right?</p>`, type: 1, explanation: "<p>Because.</p>" },
    answers: [{ answer: "<p>Alpha</p>", is_correct: true }, { answer: "<p>Beta</p>" }, { answer: "<p>Gamma</p>" }, { answer: "<p>Delta</p>" }],
  };
}

export const tokenHash = (token) => createHash("sha256").update(token).digest("hex");

/**
 * Runs both statements for questionCreate `params` as the app does: the token check on
 * `counters` (commits that do not wait for the disk, as db/client.ts opens that pool), the
 * create on `db`, each a prepared statement. Returns the question row with `answers_json`.
 */
export async function runApiStatements(db, counters, hash, params) {
  const [actor] = await counters.unsafe(AUTHENTICATE_SQL, [hash], { prepare: true });
  if (!actor) throw new Error("unknown token");
  const q = params.question;
  const answers = params.answers.map((a, i) => ({ answer: a.answer, is_correct: a.is_correct ?? false, order: i + 1, points: 0, old_id: null }));
  const snapshot = {
    question: { id: 0, exam_id: q.exam_id, question: q.question, explanation: q.explanation, type: q.type, case_study_id: null, external_id: null, properties: {}, points: 1 },
    answers: answers.map((a, i) => ({ id: i, ...a })),
  };
  const [row] = await db.unsafe(
    CREATE_QUESTION_SQL,
    [q.exam_id, actor.user_id, q.question, q.explanation, JSON.stringify(answers), actor.name, JSON.stringify(snapshot)],
    { prepare: true },
  );
  if (!row) throw new Error(`exam ${q.exam_id} is not the token owner's`);
  return row;
}
