// Import and export (contract 13), the Exam Studio archive (exam_json): an exam with every
// question type, case studies, media and every exam setting exported, imported by someone of
// another workspace as a new exam and exported again gives the same document; a dry run stores
// nothing; a re-import matches by external id (update and skip) and creates no duplicate; an
// import is all or nothing, its problems at items[i]… naming the item; bad files are refused at
// `file`, storing nothing, and the server goes on answering; export changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, exam } from "@/db/schema";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { fails, ok } from "../support/exam-test-helpers";
import { expectNothingChanged, questionRowsOf, storedState } from "../support/question-store";
import { blockProperties, dragDropProperties } from "../support/image-question-properties";
import { makeMp3, makePng, mediaPath, toBase64 } from "../support/media-fixtures";
import { importedExamId, storedQuestionId } from "../support/import-files";
import type { ResultOf } from "@/server/rpc/operation-types";

const INVALID = -32602;
const TOO_LARGE = -32013;
const IMPORT_LIMIT = 512 * 1024;
const ITEM_LIMIT = 20;

let t: TestApp;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    limits: { ratePerMinute: Number.POSITIVE_INFINITY, importBytes: IMPORT_LIMIT, importQuestions: ITEM_LIMIT },
  });
  ann = await t.newUser();
  bob = await t.newUser();
});
afterAll(() => t.close());

const INTRO = makePng(40, 20, [0, 0, 255]);
const PICTURE = makePng(30, 30, [0, 200, 0]);
const BOARD = makePng(400, 300, [240, 240, 240]);
const SOUND = makeMp3();

const fileOf = (doc: unknown, name = "exam.exam.json") => ({
  name,
  base64: Buffer.from(typeof doc === "string" ? doc : JSON.stringify(doc)).toString("base64"),
});

/** The archive an export writes (server/formats/exam-json.ts), as far as these tests read it. */
interface ArchiveDoc {
  exported_at: string;
  exam: Record<string, unknown>;
  case_studies: { name: string; description: string }[];
  questions: { external_id: string | null; type: number; case_study: string | null; [field: string]: unknown }[];
  media: Record<string, string>;
}

const textOf = (result: { file: { base64: string } }) => Buffer.from(result.file.base64, "base64").toString("utf8");
const docOf = (result: { file: { base64: string } }) => JSON.parse(textOf(result)) as ArchiveDoc;
const withoutTime = (doc: ArchiveDoc) => ({ ...doc, exported_at: "(time)" });

