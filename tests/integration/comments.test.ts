// Review comments on questions (contract 14.2 rule 5): commentCreate, commentResolve and
// commentList over the real transport on the real database. The comment object and its body
// rules (plain text, trimmed, 1–5000 characters, no control characters but line breaks and tabs),
// pages oldest first that cover every comment once, another user's question or comment answering
// -32004 exactly like a missing one, comments changing neither the question's version nor the
// exam's status nor its history, and comments going with their question (moved or deleted).
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comment, question } from "@/db/schema";
import { moveQuestionComments, openCommentCounts } from "@/server/data/comments";
import { createTestApp, DB_KIND, type TestApp, type TestUser } from "../support/test-app";
import { auditRows, choiceQuestion, fails, newExam, ok } from "../support/exam-test-helpers";
import type { Reply, ReplyTo } from "../support/reply";
import type { ResultOf } from "@/server/rpc/operation-types";

type Comment = ResultOf<"exam.commentList">["comments"][number];

const INVALID = -32602;
const NOT_FOUND = -32004;
const MISSING = 2147483647;
const COMMENT_FIELDS = ["author", "body", "created_at", "id", "question_id", "resolved", "resolved_at"];

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  u = await t.newUser();
});
afterAll(() => t.close());

/** A new exam of `who` with one question; returns both ids. */
async function examWithQuestion(who: TestUser, title = "Comments") {
  const exam = await newExam(who, { title });
  const question = ok(await who.call("exam.questionCreate", choiceQuestion(exam.id))).question;
  return { examId: exam.id, questionId: question.id };
}

const commentRows = (questionId: number) =>
  t.db.select().from(comment).where(eq(comment.questionId, questionId)).orderBy(asc(comment.id));

const create = async (who: TestUser, questionId: number, body: string) =>
  ok(await who.call("exam.commentCreate", { question_id: questionId, body })).comment;

/** Every comment of the question, following next_cursor with pages of `limit`; and the number of pages. */
async function allPages(who: TestUser, questionId: number, limit: number) {
  const comments: Comment[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = ok(
      await who.call("exam.commentList", { question_id: questionId, limit, ...(cursor ? { cursor } : {}) }),
    );
    expect(page.comments.length).toBeLessThanOrEqual(limit);
    comments.push(...page.comments);
    cursor = page.next_cursor ?? undefined;
    pages += 1;
  } while (cursor && pages < 100);
  return { comments, pages };
}

