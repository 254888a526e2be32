// A question's life through the API and what the tables hold after each step: total update
// (contract 7), the exam_id/test_id alias, external_id uniqueness (also under concurrency),
// moving between exams, get/list/delete/reorder, case studies (contract 3), strict parameter
// types, all problems reported together, and errors that change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { question as questionTable } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import {
  answerRows,
  caseStudyRow,
  examRow,
  expectError,
  expectNothingChanged,
  issuesOf,
  ok,
  questionRow,
  questionRowsOf,
} from "../support/question-store";
import { makePng, toBase64 } from "../support/media-fixtures";
import type { Reply, ReplyTo } from "../support/reply";
import type { Method, ResultOf } from "@/server/rpc/operation-types";

let t: TestApp;
/** Someone else: their objects must look exactly like missing ones (contract 2.3). */
let stranger: TestUser;
let strangerExam: number;
let strangerQuestion: number;
let strangerCaseStudy: number;

beforeAll(async () => {
  t = await createTestApp();
  stranger = await t.newUser();
  strangerExam = ok(await stranger.call("exam.examCreate", { exam: examInput() })).exam.id;
  strangerQuestion = ok(await stranger.call("exam.questionCreate", choice(strangerExam))).question.id;
  strangerCaseStudy = ok(
    await stranger.call("exam.caseStudyCreate", {
      case_study: { exam_id: strangerExam, name: "Theirs", description: "" },
    }),
  ).case_study.id;
});
afterAll(() => t.close());

function choice(exam_id: number, extra: Record<string, unknown> = {}) {
  return {
    question: { exam_id, question: "<p>Q</p>", type: 1, ...extra },
    answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
  };
}

async function newExam(u: TestUser): Promise<number> {
  return ok(await u.call("exam.examCreate", { exam: examInput() })).exam.id;
}

async function addQuestion(u: TestUser, examId: number, extra: Record<string, unknown> = {}) {
  return ok(await u.call("exam.questionCreate", choice(examId, extra))).question;
}

async function addCaseStudy(u: TestUser, examId: number, name = "Case") {
  return ok(
    await u.call("exam.caseStudyCreate", { case_study: { exam_id: examId, name, description: `<p>${name}</p>` } }),
  ).case_study;
}

/** The two -32004 replies must be indistinguishable apart from the id they name. */
function expectSameNotFound(a: Reply<unknown>, b: Reply<unknown>, idA: number, idB: number) {
  expect(a.error?.code).toBe(-32004);
  expect(b.error?.code).toBe(-32004);
  expect(a.error?.message).toBe(b.error?.message);
  const strip = (reply: Reply<unknown>, id: number) =>
    issuesOf(reply).map((i) => ({ ...i, message: i.message.replace(String(id), "N") }));
  expect(strip(a, idA)).toEqual(strip(b, idB));
}

const MISSING_ID = 2_000_000_000;

// ---------------------------------------------------------------------------------------------

describe("questionUpdate is total (contract 7)", () => {
  let u: TestUser;
  let examId: number;
  let caseStudyId: number;
  beforeAll(async () => {
    u = await t.newUser();
    examId = await newExam(u);
    caseStudyId = (await addCaseStudy(u, examId)).id;
  });

  it('every field left out is reset: explanation "", case_study_id null, external_id null, points 1, properties {}', async () => {
    const created = ok(
      await u.call("exam.questionCreate", {
        question: {
          exam_id: examId,
          question: "<p>Order these</p>",
          explanation: "<p>Because.</p>",
          type: 6,
          case_study_id: caseStudyId,
          external_id: "total-1",
          points: 7,
          properties: { optional_answers: true },
        },
        answers: [
          { answer: "<p>One</p>", is_correct: true, order: 1, points: 2 },
          { answer: "<p>Two</p>", is_correct: true, order: 2 },
        ],
      }),
    );
    const id = created.question.id;
    const reply = await u.call("exam.questionUpdate", {
      question: { id, exam_id: examId, question: "<p>Order these again</p>", type: 6 },
      answers: [
        { answer: "<p>One</p>", is_correct: true, order: 1 },
        { answer: "<p>Two</p>", is_correct: true, order: 2 },
      ],
    });
    const result = ok(reply);
    expect(result.question).toEqual({
      id,
      exam_id: examId,
      question: "<p>Order these again</p>",
      explanation: "",
      type: 6,
      case_study_id: null,
      external_id: null,
      properties: { optional_answers: false },
    });
    const get = ok(await u.call("exam.questionGet", { id }));
    expect(get.question.points).toBe(1);
    expect(get.answers.map((a) => a.points)).toEqual([0, 0]);
    expect(await questionRow(t.db, id)).toMatchObject({
      explanation: "",
      caseStudyId: null,
      externalId: null,
      points: 1,
      properties: { optional_answers: false },
    });
    // The external id is free again, and the case study is no longer in use.
    await addQuestion(u, examId, { external_id: "total-1" });
    ok(await u.call("exam.caseStudyDelete", { id: (await addCaseStudy(u, examId, "Spare")).id }));
  });

  it("question, type and id are required on update; nothing changes", async () => {
    const q = await addQuestion(u, examId, { explanation: "<p>Kept</p>" });
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", { question: { exam_id: examId }, answers: choice(examId).answers }),
    );
    expectError(reply, -32602, [
      { code: "required", path: "question.id" },
      { code: "required", path: "question.question" },
      { code: "required", path: "question.type" },
    ]);
    const noExam = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", {
        question: { id: q.id, question: "<p>Q</p>", type: 1 },
        answers: choice(examId).answers,
      }),
    );
    expectError(noExam, -32602, [{ code: "required", path: "question.exam_id" }]);
    expect((await questionRow(t.db, q.id))!.explanation).toBe("<p>Kept</p>");
  });

  it("leaving out the properties of a text input question fails", async () => {
    const created = ok(
      await u.call("exam.questionCreate", {
        question: {
          exam_id: examId,
          question: "<p>Capital?</p>",
          type: 7,
          properties: { text_similarity: 90, text_answer: [{ value: "Paris" }] },
        },
      }),
    );
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", {
        question: { id: created.question.id, exam_id: examId, question: "<p>Capital?</p>", type: 7 },
      }),
    );
    expectError(reply, -32602, [
      { code: "required", path: "question.properties.text_similarity" },
      { code: "required", path: "question.properties.text_answer" },
    ]);
  });

  it("another user's question, or one that does not exist, is -32004 and is not changed", async () => {
    const theirs = await expectNothingChanged(t, stranger, () =>
      u.call("exam.questionUpdate", choiceUpdate(strangerQuestion, examId)),
    );
    const missing = await u.call("exam.questionUpdate", choiceUpdate(MISSING_ID, examId));
    expectSameNotFound(theirs, missing, strangerQuestion, MISSING_ID);
    expect((await questionRow(t.db, strangerQuestion))!.question).toBe("<p>Q</p>");
  });
});

