// Import and export of QTI 3.0 content packages (contract 13.1, qti3) through the API: an exam with
// every question type, case studies, media and every setting exported as qti3 and imported by
// someone of another workspace as a new exam is the same exam (its exam_json export equals the
// source's); a dry run stores nothing; a re-import matches by external id; another tool's package
// imports with its skipped item said; bad packages are refused at `file` (-32602, or -32013 beyond
// the import limit).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";
import { fails, ok } from "../support/exam-test-helpers";
import { expectNothingChanged, storedState } from "../support/question-store";
import { blockProperties, dragDropProperties } from "../support/image-question-properties";
import { makeMp3, makePng, toBase64 } from "../support/media-fixtures";
import type { ResultOf } from "@/server/rpc/operation-types";

const INVALID = -32602;
const TOO_LARGE = -32013;
const IMPORT_LIMIT = 512 * 1024;

let t: TestApp;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    limits: { ratePerMinute: Number.POSITIVE_INFINITY, importBytes: IMPORT_LIMIT, importQuestions: 50 },
  });
  ann = await t.newUser();
  bob = await t.newUser();
});
afterAll(() => t.close());

const INTRO = makePng(40, 20, [0, 0, 255]);
const PICTURE = makePng(30, 30, [0, 200, 0]);
const BOARD = makePng(400, 300, [240, 240, 240]);
const SOUND = makeMp3();

const zipFile = (entries: Record<string, Uint8Array>, name = "package.zip") => ({
  name,
  base64: Buffer.from(zipSync(entries)).toString("base64"),
});
/** The exported file's JSON document. */
const docOf = (result: { file: { base64: string } }): Record<string, unknown> =>
  JSON.parse(Buffer.from(result.file.base64, "base64").toString("utf8"));

async function fullExam(who: TestUser) {
  const created = ok(
    await who.call("exam.examCreate", {
      exam: {
        type: 1,
        check_answer: 1,
        title: "Networking round trip",
        category: "Networking",
        code: "NET-RT",
        shuffle_questsion: false,
        shuffle_answers: false,
        evaluation_method: 2,
        passing_score: 65,
        show_description_page: true,
        show_standard_introduction: false,
        description: '<p>Read this first <img src="intro.png" alt="intro"></p>',
      },
      resources: { "intro.png": toBase64(INTRO) },
    }),
  ).exam;
  const examId = created.id as number;
  const caseStudy = async (name: string, description: string, resources?: Record<string, string>) =>
    ok(
      await who.call("exam.caseStudyCreate", {
        case_study: { exam_id: examId, name, description },
        ...(resources ? { resources } : {}),
      }),
    ).case_study.id as number;
  const contoso = await caseStudy("Contoso", '<p>Two offices <img src="office.png" alt="office"></p>', {
    "office.png": toBase64(PICTURE),
  });
  const fabrikam = await caseStudy("Fabrikam", "<p>One office</p>");
  const q = (question: object, answers?: object[], resources?: Record<string, string>) => ({
    question: { exam_id: examId, ...question },
    ...(answers ? { answers } : {}),
    ...(resources ? { resources } : {}),
  });
  const board = { "board.png": toBase64(BOARD) };
  const questions = [
    q(
      {
        type: 1,
        question: '<p>Which port? <img src="pic.png" alt="a picture"></p>',
        explanation: '<p>See <a href="https://example.com/ports">ports</a>.</p>',
        external_id: "Q-1",
        points: 2,
        case_study_id: contoso,
      },
      [
        { answer: "<p>443</p>", is_correct: true, points: 3, old_id: 7 },
        { answer: '<p>80 <audio src="sound.mp3" controls></audio></p>', is_correct: false, points: -1, old_id: "b" },
      ],
      { "pic.png": toBase64(PICTURE), "sound.mp3": toBase64(SOUND) },
    ),
    q(
      {
        type: 2,
        question: "<p>Which are <u>private</u> ranges?</p>",
        external_id: "Q-2",
        points: 0,
        case_study_id: contoso,
      },
      [
        { answer: "<p>10.0.0.0/8</p>", is_correct: true, points: 1 },
        { answer: "<p>192.168.0.0/16</p>", is_correct: true, points: 1 },
        { answer: "<p>8.8.8.0/24</p>", is_correct: false, points: -2 },
      ],
    ),
    q(
      {
        type: 3,
        question: "<p>Drag each label</p>",
        external_id: "Q-3",
        case_study_id: fabrikam,
        properties: dragDropProperties("board.png"),
      },
      undefined,
      board,
    ),
    q(
      {
        type: 4,
        question: "<p>Click the router</p>",
        external_id: "Q-4",
        properties: blockProperties("board.png", { width: 400, height: 300 }),
      },
      undefined,
      board,
    ),
    q(
      {
        type: 5,
        question: "<p>Select the switches</p>",
        external_id: "Q-5",
        points: 3,
        properties: blockProperties("board.png", { width: 400, height: 300 }),
      },
      undefined,
      board,
    ),
    q({ type: 6, question: "<p>Order the layers</p>", external_id: "Q-6", properties: { optional_answers: true } }, [
      { answer: "<p>Physical</p>", is_correct: true, order: 1, points: 1 },
      { answer: "<p>Kitchen</p>", is_correct: false, order: 2 },
      { answer: "<p>Data link</p>", is_correct: true, order: 3, points: 1 },
    ]),
    q({
      type: 7,
      question: "<p>Name the protocol</p>",
      external_id: "Q-7",
      properties: {
        text_similarity: 80,
        case_sensitive: true,
        text_answer: [{ value: "HTTPS", points: 2 }, { value: "HTTP over TLS" }],
      },
    }),
  ];
  const ids: number[] = [];
  for (const params of questions) ids.push(ok(await who.call("exam.questionCreate", params)).question.id);
  ok(await who.call("exam.examUpdate", { exam: { id: examId, testing_questions: 5, testing_time: 20 } }));
  return { examId, questionIds: ids };
}

