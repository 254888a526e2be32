// Contract section 2 (tokens, ownership), the rate limit of 1.3/10, and the audit log of 12.
// Every refusal is also checked against what is stored: nothing may change.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { apiToken, auditLog, exam } from "@/db/schema";
import { createApiToken, revokeApiToken } from "@/server/auth/tokens";
import { createTestApp, examInput, type RpcReply, type TestApp, type TestUser } from "../support/test-app";
import { makePng, toBase64 } from "../support/media-fixtures";
import { storedState } from "../support/question-store";
import { ok } from "../support/exam-test-helpers";
import type { Reply, ReplyTo } from "../support/reply";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
function envelope<M extends string>(token: string | undefined, method: M, params: unknown) {
  return { jsonrpc: "2.0", id: ++seq, ...(token === undefined ? {} : { accessToken: token }), method, params };
}

/** One call with `token` in the envelope (or none), optionally a Bearer header as well. */
function callWith<M extends string>(
  token: string | undefined,
  method: M,
  params: unknown,
  bearer?: string,
): Promise<RpcReply<ReplyTo<M>>> {
  return t.post<ReplyTo<M>>(
    envelope(token, method, params),
    bearer === undefined ? {} : { headers: { authorization: `Bearer ${bearer}` } },
  );
}

async function titlesOf(userId: string): Promise<string[]> {
  return (await t.db.select({ title: exam.title }).from(exam).where(eq(exam.ownerId, userId))).map((r) => r.title);
}

const title = (label: string) => `${label} ${randomUUID()}`;

function expectUnauthorized(reply: RpcReply<Reply<unknown>>) {
  expect(reply.status).toBe(200);
  expect(reply.body.error?.code).toBe(-32001);
  expect(reply.body.result).toBeUndefined();
}

describe("2.2 how the token is sent", () => {
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    u = await t.newUser();
    other = await t.newUser();
  });

  it("accepts the token in the envelope as accessToken", async () => {
    const mark = title("envelope");
    const reply = await callWith(u.token, "exam.examCreate", { exam: examInput({ title: mark }) });
    expect(reply.body.result?.completed).toBe(true);
    expect(await titlesOf(u.id)).toContain(mark);
  });

  it("accepts the token as Authorization: Bearer, for every call of a batch", async () => {
    const mark = title("bearer");
    const single = await callWith(undefined, "exam.examCreate", { exam: examInput({ title: mark }) }, u.token);
    expect(single.body.result?.completed).toBe(true);
    expect(await titlesOf(u.id)).toContain(mark);

    const batch = await t.post<ReplyTo<"exam.examList">[]>(
      [envelope(undefined, "exam.examList", {}), envelope(undefined, "exam.examList", {})],
      { headers: { authorization: `Bearer ${u.token}` } },
    );
    expect(batch.body.map((r) => r.result?.completed)).toEqual([true, true]);
    // The exams listed are the header token's owner's.
    expect(batch.body[0]?.result?.exams.map((e) => e.title)).toContain(mark);
  });

  it("accepts both when they name the same token", async () => {
    const reply = await callWith(u.token, "exam.examList", {}, u.token);
    expect(reply.body.result?.completed).toBe(true);
  });

  it("refuses both when they differ (-32001), even when each is valid, and stores nothing", async () => {
    const mark = title("mismatch");
    for (const [envelopeToken, headerToken] of [
      [u.token, other.token],
      [other.token, u.token],
      [u.token, "ek_not-a-token"],
    ] as const) {
      const reply = await callWith(envelopeToken, "exam.examCreate", { exam: examInput({ title: mark }) }, headerToken);
      expectUnauthorized(reply);
    }
    expect(await titlesOf(u.id)).not.toContain(mark);
    expect(await titlesOf(other.id)).not.toContain(mark);
  });
});

