// Versions and conflicts (contract 14.2): every create, update and get answers the object's
// version; a write with a stale expected_version answers -32009 with who saved the stored version
// and when, and changes nothing (rows, history, media files); without it the last write wins.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";
import { makePng, toBase64 } from "../support/media-fixtures";
import { auditRows, choiceQuestion, examRow, fails, newExam, ok, questionRows } from "../support/exam-test-helpers";
import type { Reply } from "../support/reply";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

const CONFLICT = -32009;
const INVALID = -32602;
const NOT_FOUND = -32004;

/** Everything a refused call must leave as it was: the exam's rows, its history, the media files. */
async function stateOf(examId: number) {
  const { caseStudy } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  return {
    exam: await examRow(t, examId),
    questions: await questionRows(t, examId),
    caseStudies: await t.db.select().from(caseStudy).where(eq(caseStudy.examId, examId)),
    audit: await auditRows(t, examId),
    media: fs.readdirSync(t.mediaDir).sort(),
  };
}

function expectConflict(reply: Reply<unknown>, u: TestUser, current: number) {
  fails(reply, CONFLICT);
  expect(reply.error?.message).toBe("Conflict");
  const data = reply.error?.data ?? {};
  expect(data.current_version).toBe(current);
  expect(data.updated_by).toEqual({ email: u.email, name: expect.any(String) });
  const updatedAt = data.updated_at;
  if (typeof updatedAt !== "string") throw new Error(`updated_at is not a string in ${JSON.stringify(data)}`);
  expect(new Date(updatedAt).toISOString()).toBe(updatedAt);
  expect(Date.now() - Date.parse(updatedAt)).toBeLessThan(60_000);
  expect(reply.errors?.[0]).toMatch(/is at version \d+ .*not at expected_version \d+/);
}

const image = () => toBase64(makePng(8 + Math.floor(Math.random() * 1000), 8, [1, 2, 3]));