function choiceUpdate(id: number, examId: number, extra: Record<string, unknown> = {}) {
  const p = choice(examId, { id, question: "<p>Changed</p>", ...extra });
  return p;
}

describe("exam_id and its alias test_id", () => {
  let u: TestUser;
  let examId: number;
  let otherExam: number;
  beforeAll(async () => {
    u = await t.newUser();
    examId = await newExam(u);
    otherExam = await newExam(u);
  });

  it("test_id alone names the exam, on create and on update", async () => {
    const created = ok(
      await u.call("exam.questionCreate", {
        ...choice(examId),
        question: { test_id: examId, question: "<p>Q</p>", type: 1 },
      }),
    );
    expect(created.question.exam_id).toBe(examId);
    expect((await questionRow(t.db, created.question.id))!.examId).toBe(examId);
    expect(Object.keys(created.question)).not.toContain("test_id");

    const updated = ok(
      await u.call("exam.questionUpdate", {
        ...choice(examId),
        question: { id: created.question.id, test_id: examId, question: "<p>Q2</p>", type: 1 },
      }),
    );
    expect(updated.question).toMatchObject({ exam_id: examId, question: "<p>Q2</p>" });
  });

  it("both with the same value are accepted", async () => {
    const created = ok(await u.call("exam.questionCreate", choice(examId, { test_id: examId })));
    expect(created.question.exam_id).toBe(examId);
  });

  it("both with different values are refused, storing nothing", async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(examId, { test_id: otherExam })),
    );
    expectError(reply, -32602, [{ code: "conflict", path: "question.test_id" }]);
    const q = await addQuestion(u, examId);
    const update = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", choiceUpdate(q.id, examId, { test_id: otherExam })),
    );
    expectError(update, -32602, [{ code: "conflict", path: "question.test_id" }]);
  });

  it("questionList and caseStudyCreate accept test_id too; a conflict is refused", async () => {
    const listed = ok(await u.call("exam.questionList", { test_id: examId }));
    expect(listed.questions.length).toBeGreaterThan(0);
    expect(listed.questions.every((q) => q.exam_id === examId)).toBe(true);
    expectError(await u.call("exam.questionList", { exam_id: examId, test_id: otherExam }), -32602, [
      { path: "test_id" },
    ]);

    const cs = ok(
      await u.call("exam.caseStudyCreate", { case_study: { test_id: examId, name: "Alias", description: "" } }),
    ).case_study;
    expect(cs.exam_id).toBe(examId);
    const conflict = await expectNothingChanged(t, u, () =>
      u.call("exam.caseStudyCreate", {
        case_study: { exam_id: examId, test_id: otherExam, name: "Alias", description: "" },
      }),
    );
    expectError(conflict, -32602, [{ path: "case_study.test_id" }]);
  });

  it("an exam of another user, or none, is -32004 and stores nothing", async () => {
    const theirs = await expectNothingChanged(t, stranger, () => u.call("exam.questionCreate", choice(strangerExam)));
    const missing = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", choice(MISSING_ID)));
    expectSameNotFound(theirs, missing, strangerExam, MISSING_ID);
    expect(issuesOf(theirs)[0]!.path).toBe("question.exam_id");
  });
});

describe("external_id is unique within an exam", () => {
  let u: TestUser;
  let examId: number;
  let otherExam: number;
  beforeAll(async () => {
    u = await t.newUser();
    examId = await newExam(u);
    otherExam = await newExam(u);
  });

  it("a sequential duplicate is -32602 naming the question that has it, on create and update", async () => {
    const first = await addQuestion(u, examId, { external_id: "dup-1" });
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(examId, { external_id: "dup-1" })),
    );
    expectError(reply, -32602, [{ code: "external_id_taken", path: "question.external_id" }]);
    expect(issuesOf(reply)[0]!.message).toContain(`question ${first.id}`);

    const second = await addQuestion(u, examId, { external_id: "dup-2" });
    const update = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", choiceUpdate(second.id, examId, { external_id: "dup-1" })),
    );
    expectError(update, -32602, [{ code: "external_id_taken", path: "question.external_id" }]);
    expect(issuesOf(update)[0]!.message).toContain(`question ${first.id}`);
    expect((await questionRow(t.db, second.id))!.externalId).toBe("dup-2");

    // A question keeps its own external id on update.
    ok(await u.call("exam.questionUpdate", choiceUpdate(first.id, examId, { external_id: "dup-1" })));
    expect((await questionRow(t.db, first.id))!.externalId).toBe("dup-1");
  });

  it("the same external_id is allowed in different exams", async () => {
    await addQuestion(u, examId, { external_id: "shared" });
    const other = await addQuestion(u, otherExam, { external_id: "shared" });
    expect((await questionRow(t.db, other.id))!.externalId).toBe("shared");
  });

  it("moving a question into an exam that already has its external_id is refused", async () => {
    await addQuestion(u, otherExam, { external_id: "mover" });
    const q = await addQuestion(u, examId, { external_id: "mover" });
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", choiceUpdate(q.id, otherExam, { external_id: "mover" })),
    );
    expectError(reply, -32602, [{ code: "external_id_taken", path: "question.external_id" }]);
    expect((await questionRow(t.db, q.id))!.examId).toBe(examId);
  });

  it("at most 255 characters", async () => {
    await addQuestion(u, examId, { external_id: "e".repeat(255) });
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(examId, { external_id: "e".repeat(256) })),
    );
    expectError(reply, -32602, [{ code: "too_long", path: "question.external_id" }]);
  });

  it("10 concurrent creates with one external_id: exactly one succeeds, the others are -32602, never -32603", async () => {
    // Ten tokens of the same user, so the calls do not queue behind one token's rate-limit row,
    // and five rounds, so that some losers get past the pre-check and hit the unique index.
    const tokens = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => (await createApiToken(t.db, u.id, `race-${i}`)).token),
    );
    let seq = 0;
    const callAs = async <M extends Method>(token: string, method: M, params: unknown) =>
      (await t.post<ReplyTo<M>>({ jsonrpc: "2.0", id: ++seq, accessToken: token, method, params })).body;
    for (let round = 0; round < 5; round++) {
      const raceExam = await newExam(u);
      const replies = await Promise.all(
        tokens.map((token) => callAs(token, "exam.questionCreate", choice(raceExam, { external_id: "race" }))),
      );
      const winners = replies.filter((r) => r.result);
      const losers = replies.filter((r) => r.error);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(9);
      const winnerId = ok(winners[0]!).question.id;
      for (const r of losers) {
        expect(r.error?.code).toBe(-32602);
        expect(issuesOf(r)).toEqual([
          expect.objectContaining({ code: "external_id_taken", path: "question.external_id" }),
        ]);
        expect(issuesOf(r)[0]!.message).toContain(`question ${winnerId}`);
      }
      const rows = await questionRowsOf(t.db, raceExam);
      expect(rows.map((r) => r.id)).toEqual([winnerId]);
      expect(await answerRows(t.db, winnerId)).toHaveLength(2);
      const exam = await examRow(t.db, raceExam);
      expect(exam.questionCount).toBe(1);
      expect(exam.testingQuestions).toBe(1);
    }
  });

  it("10 concurrent updates to one external_id: exactly one succeeds", async () => {
    const raceExam = await newExam(u);
    const questions = [];
    for (let i = 0; i < 10; i++) questions.push(await addQuestion(u, raceExam, { external_id: `own-${i}` }));
    const replies = await Promise.all(
      questions.map((q) => u.call("exam.questionUpdate", choiceUpdate(q.id, raceExam, { external_id: "race-update" }))),
    );
    expect(replies.filter((r) => r.result)).toHaveLength(1);
    for (const r of replies.filter((r) => r.error)) {
      expect(r.error?.code).toBe(-32602);
      expect(issuesOf(r)[0]).toMatchObject({ code: "external_id_taken", path: "question.external_id" });
    }
    const rows = await t.db
      .select()
      .from(questionTable)
      .where(and(eq(questionTable.examId, raceExam), eq(questionTable.externalId, "race-update")));
    expect(rows).toHaveLength(1);
    // The losers kept their own external ids.
    expect((await questionRowsOf(t.db, raceExam)).filter((r) => r.externalId?.startsWith("own-"))).toHaveLength(9);
  });
});