describe("qti3 round trip through the API", () => {
  let source: { examId: number; questionIds: number[] };
  let exported: ResultOf<"exam.examExport">;

  beforeAll(async () => {
    source = await fullExam(ann);
    exported = ok(await ann.call("exam.examExport", { id: source.examId, format: "qti3" }));
  });

  it("exports a content package with a report per question", () => {
    expect(exported.file).toMatchObject({ name: "NET-RT.qti3.zip", content_type: "application/zip" });
    expect(exported.report.items.map((i) => [i.question_id, i.fidelity])).toEqual(
      source.questionIds.map((id, k) => [id, k === 6 ? "lossy" : "lossless"]),
    );
    expect(exported.report.items[6]?.notes).toEqual([
      expect.stringContaining("text similarity 80 has no QTI equivalent"),
    ]);
    expect(exported.report.notes).toContainEqual(expect.stringContaining("data-es-exam"));
  });

  it("imported by someone of another workspace as a new exam, is the same exam", async () => {
    const reply = await bob.call("exam.examImport", { file: exported.file });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(result).toMatchObject({ created: 7, updated: 0, skipped: 0 });
    expect(result.items.map((i) => [i.ref, i.status, i.type])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => [`item Q-${n} (items/Q-${n}.xml)`, "created", n]),
    );
    expect(result.exam).toMatchObject({
      title: "Networking round trip",
      question_count: 7,
      testing_questions: 5,
      testing_time: 20,
      testing_auto: false,
    });
    const theirs = docOf(ok(await bob.call("exam.examExport", { id: result.exam.id, format: "exam_json" })));
    const ours = docOf(ok(await ann.call("exam.examExport", { id: source.examId, format: "exam_json" })));
    expect({ ...theirs, exported_at: null }).toEqual({ ...ours, exported_at: null });
  });

  it("a dry run stores nothing; a re-import into the exam skips every question matched by external id", async () => {
    const carol = await t.newUser();
    const dry = ok(
      await expectNothingChanged(t, carol, () => carol.call("exam.examImport", { file: exported.file, dry_run: true })),
    );
    expect(dry).toMatchObject({ created: 7, skipped: 0 });
    expect((await storedState(t, carol)).mediaRows).toEqual([]);
    const again = ok(
      await ann.call("exam.examImport", { file: exported.file, exam_id: source.examId, on_existing: "skip" }),
    );
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 7 });
    expect(again.items.map((i) => i.question_id)).toEqual(source.questionIds);
  });
});

describe("qti3 import of another tool's package", () => {
  const DIR = path.resolve(import.meta.dirname, "../fixtures/qti3/package");
  const files = (dir: string, prefix = ""): Record<string, Uint8Array> => {
    const out: Record<string, Uint8Array> = {};
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) Object.assign(out, files(full, `${prefix}${name}/`));
      else out[`${prefix}${name}`] = new Uint8Array(readFileSync(full));
    }
    return out;
  };

  it("creates a new exam of its questions, the essay skipped with a warning, the stimulus a case study", async () => {
    const reply = await bob.call("exam.examImport", {
      file: zipFile(files(DIR), "harbour.zip"),
      exam: { type: 2, category: "Geography", code: "HARBOUR", evaluation_method: 1, passing_score: 50 },
    });
    const result = ok(reply);
    expect(result).toMatchObject({ created: 8, updated: 0, skipped: 1 });
    expect(result.items.map((i) => [i.status, i.type])).toEqual([
      ["created", 1],
      ["created", 2],
      ["created", 6],
      ["created", 7],
      ["created", 5],
      ["created", 4],
      ["created", 3],
      ["skipped", null],
      ["created", 1],
    ]);
    expect(result.items[7]?.warnings).toEqual([expect.stringContaining("qti-extended-text-interaction")]);
    expect(result.exam).toMatchObject({
      title: "Harbour town practice test",
      code: "HARBOUR",
      question_count: 8,
      testing_time: 25,
    });
    const caseStudies = ok(await bob.call("exam.caseStudyList", { exam_id: result.exam.id })).case_studies;
    expect(caseStudies.map((cs) => cs.name)).toEqual(["The old harbour"]);
  });
});

describe("qti3 import refuses", () => {
  it("a zip entry with a .. segment (-32602 at file), and a package inflating beyond the import limit (-32013)", async () => {
    const evil = zipFile({ "imsmanifest.xml": strToU8("<manifest/>"), "../escape.xml": strToU8("<x/>") });
    const issues = fails(
      await ann.call("exam.examImport", { file: evil, format: "qti3" }),
      INVALID,
      "file",
      "malformed_file",
    );
    expect(issues[0]!.message).toContain('"../escape.xml"');
    const bomb = {
      name: "bomb.zip",
      base64: Buffer.from(zipSync({ "imsmanifest.xml": new Uint8Array(IMPORT_LIMIT * 4) }, { level: 9 })).toString(
        "base64",
      ),
    };
    fails(await ann.call("exam.examImport", { file: bomb }), TOO_LARGE, "file", "too_large");
  });
});