describe("exam.commentCreate, commentResolve, commentList", () => {
  it("creates a comment and answers it as stored, with its author; the body is plain text, trimmed, line breaks as \\n", async () => {
    const { questionId } = await examWithQuestion(u);
    const before = Date.now();
    const body = "  <p>Is <b>port 443</b> right?</p> & <script>alert(1)</script>\r\nSecond line\r\tindented\n\n  ";
    const reply = await u.call("exam.commentCreate", { question_id: questionId, body });
    const created = ok(reply).comment;
    expect(reply.warnings).toEqual([]);
    expect(Object.keys(created).sort()).toEqual(COMMENT_FIELDS);
    expect(created).toEqual({
      id: expect.any(Number),
      question_id: questionId,
      // HTML is not interpreted: the text as given, trimmed, CRLF and CR as LF, the tab kept.
      body: "<p>Is <b>port 443</b> right?</p> & <script>alert(1)</script>\nSecond line\n\tindented",
      author: { email: u.email, name: u.email },
      created_at: expect.any(String),
      resolved: false,
      resolved_at: null,
    });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 5_000);
    // Read back: the list answers the same object.
    expect(ok(await u.call("exam.commentList", { question_id: questionId })).comments).toEqual([created]);
    const [row] = await commentRows(questionId);
    expect(row).toMatchObject({
      authorId: u.id,
      body: created.body,
      resolved: false,
      resolvedAt: null,
      resolvedBy: null,
    });
  });

  it("resolves and reopens a comment: resolved_at is set, kept when resolved again, and cleared on reopening", async () => {
    const { questionId } = await examWithQuestion(u);
    const first = await create(u, questionId, "First");
    const second = await create(u, questionId, "Second");

    const resolved = ok(await u.call("exam.commentResolve", { id: first.id, resolved: true })).comment;
    expect(Object.keys(resolved).sort()).toEqual(COMMENT_FIELDS);
    expect(resolved).toEqual({ ...first, resolved: true, resolved_at: expect.any(String) });
    expect(Date.parse(resolved.resolved_at!)).toBeGreaterThanOrEqual(Date.parse(first.created_at));
    expect((await commentRows(questionId))[0]).toMatchObject({ resolved: true, resolvedBy: u.id });

    // Resolving it again changes nothing: it keeps the time it was resolved.
    expect(ok(await u.call("exam.commentResolve", { id: first.id, resolved: true })).comment).toEqual(resolved);
    // Only that comment: the list shows both, oldest first.
    expect(ok(await u.call("exam.commentList", { question_id: questionId })).comments).toEqual([resolved, second]);

    const reopened = ok(await u.call("exam.commentResolve", { id: first.id, resolved: false })).comment;
    expect(reopened).toEqual(first);
    expect((await commentRows(questionId))[0]).toMatchObject({ resolved: false, resolvedAt: null, resolvedBy: null });
    // Reopening an open comment changes nothing either.
    expect(ok(await u.call("exam.commentResolve", { id: second.id, resolved: false })).comment).toEqual(second);
    expect(ok(await u.call("exam.commentList", { question_id: questionId })).comments).toEqual([first, second]);
  });

  it("lists oldest first in pages that hold every comment exactly once", async () => {
    const { questionId } = await examWithQuestion(u);
    const other = await examWithQuestion(u, "Other");
    const made: Comment[] = [];
    for (let i = 1; i <= 7; i++) {
      made.push(await create(u, questionId, `Comment ${i}`));
      // Another question's comments in between never show in this one's list.
      if (i % 3 === 0) await create(u, other.questionId, `Elsewhere ${i}`);
    }
    await u.call("exam.commentResolve", { id: made[2]!.id, resolved: true });
    made[2] = ok(await u.call("exam.commentList", { question_id: questionId })).comments[2]!;
    expect(made[2].resolved).toBe(true);

    for (const limit of [1, 3, 7, 50]) {
      const { comments, pages } = await allPages(u, questionId, limit);
      expect(comments, `limit ${limit}`).toEqual(made);
      expect(pages).toBe(Math.max(1, Math.ceil(7 / limit)));
    }
    const ids = made.map((c) => c.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // The default page is 50; a page that ends exactly at the last comment says so.
    const whole = ok(await u.call("exam.commentList", { question_id: questionId, limit: 7 }));
    expect(whole.next_cursor).toBeNull();
    // A comment written after a page was read comes on the next one.
    const firstPage = ok(await u.call("exam.commentList", { question_id: questionId, limit: 7 - 1 }));
    const late = await create(u, questionId, "Late");
    expect(
      ok(await u.call("exam.commentList", { question_id: questionId, cursor: firstPage.next_cursor })).comments.map(
        (c) => c.id,
      ),
    ).toEqual([made[6]!.id, late.id]);
    // An empty question: an empty page, no cursor.
    const empty = await examWithQuestion(u, "Empty");
    expect(ok(await u.call("exam.commentList", { question_id: empty.questionId }))).toEqual({
      comments: [],
      next_cursor: null,
      completed: true,
    });
  });

  it("refuses list params out of bounds and forged cursors (-32602 at the param)", async () => {
    const { questionId } = await examWithQuestion(u);
    fails(await u.call("exam.commentList", { question_id: questionId, limit: 0 }), INVALID, "limit", "too_small");
    fails(await u.call("exam.commentList", { question_id: questionId, limit: 201 }), INVALID, "limit", "too_big");
    fails(await u.call("exam.commentList", { question_id: questionId, limit: "5" }), INVALID, "limit", "invalid_type");
    for (const cursor of [
      "nonsense",
      Buffer.from(JSON.stringify(["x"])).toString("base64url"),
      Buffer.from(JSON.stringify([2 ** 40])).toString("base64url"),
    ]) {
      fails(await u.call("exam.commentList", { question_id: questionId, cursor }), INVALID, "cursor", "invalid_cursor");
    }
    fails(await u.call("exam.commentList", {}), INVALID, "question_id", "required");
    fails(await u.call("exam.commentResolve", { id: 1, resolved: "yes" }), INVALID, "resolved", "invalid_type");
    fails(await u.call("exam.commentResolve", { id: 1 }), INVALID, "resolved", "required");
    fails(await u.call("exam.commentResolve", { id: 0, resolved: true }), INVALID, "id", "too_small");
    // Unknown params are ignored with a warning naming them.
    const warned = await u.call("exam.commentList", { question_id: questionId, sort: "desc" });
    ok(warned);
    expect(warned.warning_details).toEqual([
      { code: "unknown_field", path: "", message: expect.stringContaining('"sort"') },
    ]);
  });

  describe("the body", () => {
    let questionId: number;
    beforeAll(async () => {
      ({ questionId } = await examWithQuestion(u, "Body rules"));
    });

    const refused: [string, unknown, string][] = [
      ["empty", "", "empty"],
      ["only spaces", "   ", "empty"],
      ["only line breaks and tabs", "\r\n\t\n ", "empty"],
      ["over 5000 characters after trimming", "x".repeat(5001), "too_long"],
      ["a bell", "Ring\u0007", "invalid_character"],
      ["an escape sequence", "\u001b[31mred\u001b[0m", "invalid_character"],
      ["a vertical tab inside", "a\u000Bb", "invalid_character"],
      ["a form feed inside", "a\u000Cb", "invalid_character"],
      ["DEL", "a\u007Fb", "invalid_character"],
      ["a C1 control", "a\u0085b", "invalid_character"],
      ["NUL", "a\u0000b", "invalid_character"],
      ["a number", 5, "invalid_type"],
      ["null", null, "invalid_type"],
      ["an array", ["text"], "invalid_type"],
      ["an object", { text: "x" }, "invalid_type"],
      ["a boolean", true, "invalid_type"],
    ];

    it.each(refused)("refuses %s with -32602 at body, storing nothing", async (_name, body, code) => {
      const before = await commentRows(questionId);
      const reply = await u.call("exam.commentCreate", { question_id: questionId, body });
      const issues = fails(reply, INVALID, "body", code);
      expect(issues.every((i) => i.path === "body")).toBe(true);
      expect(await commentRows(questionId)).toEqual(before);
    });

    it("says which control character it found", async () => {
      const reply = await u.call("exam.commentCreate", { question_id: questionId, body: "a\u001bb" });
      expect(reply.errors).toEqual([
        expect.stringMatching(/^body: contains the control character U\+001B; a comment is plain text/),
      ]);
    });

    it("refuses a missing body, and reports a wrong question_id with it", async () => {
      const issues = fails(await u.call("exam.commentCreate", { question_id: "x" }), INVALID, "body", "required");
      expect(issues.map((i) => i.path).sort()).toEqual(["body", "question_id"]);
    });

    it("takes 5000 characters after trimming, tabs and line breaks, and any other text", async () => {
      const long = "y".repeat(5000);
      expect((await create(u, questionId, `\n  ${long}  \n`)).body).toBe(long);
      for (const body of [
        "a\tb\nc",
        "😀 e\u0301 \u202Eright-to-left\u202C",
        "\u2028 line separator",
        '{"json": true}',
        "' OR 1=1 --",
      ]) {
        expect((await create(u, questionId, body)).body).toBe(body.trim());
      }
    });
  });

  describe("another user's question or comment", () => {
    let owner: TestUser;
    let intruder: TestUser;
    let questionId: number;
    let commentId: number;
    beforeAll(async () => {
      owner = await t.newUser();
      intruder = await t.newUser();
      ({ questionId } = await examWithQuestion(owner, "Private"));
      commentId = (await create(owner, questionId, "Owner's note")).id;
      await examWithQuestion(intruder, "Intruder's own");
    });

    /** The error with the given id written as <id>: the rest must be identical. */
    function normalised(body: Reply<unknown>, id: number) {
      const pattern = new RegExp(`(?<![0-9])${id}(?![0-9])`, "g");
      return JSON.parse(JSON.stringify({ error: body.error, errors: body.errors }).replace(pattern, "<id>"));
    }

    const cases: { method: string; params: (id: number) => unknown; theirs: () => number; path: string }[] = [
      {
        method: "exam.commentCreate",
        params: (id) => ({ question_id: id, body: "Mine now" }),
        theirs: () => questionId,
        path: "question_id",
      },
      {
        method: "exam.commentList",
        params: (id) => ({ question_id: id }),
        theirs: () => questionId,
        path: "question_id",
      },
      { method: "exam.commentResolve", params: (id) => ({ id, resolved: true }), theirs: () => commentId, path: "id" },
    ];

    for (const c of cases) {
      it(`${c.method}: -32004 exactly like a missing id, nothing changed`, async () => {
        const before = await commentRows(questionId);
        const theirs = await intruder.call(c.method, c.params(c.theirs()));
        const missing = await intruder.call(c.method, c.params(MISSING));
        fails(theirs, NOT_FOUND, c.path, "not_found");
        fails(missing, NOT_FOUND, c.path, "not_found");
        expect(normalised(theirs, c.theirs())).toEqual(normalised(missing, MISSING));
        expect(theirs.errors?.[0]).toMatch(/does not exist/);
        expect(await commentRows(questionId)).toEqual(before);
      });
    }

    it("the owner still sees the comment as it was", async () => {
      const { comments } = ok(await owner.call("exam.commentList", { question_id: questionId }));
      expect(comments).toEqual([
        expect.objectContaining({
          id: commentId,
          body: "Owner's note",
          resolved: false,
          author: { email: owner.email, name: owner.email },
        }),
      ]);
      // And the open counts of the intruder's reading of the owner's exam are empty.
      const examId = (await t.db.select({ examId: comment.examId }).from(comment).where(eq(comment.id, commentId)))[0]!
        .examId;
      expect(await openCommentCounts(t.db, intruder.id, examId)).toEqual(new Map());
      expect(await openCommentCounts(t.db, owner.id, examId)).toEqual(new Map([[questionId, 1]]));
    });
  });

  it("changes neither the question's version nor the exam's status, version or history", async () => {
    const exam = await newExam(u, { title: "Ready one" });
    const questionId = ok(await u.call("exam.questionCreate", choiceQuestion(exam.id))).question.id;
    ok(await u.call("exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true }));
    const examBefore = ok(await u.call("exam.examGet", { id: exam.id }));
    const questionBefore = ok(await u.call("exam.questionGet", { id: questionId }));
    expect(examBefore.exam.status).toBe("ready");
    const history = await auditRows(t, exam.id);

    const c = await create(u, questionId, "Looks good");
    ok(await u.call("exam.commentResolve", { id: c.id, resolved: true }));
    ok(await u.call("exam.commentResolve", { id: c.id, resolved: false }));
    ok(await u.call("exam.commentList", { question_id: questionId }));

    const examAfter = ok(await u.call("exam.examGet", { id: exam.id }));
    expect(examAfter.exam.status).toBe("ready");
    expect(examAfter).toEqual(examBefore);
    expect(ok(await u.call("exam.questionGet", { id: questionId }))).toEqual(questionBefore);
    expect(questionBefore.version).toBe(1);
    expect(await auditRows(t, exam.id)).toEqual(history);
    expect(ok(await u.call("exam.historyList", { exam_id: exam.id })).entries.map((e) => e.method)).not.toContain(
      "exam.commentCreate",
    );
  });

  it("deleting the question deletes its comments; they are then -32004", async () => {
    const { examId, questionId } = await examWithQuestion(u);
    const kept = await examWithQuestion(u, "Kept");
    const a = await create(u, questionId, "One");
    await create(u, questionId, "Two");
    const other = await create(u, kept.questionId, "Stays");
    ok(await u.call("exam.questionDelete", { id: questionId }));
    expect(await commentRows(questionId)).toEqual([]);
    fails(await u.call("exam.commentList", { question_id: questionId }), NOT_FOUND, "question_id");
    fails(await u.call("exam.commentResolve", { id: a.id, resolved: true }), NOT_FOUND, "id");
    fails(await u.call("exam.commentCreate", { question_id: questionId, body: "Too late" }), NOT_FOUND, "question_id");
    expect(await commentRows(questionId)).toEqual([]);
    expect(await openCommentCounts(t.db, u.id, examId)).toEqual(new Map());
    // Deleting the exam deletes the comments of its questions.
    ok(await u.call("exam.examDelete", { id: kept.examId }));
    expect(await t.db.select().from(comment).where(eq(comment.id, other.id))).toEqual([]);
  });

  it("a question moved to another exam takes its comments along, and the open counts follow", async () => {
    const from = await examWithQuestion(u, "From");
    const to = await newExam(u, { title: "To" });
    const c1 = await create(u, from.questionId, "Open");
    const c2 = await create(u, from.questionId, "Done");
    ok(await u.call("exam.commentResolve", { id: c2.id, resolved: true }));
    expect(await openCommentCounts(t.db, u.id, from.examId)).toEqual(new Map([[from.questionId, 1]]));

    const move = choiceQuestion(to.id);
    ok(await u.call("exam.questionUpdate", { ...move, question: { ...move.question, id: from.questionId } }));
    expect((await commentRows(from.questionId)).map((r) => r.examId)).toEqual([to.id, to.id]);
    expect(await openCommentCounts(t.db, u.id, from.examId)).toEqual(new Map());
    expect(await openCommentCounts(t.db, u.id, to.id)).toEqual(new Map([[from.questionId, 1]]));
    expect(ok(await u.call("exam.commentList", { question_id: from.questionId })).comments.map((c) => c.id)).toEqual([
      c1.id,
      c2.id,
    ]);
  });

  it("counts each question's open comments in one read per exam", async () => {
    const exam = await newExam(u, { title: "Counts" });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(ok(await u.call("exam.questionCreate", choiceQuestion(exam.id, `Q${i}`))).question.id);
    await create(u, ids[0]!, "a");
    await create(u, ids[0]!, "b");
    const resolved = await create(u, ids[1]!, "c");
    ok(await u.call("exam.commentResolve", { id: resolved.id, resolved: true }));
    await create(u, ids[2]!, "d");
    expect(await openCommentCounts(t.db, u.id, exam.id)).toEqual(
      new Map([
        [ids[0]!, 2],
        [ids[2]!, 1],
      ]),
    );
  });

  // PostgreSQL only: the test holds a transaction open while the API waits for it, which PGlite's
  // one connection cannot do.
  it.runIf(DB_KIND === "postgres")(
    "a comment call that waits for a move in progress finds the question and comment where the move put them",
    async () => {
      const from = await examWithQuestion(u, "Moving from");
      const to = await newExam(u, { title: "Moving to" });
      const earlier = await create(u, from.questionId, "Earlier");
      let created: Promise<ReplyTo<"exam.commentCreate">> | undefined;
      let resolved: Promise<ReplyTo<"exam.commentResolve">> | undefined;
      await t.db.transaction(async (tx) => {
        // What questionUpdate's move does to these rows, held uncommitted for a moment.
        await tx.update(question).set({ examId: to.id }).where(eq(question.id, from.questionId));
        await moveQuestionComments(tx as never, from.questionId, to.id);
        created = u.call("exam.commentCreate", { question_id: from.questionId, body: "During the move" });
        resolved = u.call("exam.commentResolve", { id: earlier.id, resolved: true });
        await new Promise((r) => setTimeout(r, 300));
      });
      const during = ok(await created!).comment;
      expect(ok(await resolved!).comment).toMatchObject({ id: earlier.id, resolved: true });
      expect((await commentRows(from.questionId)).map((r) => [r.id, r.examId])).toEqual([
        [earlier.id, to.id],
        [during.id, to.id],
      ]);
    },
  );

  it("comments written while their question moves between exams stay under the question's exam", async () => {
    const a = await newExam(u, { title: "Ping" });
    const b = await newExam(u, { title: "Pong" });
    const questionId = ok(await u.call("exam.questionCreate", choiceQuestion(a.id))).question.id;
    const base = choiceQuestion(a.id);
    const first = await create(u, questionId, "Before the moves");
    const rounds = DB_KIND === "postgres" ? 8 : 3;
    for (let i = 0; i < rounds; i++) {
      const target = i % 2 === 0 ? b.id : a.id;
      const replies = await Promise.all([
        u.call("exam.questionUpdate", { ...base, question: { ...base.question, exam_id: target, id: questionId } }),
        ...Array.from({ length: 3 }, (_, k) =>
          u.call("exam.commentCreate", { question_id: questionId, body: `Round ${i}.${k}` }),
        ),
        // Resolving a comment whose exam_id the move changes meanwhile finds it all the same.
        u.call("exam.commentResolve", { id: first.id, resolved: i % 2 === 0 }),
      ]);
      for (const r of replies) ok(r);
    }
    const finalExam = ok(await u.call("exam.questionGet", { id: questionId })).question.exam_id;
    const rows = await t.db.select({ examId: comment.examId }).from(comment).where(eq(comment.questionId, questionId));
    expect(rows).toHaveLength(rounds * 3 + 1);
    expect(new Set(rows.map((r) => r.examId))).toEqual(new Set([finalExam]));
  });
});