describe("moving a question to another exam", () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await t.newUser();
  });

  it("changes both exams' question_count and testing values, and the question goes last", async () => {
    const from = await newExam(u);
    const to = await newExam(u);
    const moving = await addQuestion(u, from);
    await addQuestion(u, from);
    await addQuestion(u, from);
    const resident = await addQuestion(u, to);
    for (const id of [from, to]) ok(await u.call("exam.examUpdateStatus", { id, ready: true, ignore_warnings: true }));

    const exam = async (id: number) => ok(await u.call("exam.examGet", { id })).exam;
    expect(await exam(from)).toMatchObject({
      question_count: 3,
      testing_questions: 3,
      testing_time: 5,
      status: "ready",
    });
    expect(await exam(to)).toMatchObject({ question_count: 1, testing_questions: 1, testing_time: 2, status: "ready" });

    const moved = ok(await u.call("exam.questionUpdate", choiceUpdate(moving.id, to)));
    expect(moved.question.exam_id).toBe(to);

    expect(await exam(from)).toMatchObject({
      question_count: 2,
      testing_questions: 2,
      testing_time: 3,
      status: "draft",
    });
    expect(await exam(to)).toMatchObject({ question_count: 2, testing_questions: 2, testing_time: 3, status: "draft" });
    expect((await examRow(t.db, from)).questionCount).toBe(2);
    expect((await examRow(t.db, to)).questionCount).toBe(2);
    expect((await questionRowsOf(t.db, to)).map((r) => r.id)).toEqual([resident.id, moving.id]);
    expect((await questionRowsOf(t.db, from)).map((r) => r.id)).not.toContain(moving.id);
    expect(await answerRows(t.db, moving.id)).toHaveLength(2);
  });

  it("into another user's exam is -32004, and into its own case study's exam only with a case study of the new exam", async () => {
    const from = await newExam(u);
    const to = await newExam(u);
    const cs = await addCaseStudy(u, from);
    const q = await addQuestion(u, from, { case_study_id: cs.id });

    const theirs = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", choiceUpdate(q.id, strangerExam)),
    );
    expectError(theirs, -32004, [{ path: "question.exam_id" }]);
    expect((await examRow(t.db, strangerExam)).questionCount).toBe(1);

    const keepCase = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", choiceUpdate(q.id, to, { case_study_id: cs.id })),
    );
    expectError(keepCase, -32602, [{ code: "case_study_other_exam", path: "question.case_study_id" }]);
    expect((await questionRow(t.db, q.id))!.examId).toBe(from);
  });
});

describe("questionGet, questionList, questionDelete", () => {
  let u: TestUser;
  let examId: number;
  let cs: { id: number };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    u = await t.newUser();
    examId = await newExam(u);
    cs = await addCaseStudy(u, examId);
    ids.a = (await addQuestion(u, examId, { external_id: "A" })).id;
    ids.b = (await addQuestion(u, examId, { case_study_id: cs.id })).id;
    ids.c = ok(
      await u.call("exam.questionCreate", {
        question: {
          exam_id: examId,
          question: "<p>Text</p>",
          type: 7,
          case_study_id: cs.id,
          properties: { text_similarity: 100, text_answer: [{ value: "x" }] },
        },
      }),
    ).question.id;
    ids.d = ok(
      await u.call("exam.questionCreate", {
        question: { exam_id: examId, question: "<p>Multi</p>", type: 2, external_id: "D" },
        answers: [
          { answer: "<p>A</p>", is_correct: true },
          { answer: "<p>B</p>", is_correct: true },
        ],
      }),
    ).question.id;
  });

  const list = async (params: Record<string, unknown>) =>
    ok(await u.call("exam.questionList", { exam_id: examId, ...params }));
  const listIds = async (params: Record<string, unknown> = {}) => (await list(params)).questions.map((q) => q.id);

  it("lists by position with points and answers", async () => {
    const result = await list({});
    expect(result.questions.map((q) => q.id)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(result.next_cursor).toBeNull();
    const first = result.questions[0]!;
    expect(first).toMatchObject({ id: ids.a, exam_id: examId, type: 1, external_id: "A", points: 1 });
    expect(first.answers.map((a) => [a.answer, a.is_correct, a.points])).toEqual([
      ["<p>A</p>", true, 0],
      ["<p>B</p>", false, 0],
    ]);
    // Each listed question reads the same as questionGet.
    const get = ok(await u.call("exam.questionGet", { id: ids.d }));
    const listed = result.questions[3]!;
    const listedFields = new Map(Object.entries(listed));
    for (const [k, v] of Object.entries(get.question)) expect(listedFields.get(k), k).toEqual(v);
    expect(listed.answers).toEqual(get.answers);
  });

  it("filters by type, case_study_id and external_id (alone and together)", async () => {
    expect(await listIds({ type: 7 })).toEqual([ids.c]);
    expect(await listIds({ type: 1 })).toEqual([ids.a, ids.b]);
    expect(await listIds({ case_study_id: cs.id })).toEqual([ids.b, ids.c]);
    expect(await listIds({ external_id: "D" })).toEqual([ids.d]);
    expect(await listIds({ case_study_id: cs.id, type: 1 })).toEqual([ids.b]);
    expect(await listIds({ external_id: "A", type: 2 })).toEqual([]);
    expect(await listIds({ external_id: "nope" })).toEqual([]);
  });

  it("another user's exam or question is -32004, like a missing one", async () => {
    expectSameNotFound(
      await u.call("exam.questionList", { exam_id: strangerExam }),
      await u.call("exam.questionList", { exam_id: MISSING_ID }),
      strangerExam,
      MISSING_ID,
    );
    expectSameNotFound(
      await u.call("exam.questionGet", { id: strangerQuestion }),
      await u.call("exam.questionGet", { id: MISSING_ID }),
      strangerQuestion,
      MISSING_ID,
    );
  });

  it("limit is 1–200 and a cursor must be one the list returned", async () => {
    expectError(await u.call("exam.questionList", { exam_id: examId, limit: 0 }), -32602, [{ path: "limit" }]);
    expectError(await u.call("exam.questionList", { exam_id: examId, limit: 201 }), -32602, [{ path: "limit" }]);
    expectError(await u.call("exam.questionList", { exam_id: examId, cursor: "garbage" }), -32602, [
      { code: "invalid_cursor", path: "cursor" },
    ]);
    // Found by the fuzz test (issue 14): positions and ids past int4 failed in the query as -32603.
    for (const key of [
      [9007199254740991, 1],
      [1, 2147483648],
    ]) {
      const cursor = Buffer.from(JSON.stringify(key)).toString("base64url");
      expectError(await u.call("exam.questionList", { exam_id: examId, cursor }), -32602, [
        { code: "invalid_cursor", path: "cursor" },
      ]);
    }
    const page = await list({ limit: 3 });
    expect(page.questions).toHaveLength(3);
    expect(await listIds({ cursor: page.next_cursor })).toEqual([ids.d]);
  });

  it("questionDelete removes the question and its answers and updates the exam", async () => {
    const victim = await addQuestion(u, examId);
    expect((await examRow(t.db, examId)).questionCount).toBe(5);
    expect(ok(await u.call("exam.questionDelete", { id: victim.id }))).toEqual({ completed: true });
    expect(await questionRow(t.db, victim.id)).toBeNull();
    expect(await answerRows(t.db, victim.id)).toEqual([]);
    expect(ok(await u.call("exam.examGet", { id: examId })).exam).toMatchObject({
      question_count: 4,
      testing_questions: 4,
      testing_time: 6,
    });
    expectError(await u.call("exam.questionGet", { id: victim.id }), -32004);
    expectError(await u.call("exam.questionDelete", { id: victim.id }), -32004);
  });

  it("deleting another user's question is -32004 and deletes nothing", async () => {
    const theirs = await expectNothingChanged(t, stranger, () =>
      u.call("exam.questionDelete", { id: strangerQuestion }),
    );
    expectSameNotFound(theirs, await u.call("exam.questionDelete", { id: MISSING_ID }), strangerQuestion, MISSING_ID);
    expect(await questionRow(t.db, strangerQuestion)).not.toBeNull();
  });
});

