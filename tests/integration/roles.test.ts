// Access by workspace role and token scope (contract 14.1.2, 14.1.4, 14.1.5), table-driven over
// every registered method: a member whose role (or token scope) allows the call gets its answer;
// one whose role does not gets -32003 naming the role it needs, and nothing changes; someone who
// is not a member gets -32004 as for an object that does not exist; a token reaches its own
// workspace only. The same table runs through the web app's path (a session, no token).
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, comment, membership } from "@/db/schema";
import type { WorkspaceRole } from "@/server/schemas/workspace-roles";
import { createApiToken } from "@/server/auth/tokens";
import { personalWorkspace } from "@/server/data/workspaces";
import { refusal } from "@/server/domain/roles";
import { invokeOperation } from "@/server/rpc/invoke";
import { findOperation, OPERATIONS } from "@/server/rpc/registry";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { choiceQuestion, ok } from "../support/exam-test-helpers";
import { makePng, toBase64 } from "../support/media-fixtures";
import type { ReplyTo } from "../support/reply";

let t: TestApp;
let ann: TestUser;
let workspaceId: number;

/** A call that would succeed for the exam's owner, on objects made fresh for it where it changes them. */
type Call = () => Promise<object>;

let examId: number;
let questionId: number;
let caseStudyId: number;
const fresh = {
  exam: async () => ok(await ann.call("exam.examCreate", { exam: examInput() })).exam.id as number,
  question: async () => ok(await ann.call("exam.questionCreate", choiceQuestion(examId))).question.id as number,
  caseStudy: async () =>
    ok(await ann.call("exam.caseStudyCreate", { case_study: { exam_id: examId, name: "Fresh", description: "" } }))
      .case_study.id as number,
  comment: async () =>
    ok(await ann.call("exam.commentCreate", { question_id: questionId, body: "Fresh" })).comment.id as number,
};

/** An Exam Studio archive of one single choice question without an external id: each import adds it. */
const ONE_QUESTION_ARCHIVE = Buffer.from(
  JSON.stringify({
    format: "exam_studio_archive",
    version: 1,
    questions: [{ type: 1, question: "<p>Imported</p>", answers: choiceQuestion(0).answers }],
  }),
).toString("base64");

const CALLS: Record<string, Call> = {
  "exam.examCreate": async () => ({ exam: examInput() }),
  // The blueprint too (contract 15.1): an editor's write, which a viewer's role refuses.
  "exam.examUpdate": async () => ({
    exam: { id: examId, title: "Renamed", domains: [{ code: "1.0", name: "Fundamentals", weight: 0 }] },
  }),
  "exam.examGet": async () => ({ id: examId }),
  "exam.examList": async () => ({}),
  "exam.examDelete": async () => ({ id: await fresh.exam() }),
  "exam.examUpdateStatus": async () => ({ id: examId, ready: false }),
  "exam.examExport": async () => ({ id: examId, format: "exam_json" }),
  "exam.examDraw": async () => ({ id: examId, seed: 7 }),
  // A new exam in the exam's workspace: an editor's write.
  "exam.examDuplicate": async () => ({ id: examId, title: "Shared, again" }),
  "exam.examImport": async () => ({ file: { name: "one.exam.json", base64: ONE_QUESTION_ARCHIVE }, exam_id: examId }),
  "exam.questionCreate": async () => choiceQuestion(examId),
  "exam.questionUpdate": async () => ({
    question: { ...choiceQuestion(examId, "Edited").question, id: questionId, tags: ["reviewed"] },
    answers: choiceQuestion(examId).answers,
  }),
  "exam.questionGet": async () => ({ id: questionId }),
  "exam.questionDuplicates": async () => ({ exam_id: examId }),
  "exam.questionList": async () => ({ exam_id: examId }),
  "exam.questionSearch": async () => ({ query: "question", exam_id: examId }),
  "exam.questionDelete": async () => ({ id: await fresh.question() }),
  "exam.questionReorder": async () => ({
    exam_id: examId,
    question_ids: ok(await ann.call("exam.questionList", { exam_id: examId, limit: 200 }))
      .questions.map((q: { id: number }) => q.id)
      .reverse(),
  }),
  // Read on the source, editor on the target (contract 15.2 point 2): here both are the shared exam.
  "exam.questionCopy": async () => ({ ids: [questionId], exam_id: examId }),
  "exam.questionScore": async () => ({ question_id: questionId, response: { answer: 1 } }),
  "exam.attemptScore": async () => ({ exam_id: examId, responses: { [questionId]: { answer: 1 } } }),
  "exam.questionTest": async () => ({ id: questionId }),
  "exam.caseStudyCreate": async () => ({ case_study: { exam_id: examId, name: "New", description: "" } }),
  "exam.caseStudyUpdate": async () => ({ case_study: { id: caseStudyId, name: "Renamed", description: "" } }),
  "exam.caseStudyGet": async () => ({ id: caseStudyId }),
  "exam.caseStudyList": async () => ({ exam_id: examId }),
  "exam.caseStudyDelete": async () => ({ id: await fresh.caseStudy() }),
  "exam.historyList": async () => ({ exam_id: examId }),
  "exam.commentCreate": async () => ({ question_id: questionId, body: "Please check the answer." }),
  "exam.commentList": async () => ({ question_id: questionId }),
  "exam.commentResolve": async () => ({ id: await fresh.comment(), resolved: true }),
};

