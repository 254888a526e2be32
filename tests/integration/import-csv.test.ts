// CSV import and export (contract 13.1, 13.2) through exam.examExport and exam.examImport, on
// PGlite and PostgreSQL: an exam with all seven question types exported as CSV (types 3, 4 and 5
// omitted, the others lossless, one referring to media lossy), the file imported as a new exam
// gives the same questions, exported again the same file, and imported into its own exam updates
// each question by external id; the template served at /templates/questions.csv imports cleanly
// (a dry run); bad files (wrong columns, an unknown type, not UTF-8, empty) refused with nothing
// stored; a file of the header alone read as one of no question, with a warning.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as templateRoute } from "@/app/templates/questions.csv/route";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { fails, ok } from "../support/exam-test-helpers";
import { expectNothingChanged } from "../support/question-store";
import { blockProperties, dragDropProperties } from "../support/image-question-properties";
import { makePng, toBase64 } from "../support/media-fixtures";
import { storedQuestionId } from "../support/import-files";
import type { ResultOf } from "@/server/rpc/operation-types";

const INVALID = -32602;
const BOARD = makePng(400, 300, [240, 240, 240]);
const PICTURE = makePng(30, 30, [0, 200, 0]);
const EXAM = examInput({ title: "From CSV", code: "CSV-1" });

let t: TestApp;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
  bob = await t.newUser();
});
afterAll(() => t.close());

const fileOf = (content: string | Uint8Array, name = "questions.csv") => ({
  name,
  base64: Buffer.from(content).toString("base64"),
});
const textOf = (file: { base64: string }) => Buffer.from(file.base64, "base64").toString("utf8");

/** An exam of `who` with a case study and one question of every type (external ids Q-1…Q-7), and an eighth, of type 1, showing an image. */
async function allTypesExam(who: TestUser) {
  const examId = ok(await who.call("exam.examCreate", { exam: examInput({ title: "All types", code: "ALL-7" }) })).exam
    .id as number;
  const contoso = ok(
    await who.call("exam.caseStudyCreate", {
      case_study: { exam_id: examId, name: "Contoso", description: "<p>Two offices</p>" },
    }),
  ).case_study.id as number;
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
        question: '<p>Which port, "by default"?</p>',
        explanation: '<p>See <a href="https://example.com/ports">ports</a>.</p>',
        external_id: "Q-1",
        points: 2,
        case_study_id: contoso,
      },
      [
        { answer: "<p>443</p>", is_correct: true, points: 3 },
        { answer: "<p>80, or 8080</p>", is_correct: false, points: -1 },
      ],
    ),
    q(
      { type: 2, question: "<p>Which are private ranges?</p>", external_id: "Q-2", points: 0, case_study_id: contoso },
      [
        { answer: "<p>10.0.0.0/8</p>", is_correct: true, points: 1 },
        { answer: "<p>192.168.0.0/16</p>", is_correct: true, points: 1 },
        { answer: "<p>=8.8.8.0/24</p>", is_correct: false, points: -2 },
      ],
    ),
    q(
      { type: 3, question: "<p>Drag each label</p>", external_id: "Q-3", properties: dragDropProperties("board.png") },
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
        properties: {
          ...blockProperties("board.png", { width: 400, height: 300 }),
          options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
        },
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
      question: "<p>Name the protocol</p>\n<p>One word.</p>",
      external_id: "Q-7",
      properties: {
        text_similarity: 80,
        case_sensitive: true,
        text_answer: [{ value: "HTTPS", points: 2 }, { value: "-HTTP over TLS" }],
      },
    }),
    q(
      { type: 1, question: '<p>What is this? <img src="pic.png" alt="a picture"></p>', external_id: "Q-8" },
      [
        { answer: "<p>A square</p>", is_correct: true },
        { answer: "<p>A circle</p>", is_correct: false },
      ],
      { "pic.png": toBase64(PICTURE) },
    ),
  ];
  const ids: number[] = [];
  for (const params of questions) ids.push(ok(await who.call("exam.questionCreate", params)).question.id);
  return { examId, ids };
}

/** A question as questionGet answers it, without what differs between two copies (ids, times, versions). */
async function questionOf(who: TestUser, id: number) {
  const { question, answers } = ok(await who.call("exam.questionGet", { id }));
  const caseStudy =
    question.case_study_id === null
      ? null
      : ok(await who.call("exam.caseStudyGet", { id: question.case_study_id })).case_study.name;
  return {
    type: question.type,
    question: question.question,
    explanation: question.explanation,
    points: question.points,
    external_id: question.external_id,
    properties: question.properties,
    case_study: caseStudy,
    answers: answers.map((a) => ({
      answer: a.answer,
      is_correct: a.is_correct,
      order: a.order,
      points: a.points,
    })),
  };
}