describe("questionList items are questionGet's view, for every type", () => {
  // questionList's JSON is written by the database (server/data/question-page.ts), questionGet's
  // by the app: each listed question must be exactly questionGet's question with its position,
  // warnings and answers, key for key and in the same order.
  it("the same fields, values and key order, for all seven types and awkward content", async () => {
    const u = await t.newUser();
    const examId = await newExam(u);
    const cs = ok(
      await u.call("exam.caseStudyCreate", { case_study: { exam_id: examId, name: "Case", description: "<p>C</p>" } }),
    ).case_study.id;
    const png = { "map.png": toBase64(makePng(400, 300)) };
    const area = (id: string, x: number, extra: Record<string, unknown> = {}) => ({
      id,
      x,
      y: 10,
      width: 60,
      height: 40,
      ...extra,
    });
    const requests = [
      {
        question: {
          exam_id: examId,
          question: `<p>Quote " backslash \\ tab\t é ✓ 😀 &lt;tag&gt;</p>`,
          explanation: "<p>Why</p>",
          type: 1,
          case_study_id: cs,
          external_id: 'ext "1"',
          points: 3,
        },
        answers: [
          { answer: "<p>A</p>", is_correct: true, old_id: 7, points: -2 },
          { answer: "<p>B \u2028</p>", old_id: "b-1", order: 5 },
        ],
      },
      {
        question: { exam_id: examId, question: "<p>Two</p>", type: 2 },
        answers: [
          { answer: "<p>A</p>", is_correct: true },
          { answer: "<p>B</p>", is_correct: true },
          { answer: "<p>C</p>" },
        ],
      },
      {
        question: {
          exam_id: examId,
          question: "<p>Drag</p>",
          type: 3,
          properties: {
            image: "map.png",
            areas: [area("targ-1", 10, { type: 1 }), area("drag-1", 200, { type: 2 })],
            options: { FixedHeight: true, FixedWidth: true, OneToOneMatching: true },
            match: { "targ-1": "drag-1" },
            points: { "targ-1": { "drag-1": 2 } },
          },
        },
        resources: png,
      },
      {
        question: {
          exam_id: examId,
          question: "<p>Point</p>",
          type: 4,
          properties: {
            image: "map.png",
            areas: [area("block-1", 10), area("block-2", 200)],
            options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
            correct: { "block-1": true, "block-2": false },
          },
        },
        resources: png,
      },
      {
        question: {
          exam_id: examId,
          question: "<p>Hot</p>",
          type: 5,
          properties: {
            image: "map.png",
            areas: [area("block-1", 10)],
            options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
            correct: {},
          },
        },
        resources: png,
      },
      {
        question: { exam_id: examId, question: "<p>Sort</p>", type: 6, properties: { optional_answers: true } },
        answers: [
          { answer: "<p>1</p>", is_correct: true, order: 1 },
          { answer: "<p>x</p>", is_correct: false, order: 3 },
          { answer: "<p>2</p>", is_correct: true, order: 2 },
        ],
      },
      {
        question: {
          exam_id: examId,
          question: "<p>Type</p>",
          type: 7,
          properties: {
            text_similarity: 80,
            case_sensitive: true,
            text_answer: [{ value: "Paris", points: 1 }, { value: "paris" }],
          },
        },
      },
    ];
    const ids: number[] = [];
    for (const r of requests) ids.push(ok(await u.call("exam.questionCreate", r)).question.id);

    const listed = ok(await u.call("exam.questionList", { exam_id: examId })).questions as Record<string, unknown>[];
    expect(listed.map((q) => q.id)).toEqual(ids);
    const stored = await questionRowsOf(t.db, examId);
    for (const [i, id] of ids.entries()) {
      const got = ok(await u.call("exam.questionGet", { id }));
      const row = stored.find((q) => q.id === id)!;
      const expected = { ...got.question, position: row.position, warnings: row.warnings, answers: got.answers };
      expect(JSON.stringify(listed[i]), `question ${i + 1} (type ${requests[i]!.question.type})`).toBe(
        JSON.stringify(expected),
      );
    }
  });
});