describe("2.2 missing, unknown, revoked and expired tokens", () => {
  it("all answer -32001 with the same message, and nothing is stored", async () => {
    const u = await t.newUser();
    const revoked = await createApiToken(t.db, u.id, "to revoke");
    const expired = await createApiToken(t.db, u.id, "expired", new Date(Date.now() - 60_000));
    const future = await createApiToken(t.db, u.id, "expires later", new Date(Date.now() + 3_600_000));

    // Before revocation the token works; a token expiring later works.
    expect((await callWith(revoked.token, "exam.examList", {})).body.result?.completed).toBe(true);
    expect((await callWith(future.token, "exam.examList", {})).body.result?.completed).toBe(true);
    // Only the owner can revoke a token.
    const stranger = await t.newUser();
    expect(await revokeApiToken(t.db, stranger.id, revoked.id)).toBe(false);
    expect((await callWith(revoked.token, "exam.examList", {})).body.result?.completed).toBe(true);
    expect(await revokeApiToken(t.db, u.id, revoked.id)).toBe(true);

    const mark = title("refused");
    const params = { exam: examInput({ title: mark }) };
    const unknown = "ek_" + Buffer.alloc(32, 7).toString("base64url");
    const replies: Record<string, RpcReply<ReplyTo<"exam.examCreate">>> = {
      missing: await callWith(undefined, "exam.examCreate", params),
      unknown: await callWith(unknown, "exam.examCreate", params),
      unknownBearer: await callWith(undefined, "exam.examCreate", params, unknown),
      malformed: await callWith("hello", "exam.examCreate", params),
      empty: await callWith("", "exam.examCreate", params),
      revoked: await callWith(revoked.token, "exam.examCreate", params),
      revokedBearer: await callWith(undefined, "exam.examCreate", params, revoked.token),
      expired: await callWith(expired.token, "exam.examCreate", params),
    };
    const shape = (r: RpcReply<Reply<unknown>>) => ({ error: r.body.error, errors: r.body.errors });
    for (const [name, reply] of Object.entries(replies)) {
      expectUnauthorized(reply);
      expect(shape(reply), name).toEqual(shape(replies.missing!));
    }
    // The message tells the caller how to send a token.
    expect(replies.missing!.body.errors?.[0]).toMatch(/accessToken/);
    expect(replies.missing!.body.errors?.[0]).toMatch(/Bearer/);
    expect(await titlesOf(u.id)).not.toContain(mark);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.userId, u.id))).toEqual([]);

    // The future token still works afterwards: the refusals changed nothing for it.
    expect((await callWith(future.token, "exam.examList", {})).body.result?.completed).toBe(true);
  });

  it("a refused token records no use", async () => {
    const u = await t.newUser();
    const revoked = await createApiToken(t.db, u.id, "revoked");
    await revokeApiToken(t.db, u.id, revoked.id);
    const expired = await createApiToken(t.db, u.id, "expired", new Date(Date.now() - 1000));
    await callWith(revoked.token, "exam.examList", {});
    await callWith(expired.token, "exam.examList", {});
    const rows = await t.db
      .select({ lastUsedAt: apiToken.lastUsedAt })
      .from(apiToken)
      .where(inArray(apiToken.id, [revoked.id, expired.id]));
    expect(rows.map((r) => r.lastUsedAt)).toEqual([null, null]);
  });
});