const ROLES: WorkspaceRole[] = ["viewer", "reviewer", "editor", "owner"];
const an = (role: WorkspaceRole) => `${role === "editor" || role === "owner" ? "an" : "a"} ${role}`;
const members = new Map<WorkspaceRole, { user: TestUser; token: string; readToken: string }>();

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
  workspaceId = await personalWorkspace(t.db, ann.id);
  examId = ok(await ann.call("exam.examCreate", { exam: examInput({ title: "Shared" }) })).exam.id;
  questionId = await fresh.question();
  caseStudyId = await fresh.caseStudy();
  for (const role of ROLES) {
    const user = await t.newUser();
    await t.db.insert(membership).values({ workspaceId, userId: user.id, role });
    const token = (await createApiToken(t.db, user.id, `${role} in Ann's`, null, { workspaceId })).token;
    const readToken = (await createApiToken(t.db, user.id, `${role} reading`, null, { workspaceId, scope: "read" }))
      .token;
    members.set(role, { user, token, readToken });
  }
});
afterAll(() => t.close());

async function callWith<M extends string>(token: string, method: M, params: object) {
  const reply = await t.post<ReplyTo<M>>({ jsonrpc: "2.0", id: 1, method, params, accessToken: token });
  return reply.body;
}

/** What a refused call must leave as it was: the exam's history, and its comments (which write none). */
const auditCount = async () => {
  const audit = (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.examId, examId)))[0]!.n;
  const comments = await t.db
    .select({ n: count(), resolved: count(comment.resolvedAt) })
    .from(comment)
    .where(eq(comment.examId, examId));
  return `${audit} entries, ${comments[0]!.n} comments, ${comments[0]!.resolved} resolved`;
};

describe("every method, every role, both token scopes", () => {
  it("covers every registered method", () => {
    expect(Object.keys(CALLS).sort()).toEqual(OPERATIONS.map((op) => op.method).sort());
  });

  for (const role of ROLES) {
    for (const scope of ["write", "read"] as const) {
      it(`${an(role)} with a ${scope}-scoped token`, async () => {
        const member = members.get(role)!;
        for (const [method, params] of Object.entries(CALLS)) {
          const op = findOperation(method)!;
          const why = refusal(role, scope, op.access, method);
          const sent = await params();
          const before = await auditCount();
          const reply = await callWith(scope === "write" ? member.token : member.readToken, method, sent);
          if (why === null) {
            expect(reply.error, `${role}/${scope} ${method}: ${JSON.stringify(reply.error)}`).toBeUndefined();
          } else {
            expect(reply.error?.code, `${role}/${scope} ${method}`).toBe(-32003);
            expect(reply.error?.message).toBe("Forbidden");
            expect(reply.errors?.[0]).toBe(why);
            expect(await auditCount(), `${method} changed nothing`).toBe(before);
          }
        }
      });
    }
  }
});