describe("ordering, pagination and reordering", () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await t.newUser();
  });

  it("pages through 450 questions 200 at a time, in position order, each exactly once", async () => {
    const examId = await newExam(u);
    const created: number[] = [];
    // Batches of 90 calls keep this quick; each call is still its own transaction.
    for (let start = 0; start < 450; start += 90) {
      const calls = Array.from({ length: 90 }, (_, i) => ({
        jsonrpc: "2.0",
        id: start + i,
        accessToken: u.token,
        method: "exam.questionCreate",
        params: choice(examId, { question: `<p>Q${start + i}</p>` }),
      }));
      const reply = await t.post<ReplyTo<"exam.questionCreate">[]>(calls);
      expect(reply.status).toBe(200);
      for (const r of reply.body) created.push(ok(r).question.id);
    }
    expect((await examRow(t.db, examId)).questionCount).toBe(450);

    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ResultOf<"exam.questionList"> = ok(
        await u.call("exam.questionList", { exam_id: examId, limit: 200, ...(cursor ? { cursor } : {}) }),
      );
      sizes.push(page.questions.length);
      seen.push(...page.questions.map((q) => q.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([200, 200, 50]);
    expect(seen).toEqual(created);

    // A new question goes last.
    const last = await addQuestion(u, examId);
    const all = (await questionRowsOf(t.db, examId)).map((r) => r.id);
    expect(all).toEqual([...created, last.id]);
  });

  it("questionReorder stores the given order; a new question still goes last, also after a delete", async () => {
    const examId = await newExam(u);
    const q = [];
    for (let i = 0; i < 4; i++) q.push((await addQuestion(u, examId)).id);
    const order = [q[2]!, q[0]!, q[3]!, q[1]!];
    expect(ok(await u.call("exam.questionReorder", { exam_id: examId, question_ids: order }))).toEqual({
      completed: true,
    });

    const rows = await questionRowsOf(t.db, examId);
    expect(rows.map((r) => r.id)).toEqual(order);
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4]);
    const listed = ok(await u.call("exam.questionList", { exam_id: examId })).questions.map((x) => x.id);
    expect(listed).toEqual(order);

    const fifth = await addQuestion(u, examId);
    expect((await questionRowsOf(t.db, examId)).map((r) => r.id)).toEqual([...order, fifth.id]);
    ok(await u.call("exam.questionDelete", { id: fifth.id }));
    const sixth = await addQuestion(u, examId);
    expect((await questionRowsOf(t.db, examId)).map((r) => r.id)).toEqual([...order, sixth.id]);
  });

  it("question_ids must list every question of the exam exactly once; otherwise nothing changes", async () => {
    const examId = await newExam(u);
    const q = [];
    for (let i = 0; i < 3; i++) q.push((await addQuestion(u, examId)).id);
    const otherExam = await newExam(u);
    const foreign = (await addQuestion(u, otherExam)).id;

    const cases = [
      { ids: [q[0], q[1]], code: "missing_question", mentions: q[2] },
      { ids: [q[0], q[1], q[2], foreign], code: "unknown_question", mentions: foreign },
      { ids: [q[0], q[1], q[2], MISSING_ID], code: "unknown_question", mentions: MISSING_ID },
      { ids: [q[0], q[1], q[2], q[1]], code: "duplicate", mentions: q[1] },
      { ids: [q[0], q[1], q[1]], code: "duplicate", mentions: q[1] },
      { ids: [], code: "missing_question", mentions: q[0] },
    ];
    for (const c of cases) {
      const reply = await expectNothingChanged(t, u, () =>
        u.call("exam.questionReorder", { exam_id: examId, question_ids: c.ids }),
      );
      expectError(reply, -32602, [{ code: c.code, path: "question_ids" }]);
      expect(issuesOf(reply).find((i) => i.code === c.code)!.message).toContain(String(c.mentions));
    }
    // The last case has both a duplicate and a missing question: both are reported.
    const both = await u.call("exam.questionReorder", { exam_id: examId, question_ids: [q[0], q[1], q[1]] });
    expect(
      issuesOf(both)
        .map((i) => i.code)
        .sort(),
    ).toEqual(["duplicate", "missing_question"]);
    expect((await questionRowsOf(t.db, examId)).map((r) => r.id)).toEqual(q);

    const theirs = await expectNothingChanged(t, stranger, () =>
      u.call("exam.questionReorder", { exam_id: strangerExam, question_ids: [strangerQuestion] }),
    );
    expectError(theirs, -32004, [{ path: "exam_id" }]);
  });
});

