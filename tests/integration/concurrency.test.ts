// Concurrency and durability (contract 11) and the audit rows of those writes (contract 12).
// Every call is a separate HTTP request. On PostgreSQL the requests really run in parallel on a
// pool of connections; PGlite serialises them, so there the same tests only check the results.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, exam } from "@/db/schema";
import { createTestApp, DB_KIND, type TestApp, type TestUser } from "../support/test-app";
import {
  addQuestions,
  auditRows,
  choiceQuestion,
  examRow,
  fails,
  newExam,
  ok,
  questionRows,
  warningCodes,
} from "../support/exam-test-helpers";
import type { Reply, ReplyTo } from "../support/reply";
import type { Method } from "@/server/rpc/operation-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What is really stored for the exam: rows, positions, the counters and the testing values. */
async function stored(examId: number) {
  const row = (await examRow(t, examId))!;
  const questions = await questionRows(t, examId);
  return { row, questions, positions: questions.map((q) => q.position) };
}

async function auditOf(examId: number, method: string) {
  return (await auditRows(t, examId)).filter((r) => r.method === method);
}

let seq = 0;
/** A call through a given app (another process in the two-process test). */
async function callVia<M extends Method>(app: TestApp, u: TestUser, method: M, params: unknown) {
  return (await app.post<ReplyTo<M>>({ jsonrpc: "2.0", id: ++seq, accessToken: u.token, method, params })).body;
}

