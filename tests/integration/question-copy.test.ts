// exam.questionCopy (contract 15.2 point 2) over real HTTP: what a copy keeps and drops, its
// domain (sent, by code, or none), copied_from, the history, auto-handling and the return to
// draft, case studies, media across workspaces, and every bad input changing nothing.
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, caseStudy, exam, media, membership, question } from "@/db/schema";
import { personalWorkspace } from "@/server/data/workspaces";
import { questionCopy } from "@/server/operations/question-copy";
import { invokeOperation } from "@/server/rpc/invoke";
import { COPY_IDS_MAX } from "@/server/schemas/copies";
import { createApiToken } from "@/server/auth/tokens";
import {
  addQuestions,
  auditRows,
  choiceQuestion,
  examRow,
  fails,
  newExam,
  ok,
  questionRows,
  warningAt,
} from "../support/exam-test-helpers";
import { makePng, toBase64 } from "../support/media-fixtures";
import type { Reply } from "../support/reply";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

const copy = async (u: TestUser, params: object) => ok(await u.call("exam.questionCopy", params));

/** Sets the exam's blueprint (domains by code, weight 0); answers the domains' ids in order. */
async function setDomains(examId: number, codes: string[]): Promise<number[]> {
  ok(
    await ann.call("exam.examUpdate", {
      exam: { id: examId, domains: codes.map((code) => ({ code, name: `Domain ${code}`, weight: 0 })) },
    }),
  );
  return ok(await ann.call("exam.examGet", { id: examId })).exam.domains.map((d) => d.id);
}

/** A question with a bit of everything a copy keeps: points, properties, tags, a domain, an external id. */
async function richQuestion(examId: number, text: string, extra: Record<string, unknown> = {}) {
  const q = choiceQuestion(examId, text);
  return ok(
    await ann.call("exam.questionCreate", {
      question: {
        ...q.question,
        explanation: `<p>Why: ${text}</p>`,
        points: 3,
        external_id: `ext-${text}`,
        tags: ["Ports", "tcp"],
        ...extra,
      },
      answers: [
        { answer: "<p>4</p>", is_correct: true, points: 2 },
        { answer: "<p>5</p>", is_correct: false },
      ],
    }),
  ).question.id;
}

/**
 * Everything a refused call must leave as it was: the questions, history entries and case studies
 * of the exams of `users` (other test files share the database).
 */
async function snapshot(users: TestUser[]) {
  const exams = t.db
    .select({ id: exam.id })
    .from(exam)
    .where(
      inArray(
        exam.ownerId,
        users.map((u) => u.id),
      ),
    );
  const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
  return {
    questions: await n(t.db.select({ n: count() }).from(question).where(inArray(question.examId, exams))),
    audit: await n(t.db.select({ n: count() }).from(auditLog).where(inArray(auditLog.examId, exams))),
    caseStudies: await n(t.db.select({ n: count() }).from(caseStudy).where(inArray(caseStudy.examId, exams))),
  };
}

