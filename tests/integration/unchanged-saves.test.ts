// A save that changes nothing writes nothing (issue 23): questionUpdate and caseStudyUpdate whose
// content, once cleaned (HTML sanitised, media paths resolved, properties normalised), is what is
// stored keep the version, write no history entry, leave a ready exam ready, store no media and
// keep updated_at; the answer says so with the warning `unchanged` and gives the stored object
// (a question's answers with their ids). A real change still writes.
import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, caseStudy, media, question } from "@/db/schema";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";
import { makePng, mediaPath, toBase64 } from "../support/media-fixtures";
import { blockProperties } from "../support/image-question-properties";
import { auditRows, choiceQuestion, examRow, newExam, ok, warningAt, warningCodes } from "../support/exam-test-helpers";
import type { Reply } from "../support/reply";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
});
afterAll(() => t.close());

/** Everything a save that changes nothing must leave as it was, media files' times included. */
async function stateOf(examId: number) {
  const files = fs
    .readdirSync(t.mediaDir)
    .sort()
    .map((name) => [name, fs.statSync(path.join(t.mediaDir, name)).mtimeMs]);
  const questions = await t.db.select().from(question).where(eq(question.examId, examId));
  const answers = [];
  for (const q of questions) answers.push(...(await t.db.select().from(answer).where(eq(answer.questionId, q.id))));
  return {
    exam: await examRow(t, examId),
    questions,
    answers,
    caseStudies: await t.db.select().from(caseStudy).where(eq(caseStudy.examId, examId)),
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

/** A ready exam with one question; returns the exam's id and the question's create result. */
async function readyExam(u: TestUser, params: (examId: number) => object = (id) => choiceQuestion(id)) {
  const exam = await newExam(u);
  const created = ok(await u.call("exam.questionCreate", params(exam.id)));
  ok(await u.call("exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true }));
  return { examId: exam.id, created };
}

function expectUnchanged(reply: Reply<unknown>, objectPath: string, noun: string) {
  const warning = warningAt(reply, objectPath);
  expect(warning?.code, JSON.stringify(reply.warning_details)).toBe("unchanged");
  expect(warning!.message).toBe(`nothing changed: the ${noun} is as stored, so no new version was written`);
}

const png = makePng(40, 30, [10, 20, 30]);

describe("questionUpdate that changes nothing", () => {
  it("keeps the version, the answer ids, the history, the ready exam and updated_at; a co-author's save then meets no conflict", async () => {
    const u = await t.newUser();
    const { examId, created } = await readyExam(u);
    const id = created.question.id;
    const before = await stateOf(examId);

    const reply = await u.call("exam.questionUpdate", {
      question: { ...choiceQuestion(examId).question, id },
      answers: choiceQuestion(examId).answers,
      expected_version: 1,
    });
    const result = ok(reply);
    expectUnchanged(reply, "question", "question");
    expect(result.version).toBe(1);
    expect(result.question).toEqual(created.question);
    expect(result.answers).toEqual(created.answers);
    expect(await stateOf(examId)).toEqual(before);
    expect((await examRow(t, examId))!.status).toBe("ready");

    // Without expected_version too.
    const again = await u.call("exam.questionUpdate", {
      question: { ...choiceQuestion(examId).question, id },
      answers: choiceQuestion(examId).answers,
    });
    expect(warningCodes(again)).toEqual(["unchanged"]);
    expect(await stateOf(examId)).toEqual(before);

    // The co-author who loaded version 1 saves a real change: no conflict, version 2.
    const theirs = ok(
      await u.call("exam.questionUpdate", {
        question: { ...choiceQuestion(examId, "What is 3 + 3?").question, id },
        answers: choiceQuestion(examId).answers,
        expected_version: 1,
      }),
    );
    expect(theirs.version).toBe(2);
    const ids = (answers: { id: number }[]) => answers.map((a) => a.id);
    expect(ids(theirs.answers)).not.toEqual(ids(created.answers));
    expect((await examRow(t, examId))!.status).toBe("draft");
    const audit = await auditRows(t, examId);
    expect(audit.slice(before.audit.length).map((r) => [r.method, r.objectType, r.version])).toEqual([
      ["exam.questionUpdate", "exam", null],
      ["exam.questionUpdate", "question", 2],
    ]);
  });

  it("is decided on the cleaned content: HTML differing only in what sanitising removes, and unknown properties", async () => {
    const u = await t.newUser();
    const { examId, created } = await readyExam(u);
    const before = await stateOf(examId);
    const reply = await u.call("exam.questionUpdate", {
      question: {
        exam_id: examId,
        id: created.question.id,
        type: 1,
        question: '<p class="lead" data-x="1">What is 2 + 2?</p>',
        properties: { colour: "red" },
      },
      answers: [
        { answer: "<p><font>4</font></p>", is_correct: true },
        { answer: '<p title="no">5</p>', is_correct: false },
      ],
    });
    expect(ok(reply).version).toBe(1);
    expectUnchanged(reply, "question", "question");
    // The request's own warnings still say what was removed or ignored.
    expect(warningCodes(reply)).toEqual(expect.arrayContaining(["html_removed", "unknown_field"]));
    expect(await stateOf(examId)).toEqual(before);
  });

  it("is unchanged when a resource is re-sent with the same bytes: no file written, no media row", async () => {
    const u = await t.newUser();
    const withImage = (examId: number) => ({
      question: {
        exam_id: examId,
        type: 4,
        question: '<p>Where is it? <img src="pic.png" alt="a picture"></p>',
        properties: blockProperties("board.png", { width: 400, height: 300 }),
      },
      resources: { "pic.png": toBase64(png), "board.png": toBase64(makePng(400, 300)) },
    });
    const { examId, created } = await readyExam(u, withImage);
    expect(created.question.question).toContain(mediaPath(png, "png"));
    // The files' times would move if they were written again.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = await stateOf(examId);
    const params = withImage(examId);
    const reply = await u.call("exam.questionUpdate", {
      ...params,
      question: { ...params.question, id: created.question.id },
    });
    const result = ok(reply);
    expectUnchanged(reply, "question", "question");
    expect(result.version).toBe(1);
    expect(result.resources).toEqual(created.resources);
    expect(await stateOf(examId)).toEqual(before);

    // The stored /media/… paths sent back are as unchanged as the files they came from.
    const stored = ok(await u.call("exam.questionGet", { id: created.question.id }));
    const resent = await u.call("exam.questionUpdate", {
      question: {
        ...params.question,
        id: created.question.id,
        question: stored.question.question,
        properties: stored.question.properties,
      },
    });
    expect(warningCodes(resent)).toEqual(["unchanged"]);
    expect(await stateOf(examId)).toEqual(before);
  });

  it("counts every stored difference as a change: text, points, answer order, old_id, the exam", async () => {
    const u = await t.newUser();
    const { examId, created } = await readyExam(u);
    const id = created.question.id;
    const base = choiceQuestion(examId);
    const changes: [string, { question: object; answers: object[] }][] = [
      ["points", { question: { ...base.question, id, points: 2 }, answers: base.answers }],
      ["answer order", { question: { ...base.question, id, points: 2 }, answers: [...base.answers].reverse() }],
      [
        "old_id",
        {
          question: { ...base.question, id, points: 2 },
          answers: [...base.answers].reverse().map((a, i) => ({ ...a, old_id: `a${i}` })),
        },
      ],
      [
        "old_id's JSON type",
        {
          question: { ...base.question, id, points: 2 },
          answers: [...base.answers].reverse().map((a, i) => ({ ...a, old_id: i })),
        },
      ],
    ];
    let version = 1;
    for (const [what, params] of changes) {
      const reply = await u.call("exam.questionUpdate", params);
      expect(warningCodes(reply), what).not.toContain("unchanged");
      expect(ok(reply).version, what).toBe(++version);
    }
    // The same old_ids again: unchanged, and echoed as stored.
    const last = changes.at(-1)![1];
    const same = await u.call("exam.questionUpdate", last);
    expect(warningCodes(same)).toEqual(["unchanged"]);
    expect(ok(same).answers.map((a: { old_id: unknown }) => a.old_id)).toEqual([0, 1]);

    // Moved to another exam: a change of both exams.
    const other = await newExam(u, { title: "Other" });
    const moved = await u.call("exam.questionUpdate", {
      ...last,
      question: { ...last.question, exam_id: other.id },
    });
    expect(ok(moved).version).toBe(version + 1);
    expect(ok(moved).question.exam_id).toBe(other.id);
  });
});

describe("caseStudyUpdate that changes nothing", () => {
  it("keeps the version, the history and the ready exam; a real change writes", async () => {
    const u = await t.newUser();
    const { examId } = await readyExam(u);
    ok(await u.call("exam.examUpdateStatus", { id: examId, ready: false }));
    const cs = ok(
      await u.call("exam.caseStudyCreate", {
        case_study: {
          exam_id: examId,
          name: "Contoso",
          description: '<p>Two offices. <img src="map.png" alt="map"></p>',
        },
        resources: { "map.png": toBase64(png) },
      }),
    );
    ok(await u.call("exam.examUpdateStatus", { id: examId, ready: true, ignore_warnings: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = await stateOf(examId);

    const reply = await u.call("exam.caseStudyUpdate", {
      case_study: {
        id: cs.case_study.id,
        name: "  Contoso ",
        description: '<div><p style="color: red">Two offices. <img src="map.png" alt="map"></p></div>',
      },
      resources: { "map.png": toBase64(png) },
      expected_version: 1,
    });
    const result = ok(reply);
    expectUnchanged(reply, "case_study", "case study");
    expect(result.version).toBe(1);
    expect(result.case_study).toEqual(cs.case_study);
    expect(await stateOf(examId)).toEqual(before);

    const changed = ok(
      await u.call("exam.caseStudyUpdate", {
        case_study: { id: cs.case_study.id, name: "Contoso Ltd", description: cs.case_study.description },
        expected_version: 1,
      }),
    );
    expect(changed.version).toBe(2);
    expect((await examRow(t, examId))!.status).toBe("draft");
    expect((await auditRows(t, examId)).length).toBe(before.audit.length + 2);
  });
});
