// exam.historyList (contract 12): every write to an exam, its questions and case studies, read
// back newest first with who made it and the object as stored after it (equal to what the get
// methods answered right after the call); filters by object, cursor pages that cover each entry
// once, the owner check, strict params, and a read that writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { auditLog } from "@/db/schema";
import { executeOperation } from "@/server/operation";
import { examUpdate } from "@/server/operations/exam-update";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";
import { choiceQuestion, fails, newExam, ok } from "../support/exam-test-helpers";
import type { ResultOf } from "@/server/rpc/operation-types";

type HistoryEntry = ResultOf<"exam.historyList">["entries"][number];

/** The writes this file makes through expectWrite. */
type WriteMethod =
  | "exam.questionCreate"
  | "exam.questionUpdate"
  | "exam.questionDelete"
  | "exam.questionReorder"
  | "exam.examUpdate"
  | "exam.examUpdateStatus";

/** What a write's result may hold: the object it made or changed, and the version it stored. */
interface WriteResult {
  completed: true;
  question?: { id: number };
  case_study?: { id: number };
  exam?: { id: number };
  version?: number;
}

let t: TestApp;
let u: TestUser;
let examId: number;
let q1: number;
let q2: number;
let caseStudyId: number;
/** What each write should have logged, oldest first: method, object and the expected snapshot. */
const expected: {
  method: string;
  object_type: string;
  object_id: number;
  snapshot: unknown;
  token_name: string | null;
  version: number | null;
}[] = [];

async function expectWrite<M extends WriteMethod>(
  method: M,
  params: unknown,
  object: { type: string; id?: number },
  readBack: () => Promise<unknown>,
) {
  const result = ok(await u.call(method, params));
  const written: WriteResult = result;
  const id = object.id ?? written.question?.id ?? written.case_study?.id ?? written.exam?.id;
  if (id === undefined) throw new Error(`${method} named no object: ${JSON.stringify(result)}`);
  // The version the write made; a delete and a reorder make none.
  expected.push({
    method,
    object_type: object.type,
    object_id: id,
    snapshot: await readBack(),
    token_name: "test",
    version: written.version ?? null,
  });
  return result;
}

const getExam = async () => ok(await u.call("exam.examGet", { id: examId })).exam;
const getQuestion = (id: number) => async () => {
  const { completed, version, ...view } = ok(await u.call("exam.questionGet", { id }));
  void completed;
  void version;
  return view;
};

/** Every entry of a history, following next_cursor with pages of `limit`. */
async function allPages(params: Record<string, unknown>, limit: number) {
  const entries: HistoryEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = ok(await u.call("exam.historyList", { ...params, limit, ...(cursor ? { cursor } : {}) }));
    expect(page.entries.length).toBeLessThanOrEqual(limit);
    entries.push(...page.entries);
    cursor = page.next_cursor ?? undefined;
    pages += 1;
  } while (cursor && pages < 100);
  return entries;
}