describe("case studies (contract 3)", () => {
  let u: TestUser;
  let examId: number;
  let otherExam: number;
  beforeAll(async () => {
    u = await t.newUser();
    examId = await newExam(u);
    otherExam = await newExam(u);
  });

  it("create, get and update (total) read back what the table holds", async () => {
    const reply = await u.call("exam.caseStudyCreate", {
      case_study: { exam_id: examId, name: "Contoso", description: "<p>A <strong>company</strong>.</p>" },
    });
    const created = ok(reply).case_study;
    expect(Object.keys(created).sort()).toEqual(["description", "exam_id", "id", "name"]);
    expect(created).toEqual({
      id: expect.any(Number),
      exam_id: examId,
      name: "Contoso",
      description: "<p>A <strong>company</strong>.</p>",
    });
    expect(ok(reply).resources).toEqual({});
    expect(ok(await u.call("exam.caseStudyGet", { id: created.id })).case_study).toEqual(created);
    expect(await caseStudyRow(t.db, created.id)).toMatchObject({
      examId,
      name: "Contoso",
      description: created.description,
    });

    const updated = ok(
      await u.call("exam.caseStudyUpdate", { case_study: { id: created.id, name: "Fabrikam", description: "" } }),
    ).case_study;
    expect(updated).toEqual({ id: created.id, exam_id: examId, name: "Fabrikam", description: "" });
    expect(await caseStudyRow(t.db, created.id)).toMatchObject({ name: "Fabrikam", description: "" });
    expect(ok(await u.call("exam.caseStudyGet", { id: created.id })).case_study).toEqual(updated);
  });

  it("update needs name and description again; nothing is kept from the stored case study", async () => {
    const cs = await addCaseStudy(u, examId, "Resend");
    const noDescription = await expectNothingChanged(t, u, () =>
      u.call("exam.caseStudyUpdate", { case_study: { id: cs.id, name: "New" } }),
    );
    expectError(noDescription, -32602, [{ code: "required", path: "case_study.description" }]);
    const noName = await expectNothingChanged(t, u, () =>
      u.call("exam.caseStudyUpdate", { case_study: { id: cs.id, description: "<p>d</p>" } }),
    );
    expectError(noName, -32602, [{ code: "required", path: "case_study.name" }]);
    const blank = await expectNothingChanged(t, u, () =>
      u.call("exam.caseStudyCreate", { case_study: { exam_id: examId, name: "   ", description: "" } }),
    );
    expectError(blank, -32602, [{ path: "case_study.name" }]);
    expect(await caseStudyRow(t.db, cs.id)).toMatchObject({ name: "Resend", description: "<p>Resend</p>" });
  });

  it("lists in creation order with a cursor", async () => {
    const examWithFive = await newExam(u);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await addCaseStudy(u, examWithFive, `CS ${i}`)).id);
    const first = ok(await u.call("exam.caseStudyList", { exam_id: examWithFive, limit: 2 }));
    const second = ok(
      await u.call("exam.caseStudyList", { exam_id: examWithFive, limit: 2, cursor: first.next_cursor }),
    );
    const third = ok(
      await u.call("exam.caseStudyList", { exam_id: examWithFive, limit: 2, cursor: second.next_cursor }),
    );
    expect([...first.case_studies, ...second.case_studies, ...third.case_studies].map((c) => c.id)).toEqual(made);
    expect(third.next_cursor).toBeNull();
    expect(first.case_studies[0]).toEqual({
      id: made[0],
      exam_id: examWithFive,
      name: "CS 0",
      description: "<p>CS 0</p>",
    });
    // Found by the fuzz test (issue 14): an id past int4 failed in the query as -32603.
    for (const key of [[9007199254740991], [2147483648]]) {
      const cursor = Buffer.from(JSON.stringify(key)).toString("base64url");
      expectError(await u.call("exam.caseStudyList", { exam_id: examWithFive, cursor }), -32602, [
        { code: "invalid_cursor", path: "cursor" },
      ]);
    }
  });

  it("case_study_id of another of the caller's exams is -32602; a missing or someone else's is -32004", async () => {
    const elsewhere = await addCaseStudy(u, otherExam, "Elsewhere");
    const wrongExam = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(examId, { case_study_id: elsewhere.id })),
    );
    expectError(wrongExam, -32602, [{ code: "case_study_other_exam", path: "question.case_study_id" }]);

    const q = await addQuestion(u, examId);
    const onUpdate = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", choiceUpdate(q.id, examId, { case_study_id: elsewhere.id })),
    );
    expectError(onUpdate, -32602, [{ code: "case_study_other_exam", path: "question.case_study_id" }]);

    const theirs = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(examId, { case_study_id: strangerCaseStudy })),
    );
    const missing = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", choice(examId, { case_study_id: MISSING_ID })),
    );
    expectSameNotFound(theirs, missing, strangerCaseStudy, MISSING_ID);
    expect(issuesOf(theirs)[0]!.path).toBe("question.case_study_id");

    const theirsUpdate = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", choiceUpdate(q.id, examId, { case_study_id: strangerCaseStudy })),
    );
    expectError(theirsUpdate, -32004, [{ path: "question.case_study_id" }]);
  });

  it("another user's case study cannot be read, listed, changed or deleted", async () => {
    expectSameNotFound(
      await u.call("exam.caseStudyGet", { id: strangerCaseStudy }),
      await u.call("exam.caseStudyGet", { id: MISSING_ID }),
      strangerCaseStudy,
      MISSING_ID,
    );
    expectError(await u.call("exam.caseStudyList", { exam_id: strangerExam }), -32004);
    const update = await expectNothingChanged(t, stranger, () =>
      u.call("exam.caseStudyUpdate", { case_study: { id: strangerCaseStudy, name: "Mine", description: "" } }),
    );
    expectError(update, -32004);
    const del = await expectNothingChanged(t, stranger, () =>
      u.call("exam.caseStudyDelete", { id: strangerCaseStudy }),
    );
    expectError(del, -32004);
    const create = await expectNothingChanged(t, stranger, () =>
      u.call("exam.caseStudyCreate", { case_study: { exam_id: strangerExam, name: "Mine", description: "" } }),
    );
    expectError(create, -32004, [{ path: "case_study.exam_id" }]);
  });

  it("deleting a case study that questions use is refused, listing their ids; once unused it is deleted", async () => {
    const cs = await addCaseStudy(u, examId, "Used");
    const q1 = await addQuestion(u, examId, { case_study_id: cs.id });
    const q2 = await addQuestion(u, examId, { case_study_id: cs.id });
    const reply = await expectNothingChanged(t, u, () => u.call("exam.caseStudyDelete", { id: cs.id }));
    expectError(reply, -32602, [{ code: "case_study_in_use" }]);
    expect(reply.error?.data?.question_ids).toEqual([q1.id, q2.id]);
    expect(issuesOf(reply)[0]!.message).toContain(`${q1.id}, ${q2.id}`);
    expect(reply.errors?.[0]).toContain(String(q2.id));

    // A total update without case_study_id frees it from q1; q2 is deleted.
    ok(await u.call("exam.questionUpdate", choiceUpdate(q1.id, examId)));
    ok(await u.call("exam.questionDelete", { id: q2.id }));
    expect(ok(await u.call("exam.caseStudyDelete", { id: cs.id }))).toEqual({ completed: true });
    expect(await caseStudyRow(t.db, cs.id)).toBeNull();
    expectError(await u.call("exam.caseStudyGet", { id: cs.id }), -32004);
  });
});