describe("versions", () => {
  it("an exam starts at version 1 and counts examUpdate and examUpdateStatus, not question writes", async () => {
    const u = await t.newUser();
    const created = ok(
      await u.call("exam.examCreate", {
        exam: { type: 1, title: "T", category: "C", code: "X", evaluation_method: 1, passing_score: 50 },
      }),
    );
    expect(created.version).toBe(1);
    expect(created.exam).not.toHaveProperty("version");
    const id = created.exam.id;
    expect(ok(await u.call("exam.examGet", { id })).version).toBe(1);
    expect(ok(await u.call("exam.examUpdate", { exam: { id, title: "T2" } })).version).toBe(2);
    // A question write returns the exam to draft without a new exam version.
    ok(await u.call("exam.questionCreate", choiceQuestion(id)));
    expect(ok(await u.call("exam.examGet", { id })).version).toBe(2);
    expect(ok(await u.call("exam.examUpdateStatus", { id, ready: true })).version).toBe(3);
    expect(ok(await u.call("exam.examGet", { id })).version).toBe(3);
    // The history says which version each exam write made.
    const audit = (await auditRows(t, id)).filter((r) => r.objectType === "exam");
    expect(audit.map((r) => r.version)).toEqual([1, 2, 3]);
  });

  it("a question and a case study start at 1 and count their own updates", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    const q = ok(await u.call("exam.questionCreate", choiceQuestion(exam.id)));
    expect(q.version).toBe(1);
    const update = (text: string) => ({
      question: { ...choiceQuestion(exam.id, text).question, id: q.question.id },
      answers: choiceQuestion(exam.id).answers,
    });
    expect(ok(await u.call("exam.questionUpdate", update("Second"))).version).toBe(2);
    expect(ok(await u.call("exam.questionUpdate", { ...update("Third"), expected_version: 2 })).version).toBe(3);
    // An update that changes nothing makes no version (tests/integration/unchanged-saves.test.ts).
    expect(ok(await u.call("exam.questionUpdate", { ...update("Third"), expected_version: 3 })).version).toBe(3);
    expect(ok(await u.call("exam.questionGet", { id: q.question.id })).version).toBe(3);

    const cs = ok(
      await u.call("exam.caseStudyCreate", { case_study: { exam_id: exam.id, name: "A", description: "" } }),
    );
    expect(cs.version).toBe(1);
    expect(
      ok(
        await u.call("exam.caseStudyUpdate", {
          case_study: { id: cs.case_study.id, name: "B", description: "" },
          expected_version: 1,
        }),
      ).version,
    ).toBe(2);
    expect(ok(await u.call("exam.caseStudyGet", { id: cs.case_study.id })).version).toBe(2);
    const audit = (await auditRows(t, exam.id)).filter((r) => r.objectType !== "exam");
    expect(audit.map((r) => [r.objectType, r.version])).toEqual([
      ["question", 1],
      ["question", 2],
      ["question", 3],
      ["case_study", 1],
      ["case_study", 2],
    ]);
  });

  it("every update and delete method refuses a stale expected_version with -32009 and changes nothing", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    const q = ok(await u.call("exam.questionCreate", choiceQuestion(exam.id))).question;
    const cs = ok(
      await u.call("exam.caseStudyCreate", { case_study: { exam_id: exam.id, name: "A", description: "" } }),
    ).case_study;
    // Someone else's save moves each object on to version 2.
    ok(await u.call("exam.examUpdate", { exam: { id: exam.id, title: "Theirs" } }));
    ok(
      await u.call("exam.questionUpdate", {
        question: { ...choiceQuestion(exam.id, "Theirs").question, id: q.id },
        answers: choiceQuestion(exam.id).answers,
      }),
    );
    ok(await u.call("exam.caseStudyUpdate", { case_study: { id: cs.id, name: "Theirs", description: "" } }));

    const before = await stateOf(exam.id);
    const png = image();
    const stale: [string, object][] = [
      [
        "exam.examUpdate",
        {
          exam: { id: exam.id, title: "Mine", description: '<p><img src="a.png" alt="a"></p>' },
          resources: { "a.png": png },
          expected_version: 1,
        },
      ],
      ["exam.examUpdateStatus", { id: exam.id, ready: true, expected_version: 1 }],
      ["exam.examDelete", { id: exam.id, expected_version: 1 }],
      [
        "exam.questionUpdate",
        {
          question: {
            ...choiceQuestion(exam.id, "Mine").question,
            id: q.id,
            explanation: '<p><img src="a.png" alt="a"></p>',
          },
          answers: choiceQuestion(exam.id).answers,
          resources: { "a.png": png },
          expected_version: 1,
        },
      ],
      ["exam.questionDelete", { id: q.id, expected_version: 1 }],
      [
        "exam.caseStudyUpdate",
        {
          case_study: { id: cs.id, name: "Mine", description: '<p><img src="a.png" alt="a"></p>' },
          resources: { "a.png": png },
          expected_version: 1,
        },
      ],
      ["exam.caseStudyDelete", { id: cs.id, expected_version: 1 }],
    ];
    for (const [method, params] of stale) {
      const reply = await u.call(method, params);
      expectConflict(reply, u, 2);
    }
    expect(await stateOf(exam.id)).toEqual(before);

    // The version it is at is accepted, and the write goes through.
    ok(await u.call("exam.caseStudyDelete", { id: cs.id, expected_version: 2 }));
    ok(await u.call("exam.questionDelete", { id: q.id, expected_version: 2 }));
    ok(await u.call("exam.examDelete", { id: exam.id, expected_version: 2 }));
  });

  it("without expected_version the last write wins, as clients of the interface document expect", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    ok(await u.call("exam.examUpdate", { exam: { id: exam.id, title: "First" } }));
    const last = ok(await u.call("exam.examUpdate", { exam: { id: exam.id, title: "Second" } }));
    expect(last.exam.title).toBe("Second");
    expect(last.version).toBe(3);
  });

  it("checks run in order: params (-32602) and the owner (-32004) before the version (-32009)", async () => {
    const u = await t.newUser();
    const other = await t.newUser();
    const exam = await newExam(u);
    ok(await u.call("exam.examUpdate", { exam: { id: exam.id, title: "v2" } }));
    // A bad value in the same call: -32602, not the conflict.
    fails(
      await u.call("exam.examUpdate", { exam: { id: exam.id, passing_score: 500 }, expected_version: 1 }),
      INVALID,
      "exam.passing_score",
    );
    // Someone else's exam: -32004 whatever the version says.
    fails(await other.call("exam.examUpdate", { exam: { id: exam.id, title: "x" }, expected_version: 1 }), NOT_FOUND);
    fails(await other.call("exam.examDelete", { id: exam.id, expected_version: 2 }), NOT_FOUND);
    // expected_version itself is checked as a param.
    for (const bad of [0, -1, 1.5, "2", null]) {
      fails(
        await u.call("exam.examUpdate", { exam: { id: exam.id, title: "x" }, expected_version: bad }),
        INVALID,
        "expected_version",
      );
    }
    expect((await examRow(t, exam.id))!.title).toBe("v2");
  });

  it("two writers based on the same version: exactly one succeeds, the other hears who saved first", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    const q = ok(await u.call("exam.questionCreate", choiceQuestion(exam.id))).question;
    const write = (text: string) =>
      u.call("exam.questionUpdate", {
        question: { ...choiceQuestion(exam.id, text).question, id: q.id },
        answers: choiceQuestion(exam.id).answers,
        expected_version: 1,
      });
    const replies = await Promise.all(["A", "B", "C", "D"].map(write));
    const won = replies.filter((r) => !r.error);
    expect(won).toHaveLength(1);
    const winner = ok(won[0]!);
    expect(winner.version).toBe(2);
    for (const r of replies.filter((r) => r.error)) expectConflict(r, u, 2);
    const stored = ok(await u.call("exam.questionGet", { id: q.id }));
    expect(stored.version).toBe(2);
    expect(stored.question.question).toBe(winner.question.question);
  });

  it("the unknown-field warning of questionUpdate knows expected_version; questionCreate does not take it", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    const created = await u.call("exam.questionCreate", { ...choiceQuestion(exam.id), expected_version: 1 });
    expect(
      created.warning_details.map((w: { path: string; message: string }) => `${w.path}: ${w.message}`).join(),
    ).toMatch(/"expected_version"/);
    const id = ok(created).question.id;
    const updated = await u.call("exam.questionUpdate", {
      question: { ...choiceQuestion(exam.id, "Changed").question, id },
      answers: choiceQuestion(exam.id).answers,
      expected_version: 1,
    });
    expect(ok(updated).version).toBe(2);
    expect(updated.warnings).toEqual([]);
  });
});
