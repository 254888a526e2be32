// The database statements one questionCreate call makes, written out by hand for the benchmark's
// two references: the same statements sent directly through postgres.js, and the bare Node
// server (bare-server.mjs) that sends them from behind HTTP. Copies of the app's own, kept in step
// by hand: the token check of server/auth/tokens.ts and the create of server/data/
// question-insert.ts (which also writes the question's and answers' ids it reserved in advance;
// here the columns' defaults draw them).
import { createHash } from "node:crypto";

/**
 * Records the token's last use and counts the call, for a person still a member of the token's
 * workspace; $1 the token's hash.
 */
export const AUTHENTICATE_SQL = `
  update api_token set last_used_at = now(), rate_window = date_trunc('minute', now()),
    rate_count = case when rate_window = date_trunc('minute', now()) then rate_count + 1 else 1 end
  where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())
    and exists (select 1 from membership where membership.workspace_id = api_token.workspace_id and membership.user_id = api_token.user_id)
  returning id, user_id, name, workspace_id, scope, rate_count,
    greatest(1, ceil(extract(epoch from (date_trunc('minute', now()) + interval '1 minute' - now()))))::int as retry_after`;

/**
 * The exam's status as read, its count and next position while that status holds (for an editor or owner of its workspace, through a
 * write-scoped token of that workspace), the automatic return to draft, the question, its
 * answers, its (here no) media and its audit entry, in one statement; $1 exam, $2 the person,
 * $3 question, $4 explanation, $5 answers as JSON, $6 token name, $7 the audit snapshot as JSON,
 * $8 the token's workspace, $9 whether its scope is write.
 */
export const CREATE_QUESTION_SQL = `
  with doc as (
    select $5::text::jsonb as answers
  ), old as (
    select id, status from exam
    where id = $1
      and exists (select 1 from membership m where m.workspace_id = exam.workspace_id and m.user_id = $2 and m.role in ('editor', 'owner'))
      and exam.workspace_id = $8 and $9::boolean
  ), e as (
    update exam set question_count = question_count + 1, next_position = next_position + 1, status = 'draft', updated_at = now()
    from old where exam.id = old.id and exam.status = old.status
    returning exam.id, next_position - 1 as position
  ), d as (
    insert into audit_log (user_id, token_name, method, object_type, object_id, exam_id, snapshot)
    select $2, $6, 'exam.questionCreate', 'exam', old.id, old.id, '{"status":"draft"}'::jsonb
    from old, e where old.status = 'ready'
  ), q as (
    insert into question (exam_id, position, type, question, explanation, case_study_id, external_id, points, properties, warnings, version_by)
    select e.id, e.position, 1, $3, $4, null, null, 1, '{}'::jsonb, '[]'::jsonb, $2 from e
    returning *
  ), a as (
    insert into answer (question_id, answer, is_correct, "order", points, old_id)
    select q.id, x.answer, x.is_correct, x."order", x.points, x.old_id
    from q, doc, jsonb_to_recordset(doc.answers) as x(answer text, is_correct boolean, "order" integer, points integer, old_id jsonb)
    returning *
  ), m as (
    insert into media (hash, owner_id, ext, content_type, kind, size, width, height)
    select x.hash, x.owner_id, x.ext, x.content_type, x.kind, x.size, x.width, x.height
    from e, jsonb_to_recordset('[]'::jsonb) as x(hash text, owner_id text, ext text, content_type text, kind text, size integer, width integer, height integer)
    on conflict do nothing
  ), l as (
    insert into audit_log (user_id, token_name, method, object_type, object_id, exam_id, snapshot, version)
    select $2, $6, 'exam.questionCreate', 'question', q.id, q.exam_id, jsonb_build_object('question', $7::text::jsonb, 'answers', doc.answers), q.version from q, doc
  )
  select q.*, (select count(*)::int from a) as answer_count from q`;

/** questionCreate's params as the benchmark sends them: a choice question with 4 answers. */
export function questionParams(examId, n) {
  return {
    question: {
      exam_id: examId,
      question: `<p>Bench question ${n}: which one is right?</p>`,
      type: 1,
      explanation: "<p>Because.</p>",
    },
    answers: [
      { answer: "<p>Alpha</p>", is_correct: true },
      { answer: "<p>Beta</p>" },
      { answer: "<p>Gamma</p>" },
      { answer: "<p>Delta</p>" },
    ],
  };
}

export const tokenHash = (token) => createHash("sha256").update(token).digest("hex");

/**
 * Runs both statements for questionCreate `params` as the app does: the token check on
 * `counters` (commits that do not wait for the disk, as db/client.ts opens that pool), the
 * create on `db`, each a prepared statement. Returns the question row with `answer_count`.
 */
export async function runApiStatements(db, counters, hash, params) {
  const [actor] = await counters.unsafe(AUTHENTICATE_SQL, [hash], { prepare: true });
  if (!actor) throw new Error("unknown token");
  const q = params.question;
  const answers = params.answers.map((a, i) => ({
    answer: a.answer,
    is_correct: a.is_correct ?? false,
    order: i + 1,
    points: 0,
    old_id: null,
  }));
  const snapshot = {
    id: 0,
    exam_id: q.exam_id,
    question: q.question,
    explanation: q.explanation,
    type: q.type,
    case_study_id: null,
    external_id: null,
    properties: {},
    points: 1,
  };
  const [row] = await db.unsafe(
    CREATE_QUESTION_SQL,
    [
      q.exam_id,
      actor.user_id,
      q.question,
      q.explanation,
      JSON.stringify(answers),
      actor.name,
      JSON.stringify(snapshot),
      actor.workspace_id,
      actor.scope === "write",
    ],
    { prepare: true },
  );
  if (!row) throw new Error(`exam ${q.exam_id} is not in the token's workspace, or the token may not write there`);
  return row;
}