/** An exam of `who` with every setting away from its default, two case studies and one question of every type, each with an external id. */
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
      { type: 2, question: "<p>Which are private ranges?</p>", external_id: "Q-2", points: 0, case_study_id: contoso },
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
      { "board.png": toBase64(BOARD) },
    ),
    q(
      {
        type: 4,
        question: "<p>Click the router</p>",
        external_id: "Q-4",
        properties: blockProperties("board.png", { width: 400, height: 300 }),
      },
      undefined,
      { "board.png": toBase64(BOARD) },
    ),
    q(
      {
        type: 5,
        question: "<p>Select the switches</p>",
        external_id: "Q-5",
        points: 3,
        properties: {
          ...blockProperties("board.png", { width: 400, height: 300 }),
          options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
        },
      },
      undefined,
      {
        "board.png": toBase64(BOARD),
      },
    ),
    q({ type: 6, question: "<p>Order the layers</p>", external_id: "Q-6", properties: { optional_answers: true } }, [
      { answer: "<p>Physical</p>", is_correct: true, order: 1, points: 1 },
      { answer: "<p>Data link</p>", is_correct: true, order: 2, points: 1 },
      { answer: "<p>Kitchen</p>", is_correct: false, order: 3 },
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
  // Locked questions and a fixed time: the testing state an export must carry as it is.
  ok(await who.call("exam.examUpdate", { exam: { id: examId, testing_questions: 5, testing_time: 20 } }));
  return { examId, questionIds: ids };
}

async function exportOf(who: TestUser, examId: number) {
  return ok(await who.call("exam.examExport", { id: examId, format: "exam_json" }));
}

/** A small archive of `n` single choice questions (external ids Q-1…). */
function smallArchive(n: number, overrides: Record<string, unknown> = {}) {
  return {
    format: "exam_studio_archive",
    version: 1,
    exam: { type: 2, title: "Small", category: "Tests", code: "SMALL", evaluation_method: 1, passing_score: 50 },
    questions: Array.from({ length: n }, (_, i) => ({
      external_id: `Q-${i + 1}`,
      type: 1,
      question: `<p>Question ${i + 1}</p>`,
      answers: [
        { answer: "<p>Yes</p>", is_correct: true },
        { answer: "<p>No</p>", is_correct: false },
      ],
    })),
    ...overrides,
  };
}

describe("exam_json round trip", () => {
  let source: { examId: number; questionIds: number[] };
  let exported: ResultOf<"exam.examExport">;

  beforeAll(async () => {
    source = await fullExam(ann);
    exported = await exportOf(ann, source.examId);
  });

  it("exports every setting, case study, question and media file, every question lossless", () => {
    const doc = docOf(exported);
    expect(exported.file).toMatchObject({ name: "NET-RT.exam.json", content_type: "application/json" });
    expect(doc.exam).toEqual({
      type: 1,
      check_answer: 1,
      title: "Networking round trip",
      category: "Networking",
      code: "NET-RT",
      shuffle_questsion: false,
      shuffle_answers: false,
      testing: { auto: false, locked_questions: 5, time_mode: "fixed", fixed_time: 20 },
      evaluation_method: 2,
      passing_score: 65,
      show_description_page: true,
      show_standard_introduction: false,
      description: `<p>Read this first <img src="${mediaPath(INTRO, "png")}" alt="intro" /></p>`,
      // The blueprint (tests/integration/blueprint-archive.test.ts): none here.
      domains: [],
    });
    expect(doc.case_studies.map((cs) => cs.name)).toEqual(["Contoso", "Fabrikam"]);
    expect(doc.questions.map((q) => [q.external_id, q.type, q.case_study])).toEqual([
      ["Q-1", 1, "Contoso"],
      ["Q-2", 2, "Contoso"],
      ["Q-3", 3, "Fabrikam"],
      ["Q-4", 4, null],
      ["Q-5", 5, null],
      ["Q-6", 6, null],
      ["Q-7", 7, null],
    ]);
    expect(Object.keys(doc.media).sort()).toEqual(
      [INTRO, PICTURE, BOARD]
        .map((b) => mediaPath(b, "png"))
        .concat(mediaPath(SOUND, "mp3"))
        .sort(),
    );
    expect(Buffer.from(doc.media[mediaPath(BOARD, "png")]!, "base64")).toEqual(Buffer.from(BOARD));
    expect(exported.report.items).toEqual(
      source.questionIds.map((id) => ({ question_id: id, fidelity: "lossless", notes: [] })),
    );
  });

  it("imported by someone of another workspace as a new exam and exported again, is the same document", async () => {
    const filesBefore = (await storedState(t, bob)).files.length;
    const reply = await bob.call("exam.examImport", { file: exported.file });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(result).toMatchObject({ created: 7, updated: 0, skipped: 0 });
    expect(result.items.map((i) => [i.ref, i.status, i.type])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => [`question ${n} (external id Q-${n})`, "created", n]),
    );
    expect(result.items.every((i) => typeof i.question_id === "number" && i.warnings.length === 0)).toBe(true);
    expect(result.exam).toMatchObject({
      title: "Networking round trip",
      status: "draft",
      question_count: 7,
      testing_questions: 5,
      testing_time: 20,
      testing_auto: false,
    });
    // Bob's workspace had none of the media: they came from the file, stored as Bob's.
    expect((await storedState(t, bob)).mediaRows.map((m) => m.hash).length).toBe(4);
    expect((await storedState(t, bob)).files.length).toBe(filesBefore);

    const again = await exportOf(bob, importedExamId(result));
    expect(withoutTime(docOf(again))).toEqual(withoutTime(docOf(exported)));
    // Byte for byte, apart from the time.
    const text = (r: { file: { base64: string } }) => textOf(r).replace(/"exported_at": "[^"]*"/, "");
    expect(text(again)).toBe(text(exported));
    const examGet = async (who: TestUser, id: number) => {
      const { id: _id, created_at, updated_at, status, ...rest } = ok(await who.call("exam.examGet", { id })).exam;
      return rest;
    };
    expect(await examGet(bob, importedExamId(result))).toEqual(await examGet(ann, source.examId));
  });

  it("records the import in the history: one entry naming the file and the counts, and each question and case study as usual", async () => {
    const result = ok(await bob.call("exam.examImport", { file: { ...exported.file, name: "copy.exam.json" } }));
    const entries = ok(await bob.call("exam.historyList", { exam_id: result.exam.id, limit: 50 })).entries;
    expect(entries.every((e) => e.method === "exam.examImport")).toBe(true);
    expect(entries.map((e) => e.object_type).sort()).toEqual([
      "case_study",
      "case_study",
      "exam",
      ...Array(7).fill("question"),
    ]);
    const summary = entries.find((e) => e.object_type === "exam");
    // The snapshot is stored JSON (unknown to the type): toHaveProperty compares as toEqual does.
    expect(summary?.snapshot).toHaveProperty("import", {
      file: "copy.exam.json",
      format: "exam_json",
      created: 7,
      updated: 0,
      skipped: 0,
      case_studies_created: 2,
    });
    expect(summary?.snapshot).toMatchObject({ id: result.exam.id, title: "Networking round trip", question_count: 7 });
    expect(summary?.version).toBe(1);
  });

  it("exports nothing but the file: no history entry, no status change", async () => {
    ok(await ann.call("exam.examUpdateStatus", { id: source.examId, ready: true, ignore_warnings: true }));
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.examExport", { id: source.examId, format: "exam_json" }),
    );
    ok(reply);
    expect(ok(await ann.call("exam.examGet", { id: source.examId })).exam.status).toBe("ready");
  });

  it("a dry run answers what the import would do and stores nothing, no media file either", async () => {
    const carol = await t.newUser();
    const reply = await expectNothingChanged(t, carol, () =>
      carol.call("exam.examImport", { file: exported.file, dry_run: true }),
    );
    const result = ok(reply);
    expect(result).toMatchObject({ created: 7, updated: 0, skipped: 0 });
    expect(result.items.map((i) => [i.status, i.question_id])).toEqual(Array(7).fill(["created", null]));
    expect(result.exam).toMatchObject({
      id: null,
      created_at: null,
      updated_at: null,
      title: "Networking round trip",
      question_count: 7,
      testing_questions: 5,
      testing_time: 20,
      status: "draft",
    });
    expect((await storedState(t, carol)).mediaRows).toEqual([]);
  });
});