describe("membership", () => {
  it("someone outside the workspace gets -32004 for its objects, as for ones that do not exist", async () => {
    const outsider = await t.newUser();
    for (const method of [
      "exam.examGet",
      "exam.examDraw",
      "exam.questionDuplicates",
      "exam.examUpdate",
      "exam.questionGet",
      "exam.questionUpdate",
      "exam.caseStudyGet",
      "exam.historyList",
      "exam.questionList",
      "exam.questionSearch",
      "exam.questionScore",
      "exam.attemptScore",
      "exam.questionTest",
    ]) {
      const reply = await outsider.call(method, await CALLS[method]!());
      expect(reply.error?.code, method).toBe(-32004);
    }
    // Their own list is their own workspace's.
    expect(ok(await outsider.call("exam.examList", {})).exams).toEqual([]);
  });

  it("a token reaches its own workspace only, even when its person is a member of another", async () => {
    const editor = members.get("editor")!.user;
    // editor.call uses the token made in the person's own workspace.
    expect((await editor.call("exam.examGet", { id: examId })).error?.code).toBe(-32004);
    const created = ok(await editor.call("exam.examCreate", { exam: examInput({ title: "Mine" }) })).exam;
    const [row] = await t.db.select().from(membership).where(eq(membership.userId, editor.id));
    expect(row).toBeDefined();
    expect(ok(await callWith(members.get("editor")!.token, "exam.examList", {})).exams.map((e) => e.id)).not.toContain(
      created.id,
    );
  });

  it("a member removed from the workspace loses its tokens there at once", async () => {
    const user = await t.newUser();
    await t.db.insert(membership).values({ workspaceId, userId: user.id, role: "editor" });
    const { token } = await createApiToken(t.db, user.id, "soon gone", null, { workspaceId });
    expect((await callWith(token, "exam.examGet", { id: examId })).error).toBeUndefined();
    await t.db.delete(membership).where(eq(membership.userId, user.id));
    expect((await callWith(token, "exam.examGet", { id: examId })).error?.code).toBe(-32001);
  });
});

describe("media", () => {
  it("members edit each other's content with its stored images; an outsider cannot reference them", async () => {
    const png = toBase64(makePng(20, 10, [10, 20, 30]));
    const created = ok(
      await ann.call("exam.questionCreate", {
        question: {
          ...choiceQuestion(examId, "With a picture").question,
          explanation: '<p><img src="p.png" alt="p"></p>',
        },
        answers: choiceQuestion(examId).answers,
        resources: { "p.png": png },
      }),
    );
    const stored = created.question.explanation as string;
    expect(stored).toMatch(/\/media\/[0-9a-f]{64}\.png/);
    const edit = {
      question: {
        ...choiceQuestion(examId, "Edited by a colleague").question,
        id: created.question.id,
        explanation: stored,
      },
      answers: choiceQuestion(examId).answers,
    };
    ok(await callWith(members.get("editor")!.token, "exam.questionUpdate", edit));
    const outsider = await t.newUser();
    const own = ok(await outsider.call("exam.examCreate", { exam: examInput() })).exam.id;
    const reply = await outsider.call("exam.questionCreate", {
      question: { ...choiceQuestion(own).question, explanation: stored },
      answers: choiceQuestion(own).answers,
    });
    // Media of a workspace one is not in answers as media that does not exist.
    expect(reply.error?.code).toBe(-32004);
  });
});

describe("the web app's path (a session, no token)", () => {
  for (const role of ROLES) {
    it(`${an(role)} signed in`, async () => {
      const { user } = members.get(role)!;
      for (const [method, params] of Object.entries(CALLS)) {
        const op = findOperation(method)!;
        const why = refusal(role, "write", op.access, method);
        // The session's current workspace is Ann's (the header's switcher chose it): it creates and lists there too.
        const reply = await invokeOperation(
          t.app,
          { userId: user.id, tokenName: null, currentWorkspaceId: workspaceId },
          op,
          await params(),
          null,
          "app",
        );
        const error = "error" in reply ? reply.error : undefined;
        if (why === null) {
          expect(error, `${role} ${method}: ${JSON.stringify(error)}`).toBeUndefined();
        } else {
          expect(error?.code, `${role} ${method}`).toBe(-32003);
        }
      }
    });
  }
});
