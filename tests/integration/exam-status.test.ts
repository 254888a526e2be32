// Exam status (contract 6): draft on creation, the readiness re-check with its warnings,
// ignore_warnings, back to draft, and "any successful change sets it back to draft".
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";
import { makePng, toBase64 } from "../support/media-fixtures";
import { issuesOf } from "../support/question-store";
import type { Reply } from "../support/reply";
import {
  addQuestions,
  auditRows,
  choiceQuestion,
  examRow,
  fails,
  newExam,
  ok,
  warningCodes,
} from "../support/exam-test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

const INVALID = -32602;

async function statusOf(examId: number) {
  return (await examRow(t, examId))!.status;
}

const setStatus = (u: TestUser, id: number, ready: boolean, ignore_warnings?: boolean) =>
  u.call("exam.examUpdateStatus", { id, ready, ...(ignore_warnings === undefined ? {} : { ignore_warnings }) });

/** Asserts the ready call failed with exam_has_warnings and returns the warning codes it listed. */
function warningsOfFailedReady(reply: Reply<unknown>): string[] {
  const issues = fails(reply, INVALID, "id", "exam_has_warnings");
  expect(issues[0]!.code).toBe("exam_has_warnings");
  expect(reply.errors?.[0]).toMatch(/^id: the exam has \d+ warning/);
  return issues.slice(1).map((i) => i.code);
}

