// exam.examDuplicate over real HTTP: the new exam's settings, title and status, its blueprint, case
// studies and questions (each with copied_from), the history, the source left as it was, roles,
// and every bad input changing nothing.
import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, caseStudy, exam, membership, question } from "@/db/schema";
import { createApiToken } from "@/server/auth/tokens";
import { personalWorkspace } from "@/server/data/workspaces";
import { duplicateTitle } from "@/server/schemas/copies";
import {
  addQuestions,
  auditRows,
  choiceQuestion,
  fails,
  newExam,
  ok,
  questionRows,
  warningAt,
} from "../support/exam-test-helpers";
import type { Reply } from "../support/reply";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

const duplicate = async (u: TestUser, params: object) => ok(await u.call("exam.examDuplicate", params));

/** An exam with a weighted blueprint, a case study, and questions in and out of both. */
async function fullExam() {
  const source = await newExam(ann, {
    title: "Networking",
    code: "NET-1",
    description: "<p>Read carefully.</p>",
    show_description_page: true,
    shuffle_questsion: false,
  });
  ok(
    await ann.call("exam.examUpdate", {
      exam: {
        id: source.id,
        domains: [
          { code: "1.0", name: "Fundamentals", weight: 60 },
          { code: "2.0", name: "Security", weight: 40 },
        ],
      },
    }),
  );
  const domains = ok(await ann.call("exam.examGet", { id: source.id })).exam.domains;
  const study = ok(
    await ann.call("exam.caseStudyCreate", {
      case_study: { exam_id: source.id, name: "Contoso", description: "<p>Two offices.</p>" },
    }),
  ).case_study;
  const ids: number[] = [];
  for (const [i, extra] of [
    { domain_id: domains[1]!.id, external_id: "Q1", tags: ["vpn"] },
    { domain_id: null, case_study_id: study.id },
    { domain_id: domains[0]!.id, points: 4 },
  ].entries()) {
    const q = choiceQuestion(source.id, `Question ${i + 1}`);
    ids.push(ok(await ann.call("exam.questionCreate", { ...q, question: { ...q.question, ...extra } })).question.id);
  }
  return { source: ok(await ann.call("exam.examGet", { id: source.id })).exam, domains, study, ids };
}

/** What a refused call must leave as it was, in the exams of `users` (other test files share the database). */
async function snapshot(users: TestUser[]) {
  const ids = users.map((u) => u.id);
  const exams = t.db.select({ id: exam.id }).from(exam).where(inArray(exam.ownerId, ids));
  const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
  return {
    exams: await n(t.db.select({ n: count() }).from(exam).where(inArray(exam.ownerId, ids))),
    questions: await n(t.db.select({ n: count() }).from(question).where(inArray(question.examId, exams))),
    audit: await n(t.db.select({ n: count() }).from(auditLog).where(inArray(auditLog.examId, exams))),
    caseStudies: await n(t.db.select({ n: count() }).from(caseStudy).where(inArray(caseStudy.examId, exams))),
  };
}