describe("CSV export and import", () => {
  let source: { examId: number; ids: number[] };
  let exported: ResultOf<"exam.examExport">;

  beforeAll(async () => {
    source = await allTypesExam(ann);
    exported = ok(await ann.call("exam.examExport", { id: source.examId, format: "csv" }));
  });

  it("exports types 1, 2, 6 and 7 as rows and omits 3, 4 and 5, saying why; media make a question lossy", () => {
    expect(exported.file).toMatchObject({ name: "ALL-7.csv", content_type: "text/csv; charset=utf-8" });
    const bytes = Buffer.from(exported.file.base64, "base64");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = textOf(exported.file).slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "external_id,type,case_study,domain,tags,points,question,explanation,text_similarity,case_sensitive,answer_1,correct_1,points_1,answer_2,correct_2,points_2,answer_3,correct_3,points_3",
    );
    expect(lines.filter((l) => /^Q-\d,/.test(l)).map((l) => l.slice(0, 3))).toEqual([
      "Q-1",
      "Q-2",
      "Q-6",
      "Q-7",
      "Q-8",
    ]);
    expect(textOf(exported.file)).toContain("'-HTTP over TLS");
    expect(exported.report.items.map((i) => [i.question_id, i.fidelity])).toEqual(
      source.ids.map((id, k) => [id, [2, 3, 4].includes(k) ? "omitted" : k === 7 ? "lossy" : "lossless"]),
    );
    expect(exported.report.items[2]!.notes[0]).toMatch(
      /^a drag & drop question \(type 3\) needs an image with areas, which a CSV row cannot hold/,
    );
    expect(exported.report.items[7]!.notes[0]).toMatch(
      /^it refers to a media file \(\/media\/[0-9a-f]{64}\.png\), which a CSV file cannot hold/,
    );
    expect(exported.report.notes[0]).toMatch(/^not in a CSV file: the exam's settings/);
  });

  it("imported as a new exam gives the same questions, and exported again the same file", async () => {
    const reply = await ann.call("exam.examImport", { file: exported.file, exam: EXAM });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(result).toMatchObject({ created: 5, updated: 0, skipped: 0 });
    expect(result.items.map((i) => [i.ref, i.status, i.type])).toEqual([
      ["row 2 (external id Q-1)", "created", 1],
      ["row 3 (external id Q-2)", "created", 2],
      ["row 4 (external id Q-6)", "created", 6],
      ["row 5 (external id Q-7)", "created", 7],
      ["row 6 (external id Q-8)", "created", 1],
    ]);
    const kept = [0, 1, 5, 6, 7].map((k) => source.ids[k]!);
    for (const [k, item] of result.items.entries())
      expect(await questionOf(ann, storedQuestionId(item))).toEqual(await questionOf(ann, kept[k]!));
    // The case study is created by name, without a description (the file has none).
    expect(
      ok(await ann.call("exam.caseStudyList", { exam_id: result.exam.id })).case_studies.map((cs) => [
        cs.name,
        cs.description,
      ]),
    ).toEqual([["Contoso", ""]]);

    const again = ok(await ann.call("exam.examExport", { id: result.exam.id, format: "csv" }));
    expect(textOf(again.file)).toBe(textOf(exported.file));
  });

  it("a CSV holds no exam settings: without exam, -32602 at exam", async () => {
    const reply = await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { file: exported.file }));
    expect(fails(reply, INVALID, "exam", "required")[0]!.message).toMatch(/^the file \(CSV\) holds no exam settings/);
  });

  it("imported into its own exam matches each question by external id, which it leaves as it is, and uses the case study as it is", async () => {
    const reply = await ann.call("exam.examImport", { file: exported.file, exam_id: source.examId });
    const result = ok(reply);
    // Each question is already as its row has it: skipped, nothing written (import-unchanged.test.ts).
    expect(reply.warning_details.map((w) => w.code)).toEqual(Array(5).fill("unchanged"));
    expect(result).toMatchObject({ created: 0, updated: 0, skipped: 5 });
    expect(result.items.map((i) => i.question_id)).toEqual([0, 1, 5, 6, 7].map((k) => source.ids[k]));
    expect(
      ok(await ann.call("exam.caseStudyList", { exam_id: source.examId })).case_studies.map((cs) => [
        cs.name,
        cs.description,
      ]),
    ).toEqual([["Contoso", "<p>Two offices</p>"]]);
    expect(ok(await ann.call("exam.examExport", { id: source.examId, format: "csv" })).file.base64).toBe(
      exported.file.base64,
    );
  });

  it("someone of another workspace gets the question without the media the CSV lacks: the reference is removed, with a warning", async () => {
    // Another workspace's stored file is not this one's (contract 13.3 point 1): it is neither
    // adopted nor shown, only its reference removed, and the rest of the row is imported.
    const reply = await bob.call("exam.examImport", { file: exported.file, exam: EXAM });
    const result = ok(reply);
    expect(reply.warning_details.filter((w) => w.path.startsWith("items[4].")).map((w) => [w.code, w.path])).toEqual([
      ["import_repaired", "items[4].question.question"],
    ]);
    expect(result.items[4]!.warnings.join("\n")).toMatch(/\/media\/[0-9a-f]{64}\.png/);
    const stored = ok(await bob.call("exam.questionGet", { id: result.items[4]!.question_id! })).question;
    expect(stored.question).not.toMatch(/\/media\//);
  });
});