describe("exam.questionCopy: what a copy is", () => {
  it("appends copies in the order of ids, keeping content, points and tags, without the external id", async () => {
    const source = await newExam(ann, { title: "Source" });
    const a = await richQuestion(source.id, "First");
    const b = await richQuestion(source.id, "Second");
    const target = await newExam(ann, { title: "Target" });
    const [existing] = await addQuestions(t, ann, target.id, 1);

    const result = await copy(ann, { ids: [b, a], exam_id: target.id });
    expect(result.questions.map((q) => q.copied_from)).toEqual([
      { question_id: b, exam_id: source.id, version: 1 },
      { question_id: a, exam_id: source.id, version: 1 },
    ]);
    const rows = await questionRows(t, target.id);
    expect(rows.map((r) => r.id)).toEqual([existing, ...result.questions.map((q) => q.id)]);

    const original = ok(await ann.call("exam.questionGet", { id: b }));
    const copied = ok(await ann.call("exam.questionGet", { id: result.questions[0]!.id }));
    expect(original.question.copied_from).toBeNull();
    expect(copied.question).toEqual({
      ...original.question,
      id: result.questions[0]!.id,
      exam_id: target.id,
      external_id: null,
      copied_from: { question_id: b, exam_id: source.id, version: 1 },
    });
    expect(copied.question.tags).toEqual(["Ports", "tcp"]);
    expect(copied.question.points).toBe(3);
    // The answers are new rows with the same content.
    expect(copied.answers.map(({ id: _id, ...rest }) => rest)).toEqual(
      original.answers.map(({ id: _id, ...rest }) => rest),
    );
    expect(copied.answers.map((x) => x.id)).not.toEqual(original.answers.map((x) => x.id));
    // The source is untouched.
    expect((await questionRows(t, source.id)).map((r) => r.id)).toEqual([a, b]);
  });

  it("records the source's version at the time of the copy; a copy of a copy names the copy", async () => {
    const source = await newExam(ann);
    const id = await richQuestion(source.id, "Versioned");
    ok(
      await ann.call("exam.questionUpdate", {
        question: { ...choiceQuestion(source.id, "Versioned, edited").question, id },
        answers: choiceQuestion(source.id).answers,
      }),
    );
    const first = (await copy(ann, { ids: [id], exam_id: source.id })).questions[0]!;
    expect(first.copied_from).toEqual({ question_id: id, exam_id: source.id, version: 2 });
    const second = (await copy(ann, { ids: [first.id], exam_id: source.id })).questions[0]!;
    expect(second.copied_from).toEqual({ question_id: first.id, exam_id: source.id, version: 1 });
    // questionList shows copied_from too.
    const listed = ok(await ann.call("exam.questionList", { exam_id: source.id })).questions;
    expect(listed.map((q) => q.copied_from?.question_id ?? null)).toEqual([null, id, first.id]);
  });

  it("writes every copy to the history as questionGet shows it", async () => {
    const source = await newExam(ann);
    const ids = await addQuestions(t, ann, source.id, 2);
    const target = await newExam(ann);
    const before = (await auditRows(t, target.id)).length;
    const { questions } = await copy(ann, { ids, exam_id: target.id });
    const entries = (await auditRows(t, target.id)).slice(before);
    expect(entries.map((e) => [e.method, e.objectType, e.objectId, e.version])).toEqual(
      questions.map((q) => ["exam.questionCopy", "question", q.id, 1]),
    );
    const got = ok(await ann.call("exam.questionGet", { id: questions[0]!.id }));
    expect(entries[0]!.snapshot).toEqual({ question: got.question, answers: got.answers });
    const history = ok(
      await ann.call("exam.historyList", { exam_id: target.id, object_type: "question", object_id: questions[1]!.id }),
    );
    expect(history.entries.map((e) => e.method)).toEqual(["exam.questionCopy"]);
  });
});