describe("exam.examDuplicate: the new exam", () => {
  it("copies the settings, blueprint, case studies and questions; a draft titled as a copy", async () => {
    const { source, study, ids } = await fullExam();
    ok(await ann.call("exam.examUpdateStatus", { id: source.id, ready: true, ignore_warnings: true }));
    const sourceVersion = ok(await ann.call("exam.examGet", { id: source.id })).version;

    const result = await duplicate(ann, { id: source.id });
    const copy = ok(await ann.call("exam.examGet", { id: result.exam.id })).exam;
    expect(result.exam).toEqual(copy);
    expect(result.version).toBe(1);
    const { id: _a, created_at: _b, updated_at: _c, domains: sourceDomains, ...settings } = source;
    expect(copy).toMatchObject({
      ...settings,
      title: "Networking (copy)",
      code: "NET-1",
      status: "draft",
      question_count: 3,
    });
    expect(copy.domains.map(({ id: _id, ...d }) => d)).toEqual(sourceDomains.map(({ id: _id, ...d }) => d));
    expect(copy.domains.map((d) => d.id)).not.toEqual(sourceDomains.map((d) => d.id));

    const studies = ok(await ann.call("exam.caseStudyList", { exam_id: copy.id })).case_studies;
    expect(studies.map((s) => [s.name, s.description])).toEqual([["Contoso", "<p>Two offices.</p>"]]);
    expect(studies[0]!.id).not.toBe(study.id);

    const listed = ok(await ann.call("exam.questionList", { exam_id: copy.id })).questions;
    expect(result.questions).toEqual(
      listed.map((q, i) => ({ id: q.id, copied_from: { question_id: ids[i], exam_id: source.id, version: 1 } })),
    );
    expect(listed.map((q) => q.copied_from)).toEqual(result.questions.map((q) => q.copied_from));
    expect(listed.map((q) => [q.domain_id, q.case_study_id, q.external_id, q.tags, q.points])).toEqual([
      [copy.domains[1]!.id, null, null, ["vpn"], 1],
      [null, studies[0]!.id, null, [], 1],
      [copy.domains[0]!.id, null, null, [], 4],
    ]);

    // The source is as it was: still ready, the same version, the same questions.
    const after = ok(await ann.call("exam.examGet", { id: source.id }));
    expect(after.exam.status).toBe("ready");
    expect(after.version).toBe(sourceVersion);
    expect((await questionRows(t, source.id)).map((r) => r.id)).toEqual(ids);
  });

  it("takes the title sent (trimmed); a long title is cut to fit the mark", async () => {
    const source = await newExam(ann, { title: "x".repeat(200) });
    expect((await duplicate(ann, { id: source.id })).exam.title).toBe(`${"x".repeat(193)} (copy)`);
    expect(duplicateTitle("Short")).toBe("Short (copy)");
    expect((await duplicate(ann, { id: source.id, title: "  Networking 2027 " })).exam.title).toBe("Networking 2027");
  });

  it("keeps the testing settings: a locked testing_questions and a fixed time", async () => {
    const source = await newExam(ann);
    await addQuestions(t, ann, source.id, 40);
    ok(await ann.call("exam.examUpdate", { exam: { id: source.id, testing_questions: 30, testing_time: 45 } }));
    const copy = (await duplicate(ann, { id: source.id })).exam;
    expect(copy).toMatchObject({ question_count: 40, testing_auto: false, testing_questions: 30, testing_time: 45 });
    // Auto-handling goes on as for any exam: deleting below the locked value turns it back on.
    const rows = await questionRows(t, copy.id);
    for (const r of rows.slice(0, 15)) ok(await ann.call("exam.questionDelete", { id: r.id }));
    expect(ok(await ann.call("exam.examGet", { id: copy.id })).exam).toMatchObject({
      testing_auto: true,
      testing_questions: 25,
    });
  });

  it("writes the new exam, its case studies and every question to its history", async () => {
    const { source } = await fullExam();
    const result = await duplicate(ann, { id: source.id });
    const entries = await auditRows(t, result.exam.id);
    expect(entries.map((e) => [e.method, e.objectType])).toEqual([
      ["exam.examDuplicate", "case_study"],
      ["exam.examDuplicate", "question"],
      ["exam.examDuplicate", "question"],
      ["exam.examDuplicate", "question"],
      ["exam.examDuplicate", "exam"],
    ]);
    expect(entries.at(-1)!.snapshot).toMatchObject({
      ...result.exam,
      updated_at: expect.any(String),
      duplicate_of: { exam_id: source.id, version: 2 },
    });
    expect(entries.at(-1)!.version).toBe(1);
  });

  it("duplicates an empty exam", async () => {
    const source = await newExam(ann);
    const result = await duplicate(ann, { id: source.id });
    expect(result.questions).toEqual([]);
    expect(result.exam.question_count).toBe(0);
  });

  it("warns of an unknown param", async () => {
    const source = await newExam(ann);
    expect(warningAt(await ann.call("exam.examDuplicate", { id: source.id, name: "x" }), "")?.code).toBe(
      "unknown_field",
    );
  });
});

describe("exam.examDuplicate: bad input changes nothing", () => {
  it("refuses each bad call where it is", async () => {
    const source = await newExam(ann);
    await addQuestions(t, ann, source.id, 2);
    const bob = await t.newUser();
    const bobs = await newExam(bob);
    const viewer = await t.newUser();
    const workspaceId = await personalWorkspace(t.db, ann.id);
    await t.db.insert(membership).values({ workspaceId, userId: viewer.id, role: "viewer" });
    const { token } = await createApiToken(t.db, viewer.id, "viewer", null, { workspaceId });
    const before = await snapshot([ann, bob, viewer]);
    const cases: [string, unknown, number, string?][] = [
      ["unknown exam", { id: 2147483647 }, -32004, "id"],
      ["someone else's exam", { id: bobs.id }, -32004, "id"],
      ["no id", {}, -32602, "id"],
      ["empty title", { id: source.id, title: "   " }, -32602, "title"],
      ["long title", { id: source.id, title: "t".repeat(201) }, -32602, "title"],
      ["title not a string", { id: source.id, title: 7 }, -32602, "title"],
    ];
    for (const [name, params, code, path] of cases) {
      const reply = await ann.call("exam.examDuplicate", params);
      expect(reply.error?.code, name).toBe(code);
      fails(reply, code, path);
    }
    const asViewer = await t.post<Reply>({
      jsonrpc: "2.0",
      id: 1,
      method: "exam.examDuplicate",
      accessToken: token,
      params: { id: source.id },
    });
    expect(asViewer.body.error?.code).toBe(-32003);
    expect(asViewer.body.errors?.[0]).toMatch(/editor role/);
    expect(await snapshot([ann, bob, viewer])).toEqual(before);
  });
});