describe("exam status", () => {
  it("is draft when created", async () => {
    const u = await t.newUser();
    const created = await newExam(u);
    expect(created.status).toBe("draft");
    expect(await statusOf(created.id)).toBe("draft");
  });

  it("moves to ready without warnings, and back to draft with ready: false", async () => {
    const u = await t.newUser();
    const created = await newExam(u);
    await addQuestions(t, u, created.id, 2);

    const reply = await setStatus(u, created.id, true);
    expect(ok(reply).exam.status).toBe("ready");
    expect(reply.warnings).toEqual([]);
    expect(await statusOf(created.id)).toBe("ready");
    expect(ok(await u.call("exam.examGet", { id: created.id })).exam.status).toBe("ready");

    const back = await setStatus(u, created.id, false);
    expect(ok(back).exam.status).toBe("draft");
    expect(await statusOf(created.id)).toBe("draft");
    // Draft again stays draft, and writes nothing (tests/integration/unchanged-exam.test.ts).
    const again = await setStatus(u, created.id, false);
    expect(ok(again).exam.status).toBe("draft");
    expect(warningCodes(again)).toEqual(["unchanged"]);

    const history = (await auditRows(t, created.id)).filter((r) => r.method === "exam.examUpdateStatus");
    expect(history.map((r) => (r.snapshot as { status: string }).status)).toEqual(["ready", "draft"]);
  });

  it("refuses ready for an exam without questions (exam_has_warnings), and nothing changes", async () => {
    const u = await t.newUser();
    const created = await newExam(u);
    const before = await examRow(t, created.id);
    const audit = await auditRows(t, created.id);
    const reply = await setStatus(u, created.id, true);
    expect(warningsOfFailedReady(reply)).toEqual(["no_questions"]);
    expect(issuesOf(reply)[1]?.path).toBe("questions");
    expect(await examRow(t, created.id)).toEqual(before);
    expect(await auditRows(t, created.id)).toEqual(audit);
    // ignore_warnings: false is the same as leaving it out.
    expect(warningsOfFailedReady(await setStatus(u, created.id, true, false))).toEqual(["no_questions"]);
  });

  it("refuses ready while a question has warnings of its own, naming the question", async () => {
    const u = await t.newUser();
    const created = await newExam(u);
    await addQuestions(t, u, created.id, 1);
    const single = await u.call("exam.questionCreate", {
      question: { exam_id: created.id, question: "<p>Only one answer</p>", type: 1 },
      answers: [{ answer: "Yes", is_correct: true }],
    });
    const q = ok(single).question;
    expect(single.warning_details.map((w: { code: string }) => w.code)).toContain("answers_single");

    const reply = await setStatus(u, created.id, true);
    expect(warningsOfFailedReady(reply)).toEqual(["question_warning"]);
    const issue = issuesOf(reply)[1]!;
    expect(issue.path).toBe("questions[1]");
    expect(issue.message).toContain(`question ${q.id}`);
    expect(issue.message).toContain("at least two");
    expect(await statusOf(created.id)).toBe("draft");

    // Fixing the question clears the warning.
    ok(
      await u.call("exam.questionUpdate", {
        question: { id: q.id, exam_id: created.id, question: "<p>Two answers now</p>", type: 1 },
        answers: choiceQuestion(created.id).answers,
      }),
    );
    const ready = await setStatus(u, created.id, true);
    expect(ok(ready).exam.status).toBe("ready");
    expect(ready.warnings).toEqual([]);
  });

  it("refuses ready when referenced media is missing from the store", async () => {
    const u = await t.newUser();
    const created = await newExam(u);
    const png = makePng(40, 20, [12, 34, 56]);
    const reply = await u.call("exam.questionCreate", {
      question: {
        exam_id: created.id,
        question: '<p>Which colour?</p><p><img src="images/colour.png" alt="colour"></p>',
        type: 1,
      },
      answers: [{ answer: "Blue", is_correct: true }, { answer: "Red" }],
      resources: { "images/colour.png": toBase64(png) },
    });
    const stored = ok(reply).resources["images/colour.png"] as string;
    expect(stored).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const file = path.join(t.mediaDir, path.basename(stored));
    expect(fs.existsSync(file)).toBe(true);

    // With the file present the exam is fine.
    ok(await setStatus(u, created.id, true));
    ok(await setStatus(u, created.id, false));

    fs.rmSync(file);
    const refused = await setStatus(u, created.id, true);
    expect(warningsOfFailedReady(refused)).toEqual(["media_missing"]);
    expect(issuesOf(refused)[1]?.message).toContain(stored);
    expect(await statusOf(created.id)).toBe("draft");

    // With ignore_warnings it becomes ready and the warning comes back as a warning.
    const forced = await setStatus(u, created.id, true, true);
    expect(ok(forced).exam.status).toBe("ready");
    expect(forced.warning_details.map((w: { code: string }) => w.code)).toEqual(["media_missing"]);
    expect(forced.warnings[0]).toBe(`media: ${stored} is referenced but its file is missing`);
  });

  it("with ignore_warnings becomes ready and returns every warning", async () => {
    const u = await t.newUser();
    const empty = await newExam(u);
    const reply = await setStatus(u, empty.id, true, true);
    expect(ok(reply).exam.status).toBe("ready");
    expect(reply.warning_details).toEqual([
      { code: "no_questions", path: "questions", message: "the exam has no questions" },
    ]);
    expect(reply.warnings).toEqual(["questions: the exam has no questions"]);
    expect(await statusOf(empty.id)).toBe("ready");
    const [entry] = (await auditRows(t, empty.id)).filter((r) => r.method === "exam.examUpdateStatus");
    expect((entry!.snapshot as { status: string }).status).toBe("ready");

    // Several warnings at once are all listed.
    const several = await newExam(u);
    for (let i = 0; i < 2; i++) {
      ok(
        await u.call("exam.questionCreate", {
          question: { exam_id: several.id, question: `<p>Q${i}</p>`, type: 2 },
          answers: [{ answer: "Only" }],
        }),
      );
    }
    const listed = warningsOfFailedReady(await setStatus(u, several.id, true));
    // Each question: one answer, and no correct answer.
    expect(listed.length).toBe(4);
    expect(new Set(listed)).toEqual(new Set(["question_warning"]));
    const forced = await setStatus(u, several.id, true, true);
    expect(forced.warning_details).toHaveLength(4);
  });

  it("answers -32004 for someone else's exam and changes nothing", async () => {
    const u = await t.newUser();
    const other = await t.newUser();
    const created = await newExam(u);
    fails(await setStatus(other, created.id, true, true), -32004);
    expect(await statusOf(created.id)).toBe("draft");
    fails(await u.call("exam.examUpdateStatus", { id: created.id }), INVALID, "ready");
    fails(await u.call("exam.examUpdateStatus", { id: created.id, ready: "true" }), INVALID, "ready");
  });
});

// ---------------------------------------------------------------------------------------------
// Any successful change to the exam, a question or a case study sets it back to draft; a failed
// change does not.

interface Fixture {
  u: TestUser;
  examId: number;
  otherExamId: number;
  q1: number;
  q2: number;
  csFree: number;
  csUsed: number;
}