describe("strict parameter types: each wrong-typed field is -32602 at its path and stores nothing", () => {
  let u: TestUser;
  let examId: number;
  let caseStudyId: number;
  let existing: number;
  beforeAll(async () => {
    u = await t.newUser();
    examId = await newExam(u);
    caseStudyId = (await addCaseStudy(u, examId)).id;
    existing = (await addQuestion(u, examId)).id;
  });

  /** A valid create with every field, then one field replaced (`undefined` removes it). */
  function validParams() {
    return {
      question: {
        exam_id: examId,
        question: "<p>Q</p>",
        explanation: "<p>E</p>",
        type: 1,
        case_study_id: caseStudyId,
        external_id: "X",
        points: 2,
        properties: {},
      },
      answers: [
        { old_id: 1, answer: "<p>A</p>", is_correct: true, order: 1, points: 1 },
        { old_id: "b", answer: "<p>B</p>", is_correct: false, order: 2, points: 0 },
      ],
    };
  }
  /** `obj`, changed in place: the value at `path` replaced by `value` (`undefined` removes it). */
  function set<T extends object>(obj: T, path: (string | number)[], value: unknown): T {
    let target: object = obj;
    for (const key of path.slice(0, -1)) {
      const child: unknown = Reflect.get(target, key);
      if (typeof child !== "object" || child === null) throw new Error(`no object at ${key} of ${path.join(".")}`);
      target = child;
    }
    const last = path[path.length - 1]!;
    if (value === undefined) Reflect.deleteProperty(target, last);
    else Reflect.set(target, last, value);
    return obj;
  }
  /** The call is -32602 with an issue at `path`, and stores nothing. */
  async function expectInvalidAt(method: string, params: unknown, path: string) {
    const reply = await expectNothingChanged(t, u, () => u.call(method, params));
    expectError(reply, -32602);
    expect(issuesOf(reply).map((i) => i.path)).toContain(path);
  }

  const cases: [string, (string | number)[], unknown][] = [
    ["question.exam_id", ["question", "exam_id"], "1"],
    ["question.exam_id", ["question", "exam_id"], 1.5],
    ["question.exam_id", ["question", "exam_id"], null],
    ["question.test_id", ["question", "test_id"], "1"],
    ["question.question", ["question", "question"], 5],
    ["question.question", ["question", "question"], null],
    ["question.question", ["question", "question"], ["<p>Q</p>"]],
    ["question.explanation", ["question", "explanation"], 5],
    ["question.explanation", ["question", "explanation"], null],
    ["question.type", ["question", "type"], "1"],
    ["question.type", ["question", "type"], 1.5],
    ["question.type", ["question", "type"], 0],
    ["question.type", ["question", "type"], 8],
    ["question.type", ["question", "type"], null],
    ["question.case_study_id", ["question", "case_study_id"], String(0)],
    ["question.case_study_id", ["question", "case_study_id"], 1.5],
    ["question.case_study_id", ["question", "case_study_id"], 0],
    ["question.external_id", ["question", "external_id"], 5],
    ["question.external_id", ["question", "external_id"], true],
    ["question.external_id", ["question", "external_id"], {}],
    ["question.points", ["question", "points"], "2"],
    ["question.points", ["question", "points"], 1.5],
    ["question.points", ["question", "points"], -1],
    ["question.points", ["question", "points"], null],
    ["question.properties", ["question", "properties"], []],
    ["question.properties", ["question", "properties"], "{}"],
    ["question.properties", ["question", "properties"], 5],
    ["question", ["question"], "Q"],
    ["question", ["question"], []],
    ["answers", ["answers"], "A"],
    ["answers", ["answers"], {}],
    ["answers[0]", ["answers", 0], "A"],
    ["answers[1].answer", ["answers", 1, "answer"], 5],
    ["answers[1].answer", ["answers", 1, "answer"], null],
    ["answers[1].answer", ["answers", 1, "answer"], undefined],
    ["answers[1].is_correct", ["answers", 1, "is_correct"], "true"],
    ["answers[1].is_correct", ["answers", 1, "is_correct"], 1],
    ["answers[1].is_correct", ["answers", 1, "is_correct"], null],
    ["answers[1].order", ["answers", 1, "order"], "2"],
    ["answers[1].order", ["answers", 1, "order"], 2.5],
    ["answers[1].points", ["answers", 1, "points"], "1"],
    ["answers[1].points", ["answers", 1, "points"], 0.5],
    ["answers[1].old_id", ["answers", 1, "old_id"], true],
    ["answers[1].old_id", ["answers", 1, "old_id"], {}],
    ["answers[1].old_id", ["answers", 1, "old_id"], 1.5],
    ["answers[1].id", ["answers", 1, "id"], "7"],
    ["resources", ["resources"], "x"],
    ["resources", ["resources"], []],
  ];

  it.each(cases)("%s = %j", async (path, at, value) => {
    await expectInvalidAt("exam.questionCreate", set(validParams(), at, value), path);
  });

  it.each(cases.filter(([path]) => path !== "question.test_id"))("update: %s = %j", async (path, at, value) => {
    const params = set(validParams(), at, value);
    if (typeof params.question === "object" && params.question !== null && !Array.isArray(params.question))
      set(params, ["question", "id"], existing);
    await expectInvalidAt("exam.questionUpdate", params, path);
  });

  it.each([
    ["question.id", "7"],
    ["question.id", 1.5],
    ["question.id", null],
  ])("update: %s = %j", async (path, value) => {
    const params = set(validParams(), ["question", "id"], value);
    await expectInvalidAt("exam.questionUpdate", params, path);
  });

  // PostgreSQL cannot store U+0000 (text, jsonb) or a lone surrogate (jsonb): such strings are
  // invalid params, never an internal error.
  it.each([
    ["question.question", ["question", "question"], "<p>a\u0000b</p>"],
    ["question.explanation", ["question", "explanation"], "a\u0000b"],
    ["question.external_id", ["question", "external_id"], "x\u0000"],
    ["question.external_id", ["question", "external_id"], "x\uDC00"],
    ["answers[1].answer", ["answers", 1, "answer"], "<p>\u0000</p>"],
    ["answers[1].old_id", ["answers", 1, "old_id"], "a\u0000"],
    ["answers[1].old_id", ["answers", 1, "old_id"], "a\uD800b"],
  ] as [string, (string | number)[], string][])("%s with an unstorable character %j", async (path, at, value) => {
    const reply = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", set(validParams(), at, value)));
    expectError(reply, -32602, [{ code: "invalid_character", path }]);
  });

  it("unstorable characters in properties, case studies and list filters", async () => {
    const text = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", {
        question: {
          exam_id: examId,
          question: "<p>Q</p>",
          type: 7,
          properties: { text_similarity: 50, text_answer: [{ value: "a\uD800" }, { value: "b\u0000" }] },
        },
      }),
    );
    expectError(text, -32602, [
      { code: "invalid_character", path: "question.properties.text_answer[0].value" },
      { code: "invalid_character", path: "question.properties.text_answer[1].value" },
    ]);
    const cs = await expectNothingChanged(t, u, () =>
      u.call("exam.caseStudyCreate", { case_study: { exam_id: examId, name: "a\u0000", description: "" } }),
    );
    expectError(cs, -32602, [{ code: "invalid_character", path: "case_study.name" }]);
    expectError(await u.call("exam.questionList", { exam_id: examId, external_id: "\u0000" }), -32602, [
      { code: "invalid_character", path: "external_id" },
    ]);
  });

  it("a resource value that is not a string", async () => {
    const params = { ...validParams(), resources: { "a.png": 5 } };
    const reply = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", params));
    expectError(reply, -32602);
    expect(issuesOf(reply).some((i) => i.path.startsWith("resources") && i.path.includes("a.png"))).toBe(true);
  });

  const propertyCases: [number, Record<string, unknown>, string][] = [
    [6, { optional_answers: "true" }, "question.properties.optional_answers"],
    [
      7,
      { text_similarity: 50, case_sensitive: "yes", text_answer: [{ value: "x" }] },
      "question.properties.case_sensitive",
    ],
    [7, { text_similarity: 50, text_answer: "Paris" }, "question.properties.text_answer"],
    [7, { text_similarity: 50, text_answer: ["Paris"] }, "question.properties.text_answer[0]"],
    [7, { text_similarity: 50, text_answer: [{ value: 5 }] }, "question.properties.text_answer[0].value"],
    [
      7,
      { text_similarity: 50, text_answer: [{ value: "x", points: "1" }] },
      "question.properties.text_answer[0].points",
    ],
    [7, { text_similarity: 50, text_similarity_answer: 5 }, "question.properties.text_similarity_answer"],
    [4, { image: 5, areas: "none", options: [], correct: [] }, "question.properties.image"],
    [4, { image: 5, areas: "none", options: [], correct: [] }, "question.properties.areas"],
    [4, { image: 5, areas: "none", options: [], correct: [] }, "question.properties.options"],
    [4, { image: 5, areas: "none", options: [], correct: [] }, "question.properties.correct"],
    [
      3,
      {
        image: "i.png",
        areas: [5],
        options: { FixedHeight: "no", FixedWidth: 0, OneToOneMatching: null },
        match: { "targ-1": 2 },
      },
      "question.properties.areas[0]",
    ],
    [
      3,
      {
        image: "i.png",
        areas: [5],
        options: { FixedHeight: "no", FixedWidth: 0, OneToOneMatching: null },
        match: { "targ-1": 2 },
      },
      "question.properties.options.FixedHeight",
    ],
    [
      3,
      {
        image: "i.png",
        areas: [5],
        options: { FixedHeight: "no", FixedWidth: 0, OneToOneMatching: null },
        match: { "targ-1": 2 },
      },
      "question.properties.options.FixedWidth",
    ],
    [
      3,
      {
        image: "i.png",
        areas: [5],
        options: { FixedHeight: "no", FixedWidth: 0, OneToOneMatching: null },
        match: { "targ-1": 2 },
      },
      "question.properties.options.OneToOneMatching",
    ],
    [
      3,
      {
        image: "i.png",
        areas: [5],
        options: { FixedHeight: "no", FixedWidth: 0, OneToOneMatching: null },
        match: { "targ-1": 2 },
      },
      "question.properties.match.targ-1",
    ],
  ];

  it.each(propertyCases)("type %i properties %j: %s", async (type, properties, path) => {
    const params = {
      question: { exam_id: examId, question: "<p>Q</p>", type, properties },
      ...(type === 6 && {
        answers: [
          { answer: "<p>A</p>", is_correct: true, order: 1 },
          { answer: "<p>B</p>", is_correct: true, order: 2 },
        ],
      }),
    };
    await expectInvalidAt("exam.questionCreate", params, path);
  });

  it.each([
    ["exam.questionGet", { id: "1" }, "id"],
    ["exam.questionDelete", { id: "1" }, "id"],
    ["exam.questionList", { exam_id: "1" }, "exam_id"],
    ["exam.questionList", { exam_id: 1, type: "1" }, "type"],
    ["exam.questionList", { exam_id: 1, case_study_id: "1" }, "case_study_id"],
    ["exam.questionList", { exam_id: 1, external_id: 1 }, "external_id"],
    ["exam.questionList", { exam_id: 1, limit: "10" }, "limit"],
    ["exam.questionList", { exam_id: 1, cursor: 5 }, "cursor"],
    ["exam.questionReorder", { exam_id: 1, question_ids: "1,2" }, "question_ids"],
    ["exam.questionReorder", { exam_id: 1, question_ids: ["1"] }, "question_ids[0]"],
    ["exam.questionReorder", { exam_id: "1", question_ids: [] }, "exam_id"],
    ["exam.caseStudyCreate", { case_study: { exam_id: "1", name: "N", description: "" } }, "case_study.exam_id"],
    ["exam.caseStudyCreate", { case_study: { exam_id: 1, name: 5, description: "" } }, "case_study.name"],
    ["exam.caseStudyCreate", { case_study: { exam_id: 1, name: "N", description: 5 } }, "case_study.description"],
    ["exam.caseStudyCreate", { case_study: "N" }, "case_study"],
    ["exam.caseStudyUpdate", { case_study: { id: "1", name: "N", description: "" } }, "case_study.id"],
    ["exam.caseStudyGet", { id: "1" }, "id"],
    ["exam.caseStudyList", { exam_id: "1" }, "exam_id"],
    ["exam.caseStudyDelete", { id: 1.5 }, "id"],
  ])("%s %j: -32602 at %s", async (method, params, path) => {
    await expectInvalidAt(method, params, path);
  });
});