describe("importing into an existing exam, matched by external id", () => {
  let examId: number;
  let file: { name: string; base64: string };

  beforeAll(async () => {
    ({ examId } = await fullExam(ann));
    file = (await exportOf(ann, examId)).file;
  });

  it("with on_existing update (the default) matches each question and creates no duplicate", async () => {
    const before = await questionRowsOf(t.db, examId);
    const reply = await ann.call("exam.examImport", { file, exam_id: examId });
    const result = ok(reply);
    // The file is the exam's own export: no question changes, so none is written (import-unchanged.test.ts).
    expect(result).toMatchObject({ created: 0, updated: 0, skipped: 7 });
    expect(result.items.map((i) => i.question_id)).toEqual(before.map((q) => q.id));
    // The exam keeps its own settings; the file's are ignored with a warning.
    expect(reply.warning_details).toContainEqual(expect.objectContaining({ code: "settings_ignored", path: "file" }));
    const after = await questionRowsOf(t.db, examId);
    expect(after.map((q) => [q.id, q.position, q.question, q.properties, q.caseStudyId, q.externalId])).toEqual(
      before.map((q) => [q.id, q.position, q.question, q.properties, q.caseStudyId, q.externalId]),
    );
    expect(after.map((q) => q.version)).toEqual(before.map((q) => q.version));
    expect(ok(await ann.call("exam.caseStudyList", { exam_id: examId })).case_studies.map((cs) => cs.name)).toEqual([
      "Contoso",
      "Fabrikam",
    ]);
  });

  it("with on_existing skip leaves every matched question as it is", async () => {
    const before = await questionRowsOf(t.db, examId);
    const result = ok(await ann.call("exam.examImport", { file, exam_id: examId, on_existing: "skip" }));
    expect(result).toMatchObject({ created: 0, updated: 0, skipped: 7 });
    expect(result.items.map((i) => [i.status, i.question_id])).toEqual(before.map((q) => ["skipped", q.id]));
    expect(await questionRowsOf(t.db, examId)).toEqual(before);
  });

  it("creates what does not match, last in file order, and a dry run says which would be created", async () => {
    const doc = docOf({ file });
    doc.questions.push({ ...doc.questions[0]!, external_id: "Q-NEW", question: "<p>New one</p>" });
    const dry = ok(await ann.call("exam.examImport", { file: fileOf(doc), exam_id: examId, dry_run: true }));
    expect(dry.items.map((i) => i.status)).toEqual([...Array(7).fill("skipped"), "created"]);
    expect(dry.items[7]?.question_id).toBeNull();
    expect(dry.exam.id).toBe(examId);
    const result = ok(await ann.call("exam.examImport", { file: fileOf(doc), exam_id: examId, on_existing: "skip" }));
    expect(result).toMatchObject({ created: 1, skipped: 7 });
    const rows = await questionRowsOf(t.db, examId);
    expect(rows.at(-1)).toMatchObject({ id: storedQuestionId(result.items[7]!), externalId: "Q-NEW" });
    expect(rows.at(-1)!.caseStudyId).toBe(rows[0]!.caseStudyId);
  });

  it("matches case studies by name: the exam's is used as it is, with a warning when the file's differs; of two of one name, the first", async () => {
    const doc = docOf({ file });
    doc.case_studies[0]!.description = "<p>Three offices now</p>";
    doc.case_studies.push(
      { name: "Contoso", description: "<p>Again</p>" },
      { name: "Northwind", description: "<p>New</p>" },
    );
    const reply = await ann.call("exam.examImport", { file: fileOf(doc), test_id: examId, on_existing: "skip" });
    ok(reply);
    expect(reply.warning_details.map((w) => [w.code, w.path])).toEqual([
      ["settings_ignored", "file"],
      ["case_study_differs", "case_studies[0].description"],
      ["duplicate", "case_studies[2]"],
    ]);
    const caseStudies = ok(await ann.call("exam.caseStudyList", { exam_id: examId })).case_studies;
    expect(caseStudies.map((cs) => [cs.name, cs.description])).toEqual([
      ["Contoso", '<p>Two offices <img src="' + mediaPath(PICTURE, "png") + '" alt="office" /></p>'],
      ["Fabrikam", "<p>One office</p>"],
      ["Northwind", "<p>New</p>"],
    ]);
  });

  it("refuses exam_id and exam together, and an exam of another workspace as one that does not exist", async () => {
    fails(
      await ann.call("exam.examImport", { file, exam_id: examId, exam: { title: "X" } }),
      INVALID,
      "exam",
      "conflict",
    );
    fails(await bob.call("exam.examImport", { file, exam_id: examId }), -32004, "exam_id");
  });
});