describe("contract 11: concurrent calls on one exam", () => {
  it("50 concurrent questionCreate calls leave exactly 50 questions at positions 1..50, with the counts and testing values of 50", async () => {
    const u = await t.newUser();
    const e = await newExam(u);
    const replies = await Promise.all(
      range(1, 50).map((i) => u.call("exam.questionCreate", choiceQuestion(e.id, `Concurrent ${i}`))),
    );
    const ids = replies.map((r) => ok(r).question.id);
    expect(new Set(ids).size).toBe(50);

    const { row, questions, positions } = await stored(e.id);
    expect(questions).toHaveLength(50);
    expect(new Set(questions.map((q) => q.id))).toEqual(new Set(ids));
    expect(positions).toEqual(range(1, 50));
    expect(row).toMatchObject({
      questionCount: 50,
      testingAuto: true,
      testingQuestions: 50,
      testingTime: 75,
      nextPosition: 51,
    });
    const view = ok(await u.call("exam.examGet", { id: e.id })).exam;
    expect(view).toMatchObject({ question_count: 50, testing_questions: 50, testing_time: 75, testing_auto: true });

    // Each create is in the history once, with the stored question.
    const audit = await auditOf(e.id, "exam.questionCreate");
    expect(audit).toHaveLength(50);
    expect(new Set(audit.map((a) => a.objectId))).toEqual(new Set(ids));
    for (const a of audit) {
      expect(a).toMatchObject({ userId: u.id, tokenName: "test", objectType: "question", examId: e.id });
      expect((a.snapshot as { question: { id: number } }).question.id).toBe(a.objectId);
    }
    // The list shows them in position order.
    const listed = ok(await u.call("exam.questionList", { exam_id: e.id, limit: 200 })).questions.map(
      (q: { id: number }) => q.id,
    );
    expect(listed).toEqual(questions.map((q) => q.id));
  });

  it("concurrent creates and deletes leave the count, positions and testing values consistent", async () => {
    const u = await t.newUser();
    const e = await newExam(u);
    const existing = await addQuestions(t, u, e.id, 20);
    const calls: Promise<Reply<unknown>>[] = [];
    for (let i = 0; i < 30; i++) {
      calls.push(u.call("exam.questionCreate", choiceQuestion(e.id, `New ${i}`)));
      if (i < 20) calls.push(u.call("exam.questionDelete", { id: existing[i] }));
    }
    const replies = await Promise.all(calls);
    for (const r of replies) ok(r);

    const { row, questions, positions } = await stored(e.id);
    expect(questions).toHaveLength(30);
    expect(questions.some((q) => existing.includes(q.id))).toBe(false);
    expect(new Set(positions).size).toBe(30);
    // New questions go after every position ever handed out.
    expect(Math.min(...positions)).toBeGreaterThan(20);
    expect(row).toMatchObject({
      questionCount: 30,
      testingAuto: true,
      testingQuestions: 30,
      testingTime: 45,
      nextPosition: 51,
    });

    const deletes = await auditOf(e.id, "exam.questionDelete");
    expect(deletes.map((a) => a.objectId).sort((a, b) => a - b)).toEqual([...existing].sort((a, b) => a - b));
    for (const a of deletes)
      expect(a).toMatchObject({ userId: u.id, tokenName: "test", objectType: "question", snapshot: null });
    expect(await auditOf(e.id, "exam.questionCreate")).toHaveLength(50);
  });

  it("the same question deleted twice at once is deleted once; the other call answers -32004", async () => {
    const u = await t.newUser();
    const e = await newExam(u);
    const ids = await addQuestions(t, u, e.id, 6);
    const replies = await Promise.all(
      ids.flatMap((id) => [u.call("exam.questionDelete", { id }), u.call("exam.questionDelete", { id })]),
    );
    const succeeded = replies.filter((r) => !r.error);
    expect(succeeded).toHaveLength(6);
    for (const r of replies.filter((r) => r.error)) fails(r, -32004);
    const { row, questions } = await stored(e.id);
    expect(questions).toHaveLength(0);
    expect(row).toMatchObject({ questionCount: 0, testingQuestions: 0, testingTime: 0 });
    expect(await auditOf(e.id, "exam.questionDelete")).toHaveLength(6);
  });

  it("concurrent examUpdate calls of different fields lose nothing", async () => {
    const u = await t.newUser();
    const e = await newExam(u, { type: 1, evaluation_method: 1, passing_score: 50 });
    await addQuestions(t, u, e.id, 10);

    const rounds: Record<string, unknown>[][] = [
      [
        { title: "Title A" },
        { category: "Category A" },
        { code: "CODE-A" },
        { shuffle_questsion: false },
        { shuffle_answers: false },
        { check_answer: 1 },
        { passing_score: 91 },
        { show_standard_introduction: false },
        { description: "<p>Description A</p>" },
        { testing_time: 77 },
      ],
      [
        { title: "Title B" },
        { category: "Category B" },
        { code: "CODE-B" },
        { shuffle_questsion: true },
        { shuffle_answers: true },
        { check_answer: 0 },
        { passing_score: 12 },
        { show_standard_introduction: true },
        { description: "<p>Description B</p>" },
        { testing_questions: 7 },
        { evaluation_method: 2 },
      ],
    ];
    for (const updates of rounds) {
      const auditBefore = (await auditOf(e.id, "exam.examUpdate")).length;
      const replies = await Promise.all(
        updates.map((fields) => u.call("exam.examUpdate", { exam: { id: e.id, ...fields } })),
      );
      for (const r of replies) ok(r);

      const final = ok(await u.call("exam.examGet", { id: e.id })).exam;
      for (const fields of updates) {
        const [key, value] = Object.entries(fields)[0]!;
        const name = key === "shuffle_questions" ? "shuffle_questsion" : key;
        expect(new Map(Object.entries(final)).get(name), `${key} after concurrent updates`).toEqual(value);
      }

      // Serialised: in the order they committed, once a field has its new value every later
      // snapshot keeps it, and the last snapshot is the stored exam.
      const audit = (await auditOf(e.id, "exam.examUpdate")).slice(auditBefore);
      expect(audit).toHaveLength(updates.length);
      const snapshots = audit.map((a) => a.snapshot as Record<string, unknown>);
      for (const fields of updates) {
        const [key, value] = Object.entries(fields)[0]!;
        const first = snapshots.findIndex((s) => s[key] === value);
        expect(first, key).toBeGreaterThanOrEqual(0);
        for (const s of snapshots.slice(first)) expect(s[key], `${key} kept by later updates`).toEqual(value);
      }
      expect(snapshots.at(-1)).toEqual(final);
    }
    // testing_time 77 then testing_questions 7: both locked.
    const final = ok(await u.call("exam.examGet", { id: e.id })).exam;
    expect(final).toMatchObject({ testing_auto: false, testing_questions: 7, testing_time: 77, question_count: 10 });
  });

  it("concurrent examUpdate and questionCreate calls keep the testing values in step with the question count", async () => {
    const u = await t.newUser();
    const e = await newExam(u);
    const calls: Promise<Reply<unknown>>[] = [];
    for (let i = 0; i < 20; i++) {
      calls.push(u.call("exam.questionCreate", choiceQuestion(e.id, `Q${i}`)));
      if (i % 2 === 0) calls.push(u.call("exam.examUpdate", { exam: { id: e.id, title: `Title ${i}` } }));
    }
    for (const r of await Promise.all(calls)) ok(r);
    const { row, questions } = await stored(e.id);
    expect(questions).toHaveLength(20);
    expect(row).toMatchObject({ questionCount: 20, testingAuto: true, testingQuestions: 20, testingTime: 30 });
    expect(await auditOf(e.id, "exam.examUpdate")).toHaveLength(10);
    expect(await auditOf(e.id, "exam.questionCreate")).toHaveLength(20);
  });

  it("every return to draft a question create causes is in the history once, however creates and status changes interleave", async () => {
    const u = await t.newUser();
    const e = await newExam(u);
    await addQuestions(t, u, e.id, 2);
    const calls: Promise<Reply<unknown>>[] = [];
    for (let i = 0; i < 24; i++) {
      calls.push(u.call("exam.questionCreate", choiceQuestion(e.id, `Q${i}`)));
      if (i % 2 === 0) calls.push(u.call("exam.examUpdateStatus", { id: e.id, ready: true }));
    }
    for (const r of await Promise.all(calls)) ok(r);
    // Replayed in the order the exam row lock was taken (the entries' ids; a create's two entries,
    // written by one statement, in either order): a create finds the exam ready only with an
    // automatic return to draft of its own.
    const isCreate = (x: { method: string; objectType: string } | undefined, type: string) =>
      x?.method === "exam.questionCreate" && x.objectType === type;
    const entries = await auditRows(t, e.id);
    for (let i = 0; i + 1 < entries.length; i++) {
      if (isCreate(entries[i], "question") && isCreate(entries[i + 1], "exam"))
        [entries[i], entries[i + 1]] = [entries[i + 1]!, entries[i]!];
    }
    let status = "draft";
    let autoDrafts = 0;
    for (const entry of entries) {
      const snapshot = entry.snapshot as { status?: string };
      if (entry.method === "exam.examUpdateStatus") status = snapshot.status!;
      else if (entry.method === "exam.questionCreate" && entry.objectType === "exam") {
        expect(status, `auto-draft entry ${entry.id}`).toBe("ready");
        status = "draft";
        autoDrafts++;
      } else if (entry.method === "exam.questionCreate") expect(status, `question entry ${entry.id}`).toBe("draft");
    }
    expect((await examRow(t, e.id))!.status).toBe(status);
    expect(autoDrafts).toBeGreaterThan(0);
  });

  it("concurrent status changes and question writes end in a consistent state", async () => {
    const u = await t.newUser();
    const e = await newExam(u);
    await addQuestions(t, u, e.id, 2);
    const replies = await Promise.all([
      u.call("exam.examUpdateStatus", { id: e.id, ready: true }),
      u.call("exam.questionCreate", choiceQuestion(e.id, "Late")),
      u.call("exam.examUpdateStatus", { id: e.id, ready: true }),
    ]);
    for (const r of replies) ok(r);
    // Whatever the order, the stored status is what the last committed write left.
    const audit = await auditRows(t, e.id);
    const last = audit.at(-1)!;
    const status = (await examRow(t, e.id))!.status;
    expect(status).toBe(last.method === "exam.questionCreate" ? "draft" : "ready");
    // A status call that found the exam ready already wrote nothing: that is the second of the
    // two, unless the create came between them.
    const unchanged = replies.filter((r) => warningCodes(r).includes("unchanged"));
    expect(unchanged.length).toBeLessThanOrEqual(1);
    expect(audit.filter((a) => a.method === "exam.examUpdateStatus")).toHaveLength(2 - unchanged.length);
  });
});