describe("all problems of a request are reported together", () => {
  let u: TestUser;
  let examId: number;
  beforeAll(async () => {
    u = await t.newUser();
    examId = await newExam(u);
  });

  it("every wrongly typed field at once", async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", {
        question: {
          exam_id: "1",
          question: 5,
          explanation: 6,
          type: "1",
          case_study_id: "2",
          external_id: 7,
          points: "3",
          properties: [],
        },
        answers: [{ answer: 1, is_correct: "yes", order: "1", points: "1", old_id: true }],
        resources: [],
      }),
    );
    expectError(reply, -32602);
    const paths = issuesOf(reply).map((i) => i.path);
    for (const p of [
      "question.exam_id",
      "question.question",
      "question.explanation",
      "question.type",
      "question.case_study_id",
      "question.external_id",
      "question.points",
      "question.properties",
      "answers[0].answer",
      "answers[0].is_correct",
      "answers[0].order",
      "answers[0].points",
      "answers[0].old_id",
      "resources",
    ]) {
      expect(paths).toContain(p);
    }
    expect(reply.errors).toHaveLength(issuesOf(reply).length);
  });

  it("every broken rule at once: HTML, empty content, answers, order and media", async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", {
        question: {
          exam_id: examId,
          question: "<p> </p>",
          explanation: "<p>see <script>alert(1)</script></p>",
          type: 1,
        },
        answers: [
          { answer: "<p>A</p>", is_correct: true, order: 1 },
          { answer: '<p><img src="missing.png"></p>', is_correct: true, order: 1 },
          { answer: '<a href="https://example.com">C</a>' },
        ],
      }),
    );
    expectError(reply, -32602);
    const paths = issuesOf(reply).map((i) => i.path);
    for (const p of [
      "question.question",
      "question.explanation",
      "answers[1].is_correct",
      "answers[1].order",
      "answers[1].answer",
      "answers[2].answer",
    ]) {
      expect(paths).toContain(p);
    }
  });

  it("image question: area, option, match and image problems at once", async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", {
        question: {
          exam_id: examId,
          question: "<p>Drag</p>",
          type: 3,
          properties: {
            image: "nowhere.png",
            areas: [
              { id: "targ-01", x: -1, y: 0, width: 10, height: 15, type: 1 },
              { id: "drag-1", x: 0, y: 0, width: 30, height: 5, type: 2 },
            ],
            options: { FixedHeight: true, FixedWidth: false },
            match: { "targ-9": "drag-1" },
          },
        },
      }),
    );
    const paths = issuesOf(reply).map((i) => i.path);
    for (const p of [
      "question.properties.image",
      "question.properties.areas[0].id",
      "question.properties.areas[0].x",
      "question.properties.areas[0].width",
      "question.properties.areas[1].height",
      "question.properties.options.OneToOneMatching",
      "question.properties.match.targ-9",
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe("contract 1.5: problems of the schema and of the type rules come together", () => {
  it("a wrong-typed field and two correct answers of a single choice question are both reported", async () => {
    const t2 = await createTestApp();
    try {
      const u = await t2.newUser();
      const e = await u.call("exam.examCreate", { exam: examInput() });
      const r = await u.call("exam.questionCreate", {
        question: { exam_id: ok(e).exam.id, question: "<p>Q</p>", type: 1, points: "1" },
        answers: [
          { answer: "<p>A</p>", is_correct: true },
          { answer: "<p>B</p>", is_correct: true },
        ],
      });
      expectError(r, -32602);
      const paths = issuesOf(r).map((i) => i.path);
      expect(paths).toContain("question.points");
      expect(paths.some((p) => p.startsWith("answers[1]"))).toBe(true);
    } finally {
      await t2.close();
    }
  });
});