/** A ready exam: two good questions (q2 in case study csUsed) and an unused case study. */
async function readyFixture(): Promise<Fixture> {
  const u = await t.newUser();
  const examId = (await newExam(u)).id;
  const otherExamId = (await newExam(u)).id;
  await addQuestions(t, u, otherExamId, 1);
  const csFree = ok(
    await u.call("exam.caseStudyCreate", {
      case_study: { exam_id: examId, name: "Free", description: "<p>Unused</p>" },
    }),
  ).case_study.id;
  const csUsed = ok(
    await u.call("exam.caseStudyCreate", { case_study: { exam_id: examId, name: "Used", description: "<p>Used</p>" } }),
  ).case_study.id;
  const [q1] = await addQuestions(t, u, examId, 1);
  const q2 = ok(
    await u.call("exam.questionCreate", {
      question: { exam_id: examId, question: "<p>About the case</p>", type: 1, case_study_id: csUsed },
      answers: choiceQuestion(examId).answers,
    }),
  ).question.id;
  for (const id of [examId, otherExamId]) {
    const reply = await setStatus(u, id, true);
    expect(ok(reply).exam.status).toBe("ready");
    expect(reply.warnings).toEqual([]);
  }
  return { u, examId, otherExamId, q1: q1!, q2, csFree, csUsed };
}

type Change = (f: Fixture) => Promise<Reply<unknown>>;

const SUCCESSFUL_CHANGES: [string, Change][] = [
  ["examUpdate", (f) => f.u.call("exam.examUpdate", { exam: { id: f.examId, title: "Changed" } })],
  ["questionCreate", (f) => f.u.call("exam.questionCreate", choiceQuestion(f.examId, "New"))],
  [
    "questionUpdate",
    (f) =>
      f.u.call("exam.questionUpdate", {
        question: { id: f.q1, exam_id: f.examId, question: "<p>Edited</p>", type: 1 },
        answers: choiceQuestion(f.examId).answers,
      }),
  ],
  ["questionDelete", (f) => f.u.call("exam.questionDelete", { id: f.q1 })],
  ["questionReorder", (f) => f.u.call("exam.questionReorder", { exam_id: f.examId, question_ids: [f.q2, f.q1] })],
  [
    "caseStudyCreate",
    (f) => f.u.call("exam.caseStudyCreate", { case_study: { exam_id: f.examId, name: "Another", description: "" } }),
  ],
  [
    "caseStudyUpdate",
    (f) =>
      f.u.call("exam.caseStudyUpdate", {
        case_study: { id: f.csUsed, name: "Renamed", description: "<p>New text</p>" },
      }),
  ],
  ["caseStudyDelete", (f) => f.u.call("exam.caseStudyDelete", { id: f.csFree })],
];

const FAILED_CHANGES: [string, Change][] = [
  ["examUpdate with an empty title", (f) => f.u.call("exam.examUpdate", { exam: { id: f.examId, title: "  " } })],
  [
    "examUpdate to type 3 with testing_time 0",
    (f) => f.u.call("exam.examUpdate", { exam: { id: f.examId, type: 3, testing_time: 0 } }),
  ],
  [
    "questionCreate without answers",
    (f) => f.u.call("exam.questionCreate", { question: { exam_id: f.examId, question: "<p>No answers</p>", type: 1 } }),
  ],
  [
    "questionCreate with two correct answers for single choice",
    (f) =>
      f.u.call("exam.questionCreate", {
        question: { exam_id: f.examId, question: "<p>Two correct</p>", type: 1 },
        answers: [
          { answer: "a", is_correct: true },
          { answer: "b", is_correct: true },
        ],
      }),
  ],
  [
    "questionUpdate without answers",
    (f) =>
      f.u.call("exam.questionUpdate", {
        question: { id: f.q1, exam_id: f.examId, question: "<p>Edited</p>", type: 1 },
      }),
  ],
  [
    "questionUpdate with a script",
    (f) =>
      f.u.call("exam.questionUpdate", {
        question: { id: f.q1, exam_id: f.examId, question: "<script>x()</script><p>x</p>", type: 1 },
        answers: choiceQuestion(f.examId).answers,
      }),
  ],
  [
    "questionReorder missing a question",
    (f) => f.u.call("exam.questionReorder", { exam_id: f.examId, question_ids: [f.q2] }),
  ],
  [
    "caseStudyCreate without a name",
    (f) => f.u.call("exam.caseStudyCreate", { case_study: { exam_id: f.examId, name: "", description: "" } }),
  ],
  [
    "caseStudyUpdate without a name",
    (f) => f.u.call("exam.caseStudyUpdate", { case_study: { id: f.csUsed, name: "", description: "" } }),
  ],
  ["caseStudyDelete of a case study in use", (f) => f.u.call("exam.caseStudyDelete", { id: f.csUsed })],
];