describe("exam.questionCopy: the domain", () => {
  it("takes the target's domain with the source domain's code (regardless of case), else none", async () => {
    const source = await newExam(ann);
    const [s1, s2] = await setDomains(source.id, ["1.0", "Sec"]);
    const inS1 = await richQuestion(source.id, "In 1.0", { domain_id: s1 });
    const inS2 = await richQuestion(source.id, "In Sec", { domain_id: s2 });
    const none = await richQuestion(source.id, "Unassigned");
    const target = await newExam(ann);
    const [, t1] = await setDomains(target.id, ["SEC", "1.0"]);

    const { questions } = await copy(ann, { ids: [inS1, inS2, none], exam_id: target.id });
    const rows = new Map((await questionRows(t, target.id)).map((r) => [r.id, r.domainId]));
    expect(questions.map((q) => rows.get(q.id))).toEqual([t1, rows.get(questions[1]!.id), null]);
    const targetDomains = ok(await ann.call("exam.examGet", { id: target.id })).exam.domains;
    expect(rows.get(questions[1]!.id)).toBe(targetDomains.find((d) => d.code === "SEC")!.id);

    // Into an exam without those codes: none.
    const bare = await newExam(ann);
    await setDomains(bare.id, ["9.9"]);
    const plain = await copy(ann, { ids: [inS1], exam_id: bare.id });
    expect((await questionRows(t, bare.id))[0]!.domainId).toBeNull();
    expect(plain.questions).toHaveLength(1);
  });

  it("puts every copy into domain_id when sent, and into none for null", async () => {
    const source = await newExam(ann);
    const [s1] = await setDomains(source.id, ["1.0"]);
    const q = await richQuestion(source.id, "Domained", { domain_id: s1 });
    const target = await newExam(ann);
    const [t1, t2] = await setDomains(target.id, ["1.0", "2.0"]);
    const into = await copy(ann, { ids: [q], exam_id: target.id, domain_id: t2 });
    const cleared = await copy(ann, { ids: [q], exam_id: target.id, domain_id: null });
    const byCode = await copy(ann, { ids: [q], exam_id: target.id });
    const rows = new Map((await questionRows(t, target.id)).map((r) => [r.id, r.domainId]));
    expect(rows.get(into.questions[0]!.id)).toBe(t2);
    expect(rows.get(cleared.questions[0]!.id)).toBeNull();
    expect(rows.get(byCode.questions[0]!.id)).toBe(t1);
  });
});

describe("exam.questionCopy: the target exam", () => {
  it("runs auto-handling on the new count and takes a ready exam back to draft", async () => {
    const source = await newExam(ann);
    const ids = await addQuestions(t, ann, source.id, 6);
    const target = await newExam(ann);
    await addQuestions(t, ann, target.id, 4);
    ok(await ann.call("exam.examUpdateStatus", { id: target.id, ready: true }));
    expect((await examRow(t, target.id))!.testingQuestions).toBe(4);

    await copy(ann, { ids, exam_id: target.id });
    const exam = ok(await ann.call("exam.examGet", { id: target.id })).exam;
    expect(exam).toMatchObject({ question_count: 10, testing_questions: 10, testing_time: 15, status: "draft" });
    const statusEntries = (await auditRows(t, target.id)).filter((e) => e.objectType === "exam");
    expect(statusEntries.at(-1)).toMatchObject({ method: "exam.questionCopy", snapshot: { status: "draft" } });
  });

  it("keeps a locked testing_questions as any added question does (contract 5, example 6)", async () => {
    const source = await newExam(ann);
    const ids = await addQuestions(t, ann, source.id, 10);
    const target = await newExam(ann);
    await addQuestions(t, ann, target.id, 40);
    ok(await ann.call("exam.examUpdate", { exam: { id: target.id, testing_questions: 30 } }));
    await copy(ann, { ids, exam_id: target.id });
    expect(ok(await ann.call("exam.examGet", { id: target.id })).exam).toMatchObject({
      question_count: 50,
      testing_auto: false,
      testing_questions: 30,
      testing_time: 60,
    });
  });

  it("puts a case study question into the target's case study of that name, copying the case study when it has none", async () => {
    const source = await newExam(ann);
    const study = ok(
      await ann.call("exam.caseStudyCreate", {
        case_study: { exam_id: source.id, name: "Contoso", description: "<p>Two offices.</p>" },
      }),
    ).case_study;
    const q1 = await richQuestion(source.id, "Case one", { case_study_id: study.id });
    const q2 = await richQuestion(source.id, "Case two", { case_study_id: study.id });
    const target = await newExam(ann);
    const { questions } = await copy(ann, { ids: [q1, q2], exam_id: target.id });
    const studies = ok(await ann.call("exam.caseStudyList", { exam_id: target.id })).case_studies;
    expect(studies).toEqual([
      { id: studies[0]!.id, exam_id: target.id, name: "Contoso", description: "<p>Two offices.</p>" },
    ]);
    const rows = await questionRows(t, target.id);
    expect(rows.map((r) => [r.id, r.caseStudyId])).toEqual(questions.map((q) => [q.id, studies[0]!.id]));
    // Again: the target's own case study of that name is used.
    await copy(ann, { ids: [q1], exam_id: target.id });
    expect(ok(await ann.call("exam.caseStudyList", { exam_id: target.id })).case_studies).toHaveLength(1);
    // Within the source exam: its own case study.
    const within = await copy(ann, { ids: [q1], exam_id: source.id });
    const [row] = await t.db.select().from(question).where(eq(question.id, within.questions[0]!.id));
    expect(row!.caseStudyId).toBe(study.id);
    const entries = (await auditRows(t, target.id)).filter((e) => e.objectType === "case_study");
    expect(entries.map((e) => e.method)).toEqual(["exam.questionCopy"]);
  });
});

