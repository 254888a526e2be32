// A save that changes nothing writes nothing (issue 23), for the exam: examUpdate whose fields,
// once cleaned and with testing_questions / testing_time handled (contract 5), leave the stored
// row as it is, and examUpdateStatus to the status the exam already has, keep the version, write
// no history entry, leave a ready exam ready and keep updated_at; the answer says so with the
// warning `unchanged`. A real change still writes. And the comparison is made against the row the
// write locks, so a write that lands between the first read and the lock is not missed.
import fs from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, question } from "@/db/schema";
import { createTestApp, DB_KIND, type TestApp, type TestUser } from "../support/test-app";
import { makePng, toBase64 } from "../support/media-fixtures";
import {
  addQuestions,
  auditRows,
  choiceQuestion,
  examRow,
  newExam,
  ok,
  warningAt,
  warningCodes,
} from "../support/exam-test-helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stateOf(examId: number) {
  const files = fs
    .readdirSync(t.mediaDir)
    .sort()
    .map((name) => [name, fs.statSync(path.join(t.mediaDir, name)).mtimeMs]);
  return {
    exam: await examRow(t, examId),
    audit: await auditRows(t, examId),
    // The exam owner's rows only: on PostgreSQL other test files store media at the same time.
    media: await t.db
      .select()
      .from(media)
      .where(eq(media.ownerId, (await examRow(t, examId))!.ownerId))
      .orderBy(asc(media.hash)),
    files,
  };
}