describe("back to draft", () => {
  it.each(SUCCESSFUL_CHANGES)("a successful %s sets a ready exam back to draft", async (_name, change) => {
    const f = await readyFixture();
    const before = await examRow(t, f.examId);
    ok(await change(f));
    const after = await examRow(t, f.examId);
    expect(after!.status).toBe("draft");
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
    expect(ok(await f.u.call("exam.examGet", { id: f.examId })).exam.status).toBe("draft");
    // Another exam of the same owner is not affected.
    expect(await statusOf(f.otherExamId)).toBe("ready");
  });

  it.each(SUCCESSFUL_CHANGES.filter(([name]) => name !== "examUpdate"))(
    "the history shows a %s that put a ready exam back to draft as a status change, without a new exam version",
    async (name, change) => {
      const f = await readyFixture();
      const versionBefore = ok(await f.u.call("exam.examGet", { id: f.examId })).version;
      const auditBefore = (await auditRows(t, f.examId)).length;
      ok(await change(f));
      const added = (await auditRows(t, f.examId)).slice(auditBefore);
      const statusEntries = added.filter(
        (r) =>
          r.objectType === "exam" && r.method === `exam.${name}` && JSON.stringify(r.snapshot) === '{"status":"draft"}',
      );
      expect(statusEntries).toHaveLength(1);
      expect(statusEntries[0]).toMatchObject({ objectId: f.examId, userId: f.u.id, tokenName: "test", version: null });
      expect(ok(await f.u.call("exam.examGet", { id: f.examId })).version).toBe(versionBefore);
      // historyList names it under the write's method.
      const listed = ok(
        await f.u.call("exam.historyList", { exam_id: f.examId, object_type: "exam", limit: 2 }),
      ).entries;
      // (A reorder's own entry is on the exam too, written after.)
      expect(listed.find((e) => (e.snapshot as { status?: string } | null)?.status === "draft")).toMatchObject({
        method: `exam.${name}`,
        object_type: "exam",
        snapshot: { status: "draft" },
        version: null,
      });
      // A second write to the exam, now a draft, adds no status entry.
      ok(await f.u.call("exam.caseStudyCreate", { case_study: { exam_id: f.examId, name: "Later", description: "" } }));
      const later = (await auditRows(t, f.examId)).slice(auditBefore + added.length);
      expect(later.map((r) => r.objectType)).toEqual(["case_study"]);
    },
  );

  it("moving a question to another exam sets both exams back to draft", async () => {
    const f = await readyFixture();
    ok(
      await f.u.call("exam.questionUpdate", {
        question: { id: f.q1, exam_id: f.otherExamId, question: "<p>Moved</p>", type: 1 },
        answers: choiceQuestion(f.otherExamId).answers,
      }),
    );
    expect(await statusOf(f.examId)).toBe("draft");
    expect(await statusOf(f.otherExamId)).toBe("draft");
    // Each exam's history says so.
    for (const id of [f.examId, f.otherExamId]) {
      const statusEntries = (await auditRows(t, id)).filter(
        (r) => r.objectType === "exam" && r.method === "exam.questionUpdate",
      );
      expect(statusEntries.map((r) => r.snapshot)).toEqual([{ status: "draft" }]);
    }
  });

  it.each(FAILED_CHANGES)("a failed %s leaves a ready exam ready and unchanged", async (_name, change) => {
    const f = await readyFixture();
    const before = await examRow(t, f.examId);
    const audit = await auditRows(t, f.examId);
    fails(await change(f), INVALID);
    expect(await examRow(t, f.examId)).toEqual(before);
    expect(before!.status).toBe("ready");
    expect(await auditRows(t, f.examId)).toEqual(audit);
  });

  it("a failed call by someone else leaves the exam ready", async () => {
    const f = await readyFixture();
    const stranger = await t.newUser();
    const before = await examRow(t, f.examId);
    fails(await stranger.call("exam.examUpdate", { exam: { id: f.examId, title: "Mine now" } }), -32004);
    fails(await stranger.call("exam.questionCreate", choiceQuestion(f.examId)), -32004);
    fails(await stranger.call("exam.questionDelete", { id: f.q1 }), -32004);
    fails(await stranger.call("exam.caseStudyDelete", { id: f.csFree }), -32004);
    expect(await examRow(t, f.examId)).toEqual(before);
  });
});