beforeAll(async () => {
  t = await createTestApp();
  u = await t.newUser();
  const created = await newExam(u, { title: "History" });
  examId = created.id;
  expected.push({
    method: "exam.examCreate",
    object_type: "exam",
    object_id: examId,
    snapshot: await getExam(),
    token_name: "test",
    version: 1,
  });
  q1 = (
    await expectWrite("exam.questionCreate", choiceQuestion(examId, "First"), { type: "question" }, async () => null)
  ).question.id;
  expected[expected.length - 1]!.snapshot = await getQuestion(q1)();
  await expectWrite(
    "exam.questionUpdate",
    {
      ...choiceQuestion(examId, "First, edited"),
      question: { ...choiceQuestion(examId, "First, edited").question, id: q1, points: 3 },
    },
    { type: "question", id: q1 },
    getQuestion(q1),
  );
  const cs = ok(
    await u.call("exam.caseStudyCreate", {
      case_study: { exam_id: examId, name: "Case", description: "<p>Read this</p>" },
    }),
  ).case_study;
  caseStudyId = cs.id;
  expected.push({
    method: "exam.caseStudyCreate",
    object_type: "case_study",
    object_id: cs.id,
    snapshot: ok(await u.call("exam.caseStudyGet", { id: cs.id })).case_study,
    token_name: "test",
    version: 1,
  });
  await expectWrite(
    "exam.examUpdate",
    { exam: { id: examId, title: "History, renamed" } },
    { type: "exam", id: examId },
    getExam,
  );
  q2 = (
    await expectWrite("exam.questionCreate", choiceQuestion(examId, "Second"), { type: "question" }, async () => null)
  ).question.id;
  expected[expected.length - 1]!.snapshot = await getQuestion(q2)();
  await expectWrite(
    "exam.questionReorder",
    { exam_id: examId, question_ids: [q2, q1] },
    { type: "exam", id: examId },
    async () => ({ question_ids: [q2, q1] }),
  );
  await expectWrite(
    "exam.examUpdateStatus",
    { id: examId, ready: true, ignore_warnings: true },
    { type: "exam", id: examId },
    getExam,
  );
  // The exam was ready: the delete puts it back to draft, an exam entry of its own, written first.
  expected.push({
    method: "exam.questionDelete",
    object_type: "exam",
    object_id: examId,
    snapshot: { status: "draft" },
    token_name: "test",
    version: null,
  });
  await expectWrite("exam.questionDelete", { id: q2 }, { type: "question", id: q2 }, async () => null);
  // The web app acts with no token name (its server action runs the same operation this way).
  const web = await executeOperation(t.app, { userId: u.id, tokenName: null }, examUpdate, {
    exam: { id: examId, code: "WEB-1" },
  });
  expected.push({
    method: "exam.examUpdate",
    object_type: "exam",
    object_id: examId,
    snapshot: await getExam(),
    token_name: null,
    version: web.result.version,
  });
});
afterAll(() => t.close());

