// Moodle XML (contract 13.1 rule 3, 13.2) through exam.examImport and exam.examExport, on PGlite
// and PostgreSQL: Moodle's own fixtures (tests/fixtures/moodle) stored as the questions they
// should be, the image ones with their images, each in the domain its category became (contract
// 15.3); a file of our making with media (an image, an
// mp3 linked from the text) into a new exam, then into that same exam again, matched by idnumber
// → external id (updated, or skipped with on_existing skip), nothing duplicated; the exam
// exported as Moodle XML with its report, and that file imported back as the same questions; a
// DOCTYPE refused at file, nothing stored.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMp3, makePng, mediaPath, toBase64 } from "../support/media-fixtures";
import { fails, ok } from "../support/exam-test-helpers";
import { expectNothingChanged } from "../support/question-store";
import { importedExamId, importFile, storedQuestionId, storedQuestions } from "../support/import-files";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";
import { isImageProperties } from "@/server/schemas/question/properties";
import type { ResultOf } from "@/server/rpc/operation-types";

const INVALID = -32602;
const FIXTURES = path.join(__dirname, "../fixtures/moodle");
const EXAM = {
  type: 2,
  title: "From Moodle",
  category: "Moodle",
  code: "MDL-1",
  evaluation_method: 2,
  passing_score: 60,
};

let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

const fileOf = importFile;

const stored = (who: TestUser, ids: number[]) => storedQuestions(who, ids, (a) => [a.answer, a.is_correct, a.order]);

describe("Moodle's own fixtures", () => {
  it("each imports into a new exam as the question it should be, in its category's domain, recognised without format", async () => {
    const results: ResultOf<"exam.examImport">["items"] = [];
    const blueprints: [string, number][][] = [];
    const inDomain: boolean[] = [];
    for (const name of [
      "multichoice.xml",
      "truefalse.xml",
      "shortanswer.xml",
      "ordering.xml",
      "ddmarker.xml",
      "ddimageortext.xml",
    ]) {
      const result = ok(
        await ann.call("exam.examImport", {
          file: fileOf(readFileSync(path.join(FIXTURES, name)), name),
          exam: { ...EXAM, code: name },
        }),
      );
      expect(result).toMatchObject({ created: 1, updated: 0, skipped: 0 });
      results.push(result.items[0]!);
      // Each fixture's one category is the new exam's one domain, weight 0 (contract 15.3).
      const { exam } = ok(await ann.call("exam.examGet", { id: importedExamId(result) }));
      blueprints.push(exam.domains.map((d) => [d.name, d.weight]));
      const { question } = ok(await ann.call("exam.questionGet", { id: storedQuestionId(result.items[0]!) }));
      inDomain.push(question.domain_id === exam.domains[0]?.id);
    }
    expect(blueprints).toEqual([
      [["Default for C1", 0]],
      [["Test questions", 0]],
      [["Test questions", 0]],
      [["Test questions", 0]],
      [["Default for C1", 0]],
      [["Default for C1", 0]],
    ]);
    expect(inDomain).toEqual([true, true, true, true, true, true]);
    expect(results.map((i) => [i.ref, i.status, i.type])).toEqual([
      ['question "Multi-choice-001" at line 12', "created", 2],
      ['question "true-false-001" at line 12', "created", 1],
      ['question "shortanswer-001" at line 12', "created", 7],
      ['question "dd-ordering 1" at line 12', "created", 6],
      ['question "Milton Keynes landmarks" at line 12', "created", 4],
      ['question "Imported Drag and drop onto image 001" at line 12', "created", 3],
    ]);
    const [multi, tf, short, order, marker, dd] = await stored(ann, results.map(storedQuestionId));
    expect(multi).toEqual({
      type: 2,
      question: "Find the capital cities in Europe.",
      explanation: "Berlin, Paris and London",
      points: 1,
      external_id: null,
      // Its credit per answer (50 % each) is read as per_answer, with a warning (contract 16.3 point 5).
      properties: { scoring: "per_answer" },
      answers: [
        ["Tokyo", false, 1],
        ["Spain", false, 2],
        ["London", true, 3],
        ["Barcelona", false, 4],
        ["Paris", true, 5],
      ],
    });
    expect(tf).toMatchObject({
      type: 1,
      answers: [
        ["<p>True</p>", true, 1],
        ["<p>False</p>", false, 2],
      ],
    });
    expect(short).toMatchObject({
      type: 7,
      properties: { text_similarity: 100, case_sensitive: false, text_answer: [{ value: "frog" }] },
    });
    expect(order).toMatchObject({
      type: 6,
      external_id: "dd1",
      answers: ["Modular", "Object", "Oriented", "Dynamic", "Learning", "Environment"].map((w, k) => [
        `<p>${w}</p>`,
        true,
        k + 1,
      ]),
    });
    expect(marker!.properties).toMatchObject({
      image: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.png$/),
      areas: [
        { id: "block-1", x: 307, y: 203, width: 30, height: 20 },
        { id: "block-2", x: 129, y: 74, width: 30, height: 20 },
        { id: "block-3", x: 180, y: 170, width: 30, height: 20 },
        { id: "block-4", x: 252, y: 292, width: 30, height: 20 },
      ],
      correct: { "block-1": true, "block-2": true, "block-3": true, "block-4": true },
    });
    const ddProperties = dd!.properties;
    if (!isImageProperties(ddProperties)) throw new Error(`not an image question: ${JSON.stringify(ddProperties)}`);
    expect(ddProperties.image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(ddProperties.areas).toHaveLength(16);
    expect(dd!.explanation).toMatch(/<img src="\/media\/[0-9a-f]{64}\.jpg" alt="labelled ocean floor"/);
  });
});