describe("the CSV template", () => {
  it("is served at /templates/questions.csv and imports cleanly (a dry run) with its four example questions", async () => {
    const response = templateRoute();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="exam-questions-template\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const carol = await t.newUser();
    const reply = await expectNothingChanged(t, carol, () =>
      carol.call("exam.examImport", { file: fileOf(bytes, "exam-questions-template.csv"), exam: EXAM, dry_run: true }),
    );
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(result).toMatchObject({ created: 4, updated: 0, skipped: 0 });
    expect(result.items.map((i) => [i.ref, i.status, i.type, i.question_id, i.warnings])).toEqual([
      ["row 2 (external id NET-1)", "created", 1, null, []],
      ["row 3 (external id NET-2)", "created", 2, null, []],
      ["row 4 (external id NET-3)", "created", 6, null, []],
      ["row 5 (external id NET-4)", "created", 7, null, []],
    ]);
    expect(result.exam).toMatchObject({ id: null, title: "From CSV", question_count: 4 });
  });

  it("stored for real, holds what the template says", async () => {
    const bytes = new Uint8Array(await templateRoute().arrayBuffer());
    const result = ok(await ann.call("exam.examImport", { file: fileOf(bytes), exam: EXAM }));
    const sort = await questionOf(ann, storedQuestionId(result.items[2]!));
    expect(sort).toMatchObject({ type: 6, case_study: "Contoso", properties: { optional_answers: true } });
    expect(sort.answers.map((a) => [a.answer, a.is_correct, a.order])).toEqual([
      ["<p>Physical</p>", true, 1],
      ["<p>Data link</p>", true, 2],
      ["<p>Network</p>", true, 3],
      ["<p>Kitchen</p>", false, 4],
    ]);
    expect((await questionOf(ann, storedQuestionId(result.items[3]!))).properties).toEqual({
      text_similarity: 90,
      case_sensitive: false,
      text_answer: [
        { value: "TLS", points: 2 },
        { value: "SSL/TLS", points: 1 },
      ],
    });
  });
});