describe("contract 11.2: locking is per exam", () => {
  it.skipIf(DB_KIND !== "postgres")(
    "a locked exam blocks its own question count changes but not another exam's",
    async () => {
      const u = await t.newUser();
      const locked = await newExam(u, { title: "Locked" });
      const free = await newExam(u, { title: "Free" });

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let signalLocked!: () => void;
      const isLocked = new Promise<void>((resolve) => (signalLocked = resolve));
      const holder = t.db.transaction(async (tx) => {
        await tx.select({ id: exam.id }).from(exam).where(eq(exam.id, locked.id)).for("update");
        signalLocked();
        await released;
      });
      await isLocked;
      try {
        // Another exam is not blocked.
        ok(await u.call("exam.questionCreate", choiceQuestion(free.id)));
        // The locked exam waits.
        let done = false;
        const waiting = u.call("exam.questionCreate", choiceQuestion(locked.id)).then((r) => {
          done = true;
          return r;
        });
        await sleep(500);
        expect(done).toBe(false);
        release();
        await holder;
        ok(await waiting);
      } finally {
        release();
        await holder;
      }
      expect((await examRow(t, locked.id))!.questionCount).toBe(1);
    },
  );
});

describe("contract 11.4: several app processes on one database", () => {
  let t2: TestApp | null = null;
  afterAll(async () => {
    await t2?.close();
  });

  it.skipIf(DB_KIND !== "postgres")("interleaved calls through two apps keep every rule", async () => {
    t2 = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
    expect(t2.db).not.toBe(t.db);
    const u = await t.newUser();
    const e = await newExam(u);
    // The second process sees what the first stored.
    expect(ok(await callVia(t2, u, "exam.examGet", { id: e.id })).exam).toEqual(
      ok(await u.call("exam.examGet", { id: e.id })).exam,
    );

    const apps = [t, t2];
    const creates = range(1, 50).map((i) =>
      callVia(apps[i % 2]!, u, "exam.questionCreate", choiceQuestion(e.id, `Process ${i % 2} #${i}`)),
    );
    const updates = [
      callVia(t, u, "exam.examUpdate", { exam: { id: e.id, title: "From process 1" } }),
      callVia(t2, u, "exam.examUpdate", { exam: { id: e.id, category: "From process 2" } }),
      callVia(t, u, "exam.examUpdate", { exam: { id: e.id, code: "P1" } }),
      callVia(t2, u, "exam.examUpdate", { exam: { id: e.id, shuffle_answers: false } }),
    ];
    const replies = await Promise.all([...creates, ...updates]);
    for (const r of replies) ok(r);
    const ids = (await Promise.all(creates)).map((r) => ok(r).question.id);

    const { row, questions, positions } = await stored(e.id);
    expect(questions).toHaveLength(50);
    expect(positions).toEqual(range(1, 50));
    expect(row).toMatchObject({
      questionCount: 50,
      testingQuestions: 50,
      testingTime: 75,
      title: "From process 1",
      category: "From process 2",
      code: "P1",
      shuffleAnswers: false,
    });

    // Deletes through one process of questions created through the other, with creates alongside.
    const more = await Promise.all([
      ...ids.slice(0, 10).map((id, i) => callVia(apps[i % 2]!, u, "exam.questionDelete", { id })),
      ...range(1, 5).map((i) =>
        callVia(apps[(i + 1) % 2]!, u, "exam.questionCreate", choiceQuestion(e.id, `More ${i}`)),
      ),
    ]);
    for (const r of more) ok(r);
    const after = await stored(e.id);
    expect(after.questions).toHaveLength(45);
    expect(new Set(after.positions).size).toBe(45);
    expect(after.row).toMatchObject({ questionCount: 45, testingQuestions: 45, testingTime: 68 });
    const view2 = ok(await callVia(t2, u, "exam.examGet", { id: e.id })).exam;
    expect(view2).toMatchObject({ question_count: 45, testing_questions: 45, testing_time: 68 });

    // Every write is in the one history, whichever process made it.
    const counts = await t.db
      .select({ method: auditLog.method, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.examId, e.id), eq(auditLog.userId, u.id)))
      .groupBy(auditLog.method);
    expect(Object.fromEntries(counts.map((c) => [c.method, c.n]))).toEqual({
      "exam.examCreate": 1,
      "exam.examUpdate": 4,
      "exam.questionCreate": 55,
      "exam.questionDelete": 10,
    });
  });
});