describe("exam.questionCopy: access", () => {
  it("copies from an exam the caller only reads, into one it edits, across workspaces (the app's session)", async () => {
    // Ann's exam, with a picture; Bob reads Ann's workspace and edits his own.
    const png = toBase64(makePng(12, 8, [200, 10, 10]));
    const source = await newExam(ann);
    const created = ok(
      await ann.call("exam.questionCreate", {
        question: {
          ...choiceQuestion(source.id, "Pictured").question,
          explanation: '<p><img src="p.png" alt="p"></p>',
        },
        answers: choiceQuestion(source.id).answers,
        resources: { "p.png": png },
      }),
    );
    const bob = await t.newUser();
    await t.db
      .insert(membership)
      .values({ workspaceId: await personalWorkspace(t.db, ann.id), userId: bob.id, role: "viewer" });
    const target = await newExam(bob);
    const session = { userId: bob.id, tokenName: null, currentWorkspaceId: null };
    const reply = (await invokeOperation(t.app, session, questionCopy, {
      ids: [created.question.id],
      exam_id: target.id,
    })) as Reply<{ questions: { id: number }[] }>;
    const copyId = ok(reply).questions[0]!.id;
    const copied = ok(await bob.call("exam.questionGet", { id: copyId }));
    expect(copied.question.explanation).toBe(created.question.explanation);
    // Bob may refer to the file now, so his colleagues (who never shared a workspace with Ann) can
    // save the copy with its picture.
    const rows = await t.db.select().from(media).where(eq(media.ownerId, bob.id));
    expect(rows).toHaveLength(1);
    const carl = await t.newUser();
    const bobs = await personalWorkspace(t.db, bob.id);
    await t.db.insert(membership).values({ workspaceId: bobs, userId: carl.id, role: "editor" });
    const { token } = await createApiToken(t.db, carl.id, "Carl in Bob's", null, { workspaceId: bobs });
    const edit = await t.post<Reply>({
      jsonrpc: "2.0",
      id: 1,
      method: "exam.questionUpdate",
      accessToken: token,
      params: {
        question: {
          ...choiceQuestion(target.id, "Pictured, edited").question,
          id: copyId,
          explanation: copied.question.explanation,
        },
        answers: choiceQuestion(target.id).answers,
      },
    });
    ok(edit.body);
    // Bob cannot copy into Ann's exam: a viewer there.
    const refused = (await invokeOperation(t.app, session, questionCopy, {
      ids: [created.question.id],
      exam_id: source.id,
    })) as Reply;
    expect(refused.error?.code).toBe(-32003);
  });

  it("warns of an unknown param", async () => {
    const exam = await newExam(ann);
    const [id] = await addQuestions(t, ann, exam.id, 1);
    const reply = await ann.call("exam.questionCopy", { ids: [id], exam_id: exam.id, domain: 3 });
    expect(warningAt(reply, "")?.code).toBe("unknown_field");
  });
});

