// Presence (issue 17): a tab's heartbeat records it on an exam or question, and answers the other
// tabs there seen within the last few seconds; nothing for an exam the author may not read; a tab
// that stops beating stops counting; several app processes on one PostgreSQL see each other.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presence } from "@/db/schema";
import { presenceHeartbeat, presenceLeave } from "@/server/web/presence";
import { createTestApp, DB_KIND, openTestDb, type TestApp, type TestUser } from "../support/test-app";
import { choiceQuestion, newExam, ok } from "../support/exam-test-helpers";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let examId: number;
let questionId: number;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = [await t.newUser(), await t.newUser()];
  examId = (await newExam(ann)).id;
  ok(await ann.call("exam.questionCreate", choiceQuestion(examId, "First")));
  questionId = ok(await ann.call("exam.questionCreate", choiceQuestion(examId, "Second"))).question.id;
});
afterAll(() => t.close());

const tab = (n: number) => `tab-${n}-${"x".repeat(16)}`;
const rowsOf = (tabId: string) => t.db.select().from(presence).where(eq(presence.tabId, tabId));

describe("presence", () => {
  it("answers the other tabs on the exam and its questions, this author's own ones marked", async () => {
    expect(await presenceHeartbeat(t.db, ann.id, { tabId: tab(1), examId, questionId: null })).toEqual({
      ok: true,
      result: { others: [] },
      warnings: [],
    });
    const second = await presenceHeartbeat(t.db, ann.id, { tabId: tab(2), examId, questionId });
    expect(second).toEqual({
      ok: true,
      result: {
        others: [
          {
            userId: ann.id,
            name: expect.any(String),
            email: ann.email,
            questionId: null,
            questionNumber: null,
            self: true,
          },
        ],
      },
      warnings: [],
    });
    const first = await presenceHeartbeat(t.db, ann.id, { tabId: tab(1), examId, questionId: null });
    expect(first).toEqual({
      ok: true,
      result: {
        others: [
          { userId: ann.id, name: expect.any(String), email: ann.email, questionId, questionNumber: 2, self: true },
        ],
      },
      warnings: [],
    });
  });

  it("records nothing and answers -32004 for an exam or question the author may not read", async () => {
    expect(await presenceHeartbeat(t.db, bob.id, { tabId: tab(3), examId, questionId: null })).toMatchObject({
      ok: false,
      code: -32004,
    });
    const bobsExam = (await newExam(bob)).id;
    // Ann's question under Bob's exam, and Bob's exam with Ann's question: both refused.
    expect(await presenceHeartbeat(t.db, bob.id, { tabId: tab(3), examId: bobsExam, questionId })).toMatchObject({
      ok: false,
      code: -32004,
    });
    expect(await rowsOf(tab(3))).toEqual([]);
    // Bob on his own exam does not see Ann's tabs on hers.
    expect(await presenceHeartbeat(t.db, bob.id, { tabId: tab(3), examId: bobsExam, questionId: null })).toEqual({
      ok: true,
      result: { others: [] },
      warnings: [],
    });
  });

  it("refuses malformed beats", async () => {
    for (const bad of [
      null,
      {},
      { tabId: "short", examId, questionId: null },
      { tabId: tab(4), examId: "1", questionId: null },
      { tabId: tab(4), examId, questionId: null, extra: 1 },
    ]) {
      expect(await presenceHeartbeat(t.db, ann.id, bad)).toMatchObject({ ok: false, code: -32602 });
    }
  });

  it("a tab that stops beating stops counting; a tab that leaves is gone at once, and only its author can say so", async () => {
    await presenceHeartbeat(t.db, ann.id, { tabId: tab(5), examId, questionId: null });
    await presenceHeartbeat(t.db, ann.id, { tabId: tab(6), examId, questionId: null });
    await t.db
      .update(presence)
      .set({ seenAt: sql`now() - interval '11 seconds'` })
      .where(eq(presence.tabId, tab(6)));
    const seen = await presenceHeartbeat(t.db, ann.id, { tabId: tab(7), examId, questionId: null });
    expect(seen.ok && seen.result.others.length).toBe(3); // tabs 1, 2 and 5; not the stale 6
    await presenceLeave(t.db, bob.id, tab(5));
    expect(await rowsOf(tab(5))).toHaveLength(1);
    await presenceLeave(t.db, ann.id, tab(5));
    expect(await rowsOf(tab(5))).toEqual([]);
    // Someone else's tab id is not taken over.
    await presenceHeartbeat(t.db, bob.id, { tabId: tab(7), examId: (await newExam(bob)).id, questionId: null });
    expect((await rowsOf(tab(7)))[0]!.userId).toBe(ann.id);
  });

  it("a beat names the pages its browser tab left: they are gone before it lists the others, but only its author's", async () => {
    const exam = (await newExam(ann)).id;
    await presenceHeartbeat(t.db, ann.id, { tabId: tab(10), examId: exam, questionId: null });
    await presenceHeartbeat(t.db, bob.id, { tabId: tab(11), examId: (await newExam(bob)).id, questionId: null });
    // The editor (tab 10) gave way to the exam page (tab 12) in the same browser tab; its beacon
    // has not arrived yet.
    const next = await presenceHeartbeat(t.db, ann.id, {
      tabId: tab(12),
      examId: exam,
      questionId: null,
      leftTabs: [tab(10), tab(11), tab(12)],
    });
    expect(next).toEqual({ ok: true, result: { others: [] }, warnings: [] });
    expect(await rowsOf(tab(10))).toEqual([]);
    expect(await rowsOf(tab(11))).toHaveLength(1); // Bob's
    expect(await rowsOf(tab(12))).toHaveLength(1); // the beating tab itself stays
    for (const leftTabs of [["short"], Array.from({ length: 9 }, (_, i) => tab(20 + i)), tab(10)])
      expect(
        await presenceHeartbeat(t.db, ann.id, { tabId: tab(12), examId: exam, questionId: null, leftTabs }),
      ).toMatchObject({
        ok: false,
        code: -32602,
        issues: expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/^leftTabs/) })]),
      });
  });

  it("a leave names one well-formed tab id", async () => {
    expect(await presenceLeave(t.db, ann.id, "short")).toBe(false);
    expect(await presenceLeave(t.db, ann.id, { tabId: tab(1) })).toBe(false);
    expect(await presenceLeave(t.db, ann.id, tab(99))).toBe(true);
  });

  it.runIf(DB_KIND === "postgres")(
    "a tab recorded through one connection pool is seen through another (no state in the process)",
    async () => {
      const other = await openTestDb();
      try {
        await presenceHeartbeat(other.db, ann.id, { tabId: tab(8), examId, questionId });
        const seen = await presenceHeartbeat(t.db, ann.id, { tabId: tab(9), examId, questionId: null });
        expect(seen.ok && seen.result.others.map((o) => o.questionId)).toContain(questionId);
      } finally {
        await other.close();
      }
    },
  );
});
