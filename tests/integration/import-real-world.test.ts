// The kinds of contract 13.3 point 3 through exam.examImport, on PGlite and PostgreSQL: real GIFT
// and Moodle XML files (tests/fixtures/real-world, SOURCE.md there), sent without a format, each
// into a new exam; each item stored as its kind maps (or skipped, saying why), a matching question
// as Drag & Drop on its generated image.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newExam, ok } from "../support/exam-test-helpers";
import { importFile, storedQuestionId } from "../support/import-files";
import { largeMoodleQuiz } from "../support/large-import";
import { mediaPath } from "../support/media-fixtures";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

const FIXTURES = path.join(__dirname, "../fixtures/real-world");
const EXAM = {
  type: 2,
  title: "From other tools",
  category: "Imports",
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

describe("real files of the kinds 13.3 maps", () => {
  it("each item comes in as its kind, or is skipped saying why", async () => {
    const seen: [string, string, number | null][][] = [];
    const matching: number[] = [];
    for (const file of [
      "gift/ordering-testexport.gift.txt",
      "gift/mc2.gift",
      "gift/escapeColon.gift",
      "gift/numerical1.gift",
      "gift/totara_moodle_match.gift",
      "gift/essay1.gift",
      "moodle/match.xml",
      "moodle/oumultiresponse.xml",
      "moodle/gapselect.xml",
    ]) {
      const result = ok(
        await ann.call("exam.examImport", {
          file: importFile(readFileSync(path.join(FIXTURES, file)), path.basename(file)),
          exam: { ...EXAM, code: path.basename(file).slice(0, 20) },
        }),
      );
      seen.push(result.items.map((i) => [file, i.status, i.type]));
      for (const i of result.items) if (i.type === 3) matching.push(storedQuestionId(i));
    }
    expect(seen).toEqual([
      [["gift/ordering-testexport.gift.txt", "created", 6]],
      [["gift/mc2.gift", "created", 1]],
      [["gift/escapeColon.gift", "created", 2]],
      Array.from({ length: 10 }, () => ["gift/numerical1.gift", "created", 7]),
      [["gift/totara_moodle_match.gift", "created", 3]],
      [["gift/essay1.gift", "skipped", null]],
      [["moodle/match.xml", "created", 3]],
      [["moodle/oumultiresponse.xml", "created", 2]],
      [["moodle/gapselect.xml", "skipped", null]],
    ]);
    // The generated image is the question's, with a target per stem and a draggable per choice.
    const shapes = [];
    for (const id of matching) {
      const { question } = ok(await ann.call("exam.questionGet", { id }));
      const properties = question.properties as { image: string; areas: { type: number }[] };
      shapes.push([properties.image, properties.areas.filter((a) => a.type === 1).length, properties.areas.length]);
    }
    // Stored as media (section 8), named by its content.
    const media = expect.stringMatching(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(shapes).toEqual([
      [media, 4, 9],
      [media, 3, 6],
    ]);
  });

  it("a GIFT file of $CATEGORY lines alone: read, nothing imported, the file's warning says why", async () => {
    const exam = await newExam(ann);
    const reply = await ann.call("exam.examImport", {
      file: importFile(readFileSync(path.join(FIXTURES, "gift/category1.gift")), "category1.gift"),
      exam_id: exam.id,
    });
    const result = ok(reply);
    expect(result).toMatchObject({ created: 0, updated: 0, skipped: 0, items: [] });
    expect(reply.warning_details).toEqual([
      expect.objectContaining({
        path: "file",
        message: expect.stringContaining('only $CATEGORY lines ("$course$/top/Default for LING-373-2194-B")'),
      }),
    ]);
    const { questions } = ok(await ann.call("exam.questionList", { exam_id: exam.id }));
    expect(questions).toEqual([]);
  });

  it("a Moodle XML file of categories alone: read, no question, its idnumbered categories become domains", async () => {
    // As Moodle 4's export writes a category (tests/fixtures/import/moodle-categories-tags.xml).
    const category = (path: string, idnumber = "") => `  <question type="category">
    <category>
      <text>${path}</text>
    </category>
    <info format="moodle_auto_format">
      <text></text>
    </info>
    <idnumber>${idnumber}</idnumber>
  </question>`;
    const quiz = (...categories: string[]) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${categories.join("\n")}\n</quiz>\n`;
    const exam = await newExam(ann);
    const plain = await ann.call("exam.examImport", {
      file: importFile(quiz(category("$course$/top/Default for NET101")), "categories.xml"),
      exam_id: exam.id,
    });
    expect(ok(plain)).toMatchObject({ created: 0, updated: 0, skipped: 0, items: [] });
    expect(plain.warning_details).toEqual([
      expect.objectContaining({
        path: "file",
        message: expect.stringContaining(
          'only categories ("$course$/top/Default for NET101"): Moodle would create these categories and import no question',
        ),
      }),
    ]);
    expect(ok(await ann.call("exam.examGet", { id: exam.id })).exam.domains).toEqual([]);

    const coded = await ann.call("exam.examImport", {
      file: importFile(
        quiz(category("$course$/top/Default for NET101"), category("$course$/top/Default for NET101/Routing", "NET-1")),
        "domains.xml",
      ),
      exam_id: exam.id,
    });
    expect(ok(coded)).toMatchObject({ created: 0, items: [] });
    expect(coded.warning_details).toEqual([
      expect.objectContaining({ path: "file", message: expect.stringContaining("become the exam's domains (NET-1)") }),
      expect.objectContaining({ code: "domains_added", path: "file" }),
    ]);
    expect(ok(await ann.call("exam.examGet", { id: exam.id })).exam.domains).toEqual([
      expect.objectContaining({ code: "NET-1", name: "Routing" }),
    ]);
    expect(ok(await ann.call("exam.questionList", { exam_id: exam.id })).questions).toEqual([]);
  });

  it("a 12 MB Moodle XML of Moodle's own map questions over HTTP: every question stored, the last one too", async () => {
    // The transport `npm start` serves /api/json with (server/rpc/node-adapter.ts); Next's server
    // is tested the same way in next-start-bodies.test.ts, and the app's dialog in
    // e2e/large-files.spec.ts (contract 13.3 point 5).
    const quiz = largeMoodleQuiz(12_000_000);
    const reply = await ann.call("exam.examImport", {
      file: importFile(quiz.xml, "maps.xml"),
      exam: { ...EXAM, code: "MAPS" },
    });
    const result = ok(reply);
    expect(result).toMatchObject({ created: quiz.questions, skipped: 0 });
    const last = result.items.at(-1)!;
    expect(last.ref).toContain(`Milton Keynes landmarks ${quiz.questions}`);
    const { question } = ok(await ann.call("exam.questionGet", { id: storedQuestionId(last) }));
    expect(question.question).toContain(`Map ${quiz.questions} of ${quiz.questions}.`);
    // The map stored whole: its name is the SHA-256 of all its bytes.
    expect((question.properties as { image: string }).image).toBe(mediaPath(quiz.image, "png"));
  });
});