describe("exam.historyList", () => {
  it("lists every write newest first, with the writer and the object as the get methods read it after the call", async () => {
    const { entries, next_cursor } = ok(await u.call("exam.historyList", { exam_id: examId }));
    expect(next_cursor).toBeNull();
    const newestFirst = [...expected].reverse();
    expect(entries.map((e) => [e.method, e.object_type, e.object_id])).toEqual(
      newestFirst.map((e) => [e.method, e.object_type, e.object_id]),
    );
    entries.forEach((entry, i) => {
      expect(Object.keys(entry).sort()).toEqual([
        "actor",
        "at",
        "id",
        "method",
        "object_id",
        "object_type",
        "snapshot",
        "version",
      ]);
      expect(entry.version, entry.method).toBe(newestFirst[i]!.version);
      expect(entry.actor).toEqual({ email: u.email, token_name: newestFirst[i]!.token_name });
      expect(entry.snapshot, entry.method).toEqual(newestFirst[i]!.snapshot);
      expect(new Date(entry.at).toISOString()).toBe(entry.at);
      if (i > 0) {
        expect(entry.id).toBeLessThan(entries[i - 1]!.id);
        expect(entry.at <= entries[i - 1]!.at).toBe(true);
      }
    });
  });

  it("a delete's entry has a null snapshot; test_id names the exam as exam_id does", async () => {
    const { entries } = ok(
      await u.call("exam.historyList", { test_id: examId, object_type: "question", object_id: q2 }),
    );
    expect(entries.map((e) => e.method)).toEqual(["exam.questionDelete", "exam.questionCreate"]);
    expect(entries[0]?.snapshot).toBeNull();
  });

  it("filters by object type, and by one object", async () => {
    const exams = ok(await u.call("exam.historyList", { exam_id: examId, object_type: "exam" })).entries;
    expect(exams.map((e) => e.method)).toEqual([
      "exam.examUpdate",
      "exam.questionDelete",
      "exam.examUpdateStatus",
      "exam.questionReorder",
      "exam.examUpdate",
      "exam.examCreate",
    ]);
    const first = ok(
      await u.call("exam.historyList", { exam_id: examId, object_type: "question", object_id: q1 }),
    ).entries;
    expect(first.map((e) => e.method)).toEqual(["exam.questionUpdate", "exam.questionCreate"]);
    expect((first[0]!.snapshot as { question: object }).question).toMatchObject({
      id: q1,
      question: "<p>First, edited</p>",
      points: 3,
    });
    expect((first[1]!.snapshot as { question: object }).question).toMatchObject({
      id: q1,
      question: "<p>First</p>",
      points: 1,
    });
    const cases = ok(
      await u.call("exam.historyList", { exam_id: examId, object_type: "case_study", object_id: caseStudyId }),
    ).entries;
    expect(cases.map((e) => e.method)).toEqual(["exam.caseStudyCreate"]);
    // The type is part of the filter: the question's id as a case study id names another object.
    const asCaseStudy = ok(
      await u.call("exam.historyList", { exam_id: examId, object_type: "case_study", object_id: q1 }),
    ).entries;
    expect(asCaseStudy.every((e) => e.object_type === "case_study")).toBe(true);
  });

  it("cursor pages cover each entry exactly once, in the same order, filtered or not", async () => {
    const whole = ok(await u.call("exam.historyList", { exam_id: examId, limit: 200 })).entries.map((e) => e.id);
    for (const limit of [1, 2, 3]) expect((await allPages({ exam_id: examId }, limit)).map((e) => e.id)).toEqual(whole);
    const exams = ok(await u.call("exam.historyList", { exam_id: examId, object_type: "exam" })).entries.map(
      (e) => e.id,
    );
    expect((await allPages({ exam_id: examId, object_type: "exam" }, 2)).map((e) => e.id)).toEqual(exams);
  });

  it("reading writes nothing", async () => {
    // The reader's own entries: on PostgreSQL other test files write history at the same time.
    const entries = () => t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.userId, u.id));
    const before = await entries();
    const examBefore = await getExam();
    await allPages({ exam_id: examId }, 2);
    expect(await entries()).toEqual(before);
    expect(await getExam()).toEqual(examBefore);
  });

  it("another user's exam is -32004 exactly like a missing one, and so is a deleted exam", async () => {
    const stranger = await t.newUser();
    const theirs = fails(await stranger.call("exam.historyList", { exam_id: examId }), -32004, "exam_id");
    const missing = fails(await stranger.call("exam.historyList", { exam_id: 2_000_000_000 }), -32004, "exam_id");
    expect(theirs.map((i) => ({ ...i, message: i.message.replace(String(examId), "N") }))).toEqual(
      missing.map((i) => ({ ...i, message: i.message.replace("2000000000", "N") })),
    );
    const gone = await newExam(u);
    ok(await u.call("exam.examDelete", { id: gone.id }));
    expect((await t.db.select().from(auditLog).where(eq(auditLog.examId, gone.id))).length).toBe(2);
    fails(await u.call("exam.historyList", { exam_id: gone.id }), -32004, "exam_id");
  });

  it("refuses params of the wrong type or range, naming the path", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{}, "exam_id"],
      [{ exam_id: String(examId) }, "exam_id"],
      [{ exam_id: examId, test_id: examId + 1 }, "test_id"],
      [{ exam_id: examId, object_type: "answer" }, "object_type"],
      [{ exam_id: examId, object_type: "question", object_id: "1" }, "object_id"],
      [{ exam_id: examId, object_id: q1 }, "object_type"],
      [{ exam_id: examId, limit: 0 }, "limit"],
      [{ exam_id: examId, limit: 201 }, "limit"],
      [{ exam_id: examId, limit: 2.5 }, "limit"],
      [{ exam_id: examId, cursor: 5 }, "cursor"],
      [{ exam_id: examId, cursor: "not-a-cursor" }, "cursor"],
      [{ exam_id: examId, cursor: Buffer.from("[1.5]").toString("base64url") }, "cursor"],
      [{ exam_id: examId, cursor: Buffer.from("[1e300]").toString("base64url") }, "cursor"],
    ];
    for (const [params, path] of bad) fails(await u.call("exam.historyList", params), -32602, path);
  });

  it("warns about unknown params and still answers", async () => {
    const reply = await u.call("exam.historyList", { exam_id: examId, limit: 1, question_id: q1 });
    expect(ok(reply).entries).toHaveLength(1);
    expect(reply.warning_details).toEqual([expect.objectContaining({ code: "unknown_field", path: "" })]);
  });
});
