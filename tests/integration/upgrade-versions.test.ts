// An existing database upgrades to versions (migration 0003) with nothing lost: every exam,
// question and case study starts at version 1, written by its exam's owner when it was last
// updated; older history entries carry no version.
import { sql, type SQL } from "drizzle-orm";
import { expect, it } from "vitest";
import { databaseBefore } from "../support/upgrade-db";

const old = databaseBefore("0002_throttle");
const rows = (query: SQL) => old.rows(query);

it("exams, questions and case studies of the previous release start at version 1 by their owner", async () => {
  // Rows as the previous release wrote them (its columns only).
  await old
    .db()
    .execute(sql`insert into "user" (id, name, email, email_verified) values ('u1', 'Ann', 'ann@example.com', false)`);
  await old.db().execute(sql`
    insert into exam (id, owner_id, type, title, category, code, evaluation_method, passing_score, updated_at)
    values (7, 'u1', 1, 'Old exam', 'C', 'X', 1, 50, '2026-01-02T03:04:05.678Z')`);
  await old
    .db()
    .execute(
      sql`insert into case_study (id, exam_id, name, updated_at) values (3, 7, 'Contoso', '2026-02-03T04:05:06.789Z')`,
    );
  await old.db().execute(sql`
    insert into question (id, exam_id, position, type, question, updated_at)
    values (11, 7, 1, 1, '<p>Q</p>', '2026-03-04T05:06:07.890Z')`);
  await old.db().execute(sql`
    insert into audit_log (user_id, method, object_type, object_id, exam_id, snapshot)
    values ('u1', 'exam.examCreate', 'exam', 7, 7, '{"title":"Old exam"}'::jsonb)`);

  await old.upgrade();

  const version = (table: string) =>
    rows(sql`select id, version, version_by, version_at from ${sql.identifier(table)} order by id`).then((r) =>
      r.map((x) => ({ ...x, version_at: new Date(x.version_at as string).toISOString() })),
    );
  expect(await version("exam")).toEqual([
    { id: 7, version: 1, version_by: "u1", version_at: "2026-01-02T03:04:05.678Z" },
  ]);
  expect(await version("case_study")).toEqual([
    { id: 3, version: 1, version_by: "u1", version_at: "2026-02-03T04:05:06.789Z" },
  ]);
  expect(await version("question")).toEqual([
    { id: 11, version: 1, version_by: "u1", version_at: "2026-03-04T05:06:07.890Z" },
  ]);
  // Nothing else changed.
  expect(await rows(sql`select title, status, question_count from exam`)).toEqual([
    { title: "Old exam", status: "draft", question_count: 0 },
  ]);
  expect(await rows(sql`select method, snapshot, version from audit_log`)).toEqual([
    { method: "exam.examCreate", snapshot: { title: "Old exam" }, version: null },
  ]);
});