describe("a new exam's settings", () => {
  it("the exam param's fields go over the file's; unknown params are warned about", async () => {
    const reply = await ann.call("exam.examImport", {
      file: { ...fileOf(smallArchive(2)), size: 3 },
      exam: { title: "Copy", code: "COPY", passing_score: 80, colour: "red" },
      mode: "fast",
    });
    expect(reply.warning_details.filter((w) => w.code === "unknown_field").map((w) => w.path)).toEqual([
      "",
      "file",
      "exam",
    ]);
    const result = ok(reply);
    expect(result.exam).toMatchObject({
      title: "Copy",
      code: "COPY",
      category: "Tests",
      passing_score: 80,
      type: 2,
      question_count: 2,
    });
  });

  it("without settings in the file, exam must give the required fields: each missing one at exam.<field>", async () => {
    const bare = { format: "exam_studio_archive", version: 1, questions: smallArchive(1).questions };
    fails(await ann.call("exam.examImport", { file: fileOf(bare) }), INVALID, "exam", "required");
    const reply = await ann.call("exam.examImport", {
      file: fileOf(bare),
      exam: { type: 2, title: "Bare", evaluation_method: 1 },
    });
    for (const path of ["exam.category", "exam.code", "exam.passing_score"]) fails(reply, INVALID, path, "required");
    ok(
      await ann.call("exam.examImport", {
        file: fileOf(bare),
        exam: { type: 2, title: "Bare", category: "C", code: "B", evaluation_method: 3 },
      }),
    );
  });

  it("the file's settings follow the exam rules: a type 3 exam without a time limit is refused at exam.testing_time", async () => {
    const doc = smallArchive(1, {
      exam: {
        ...smallArchive(0).exam,
        type: 3,
        testing: { auto: false, locked_questions: 1, time_mode: "none", fixed_time: 0 },
      },
    });
    fails(
      await ann.call("exam.examImport", { file: fileOf(doc) }),
      INVALID,
      "exam.testing_time",
      "testing_time_required",
    );
  });
});