async function readyExam(u: TestUser, overrides: Record<string, unknown> = {}) {
  const exam = await newExam(u, overrides);
  await addQuestions(t, u, exam.id, 12);
  const ready = ok(await u.call("exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true }));
  return { id: exam.id as number, version: ready.version as number, exam: ready.exam };
}

const png = makePng(30, 20, [40, 50, 60]);

describe("examUpdate that changes nothing", () => {
  it("keeps the version, the history, the status and updated_at, for every form of the same values", async () => {
    const u = await t.newUser();
    const { id, version, exam } = await readyExam(u, { description: "<p>About the exam.</p>" });
    const before = await stateOf(id);
    const same: Record<string, unknown>[] = [
      {},
      { title: exam.title },
      { title: `  ${exam.title} ` },
      { description: exam.description.replace("<p>", '<p class="intro">') },
      // contract 5 step 2: equal to the value in effect, so nothing changes (example 10).
      { testing_questions: 10, testing_time: 15 },
      { testing_time: -1 },
      { shuffle_questions: exam.shuffle_questsion },
      { passing_score: exam.passing_score, evaluation_method: exam.evaluation_method },
    ];
    for (const fields of same) {
      const reply = await u.call("exam.examUpdate", { exam: { id, ...fields }, expected_version: version });
      const result = ok(reply);
      expect(warningAt(reply, "exam")?.code, JSON.stringify(fields)).toBe("unchanged");
      expect(warningAt(reply, "exam")!.message).toBe(
        "nothing changed: the exam is as stored, so no new version was written",
      );
      expect(result.version).toBe(version);
      expect(result.exam).toEqual(exam);
      expect(await stateOf(id), JSON.stringify(fields)).toEqual(before);
    }

    // A real change: a new version, an entry, and the exam back to draft.
    const changed = ok(await u.call("exam.examUpdate", { exam: { id, title: "Renamed" }, expected_version: version }));
    expect(changed.version).toBe(version + 1);
    expect(changed.exam.status).toBe("draft");
    expect((await auditRows(t, id)).length).toBe(before.audit.length + 1);
  });

  it("a description's resource re-sent with the same bytes writes no file", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    const description = '<p>Our logo: <img src="logo.png" alt="logo"></p>';
    const first = ok(
      await u.call("exam.examUpdate", { exam: { id: exam.id, description }, resources: { "logo.png": toBase64(png) } }),
    );
    await sleep(20);
    const before = await stateOf(exam.id);
    const reply = await u.call("exam.examUpdate", {
      exam: { id: exam.id, description },
      resources: { "logo.png": toBase64(png) },
    });
    expect(warningCodes(reply)).toEqual(["unchanged"]);
    expect(ok(reply).version).toBe(first.version);
    expect(ok(reply).resources).toEqual(first.resources);
    expect(await stateOf(exam.id)).toEqual(before);
  });

  it("a change of the stored time setting is a change even where the minutes in effect stay the same", async () => {
    const u = await t.newUser();
    const exam = await newExam(u);
    // No questions yet: no time limit ("none") and time by rate both give 0 minutes now.
    ok(await u.call("exam.examUpdate", { exam: { id: exam.id, testing_time: 30 } }));
    const none = ok(await u.call("exam.examUpdate", { exam: { id: exam.id, testing_time: 0 } }));
    expect([none.exam.testing_questions, none.exam.testing_time]).toEqual([0, 0]);
    const rate = await u.call("exam.examUpdate", { exam: { id: exam.id, testing_time: -1 } });
    expect(warningCodes(rate)).toEqual([]);
    expect(ok(rate).version).toBe(none.version + 1);
    expect([ok(rate).exam.testing_questions, ok(rate).exam.testing_time]).toEqual([0, 0]);
    // ... but not once questions come: by rate the time follows them.
    await addQuestions(t, u, exam.id, 12);
    expect(ok(await u.call("exam.examGet", { id: exam.id })).exam.testing_time).toBe(15);
    const again = await u.call("exam.examUpdate", { exam: { id: exam.id, testing_time: -1 } });
    expect(warningCodes(again)).toEqual(["unchanged"]);
    expect(ok(again).version).toBe(none.version + 1);
  });
});

describe("examUpdateStatus to the status the exam has", () => {
  it("ready when ready and draft when draft write nothing; a real change of status writes", async () => {
    const u = await t.newUser();
    const { id, version } = await readyExam(u);
    const before = await stateOf(id);
    const ready = await u.call("exam.examUpdateStatus", { id, ready: true, expected_version: version });
    expect(ok(ready).version).toBe(version);
    expect(ok(ready).exam.status).toBe("ready");
    expect(warningAt(ready, "exam")).toMatchObject({
      code: "unchanged",
      message: "nothing changed: the exam is already ready, so no new version was written",
    });
    expect(await stateOf(id)).toEqual(before);

    const draft = ok(await u.call("exam.examUpdateStatus", { id, ready: false, expected_version: version }));
    expect(draft.version).toBe(version + 1);
    const mid = await stateOf(id);
    const again = await u.call("exam.examUpdateStatus", { id, ready: false });
    expect(warningAt(again, "exam")).toMatchObject({
      code: "unchanged",
      message: "nothing changed: the exam is already a draft, so no new version was written",
    });
    expect(ok(again).version).toBe(version + 1);
    expect(await stateOf(id)).toEqual(mid);
  });
});

describe("unchanged is decided on the locked row", () => {
  it.skipIf(DB_KIND !== "postgres")(
    "a write that lands between the first read and the lock makes the same save a change",
    async () => {
      const u = await t.newUser();
      const exam = await newExam(u);
      const created = ok(await u.call("exam.questionCreate", choiceQuestion(exam.id)));
      const id = created.question.id as number;

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let signalLocked!: () => void;
      const isLocked = new Promise<void>((resolve) => (signalLocked = resolve));
      let writeNow!: () => void;
      const mayWrite = new Promise<void>((resolve) => (writeNow = resolve));
      // Someone else's write holds the question row, and changes it once our save has read it.
      const holder = t.db.transaction(async (tx) => {
        await tx.select({ id: question.id }).from(question).where(eq(question.id, id)).for("update");
        signalLocked();
        await mayWrite;
        await tx
          .update(question)
          .set({ question: "<p>Theirs</p>", version: sql`${question.version} + 1` })
          .where(eq(question.id, id));
        await released;
      });
      await isLocked;
      try {
        // The same content as stored when the save reads it.
        const saving = u.call("exam.questionUpdate", {
          question: { ...choiceQuestion(exam.id).question, id },
          answers: choiceQuestion(exam.id).answers,
        });
        await sleep(500);
        writeNow();
        await sleep(100);
        release();
        await holder;
        const reply = await saving;
        expect(warningCodes(reply)).not.toContain("unchanged");
        expect(ok(reply).version).toBe(3);
      } finally {
        writeNow();
        release();
        await holder;
      }
      const stored = ok(await u.call("exam.questionGet", { id }));
      expect([stored.question.question, stored.version]).toEqual(["<p>What is 2 + 2?</p>", 3]);
    },
  );
});
