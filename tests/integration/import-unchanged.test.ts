// Importing a file again that changes nothing writes nothing (contract 13.2.5: "re-importing the
// same file therefore changes nothing"; docs/decisions.md, "An import that changes nothing"), on
// PGlite and PostgreSQL. For an Exam Studio archive, Moodle XML and CSV: the file imported as a
// new exam, the exam marked ready, then the same file imported into it (a dry run, then for real)
// gives every item status skipped with a warning, and leaves every row, version, history entry,
// media file and the ready status as they were. One item changed in the file gives exactly one
// `updated`. An archive exported and imported back into its own exam changes nothing either.
import fs from "node:fs";
import path from "node:path";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer, caseStudy, media, question } from "@/db/schema";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { auditRows, examRow, ok } from "../support/exam-test-helpers";
import { makePng, toBase64 } from "../support/media-fixtures";
import type { ImportResult } from "@/server/operations/exam-import";

const PICTURE = makePng(30, 30, [0, 120, 200]);
const UNCHANGED =
  "nothing changed: the exam's question with this external id is already as this item has it, so it is left as it is and no new version is written";

let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

/** An exam with a case study and four questions every one of the three formats carries, each with an external id. */
async function sourceExam(who: TestUser): Promise<number> {
  const examId = ok(await who.call("exam.examCreate", { exam: examInput({ title: "Round trip", code: "RT-1" }) })).exam
    .id as number;
  const contoso = ok(
    await who.call("exam.caseStudyCreate", {
      case_study: { exam_id: examId, name: "Contoso", description: "<p>Two offices</p>" },
    }),
  ).case_study.id as number;
  const questions = [
    {
      question: {
        type: 1,
        question: '<p>Which port? <img src="pic.png" alt="a port"></p>',
        explanation: "<p>HTTPS</p>",
        external_id: "Q-1",
        points: 2,
      },
      answers: [
        { answer: "<p>443</p>", is_correct: true },
        { answer: "<p>80</p>", is_correct: false },
      ],
      resources: { "pic.png": toBase64(PICTURE) },
    },
    {
      question: { type: 2, question: "<p>Which are private?</p>", external_id: "Q-2", case_study_id: contoso },
      answers: [
        { answer: "<p>10.0.0.0/8</p>", is_correct: true },
        { answer: "<p>192.168.0.0/16</p>", is_correct: true },
        { answer: "<p>8.8.8.0/24</p>", is_correct: false },
      ],
    },
    {
      question: { type: 6, question: "<p>Order the layers</p>", external_id: "Q-3" },
      answers: [
        { answer: "<p>Physical</p>", is_correct: true, order: 1 },
        { answer: "<p>Data link</p>", is_correct: true, order: 2 },
      ],
    },
    {
      question: {
        type: 7,
        question: "<p>Name the protocol</p>",
        external_id: "Q-4",
        properties: { text_similarity: 100, case_sensitive: false, text_answer: [{ value: "HTTPS" }] },
      },
    },
  ];
  for (const params of questions)
    ok(await who.call("exam.questionCreate", { ...params, question: { exam_id: examId, ...params.question } }));
  return examId;
}

/** Everything an import that changes nothing must leave as it was, the media files' times included. */
async function stateOf(examId: number) {
  const questions = await t.db.select().from(question).where(eq(question.examId, examId)).orderBy(asc(question.id));
  const ids = questions.map((q) => q.id);
  return {
    exam: await examRow(t, examId),
    questions,
    answers: await t.db.select().from(answer).where(inArray(answer.questionId, ids)).orderBy(asc(answer.id)),
    caseStudies: await t.db.select().from(caseStudy).where(eq(caseStudy.examId, examId)).orderBy(asc(caseStudy.id)),
    audit: await auditRows(t, examId),
    // Ann's rows only: on PostgreSQL other test files write media of their own at the same time.
    media: await t.db.select().from(media).where(eq(media.ownerId, ann.id)).orderBy(asc(media.hash)),
    files: fs
      .readdirSync(t.mediaDir)
      .sort()
      .map((name) => [name, fs.statSync(path.join(t.mediaDir, name)).mtimeMs]),
  };
}

/** The file with `from` replaced by `to` (Moodle XML holds a question's text in its name too). */
function edited(file: { name: string; base64: string }, from: string, to: string) {
  const text = Buffer.from(file.base64, "base64").toString("utf8");
  expect(text, file.name).toContain(from);
  return { name: file.name, base64: Buffer.from(text.replaceAll(from, to)).toString("base64") };
}

interface Imported {
  result: ImportResult;
  warnings: { code: string; path: string; message: string }[];
}

/** exam.examImport by ann: its result and the envelope's warnings. */
async function importing(params: Record<string, unknown>): Promise<Imported> {
  const reply = await ann.call("exam.examImport", params);
  return { result: ok(reply), warnings: reply.warning_details };
}