describe("all or nothing", () => {
  it("one bad item among good ones: -32602 at items[i]… naming the item, and nothing stored", async () => {
    const doc = smallArchive(3);
    doc.questions[1]!.answers = [
      { answer: "<p>A</p>", is_correct: true },
      { answer: "<p>B</p>", is_correct: true },
    ];
    doc.questions[2]!.question = "<p>Hi<script>alert(1)</script></p>";
    const reply = await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { file: fileOf(doc) }));
    const issues = fails(reply, INVALID);
    expect(issues.map((i) => i.path)).toEqual(["items[1].answers[1].is_correct", "items[2].question.question"]);
    expect(issues[0]!.message).toMatch(/^question 2 \(external id Q-2\): answers\[1\]\.is_correct: /);
    expect(issues[1]!.message).toMatch(/^question 3 \(external id Q-3\): question: .*script/);
  });

  it("two items with one external id: the second is an error naming both", async () => {
    const doc = smallArchive(2);
    doc.questions[1]!.external_id = "Q-1";
    const issues = fails(
      await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { file: fileOf(doc) })),
      INVALID,
      "items[1].question.external_id",
      "duplicate",
    );
    expect(issues[0]!.message).toBe(
      'question 2 (external id Q-1): external_id "Q-1" is also the external id of question 1 (external id Q-1); it must be unique within the exam',
    );
  });

  it("an item naming a case study that is neither in the file nor in the exam", async () => {
    const archive = smallArchive(1);
    const doc = { ...archive, questions: archive.questions.map((q) => ({ ...q, case_study: "Nowhere" })) };
    fails(
      await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { file: fileOf(doc) })),
      INVALID,
      "items[0].case_study",
      "not_found",
    );
  });

  it("media an item names that the file does not hold, and that the caller cannot reach", async () => {
    const { examId } = await fullExam(ann);
    const doc = docOf(await exportOf(ann, examId));
    doc.media = {};
    // Someone who has never had these files (Bob has: his import of the round trip stored them).
    const dave = await t.newUser();
    const issues = fails(
      await expectNothingChanged(t, dave, () => dave.call("exam.examImport", { file: fileOf(doc) })),
      INVALID,
    );
    expect(issues.filter((i) => i.code === "media_missing").map((i) => i.path)).toEqual(
      expect.arrayContaining(["exam.description", "case_studies[0].description", "items[2].question.properties.image"]),
    );
    expect(issues.find((i) => i.path === "items[2].question.properties.image")!.message).toMatch(
      /^question 3 \(external id Q-3\): properties\.image: media "\/media\/[0-9a-f]{64}\.png" is neither in the file nor a stored file of this workspace$/,
    );
    // An image in an item's HTML is repaired away (contract 13.3 point 1), not an error.
    expect(issues.map((i) => i.path)).not.toContain("items[0].question.question");
    // Ann can: the files are in her workspace, and an archive may refer to them without carrying them.
    ok(await ann.call("exam.examImport", { file: fileOf(doc) }));
  });
});