describe("2.2 token format and storage", () => {
  it("tokens are ek_ + at least 32 random bytes in base64url, all different", async () => {
    const u = await t.newUser();
    const tokens = [u.token];
    for (let i = 0; i < 5; i++) tokens.push((await createApiToken(t.db, u.id, `key ${i}`)).token);
    for (const token of tokens) {
      expect(token).toMatch(/^ek_[A-Za-z0-9_-]{43,}$/);
      expect(Buffer.from(token.slice(3), "base64url").length).toBeGreaterThanOrEqual(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("is stored only as a hash: no column and no table holds the token, even after use", async () => {
    const u = await t.newUser();
    const { id, token } = await createApiToken(t.db, u.id, "storage check");
    // Use it, so every write that a call makes (last use, rate count, audit) has happened.
    expect(
      (await callWith(token, "exam.examCreate", { exam: examInput({ title: title("stored") }) })).body.result
        ?.completed,
    ).toBe(true);
    const secret = token.slice(3);

    const [row] = await t.db.select().from(apiToken).where(eq(apiToken.id, id));
    expect(row).toBeDefined();
    for (const [column, value] of Object.entries(row!)) {
      const text = value instanceof Date ? value.toISOString() : String(value);
      expect(text, column).not.toContain(token);
      expect(text, column).not.toContain(secret);
      expect(text, column).not.toContain(secret.slice(0, 20));
    }
    // Listed by its first characters only: enough to recognise, far too few to use.
    expect(token.startsWith(row!.prefix)).toBe(true);
    expect(row!.prefix.length).toBeLessThanOrEqual(12);
    expect(row!.tokenHash).not.toBe(token);

    const tables = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = (Array.isArray(tables) ? tables : (tables as { rows: { table_name: string }[] }).rows).map(
      (r) => r.table_name,
    );
    expect(names).toContain("api_token");
    expect(names).toContain("audit_log");
    for (const name of names) {
      const found = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(name)} x where strpos(x::text, ${secret.slice(0, 24)}) > 0`,
      );
      const n = (Array.isArray(found) ? found : (found as { rows: { n: number }[] }).rows)[0]!.n;
      expect(n, `table ${name}`).toBe(0);
    }
  });

  it("records last_used_at when the token is used", async () => {
    const u = await t.newUser();
    const { id, token } = await createApiToken(t.db, u.id, "last use");
    const lastUsed = async () =>
      (await t.db.select({ at: apiToken.lastUsedAt }).from(apiToken).where(eq(apiToken.id, id)))[0]!.at;
    expect(await lastUsed()).toBeNull();

    const before = Date.now();
    expect((await callWith(token, "exam.examList", {})).body.result?.completed).toBe(true);
    const after = Date.now();
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(first!.getTime()).toBeLessThanOrEqual(after + 5_000);

    await new Promise((r) => setTimeout(r, 20));
    await callWith(undefined, "exam.examList", {}, token);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
  });
});

describe("2.3 ownership: another owner's object answers exactly like a missing one", () => {
  let owner: TestUser;
  let intruder: TestUser;
  const ids = { examA: 0, caseA: 0, questionA: 0, examB: 0, caseB: 0, questionB: 0 };
  const MISSING = 2147483000;

  const singleChoice = (examId: number, extra: Record<string, unknown> = {}) => ({
    question: { exam_id: examId, question: "<p>Which port does HTTPS use?</p>", type: 1, ...extra },
    answers: [{ answer: "443", is_correct: true }, { answer: "80" }],
  });

  beforeAll(async () => {
    owner = await t.newUser();
    intruder = await t.newUser();
    for (const [who, examKey, caseKey, questionKey] of [
      [owner, "examA", "caseA", "questionA"],
      [intruder, "examB", "caseB", "questionB"],
    ] as const) {
      const e = await who.call("exam.examCreate", { exam: examInput({ title: `exam of ${who.email}` }) });
      ids[examKey] = ok(e).exam.id;
      const cs = await who.call("exam.caseStudyCreate", {
        case_study: { exam_id: ids[examKey], name: "Case", description: "<p>Context</p>" },
      });
      ids[caseKey] = ok(cs).case_study.id;
      const q = await who.call("exam.questionCreate", singleChoice(ids[examKey], { case_study_id: ids[caseKey] }));
      ids[questionKey] = ok(q).question.id;
    }
  });

  /** Everything both users own, as stored, plus the media directory. */
  const bothStored = async () => [await storedState(t, owner), await storedState(t, intruder)];

  /** The error with the given id written as <id>: the rest must be identical. */
  function normalised(body: Reply<unknown>, id: number) {
    const pattern = new RegExp(`(?<![0-9])${id}(?![0-9])`, "g");
    return JSON.parse(JSON.stringify({ error: body.error, errors: body.errors }).replace(pattern, "<id>"));
  }

  const png = toBase64(makePng(64, 48));
  const cases: { name: string; params: (id: number) => unknown; method: string; theirs: () => number }[] = [
    { name: "examGet", method: "exam.examGet", params: (id) => ({ id }), theirs: () => ids.examA },
    {
      name: "examUpdate",
      method: "exam.examUpdate",
      params: (id) => ({ exam: { id, title: "taken over" } }),
      theirs: () => ids.examA,
    },
    {
      name: "examUpdate with a resource",
      method: "exam.examUpdate",
      params: (id) => ({ exam: { id, description: '<p><img src="x.png" alt=""></p>' }, resources: { "x.png": png } }),
      theirs: () => ids.examA,
    },
    { name: "examDelete", method: "exam.examDelete", params: (id) => ({ id }), theirs: () => ids.examA },
    {
      name: "examUpdateStatus",
      method: "exam.examUpdateStatus",
      params: (id) => ({ id, ready: true, ignore_warnings: true }),
      theirs: () => ids.examA,
    },
    { name: "questionList", method: "exam.questionList", params: (id) => ({ exam_id: id }), theirs: () => ids.examA },
    {
      name: "questionList by test_id",
      method: "exam.questionList",
      params: (id) => ({ test_id: id }),
      theirs: () => ids.examA,
    },
    {
      name: "questionReorder",
      method: "exam.questionReorder",
      params: (id) => ({ exam_id: id, question_ids: [ids.questionA] }),
      theirs: () => ids.examA,
    },
    {
      name: "questionCreate in their exam (with a resource)",
      method: "exam.questionCreate",
      params: (id) => ({
        question: { exam_id: id, question: '<p>Look <img src="q.png" alt=""></p>', type: 1 },
        answers: [{ answer: "a", is_correct: true }, { answer: "b" }],
        resources: { "q.png": png },
      }),
      theirs: () => ids.examA,
    },
    {
      name: "questionCreate with their case study",
      method: "exam.questionCreate",
      params: (id) => singleChoice(ids.examB, { case_study_id: id }),
      theirs: () => ids.caseA,
    },
    { name: "questionGet", method: "exam.questionGet", params: (id) => ({ id }), theirs: () => ids.questionA },
    {
      name: "questionUpdate of their question",
      method: "exam.questionUpdate",
      params: (id) => ({ ...singleChoice(ids.examB), question: { ...singleChoice(ids.examB).question, id } }),
      theirs: () => ids.questionA,
    },
    {
      name: "questionUpdate moving mine into their exam",
      method: "exam.questionUpdate",
      params: (id) => ({ ...singleChoice(id), question: { ...singleChoice(id).question, id: ids.questionB } }),
      theirs: () => ids.examA,
    },
    {
      name: "questionUpdate pointing mine at their case study",
      method: "exam.questionUpdate",
      params: (id) => ({
        ...singleChoice(ids.examB),
        question: { ...singleChoice(ids.examB, { case_study_id: id }).question, id: ids.questionB },
      }),
      theirs: () => ids.caseA,
    },
    { name: "questionDelete", method: "exam.questionDelete", params: (id) => ({ id }), theirs: () => ids.questionA },
    {
      name: "caseStudyCreate in their exam",
      method: "exam.caseStudyCreate",
      params: (id) => ({ case_study: { exam_id: id, name: "Mine now", description: "<p>x</p>" } }),
      theirs: () => ids.examA,
    },
    { name: "caseStudyGet", method: "exam.caseStudyGet", params: (id) => ({ id }), theirs: () => ids.caseA },
    {
      name: "caseStudyUpdate",
      method: "exam.caseStudyUpdate",
      params: (id) => ({ case_study: { id, name: "Renamed", description: "<p>y</p>" } }),
      theirs: () => ids.caseA,
    },
    { name: "caseStudyDelete", method: "exam.caseStudyDelete", params: (id) => ({ id }), theirs: () => ids.caseA },
    { name: "caseStudyList", method: "exam.caseStudyList", params: (id) => ({ exam_id: id }), theirs: () => ids.examA },
  ];

  for (const c of cases) {
    it(`${c.name}: -32004 like a missing id, nothing changed`, async () => {
      const before = await bothStored();
      const theirs = await intruder.call(c.method, c.params(c.theirs()));
      const missing = await intruder.call(c.method, c.params(MISSING));
      expect(theirs.error?.code, JSON.stringify(theirs)).toBe(-32004);
      expect(missing.error?.code).toBe(-32004);
      expect(normalised(theirs, c.theirs())).toEqual(normalised(missing, MISSING));
      expect(theirs.errors?.[0]).toMatch(/does not exist/);
      expect(await bothStored()).toEqual(before);
    });
  }

  it("the owner still sees everything unchanged, and lists never show another owner's objects", async () => {
    const list = ok(await intruder.call("exam.examList", {}));
    expect(list.exams.map((e) => e.id)).toEqual([ids.examB]);
    const search = ok(await intruder.call("exam.examList", { query: owner.email }));
    expect(search.exams).toEqual([]);
    const q = ok(await owner.call("exam.questionGet", { id: ids.questionA }));
    expect(q.question.exam_id).toBe(ids.examA);
    expect(q.question.case_study_id).toBe(ids.caseA);
    const cs = ok(await owner.call("exam.caseStudyGet", { id: ids.caseA }));
    expect(cs.case_study.name).toBe("Case");
  });
});

describe("1.3 / 10 rate limit per token", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ limits: { ratePerMinute: 5 } });
  });
  afterAll(() => limited.close());

  /** The window is a calendar minute: start a sequence well inside one. */
  async function awayFromMinuteEdge() {
    const s = new Date().getSeconds() + new Date().getMilliseconds() / 1000;
    if (s > 48) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
  }

  const list = (token: string, id: number) => ({
    jsonrpc: "2.0",
    id,
    accessToken: token,
    method: "exam.examList",
    params: {},
  });
  const create = (token: string, label: string, id = 1) => ({
    jsonrpc: "2.0",
    id,
    accessToken: token,
    method: "exam.examCreate",
    params: { exam: examInput({ title: label }) },
  });
  const titles = async (userId: string) =>
    (await limited.db.select({ title: exam.title }).from(exam).where(eq(exam.ownerId, userId))).map((r) => r.title);

  function expectRateLimited(reply: RpcReply<Reply<unknown>>) {
    expect(reply.status).toBe(429);
    expect(reply.headers.get("x-api-version")).toBe("1");
    expect(reply.headers.get("content-type")).toMatch(/^application\/json/);
    const retryAfter = Number(reply.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(reply.body.jsonrpc).toBe("2.0");
    expect(reply.body.id).toBeNull();
    expect(reply.body.error?.code).toBe(-32029);
    expect(reply.body.error?.data?.retry_after_seconds).toBe(retryAfter);
    expect(reply.body.errors?.length ?? 0).toBeGreaterThan(0);
  }

  it("the 6th call in a minute is HTTP 429 with Retry-After and -32029; it does not run; other tokens are not affected", async () => {
    await awayFromMinuteEdge();
    const u = await limited.newUser();
    const other = await limited.newUser();
    const second = await createApiToken(limited.db, u.id, "second key");

    // Five calls: a batch of three counts three.
    const batch = await limited.post<Reply[]>([list(u.token, 1), list(u.token, 2), list(u.token, 3)]);
    expect(batch.body.map((r) => r.result?.completed)).toEqual([true, true, true]);
    expect((await limited.post(list(u.token, 4))).status).toBe(200);
    const fifth = await limited.post(create(u.token, "fifth"));
    expect(fifth.status).toBe(200);
    expect(fifth.body.result?.completed).toBe(true);

    const sixth = await limited.post(create(u.token, "sixth"));
    expectRateLimited(sixth);
    expect(sixth.body.error?.message).toMatch(/5/);
    expectRateLimited(await limited.post(list(u.token, 7), { headers: {} }));
    expect(await titles(u.id)).toEqual(["fifth"]);
    expect((await limited.db.select().from(auditLog).where(eq(auditLog.userId, u.id))).map((r) => r.method)).toEqual([
      "exam.examCreate",
    ]);

    // Another user's token, and another token of the same user, have their own counts.
    const theirs = await limited.post(create(other.token, "other user"));
    expect(theirs.status).toBe(200);
    expect(theirs.body.result?.completed).toBe(true);
    const mine = await limited.post(create(second.token, "second key"));
    expect(mine.status).toBe(200);
    expect(await titles(u.id)).toContain("second key");
  });

  it("a batch counts each of its calls: six calls in one batch are refused together", async () => {
    await awayFromMinuteEdge();
    const u = await limited.newUser();
    const reply = await limited.post([1, 2, 3, 4, 5, 6].map((i) => create(u.token, `batched ${i}`, i)));
    expectRateLimited(reply);
    expect(await titles(u.id)).toEqual([]);

    await awayFromMinuteEdge();
    const v = await limited.newUser();
    const five = await limited.post([1, 2, 3, 4, 5].map((i) => create(v.token, `five ${i}`, i)));
    expect(five.status).toBe(200);
    expect(five.body).toHaveLength(5);
    expectRateLimited(await limited.post(list(v.token, 6)));
    expect((await titles(v.id)).sort()).toEqual(["five 1", "five 2", "five 3", "five 4", "five 5"]);
  });

  it("notifications count too", async () => {
    await awayFromMinuteEdge();
    const u = await limited.newUser();
    const notes = [1, 2, 3, 4, 5].map((i) => {
      const { id: _id, ...note } = create(u.token, `note ${i}`);
      return note;
    });
    expect((await limited.post(notes)).status).toBe(204);
    expectRateLimited(await limited.post(list(u.token, 1)));
  });
});

describe("12 audit log", () => {
  let u: TestUser;
  let tokenName: string;
  let token: string;
  beforeAll(async () => {
    u = await t.newUser();
    tokenName = `importer ${randomUUID().slice(0, 8)}`;
    token = (await createApiToken(t.db, u.id, tokenName)).token;
  });

  const call = async <M extends string>(method: M, params: unknown) => (await callWith(token, method, params)).body;
  const auditRows = () => t.db.select().from(auditLog).where(eq(auditLog.userId, u.id)).orderBy(asc(auditLog.id));
  const lastId = async () => (await auditRows()).at(-1)?.id ?? 0;
  const rowsAfter = (id: number) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, u.id), gt(auditLog.id, id)))
      .orderBy(asc(auditLog.id));

  /**
   * Runs a write and returns the one audit row it appended (failing if it appended another number).
   * A write to a ready exam's content appends the exam's return to draft first (`readyExam`).
   */
  async function audited<M extends string>(method: M, params: unknown, opts: { readyExam?: number } = {}) {
    const since = await lastId();
    const before = Date.now();
    const reply = await call(method, params);
    const after = Date.now();
    expect(reply.error, `${method}: ${JSON.stringify(reply.error)}`).toBeUndefined();
    const all = await rowsAfter(since);
    const rows = opts.readyExam === undefined ? all : all.slice(1);
    if (opts.readyExam !== undefined) {
      expect(all[0], method).toMatchObject({
        method,
        objectType: "exam",
        objectId: opts.readyExam,
        snapshot: { status: "draft" },
        version: null,
        tokenName,
      });
    }
    expect(rows, method).toHaveLength(1);
    const row = rows[0]!;
    expect(row.userId).toBe(u.id);
    expect(row.tokenName).toBe(tokenName);
    expect(row.method).toBe(method);
    expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(row.at.getTime()).toBeLessThanOrEqual(after + 5_000);
    return { reply, row };
  }

  async function notAudited(method: string, params: unknown, expectedCode: number) {
    const since = await lastId();
    const reply = await call(method, params);
    expect(reply.error?.code, `${method}: ${JSON.stringify(reply)}`).toBe(expectedCode);
    expect(await rowsAfter(since), method).toEqual([]);
  }

  it("each successful write appends one row: who, which token, which method, which object, the object as stored", async () => {
    const created = await audited("exam.examCreate", { exam: examInput({ title: "Audited" }) });
    const examId = ok(created.reply).exam.id;
    const examNow = async () => ok(await call("exam.examGet", { id: examId })).exam;
    expect(created.row).toMatchObject({ objectType: "exam", objectId: examId, examId });
    expect(created.row.snapshot).toEqual(await examNow());

    const updated = await audited("exam.examUpdate", { exam: { id: examId, title: "Audited, renamed" } });
    expect(updated.row).toMatchObject({ objectType: "exam", objectId: examId, examId });
    expect(updated.row.snapshot).toEqual(await examNow());
    expect(updated.row.snapshot).toMatchObject({ title: "Audited, renamed" });

    const cs = await audited("exam.caseStudyCreate", {
      case_study: { exam_id: examId, name: "Case", description: "<p>One</p>" },
    });
    const caseId = ok(cs.reply).case_study.id;
    const caseNow = async () => ok(await call("exam.caseStudyGet", { id: caseId })).case_study;
    expect(cs.row).toMatchObject({ objectType: "case_study", objectId: caseId, examId });
    expect(cs.row.snapshot).toEqual(await caseNow());
    const csUpdated = await audited("exam.caseStudyUpdate", {
      case_study: { id: caseId, name: "Case 2", description: "<p>Two</p>" },
    });
    expect(csUpdated.row).toMatchObject({ objectType: "case_study", objectId: caseId, examId });
    expect(csUpdated.row.snapshot).toEqual(await caseNow());

    const q = await audited("exam.questionCreate", {
      question: { exam_id: examId, question: "<p>Pick one</p>", type: 1, case_study_id: caseId, points: 3 },
      answers: [{ answer: "yes", is_correct: true, points: 2 }, { answer: "no" }],
    });
    const questionId = ok(q.reply).question.id;
    const questionNow = async () => {
      const got = ok(await call("exam.questionGet", { id: questionId }));
      return { question: got.question, answers: got.answers };
    };
    expect(q.row).toMatchObject({ objectType: "question", objectId: questionId, examId });
    expect(q.row.snapshot).toEqual(await questionNow());
    expect(q.row.snapshot).toMatchObject({ question: { points: 3 } });

    const qUpdated = await audited("exam.questionUpdate", {
      question: { id: questionId, exam_id: examId, question: "<p>Pick one again</p>", type: 1 },
      answers: [{ answer: "a", is_correct: true }, { answer: "b" }, { answer: "c" }],
    });
    expect(qUpdated.row).toMatchObject({ objectType: "question", objectId: questionId, examId });
    expect(qUpdated.row.snapshot).toEqual(await questionNow());
    // The earlier version is still there: history keeps every write.
    expect(q.row.snapshot).toMatchObject({ question: { question: "<p>Pick one</p>" } });

    const q2 = await audited("exam.questionCreate", {
      question: { exam_id: examId, question: "<p>Second</p>", type: 1 },
      answers: [{ answer: "a", is_correct: true }, { answer: "b" }],
    });
    const secondId = ok(q2.reply).question.id;
    const reordered = await audited("exam.questionReorder", { exam_id: examId, question_ids: [secondId, questionId] });
    expect(reordered.row).toMatchObject({
      objectType: "exam",
      objectId: examId,
      examId,
      snapshot: { question_ids: [secondId, questionId] },
    });

    const ready = await audited("exam.examUpdateStatus", { id: examId, ready: true, ignore_warnings: true });
    expect(ready.row).toMatchObject({ objectType: "exam", objectId: examId, examId });
    expect(ready.row.snapshot).toEqual(await examNow());
    expect(ready.row.snapshot).toMatchObject({ status: "ready" });

    const qDeleted = await audited("exam.questionDelete", { id: questionId }, { readyExam: examId });
    expect(qDeleted.row).toMatchObject({ objectType: "question", objectId: questionId, examId, snapshot: null });
    const csDeleted = await audited("exam.caseStudyDelete", { id: caseId });
    expect(csDeleted.row).toMatchObject({ objectType: "case_study", objectId: caseId, examId, snapshot: null });
    const examDeleted = await audited("exam.examDelete", { id: examId });
    expect(examDeleted.row).toMatchObject({ objectType: "exam", objectId: examId, examId, snapshot: null });

    // The history outlives the exam.
    const history = (await auditRows()).filter((r) => r.examId === examId).map((r) => r.method);
    expect(history).toEqual([
      "exam.examCreate",
      "exam.examUpdate",
      "exam.caseStudyCreate",
      "exam.caseStudyUpdate",
      "exam.questionCreate",
      "exam.questionUpdate",
      "exam.questionCreate",
      "exam.questionReorder",
      "exam.examUpdateStatus",
      "exam.questionDelete",
      "exam.questionDelete",
      "exam.caseStudyDelete",
      "exam.examDelete",
    ]);
  });

  it("each token is recorded under its own name", async () => {
    const other = await createApiToken(t.db, u.id, "second tool");
    const since = await lastId();
    const reply = await callWith(other.token, "exam.examCreate", {
      exam: examInput({ title: "from the second tool" }),
    });
    expect(reply.body.result?.completed).toBe(true);
    const rows = await rowsAfter(since);
    expect(rows.map((r) => r.tokenName)).toEqual(["second tool"]);
  });

  it("reads append nothing", async () => {
    const e = ok(await call("exam.examCreate", { exam: examInput({ title: "Read only" }) }));
    const examId = e.exam.id;
    const cs = ok(await call("exam.caseStudyCreate", { case_study: { exam_id: examId, name: "C", description: "" } }));
    const q = ok(
      await call("exam.questionCreate", {
        question: { exam_id: examId, question: "<p>Q</p>", type: 1 },
        answers: [{ answer: "a", is_correct: true }, { answer: "b" }],
      }),
    );
    const since = await lastId();
    for (const [method, params] of [
      ["exam.examGet", { id: examId }],
      ["exam.examList", {}],
      ["exam.questionGet", { id: q.question.id }],
      ["exam.questionList", { exam_id: examId }],
      ["exam.caseStudyGet", { id: cs.case_study.id }],
      ["exam.caseStudyList", { exam_id: examId }],
    ] as const) {
      expect((await call(method, params)).result?.completed, method).toBe(true);
    }
    expect(await rowsAfter(since)).toEqual([]);
  });

  it("a failed write appends nothing", async () => {
    const examId = ok(await call("exam.examCreate", { exam: examInput({ title: "Failures" }) })).exam.id;
    const caseId = ok(
      await call("exam.caseStudyCreate", { case_study: { exam_id: examId, name: "Used", description: "" } }),
    ).case_study.id;
    const q = ok(
      await call("exam.questionCreate", {
        question: { exam_id: examId, question: "<p>Q</p>", type: 1, case_study_id: caseId },
        answers: [{ answer: "a", is_correct: true }, { answer: "b" }],
      }),
    );
    const questionId = q.question.id;

    await notAudited("exam.examCreate", { exam: examInput({ type: "2" }) }, -32602);
    await notAudited("exam.examUpdate", { exam: { id: 2147483000, title: "x" } }, -32004);
    await notAudited("exam.examUpdate", { exam: { id: examId, passing_score: 101 } }, -32602);
    await notAudited(
      "exam.questionCreate",
      { question: { exam_id: examId, question: "<p>Q</p>", type: 1 }, answers: [] },
      -32602,
    );
    await notAudited(
      "exam.questionUpdate",
      { question: { id: questionId, exam_id: examId, question: "", type: 1 }, answers: [{ answer: "a" }] },
      -32602,
    );
    await notAudited("exam.questionReorder", { exam_id: examId, question_ids: [questionId, questionId] }, -32602);
    await notAudited("exam.caseStudyDelete", { id: caseId }, -32602);
    await notAudited("exam.caseStudyUpdate", { case_study: { id: caseId, name: "", description: "" } }, -32602);
    await notAudited("exam.questionDelete", { id: 2147483000 }, -32004);
    await notAudited("exam.examDelete", { id: 2147483000 }, -32004);
    // Marking an exam ready that has warnings is refused unless they are ignored.
    const empty = ok(await call("exam.examCreate", { exam: examInput({ title: "No questions" }) }));
    await notAudited("exam.examUpdateStatus", { id: empty.exam.id, ready: true }, -32602);

    const since = await lastId();
    expectUnauthorized(await callWith("ek_unknown", "exam.examCreate", { exam: examInput() }));
    expect(await rowsAfter(since)).toEqual([]);
  });
});

describe("Authorization headers of other schemes", () => {
  it("a proxy's Basic credentials do not conflict with accessToken in the body", async () => {
    const t = await createTestApp();
    try {
      const u = await t.newUser();
      const reply = await t.post(
        { jsonrpc: "2.0", id: 1, accessToken: u.token, method: "exam.examList", params: {} },
        { headers: { authorization: "Basic dXNlcjpwYXNz" } },
      );
      expect(reply.body.error).toBeUndefined();
      expect(reply.body.result?.completed).toBe(true);
    } finally {
      await t.close();
    }
  });
});