/** Asserts an import in which every item matched a question that is already as the item has it. */
function expectAllUnchanged({ result, warnings }: Imported, questionIds: number[]) {
  expect(result).toMatchObject({ created: 0, updated: 0, skipped: questionIds.length });
  expect(result.items.map((i) => [i.status, i.question_id])).toEqual(questionIds.map((id) => ["skipped", id]));
  for (const item of result.items) expect(item.warnings.at(-1)).toBe(UNCHANGED);
  const unchanged = warnings.filter((w) => w.code === "unchanged");
  expect(unchanged.map((w) => [w.path, w.message])).toEqual(
    result.items.map((item, i) => [`items[${i}]`, `${item.ref}: ${UNCHANGED}`]),
  );
}

describe.each(["exam_json", "moodle_xml", "csv"] as const)("importing the same %s file again", (format) => {
  let file: { name: string; base64: string };
  let examId: number;
  let ids: number[];

  beforeAll(async () => {
    file = ok(await ann.call("exam.examExport", { id: await sourceExam(ann), format })).file;
    const { result } = await importing({ file, exam: examInput({ title: `From ${format}`, code: "IMP-1" }) });
    expect(result).toMatchObject({ created: 4, updated: 0, skipped: 0 });
    examId = result.exam.id!;
    ids = result.items.map((i) => i.question_id!);
    ok(await ann.call("exam.examUpdateStatus", { id: examId, ready: true, ignore_warnings: true }));
  });

  it("skips every item as unchanged, in a dry run and for real, and writes nothing: the exam stays ready", async () => {
    const before = await stateOf(examId);
    expect(before.exam!.status).toBe("ready");
    expectAllUnchanged(await importing({ file, exam_id: examId, dry_run: true }), ids);
    expectAllUnchanged(await importing({ file, exam_id: examId }), ids);
    expectAllUnchanged(await importing({ file, exam_id: examId, on_existing: "update" }), ids);
    expect(await stateOf(examId)).toEqual(before);
  });

  it("with on_existing skip writes nothing either: no history entry for the import", async () => {
    const before = await stateOf(examId);
    const { result } = await importing({ file, exam_id: examId, on_existing: "skip" });
    expect(result).toMatchObject({ created: 0, updated: 0, skipped: 4 });
    expect(result.items.map((i) => i.status)).toEqual(Array(4).fill("skipped"));
    for (const item of result.items) expect(item.warnings).not.toContain(UNCHANGED);
    expect(await stateOf(examId)).toEqual(before);
  });

  it("one item changed in the file: exactly one updated, with a new version, and the exam back to draft", async () => {
    const changed = edited(file, "Name the protocol", "Name the secure protocol");
    const before = await stateOf(examId);
    const dry = (await importing({ file: changed, exam_id: examId, dry_run: true })).result;
    expect(dry).toMatchObject({ created: 0, updated: 1, skipped: 3 });
    expect(await stateOf(examId)).toEqual(before);

    const { result } = await importing({ file: changed, exam_id: examId });
    expect(result).toMatchObject({ created: 0, updated: 1, skipped: 3 });
    expect(result.items.map((i) => [i.status, i.question_id])).toEqual([
      ["skipped", ids[0]],
      ["skipped", ids[1]],
      ["skipped", ids[2]],
      ["updated", ids[3]],
    ]);
    expect(result.items[3]!.warnings).toEqual([]);
    const after = await stateOf(examId);
    expect(after.questions.map((q) => [q.id, q.version])).toEqual(ids.map((id, k) => [id, k === 3 ? 2 : 1]));
    expect(after.questions[3]!.question).toBe("<p>Name the secure protocol</p>");
    expect(after.questions.slice(0, 3)).toEqual(before.questions.slice(0, 3));
    expect(after.exam!.status).toBe("draft");
    expect(after.audit.slice(before.audit.length).map((r) => [r.method, r.objectType, r.objectId, r.version])).toEqual([
      ["exam.examImport", "exam", examId, null],
      ["exam.examImport", "question", ids[3], 2],
      ["exam.examImport", "exam", examId, null],
    ]);
    expect((after.audit.at(-1)!.snapshot as { import: object }).import).toMatchObject({
      created: 0,
      updated: 1,
      skipped: 3,
    });

    // And that file imported again changes nothing.
    expectAllUnchanged(await importing({ file: changed, exam_id: examId }), ids);
    expect(await stateOf(examId)).toEqual(after);
  });
});

describe("an archive exported and imported back into its own exam", () => {
  it("changes nothing: every question is skipped as unchanged and the ready exam stays ready", async () => {
    const examId = await sourceExam(ann);
    ok(await ann.call("exam.examUpdateStatus", { id: examId, ready: true, ignore_warnings: true }));
    const { file } = ok(await ann.call("exam.examExport", { id: examId, format: "exam_json" }));
    const before = await stateOf(examId);
    expectAllUnchanged(
      await importing({ file, exam_id: examId }),
      before.questions.map((q) => q.id),
    );
    expect(await stateOf(examId)).toEqual(before);
  });
});