describe("bad files", () => {
  const cases: [string, object, number, string, string][] = [
    ["not Base64", { file: { base64: "!!not base64!!" } }, INVALID, "file", "invalid_base64"],
    ["empty", { file: { base64: "" } }, INVALID, "file", "empty_file"],
    ["not JSON", { file: fileOf("hello, world") }, INVALID, "file", "unknown_format"],
    [
      "not JSON, said to be an archive",
      { file: fileOf("{hello"), format: "exam_json" },
      INVALID,
      "file",
      "malformed_file",
    ],
    ["JSON without the marker", { file: fileOf({ questions: [] }) }, INVALID, "file", "unknown_format"],
    [
      "an archive of a newer version",
      { file: fileOf({ format: "exam_studio_archive", version: 9 }) },
      INVALID,
      "file",
      "malformed_file",
    ],
    [
      "an archive with a wrong field",
      { file: fileOf(smallArchive(2, { questions: [{ ...smallArchive(1).questions[0], points: "2" }] })) },
      INVALID,
      "items[0].question.points",
      "invalid_type",
    ],
    [
      "an archive with a wrong exam setting",
      { file: fileOf(smallArchive(1, { exam: { ...smallArchive(0).exam, evaluation_method: 7 } })) },
      INVALID,
      "file",
      "invalid_value",
    ],
    [
      "over the size limit",
      { file: fileOf(smallArchive(1, { padding: "x".repeat(IMPORT_LIMIT) })) },
      TOO_LARGE,
      "file",
      "too_large",
    ],
    ["over the item limit", { file: fileOf(smallArchive(ITEM_LIMIT + 1)) }, INVALID, "file", "too_many"],
    [
      "an archive said to be a QTI package",
      { file: fileOf(smallArchive(1)), format: "qti3" },
      INVALID,
      "file",
      "malformed_file",
    ],
  ];

  it.each(cases)("%s: refused, nothing stored, the server answering", async (_name, params, code, path, issue) => {
    const reply = await expectNothingChanged(t, ann, () => ann.call("exam.examImport", params));
    const issues = fails(reply, code, path, issue);
    expect(issues.every((i) => i.message.length > 0)).toBe(true);
    ok(await ann.call("exam.examList", {}));
  });

  it("held to what a call's params must be: text PostgreSQL can store, a bounded depth", async () => {
    const nul = smallArchive(1, { case_studies: [{ name: "Bad\u0000name", description: "" }] });
    nul.questions[0]!.question = "<p>a\u0000b</p>";
    nul.exam.title = "Title\u0000";
    const issues = fails(
      await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { file: fileOf(nul) })),
      INVALID,
    );
    expect(issues.filter((i) => i.code === "invalid_character").map((i) => i.path)).toEqual([
      "case_studies[0].name",
      "items[0].question.question",
      "exam.title",
    ]);

    const depth = 5000;
    const deep = JSON.stringify(smallArchive(1)).replace(
      '"type":1,',
      `"type":1,"properties":{"x":${"[".repeat(depth)}${"]".repeat(depth)}},`,
    );
    const tooDeep = fails(
      await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { file: fileOf(deep) })),
      INVALID,
    );
    expect(tooDeep.map((i) => i.code)).toEqual(["too_deep"]);
    expect(tooDeep[0]!.path).toMatch(/^items\[0\]\.question\.properties\.x(\[0\])+$/);
    ok(await ann.call("exam.examList", {}));
  });

  it("says which formats exist when none matches", async () => {
    const issues = fails(
      await ann.call("exam.examImport", { file: fileOf("hello") }),
      INVALID,
      "file",
      "unknown_format",
    );
    expect(issues[0]!.message).toMatch(/exam_json .*qti3 .*moodle_xml .*gift .*aiken .*csv/);
  });

  it("an export to GIFT, an import format only, is -32602 at format; another workspace's exam -32004", async () => {
    const { id } = ok(await ann.call("exam.examCreate", { exam: examInput() })).exam;
    const gift = fails(
      await ann.call("exam.examExport", { id, format: "gift" }),
      INVALID,
      "format",
      "format_unavailable",
    );
    expect(gift[0]!.message).toBe(
      "gift (GIFT) is a format to import from only; export is available for exam_json, qti3, moodle_xml, csv",
    );
    fails(await bob.call("exam.examExport", { id, format: "exam_json" }), -32004);
    // Nothing about the exam was written by either.
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.examId, id));
    expect(rows.map((r) => r.method)).toEqual(["exam.examCreate"]);
    expect((await t.db.select().from(exam).where(eq(exam.id, id)))[0]!.status).toBe("draft");
  });
});