describe("a Moodle file with media, into a new exam and into an existing one", () => {
  const png = makePng(60, 30, [10, 200, 30]);
  const mp3 = makeMp3();
  const text = (value: string) => `<text><![CDATA[${value}]]></text>`;
  const files = `<file name="leaf.png" path="/" encoding="base64">${toBase64(png)}</file><file name="say.mp3" path="/" encoding="base64">${toBase64(mp3)}</file>`;
  const moodle = (question: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<question type="category"><category><text>$course$/top/Plants</text></category></question>
<question type="multichoice"><name><text>Leaf</text></name>
  <questiontext format="html">${text(`<p>${question} <img src="@@PLUGINFILE@@/leaf.png" alt="leaf"> <a href="@@PLUGINFILE@@/say.mp3">Hear it</a></p>`)}${files}</questiontext>
  <generalfeedback format="html">${text("<p>Chlorophyll.</p>")}</generalfeedback>
  <defaultgrade>2</defaultgrade><idnumber>PL-1</idnumber><single>true</single>
  <answer fraction="100" format="html">${text("<p>Green</p>")}</answer>
  <answer fraction="0" format="html">${text("<p>Blue</p>")}</answer>
</question>
<question type="shortanswer"><name><text>Sun</text></name>
  <questiontext format="html">${text("<p>What do plants need?</p>")}</questiontext>
  <idnumber>PL-2</idnumber><usecase>0</usecase>
  <answer fraction="100" format="moodle_auto_format">${text("light")}</answer>
</question>
<question type="essay"><name><text>Essay</text></name><questiontext format="html">${text("<p>Write.</p>")}</questiontext></question>
</quiz>
`;
  let examId: number;
  let ids: number[];

  it("into a new exam: created with its media stored, the essay skipped, the link to the mp3 an audio player", async () => {
    const reply = await ann.call("exam.examImport", {
      file: fileOf(moodle("Which colour is a leaf?"), "plants.xml"),
      exam: EXAM,
    });
    const result = ok(reply);
    expect(result).toMatchObject({ created: 2, updated: 0, skipped: 1 });
    expect(result.items.map((i) => [i.ref, i.status, i.type])).toEqual([
      ['question "Leaf" at line 4', "created", 1],
      ['question "Sun" at line 11', "created", 7],
      ['question "Essay" at line 16', "skipped", null],
    ]);
    expect(result.items[0]!.warnings).toContain(
      'its question text: the link to "say.mp3" became an audio player (Moodle\'s media filter shows that link as one)',
    );
    expect(result.items[2]!.warnings).toEqual([
      "skipped: it is an essay question (Moodle type essay), which Exam Studio cannot represent",
    ]);
    examId = importedExamId(result);
    ids = result.items.slice(0, 2).map(storedQuestionId);
    const [leaf, sun] = await stored(ann, ids);
    expect(leaf).toEqual({
      type: 1,
      question: `<p>Which colour is a leaf? <img src="${mediaPath(png, "png")}" alt="leaf" /> Hear it <audio controls src="${mediaPath(mp3, "mp3")}"></audio></p>`,
      explanation: "<p>Chlorophyll.</p>",
      points: 2,
      external_id: "PL-1",
      properties: {},
      answers: [
        ["<p>Green</p>", true, 1],
        ["<p>Blue</p>", false, 2],
      ],
    });
    expect(sun).toMatchObject({
      type: 7,
      external_id: "PL-2",
      points: 1,
      properties: { text_similarity: 100, case_sensitive: false, text_answer: [{ value: "light" }] },
    });
  });

  it("into that exam again: matched by idnumber, updated (or skipped with on_existing skip), nothing duplicated", async () => {
    const changed = ok(
      await ann.call("exam.examImport", {
        file: fileOf(moodle("Which colour is a leaf in summer?"), "plants.xml"),
        exam_id: examId,
      }),
    );
    // The second question is as the file has it: skipped, not written (import-unchanged.test.ts).
    expect(changed).toMatchObject({ created: 0, updated: 1, skipped: 2 });
    expect(changed.items.map((i) => [i.status, i.question_id])).toEqual([
      ["updated", ids[0]],
      ["skipped", ids[1]],
      ["skipped", null],
    ]);
    expect((await stored(ann, [ids[0]!]))[0]!.question).toMatch(/^<p>Which colour is a leaf in summer\? /);
    const before = await stored(ann, ids);
    const skipped = ok(
      await ann.call("exam.examImport", {
        file: fileOf(moodle("Changed again"), "plants.xml"),
        exam_id: examId,
        on_existing: "skip",
      }),
    );
    expect(skipped).toMatchObject({ created: 0, updated: 0, skipped: 3 });
    expect(await stored(ann, ids)).toEqual(before);
    expect(ok(await ann.call("exam.examGet", { id: examId })).exam.question_count).toBe(2);
  });

  it("exported as Moodle XML with its report, and imported back as the same questions", async () => {
    const exported = ok(
      await expectNothingChanged(t, ann, () => ann.call("exam.examExport", { id: examId, format: "moodle_xml" })),
    );
    expect(exported.file).toMatchObject({ name: "MDL-1.moodle.xml", content_type: "application/xml" });
    expect(exported.report.items.map((i) => [i.question_id, i.fidelity, i.notes])).toEqual([
      [ids[0], "lossless", []],
      [ids[1], "lossless", []],
    ]);
    expect(exported.report.notes[0]).toMatch(/^Moodle XML holds questions only/);
    const xml = Buffer.from(exported.file.base64, "base64").toString("utf8");
    expect(xml).toContain(
      `<file name="${mediaPath(png, "png").slice(7)}" path="/" encoding="base64">${toBase64(png)}</file>`,
    );

    const back = ok(await ann.call("exam.examImport", { file: exported.file, exam: { ...EXAM, code: "MDL-2" } }));
    expect(back).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    const again = await stored(ann, back.items.map(storedQuestionId));
    expect(again).toEqual(await stored(ann, ids));
  });

  it("a DOCTYPE is refused at file, nothing stored", async () => {
    const evil = `<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<quiz>&x;</quiz>`;
    const reply = await expectNothingChanged(t, ann, () =>
      ann.call("exam.examImport", { file: fileOf(evil, "evil.xml"), exam: EXAM }),
    );
    const issues = fails(reply, INVALID, "file", "malformed_file");
    expect(issues[0]!.message).toMatch(/line 2, column \d+: the document has a DOCTYPE, which an import refuses/);
  });
});
