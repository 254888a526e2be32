// The question writes `npm run bench` sets beside the API's, made directly through postgres.js,
// three ways:
// - "a transaction": what one writes by hand, one transaction per question with the question,
//   4 answers, the exam row lock and count update, and the audit row (seven round trips);
// - "one statement": the same rows in one statement shaped like the API's own
//   (server/data/question-insert.ts), with an empty audit snapshot and no token check: the least
//   work that stores these rows;
// - "the API's statements": every database write a questionCreate call makes, made as the app
//   makes them (api-statements.mjs): the token check, which records the last use and the rate
//   count on the token's row, then the create with the answers and the audit snapshot.
import postgres from "postgres";
import { questionParams, runApiStatements, tokenHash } from "./api-statements.mjs";
import { CONCURRENCY } from "./load.mjs";

/** Opens the connections (as the app sizes them) and returns the writers; `end()` closes them. */
export async function directWriters(dbUrl, token) {
  const direct = postgres(dbUrl, { max: CONCURRENCY, onnotice: () => {} });
  // The app's pool for the token check: commits that do not wait for the disk (db/client.ts).
  const counters = postgres(dbUrl, { max: 4, onnotice: () => {}, connection: { synchronous_commit: "off" } });
  const [{ id: ownerId }] = await direct`select id from "user" limit 1`;
  const hash = tokenHash(token);

  return {
    /** A new exam of the token's owner, made without the API. */
    async exam(title) {
      const [row] =
        await direct`insert into exam (owner_id, workspace_id, type, title, category, code, evaluation_method, passing_score)
        values (${ownerId}, (select id from workspace where personal_of = ${ownerId}), 2, ${title}, 'Bench', 'B-1', 1, 70) returning id`;
      return row.id;
    },

    async transaction(examId, n) {
      await direct.begin(async (sql) => {
        const [q] = await sql`insert into question (exam_id, position, type, question, explanation, points, properties)
          values (${examId}, 0, 1, ${`<p>Direct ${n}</p>`}, '<p>Because.</p>', 1, '{}') returning id`;
        await sql`insert into answer (question_id, answer, is_correct, "order", points) values
          (${q.id}, '<p>Alpha</p>', true, 1, 0), (${q.id}, '<p>Beta</p>', false, 2, 0), (${q.id}, '<p>Gamma</p>', false, 3, 0), (${q.id}, '<p>Delta</p>', false, 4, 0)`;
        const [e] =
          await sql`update exam set question_count = question_count + 1, next_position = next_position + 1 where id = ${examId} returning next_position`;
        await sql`update question set position = ${e.next_position - 1} where id = ${q.id}`;
        await sql`insert into audit_log (user_id, method, object_type, object_id, exam_id, snapshot) values (${ownerId}, 'direct', 'question', ${q.id}, ${examId}, '{}')`;
      });
      return 1;
    },

    async oneStatement(examId, n) {
      await direct`
        with e as (
          update exam set question_count = question_count + 1, next_position = next_position + 1, status = 'draft', updated_at = now()
          where id = ${examId} and owner_id = ${ownerId} returning id, next_position - 1 as position
        ), q as (
          insert into question (exam_id, position, type, question, explanation, points, properties)
          select e.id, e.position, 1, ${`<p>Direct ${n}</p>`}, '<p>Because.</p>', 1, '{}' from e returning id, exam_id
        ), a as (
          insert into answer (question_id, answer, is_correct, "order", points)
          select q.id, x.answer, x.is_correct, x.ord, 0
          from q, (values ('<p>Alpha</p>', true, 1), ('<p>Beta</p>', false, 2), ('<p>Gamma</p>', false, 3), ('<p>Delta</p>', false, 4)) as x(answer, is_correct, ord)
        )
        insert into audit_log (user_id, method, object_type, object_id, exam_id, snapshot)
        select ${ownerId}, 'direct', 'question', q.id, q.exam_id, '{}' from q`;
      return 1;
    },

    async apiStatements(examId, n) {
      await runApiStatements(direct, counters, hash, questionParams(examId, n));
      return 1;
    },

    end: () => Promise.all([direct.end(), counters.end()]),
  };
}