describe("exam.questionCopy: bad input changes nothing", () => {
  it("refuses each bad call with a clear error where it is, writing nothing", async () => {
    const source = await newExam(ann);
    const ids = await addQuestions(t, ann, source.id, 2);
    const target = await newExam(ann);
    const other = await newExam(ann);
    const [otherDomain] = await setDomains(other.id, ["1.0"]);
    const bob = await t.newUser();
    const bobsExam = await newExam(bob);
    const [bobsQuestion] = await addQuestions(t, bob, bobsExam.id, 1);
    const viewer = await t.newUser();
    const annsWorkspace = await personalWorkspace(t.db, ann.id);
    await t.db.insert(membership).values({ workspaceId: annsWorkspace, userId: viewer.id, role: "viewer" });
    const { token: viewerToken } = await createApiToken(t.db, viewer.id, "viewer", null, {
      workspaceId: annsWorkspace,
    });

    const before = await snapshot([ann, bob, viewer]);
    const cases: [string, Promise<Reply>, number, string, string?][] = [
      [
        "unknown id",
        ann.call("exam.questionCopy", { ids: [ids[0], 2147483647], exam_id: target.id }),
        -32004,
        "ids[1]",
      ],
      [
        "someone else's question",
        ann.call("exam.questionCopy", { ids: [bobsQuestion], exam_id: target.id }),
        -32004,
        "ids[0]",
      ],
      ["unknown target", ann.call("exam.questionCopy", { ids, exam_id: 2147483647 }), -32004, "exam_id"],
      ["someone else's target", ann.call("exam.questionCopy", { ids, exam_id: bobsExam.id }), -32004, "exam_id"],
      [
        "another exam's domain",
        ann.call("exam.questionCopy", { ids, exam_id: target.id, domain_id: otherDomain }),
        -32602,
        "domain_id",
        "unknown_domain",
      ],
      [
        "a domain that does not exist",
        ann.call("exam.questionCopy", { ids, exam_id: target.id, domain_id: 2147483647 }),
        -32602,
        "domain_id",
      ],
      ["empty ids", ann.call("exam.questionCopy", { ids: [], exam_id: target.id }), -32602, "ids", "empty"],
      [
        "too many ids",
        ann.call("exam.questionCopy", {
          ids: Array.from({ length: COPY_IDS_MAX + 1 }, (_, i) => i + 1),
          exam_id: target.id,
        }),
        -32602,
        "ids",
      ],
      [
        "a repeated id",
        ann.call("exam.questionCopy", { ids: [ids[0], ids[1], ids[0]], exam_id: target.id }),
        -32602,
        "ids[2]",
        "duplicate",
      ],
      ["ids not integers", ann.call("exam.questionCopy", { ids: ["1"], exam_id: target.id }), -32602, "ids[0]"],
      ["no exam_id", ann.call("exam.questionCopy", { ids }), -32602, "exam_id", "required"],
      ["no ids", ann.call("exam.questionCopy", { exam_id: target.id }), -32602, "ids", "required"],
    ];
    for (const [name, call, code, path, issue] of cases) {
      const reply = await call;
      expect(reply.error?.code, name).toBe(code);
      fails(reply, code, path, issue);
    }
    // A viewer of the target's workspace: -32003, naming the role it needs.
    const asViewer = await t.post<Reply>({
      jsonrpc: "2.0",
      id: 1,
      method: "exam.questionCopy",
      accessToken: viewerToken,
      params: { ids, exam_id: target.id },
    });
    expect(asViewer.body.error?.code).toBe(-32003);
    expect(asViewer.body.errors?.[0]).toMatch(/editor role/);
    expect(await snapshot([ann, bob, viewer])).toEqual(before);
    expect((await examRow(t, target.id))!.questionCount).toBe(0);
  });

  it("names every unknown id at once", async () => {
    const exam = await newExam(ann);
    const [id] = await addQuestions(t, ann, exam.id, 1);
    const issues = fails(
      await ann.call("exam.questionCopy", { ids: [2147483646, id, 2147483647], exam_id: exam.id }),
      -32004,
    );
    expect(issues.map((i) => i.path)).toEqual(["ids[0]", "ids[2]"]);
  });
});
