// QTI match and associate interactions through exam.examImport, on PGlite and PostgreSQL (contract
// 13.3 point 3, "Matching"), with real files that other tools wrote: the IMS (1EdTech) QTI 2.1
// examples (tests/fixtures/real-world/qti2) and Citolab's QTI 3.0 items, one written by TAO
// (tests/fixtures/real-world/qti3). Each is sent without a format, recognised, and stored as Drag
// & Drop on its generated image; the repairs of 13.3 point 1 apply to it as to any item: the
// IMS example's pairs mapped to 0.5 are rounded, TAO's links become text with their address and
// its missing picture its alt text, each a warning at its field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../support/exam-test-helpers";
import { importFile, storedQuestionId } from "../support/import-files";
import { looseItemPackage, looseQti3Package } from "../support/qti2-fixtures";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

let t: TestApp;
let ann: TestUser;

beforeAll(async () => {
  t = await createTestApp({ limits: { ratePerMinute: Number.POSITIVE_INFINITY } });
  ann = await t.newUser();
});
afterAll(() => t.close());

let counter = 0;
async function importPackage(name: string, bytes: Uint8Array) {
  const exam = {
    type: 2,
    title: name,
    category: "Imported",
    code: `MATCH-${++counter}`,
    evaluation_method: 1,
    passing_score: 50,
  };
  return ok(await ann.call("exam.examImport", { file: importFile(bytes, `${name}.zip`), exam }));
}
const questionOf = async (id: number) => ok(await ann.call("exam.questionGet", { id })).question;
const PNG = /^\/media\/[0-9a-f]{64}\.png$/;

describe("QTI matching items through the API", () => {
  it("the IMS match example (QTI 2.1): Drag & Drop on its stored image, each 0.5 pair rounded to 1 with a warning", async () => {
    const result = await importPackage("match", looseItemPackage("ims-2.1/match.xml"));
    expect(result).toMatchObject({ created: 1, skipped: 0 });
    const [item] = result.items;
    expect(item!.type).toBe(3);
    expect(item!.warnings).toEqual([
      expect.stringMatching(/^converted to Drag & Drop on a generated image \(matching\.png, \d+×\d+ pixels\)/),
      "properties.points.targ-2.drag-1: 0.5 was rounded to 1, since points are whole numbers",
      "properties.points.targ-3.drag-1: 0.5 was rounded to 1, since points are whole numbers",
    ]);
    const question = await questionOf(storedQuestionId(item!));
    const properties = question.properties as {
      image: string;
      match: Record<string, string>;
      points: Record<string, Record<string, number>>;
      options: { OneToOneMatching: boolean };
    };
    expect(question).toMatchObject({ type: 3, points: 0, external_id: "match" });
    expect(properties.image).toMatch(PNG);
    expect(properties.match).toEqual({
      "targ-1": "drag-2",
      "targ-2": "drag-1",
      "targ-3": "drag-1",
      "targ-4": "drag-3",
    });
    expect(properties.points).toEqual({
      "targ-1": { "drag-2": 1 },
      "targ-2": { "drag-1": 1 },
      "targ-3": { "drag-1": 1 },
      "targ-4": { "drag-3": 1 },
    });
    expect(properties.options.OneToOneMatching).toBe(false);
    const image = await t.getMedia(properties.image);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("the IMS associate example (QTI 2.1): the first-listed choice of each pair is the target, one to one, pair points kept", async () => {
    const result = await importPackage("associate", looseItemPackage("ims-2.1/associate.xml"));
    const question = await questionOf(storedQuestionId(result.items[0]!));
    expect(question.type).toBe(3);
    expect(question.properties).toMatchObject({
      match: { "targ-1": "drag-3", "targ-2": "drag-2", "targ-3": "drag-1" },
      points: { "targ-1": { "drag-3": 2 }, "targ-2": { "drag-2": 1 }, "targ-3": { "drag-1": 1 } },
      options: { OneToOneMatching: true },
    });
  });

  it("TAO's match (QTI 3.0): its links become their text and address, its missing picture its alt text", async () => {
    const result = await importPackage("example-match", looseQti3Package("citolab/example-match.xml"));
    expect(result).toMatchObject({ created: 1, skipped: 0 });
    const [item] = result.items;
    expect(item!.warnings).toEqual(
      expect.arrayContaining([
        'question: the link "Julo" to https://commons.wikimedia.org/wiki/File:Trakai-Troki.jpg was replaced by its text with the address in parentheses, since this field cannot hold links',
        expect.stringMatching(
          /^question: the image \S*1a7e84cd5d2ef3cb19be3\.jpg is not in the file, so it was replaced by its alt text "Lithuania, Trakai Island Castle"$/,
        ),
      ]),
    );
    const question = await questionOf(storedQuestionId(item!));
    expect(question.type).toBe(3);
    expect(question.question).toContain("Julo (https://commons.wikimedia.org/wiki/File:Trakai-Troki.jpg)");
    expect(question.question).not.toMatch(/<a\b|<img\b/);
    expect((question.properties as { image: string }).image).toMatch(PNG);
  });

  it("Citolab's associate item without a correct response is skipped, saying there is nothing to match", async () => {
    const result = await importPackage("associate-q4", looseQti3Package("citolab/associate-interaction.xml"));
    expect(result).toMatchObject({ created: 0, skipped: 1 });
    expect(result.items[0]!.warnings).toContainEqual(expect.stringContaining("has no pair of its choices"));
  });
});