describe("CSV files refused or skipped", () => {
  const HEADER = "external_id,type,question,answer_1,correct_1,answer_2,correct_2";

  it("into an existing exam: a case study name the exam lacks creates it with an empty description, one it has is used", async () => {
    const examId = ok(await ann.call("exam.examCreate", { exam: EXAM })).exam.id;
    ok(
      await ann.call("exam.caseStudyCreate", {
        case_study: { exam_id: examId, name: "Fabrikam", description: "<p>One office</p>" },
      }),
    );
    const file = fileOf(
      "type,case_study,question,answer_1,correct_1,answer_2\n1,Fabrikam,One,a,yes,b\n1,Northwind,Two,a,yes,b\n1, Northwind ,Three,a,yes,b\n",
    );
    const reply = await ann.call("exam.examImport", { file, exam_id: examId });
    expect(ok(reply)).toMatchObject({ created: 3 });
    expect(reply.warning_details).toEqual([]);
    expect(
      ok(await ann.call("exam.caseStudyList", { exam_id: examId })).case_studies.map((cs) => [cs.name, cs.description]),
    ).toEqual([
      ["Fabrikam", "<p>One office</p>"],
      ["Northwind", ""],
    ]);
  });

  it("only the header (an empty template): read, no item, one warning at file, nothing stored", async () => {
    const examId = ok(await ann.call("exam.examCreate", { exam: { ...EXAM, code: "CSV-EMPTY" } })).exam.id;
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.examImport", { file: fileOf(`\uFEFF${HEADER}\r\n`), exam_id: examId }),
    );
    expect(ok(reply)).toMatchObject({ created: 0, updated: 0, skipped: 0, items: [] });
    expect(reply.warning_details).toEqual([
      {
        code: "import_loss",
        path: "file",
        message:
          "the file holds no question, only its header row (row 1): nothing is imported; a question is a row below the header",
      },
    ]);
  });

  it("a row of type 3, 4 or 5 is skipped with a warning; the rest is imported", async () => {
    const reply = await ann.call("exam.examImport", {
      file: fileOf(`${HEADER}\nA,1,Pick,yes,yes,no,no\nB,4,Click,,,,\n`),
      exam: EXAM,
    });
    const result = ok(reply);
    expect(result).toMatchObject({ created: 1, skipped: 1 });
    expect(result.items[1]).toMatchObject({
      ref: "row 3 (external id B)",
      status: "skipped",
      type: null,
      question_id: null,
    });
    expect(result.items[1]!.warnings[0]).toMatch(
      /^skipped: a point & shoot question \(type 4\) needs an image with areas/,
    );
    expect(reply.warning_details.map((w) => [w.code, w.path])).toEqual([["item_skipped", "items[1]"]]);
  });

  it("a rule of the question type broken: -32602 at items[i]… naming the row", async () => {
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.examImport", { file: fileOf(`${HEADER}\nA,1,Pick,yes,yes,no,yes\n`), exam: EXAM }),
    );
    const issues = fails(reply, INVALID, "items[0].answers[1].is_correct", "too_many_correct");
    expect(issues[0]!.message).toMatch(
      /^row 2 \(external id A\): answers\[1\]\.is_correct: only one answer of a single choice question may be correct/,
    );
  });

  const cases: [string, object, string, string, RegExp][] = [
    [
      "wrong columns",
      { file: fileOf("type,questoin,answer_1\n1,x,y\n"), format: "csv" },
      "file",
      "malformed_file",
      /questoin \(column B\) is not a column of the template[^]*Expected the columns external_id, type, [^]*found type, questoin, answer_1\. A file in other columns imports with the columns param, which names the file's column for each column of the template$/,
    ],
    [
      "a missing column, the file recognised by its header",
      { file: fileOf("type,Question,answer_2\n1,x,y\n") },
      "file",
      "malformed_file",
      /^has a header row that is not the template's: answer_1 is missing \(answer groups are numbered from 1 without gaps, up to answer_2 here\)/,
    ],
    [
      "a row with an unknown type",
      { file: fileOf(`${HEADER}\nA,1,Pick,yes,yes,no,no\nB,essay,Write,,,,\n`) },
      "items[1].question.type",
      "invalid_value",
      /^row 3 \(external id B\): column type \(B\): must be a question type a CSV row can hold: 1 single choice, 2 multiple choice, 6 sort or 7 text input \(the number or the name\); got "essay"$/,
    ],
    [
      "not UTF-8, format csv",
      { file: fileOf(Buffer.from([0x74, 0x79, 0x70, 0x65, 0x2c, 0xe9, 0x0a])), format: "csv" },
      "file",
      "malformed_file",
      /^is not UTF-8 text; a CSV file of the template is UTF-8/,
    ],
    [
      "not UTF-8, no format",
      { file: fileOf(Buffer.from([0x74, 0x79, 0x70, 0x65, 0x2c, 0xe9, 0x0a])) },
      "file",
      "unknown_format",
      /not UTF-8 text either/,
    ],
    ["empty", { file: { base64: "" }, format: "csv" }, "file", "empty_file", /^the file is empty$/],
  ];

  it.each(cases)("%s: refused, nothing stored", async (_name, params, path, code, message) => {
    const reply = await expectNothingChanged(t, ann, () => ann.call("exam.examImport", { ...params, exam: EXAM }));
    const issues = fails(reply, INVALID, path, code);
    expect(issues.find((i) => i.path === path && i.code === code)!.message).toMatch(message);
  });
});
