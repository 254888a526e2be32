// An existing database upgrades to workspaces (migration 0005) with nothing lost: every person
// gets their own workspace as its owner, every exam moves into its owner's workspace and every
// API token into its person's, with write scope (what it could do before).
import { sql, type SQL } from "drizzle-orm";
import { expect, it } from "vitest";
import { databaseBefore } from "../support/upgrade-db";

const old = databaseBefore("0004_presence");
const rows = (query: SQL) => old.rows(query);

it("every person gets their own workspace; their exams and tokens move into it", async () => {
  // The previous release's rows: two people (one without a name), exams and tokens of both, and
  // a third person with nothing yet.
  await old.db().execute(sql`insert into "user" (id, name, email, email_verified, created_at) values
    ('u1', 'Ann Lee', 'ann@example.com', false, '2026-01-01T00:00:00Z'),
    ('u2', '', 'bo@example.com', false, '2026-01-02T00:00:00Z'),
    ('u3', 'Cy', 'cy@example.com', false, '2026-01-03T00:00:00Z')`);
  await old.db()
    .execute(sql`insert into exam (id, owner_id, type, title, category, code, evaluation_method, passing_score) values
    (1, 'u1', 1, 'Ann 1', 'C', 'A1', 1, 50), (2, 'u2', 1, 'Bo 1', 'C', 'B1', 1, 50), (3, 'u1', 1, 'Ann 2', 'C', 'A2', 1, 50)`);
  await old.db().execute(sql`insert into api_token (id, user_id, name, token_hash, prefix) values
    (1, 'u1', 'ci', 'h1', 'ek_1'), (2, 'u2', 'import', 'h2', 'ek_2')`);

  await old.upgrade();

  const spaces = await rows(sql`select id, name, personal_of from workspace order by id`);
  expect(spaces.map((w) => [w.name, w.personal_of])).toEqual([
    ["Ann Lee (personal)", "u1"],
    ["bo@example.com (personal)", "u2"],
    ["Cy (personal)", "u3"],
  ]);
  const idOf = (user: string) => spaces.find((w) => w.personal_of === user)!.id;
  expect(await rows(sql`select workspace_id, user_id, role from membership order by user_id`)).toEqual([
    { workspace_id: idOf("u1"), user_id: "u1", role: "owner" },
    { workspace_id: idOf("u2"), user_id: "u2", role: "owner" },
    { workspace_id: idOf("u3"), user_id: "u3", role: "owner" },
  ]);
  expect(await rows(sql`select id, owner_id, workspace_id, title from exam order by id`)).toEqual([
    { id: 1, owner_id: "u1", workspace_id: idOf("u1"), title: "Ann 1" },
    { id: 2, owner_id: "u2", workspace_id: idOf("u2"), title: "Bo 1" },
    { id: 3, owner_id: "u1", workspace_id: idOf("u1"), title: "Ann 2" },
  ]);
  expect(await rows(sql`select id, user_id, workspace_id, scope, token_hash from api_token order by id`)).toEqual([
    { id: 1, user_id: "u1", workspace_id: idOf("u1"), scope: "write", token_hash: "h1" },
    { id: 2, user_id: "u2", workspace_id: idOf("u2"), scope: "write", token_hash: "h2" },
  ]);
});
