// Image-based question types (3 drag & drop, 4 point & shoot, 5 hot area) through the API, with
// a real PNG sent in `resources`: interface 2.5 and 8, contract 7 (areas, per-type rules, total
// update) and 8.5 (properties.image must be a resource or an existing /media/… path of the caller).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { media } from "@/db/schema";
import { createTestApp, examInput, type TestApp, type TestUser } from "../support/test-app";
import { makePng, makeWav, mediaPath, toBase64 } from "../support/media-fixtures";
import {
  answerRows,
  expectError,
  expectNothingChanged,
  imagePropertiesOf,
  issuesOf,
  ok,
  questionRow,
  storedState,
} from "../support/question-store";
import { blockProperties, dragDropProperties } from "../support/image-question-properties";

const IMG_W = 400;
const IMG_H = 300;
const png = makePng(IMG_W, IMG_H);
const pngB64 = toBase64(png);
const storedPath = mediaPath(png, "png");
const IMAGE = "img/board.png";

let t: TestApp;
let u: TestUser;
let examId: number;

beforeAll(async () => {
  t = await createTestApp();
  u = await t.newUser();
  examId = ok(await u.call("exam.examCreate", { exam: examInput() })).exam.id;
});
afterAll(() => t.close());

/** An area as a test sends it: any field may be changed to a wrong value, or removed. */
type SentArea = Record<string, unknown>;

/** Properties as a test sends them: the valid fixtures' fields, any of which a test may break. */
interface Props {
  image?: unknown;
  areas: SentArea[];
  options: Record<string, unknown>;
  match?: Record<string, unknown>;
  correct?: Record<string, unknown>;
  points?: Record<string, unknown>;
}

/** Area `i` of `p`, to change in place; fails when the fixture has no such area. */
function area(p: Props, i: number): SentArea {
  const found = p.areas[i];
  if (!found) throw new Error(`no area ${i} in ${JSON.stringify(p.areas)}`);
  return found;
}

const dragDropProps = (): Props => dragDropProperties(IMAGE);
const blockProps = (): Props => blockProperties(IMAGE, { width: IMG_W, height: IMG_H });

function params(type: 3 | 4 | 5, properties: Partial<Props>, extra: Record<string, unknown> = {}) {
  return {
    question: { exam_id: examId, question: `<p>Image question of type ${type}</p>`, type, properties, ...extra },
    resources: { [IMAGE]: pngB64 },
  };
}

const propsFor = (type: 3 | 4 | 5) => (type === 3 ? dragDropProps() : blockProps());

/** Creates with `properties` and expects -32602 with `expected`, nothing stored. */
async function expectRefused(type: 3 | 4 | 5, properties: Partial<Props>, expected: { code: string; path: string }[]) {
  const reply = await expectNothingChanged(t, u, () => u.call("exam.questionCreate", params(type, properties)));
  expectError(reply, -32602, expected);
  return reply;
}

const AREAS = "question.properties.areas";

// ---------------------------------------------------------------------------------------------

describe("every field stored exactly", () => {
  it("type 3: areas, options, match and points as sent; the image under its new path", async () => {
    const sent = dragDropProps();
    const reply = await u.call("exam.questionCreate", { ...params(3, sent), answers: undefined });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    const expected = { ...sent, image: storedPath };
    expect(result.resources).toEqual({ [IMAGE]: storedPath });
    expect(result.question.properties).toEqual(expected);
    expect(result.answers).toEqual([]);
    expect((await questionRow(t.db, result.question.id))!.properties).toEqual(expected);
    expect(ok(await u.call("exam.questionGet", { id: result.question.id })).question.properties).toEqual(expected);

    // The file is stored with the pixel size read from it.
    const [row] = await t.db
      .select()
      .from(media)
      .where(and(eq(media.ownerId, u.id), eq(media.hash, storedPath.slice(7, -4))));
    expect(row).toMatchObject({ ext: "png", kind: "image", width: IMG_W, height: IMG_H, size: png.byteLength });
    const served = await t.getMedia(storedPath);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
  });

  it.each([4, 5] as const)("type %i: areas, options, correct and points as sent", async (type) => {
    const sent = blockProps();
    const reply = await u.call("exam.questionCreate", params(type, sent));
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    const expected = { ...sent, image: storedPath };
    expect(result.question.properties).toEqual(expected);
    expect(result.question.type).toBe(type);
    expect((await questionRow(t.db, result.question.id))!.properties).toEqual(expected);
  });

  it("points are optional and not invented when left out", async () => {
    const { points: _p, ...sent } = blockProps();
    const result = ok(await u.call("exam.questionCreate", params(4, sent)));
    expect((await questionRow(t.db, result.question.id))!.properties).toEqual({ ...sent, image: storedPath });
  });

  it("answers sent for an image question are ignored with a warning and not stored", async () => {
    const reply = await u.call("exam.questionCreate", {
      ...params(5, blockProps()),
      answers: [{ answer: "<p>A</p>", is_correct: true }],
    });
    const result = ok(reply);
    expect(result.answers).toEqual([]);
    expect(reply.warning_details).toEqual([expect.objectContaining({ code: "answers_ignored", path: "answers" })]);
    expect(await answerRows(t.db, result.question.id)).toEqual([]);
  });
});

describe("area ids", () => {
  const withFirstId = (type: 3 | 4 | 5, id: unknown) => {
    const p = propsFor(type);
    area(p, 0).id = id;
    return p;
  };

  it.each(["targ-0", "targ-1000", "targ-01", "target-1", "TARG-1", "targ-1 ", "block-1", "targ1", ""])(
    "type 3 refuses the id %j",
    async (id) => {
      await expectRefused(3, withFirstId(3, id), [{ code: "invalid_format", path: `${AREAS}[0].id` }]);
    },
  );

  it.each(["block-0", "block-1000", "block-007", "targ-1", "drag-1", "blocks-1"])(
    "types 4 and 5 refuse the id %j",
    async (id) => {
      await expectRefused(4, withFirstId(4, id), [{ code: "invalid_format", path: `${AREAS}[0].id` }]);
      await expectRefused(5, withFirstId(5, id), [{ code: "invalid_format", path: `${AREAS}[0].id` }]);
    },
  );

  it("an id that is not a string is refused", async () => {
    await expectRefused(4, withFirstId(4, 1), [{ code: "invalid_type", path: `${AREAS}[0].id` }]);
  });

  it("targ-999 and drag-999 are accepted", async () => {
    const p = dragDropProps();
    area(p, 0).id = "targ-999";
    area(p, 2).id = "drag-999";
    p.match = { "targ-999": "drag-2", "targ-2": "drag-999" };
    p.points = { "targ-999": { "drag-999": 1 } };
    const result = ok(await u.call("exam.questionCreate", params(3, p)));
    expect((await questionRow(t.db, result.question.id))!.properties).toEqual({ ...p, image: storedPath });
  });

  it("type 3: targ- ids are for targets (type 1), drag- ids for draggables (type 2)", async () => {
    const p = dragDropProps();
    area(p, 0).type = 2; // targ-1 declared a draggable
    area(p, 3).type = 1; // drag-2 declared a target
    await expectRefused(3, p, [
      { code: "area_id_mismatch", path: `${AREAS}[0].id` },
      { code: "area_id_mismatch", path: `${AREAS}[3].id` },
    ]);
  });

  it("type 3: the area type is required and is 1 or 2", async () => {
    const p = dragDropProps();
    delete area(p, 0).type;
    area(p, 1).type = 3;
    await expectRefused(3, p, [
      { code: "required", path: `${AREAS}[0].type` },
      { code: "invalid_value", path: `${AREAS}[1].type` },
    ]);
  });

  it("ids are unique across all areas of the question", async () => {
    const p = blockProps();
    area(p, 2).id = "block-1";
    p.correct = { "block-1": true };
    delete p.points;
    await expectRefused(5, p, [{ code: "duplicate_area_id", path: `${AREAS}[2].id` }]);
  });
});

describe("area geometry", () => {
  const withArea = (type: 3 | 4 | 5, change: Record<string, unknown>) => {
    const p = propsFor(type);
    Object.assign(area(p, 1), change);
    return p;
  };

  it.each([
    { change: { x: -1 }, code: "too_small", field: "x" },
    { change: { y: -1 }, code: "too_small", field: "y" },
    { change: { width: 29 }, code: "too_small", field: "width" },
    { change: { height: 14 }, code: "too_small", field: "height" },
    { change: { x: 1.5 }, code: "invalid_type", field: "x" },
    { change: { width: "40" }, code: "invalid_type", field: "width" },
    { change: { height: undefined }, code: "required", field: "height" },
  ])("$field: $change is refused", async ({ change, code, field }) => {
    const p = withArea(4, change);
    p.options.FixedWidth = false;
    p.options.FixedHeight = false;
    await expectRefused(4, p, [{ code, path: `${AREAS}[1].${field}` }]);
  });

  it("x = 0, y = 0, width 30 and height 15 are accepted (type 3)", async () => {
    const p = dragDropProps();
    p.options.FixedWidth = false;
    p.options.FixedHeight = false;
    Object.assign(area(p, 0), { x: 0, y: 0, width: 30, height: 15 });
    const result = ok(await u.call("exam.questionCreate", params(3, p)));
    expect((await questionRow(t.db, result.question.id))!.properties).toHaveProperty(["areas", 0], {
      id: "targ-1",
      x: 0,
      y: 0,
      width: 30,
      height: 15,
      type: 1,
    });
  });

  it("an area past the right or bottom edge of the image is refused", async () => {
    const p = blockProps();
    p.areas[1] = { id: "block-2", x: IMG_W - 29, y: IMG_H - 14, width: 30, height: 15 };
    const reply = await expectRefused(4, p, [
      { code: "area_outside_image", path: `${AREAS}[1].x` },
      { code: "area_outside_image", path: `${AREAS}[1].y` },
    ]);
    expect(reply.errors?.join("\n")).toContain(`${IMG_W} px`);
  });

  it("the size comes from the image file itself", async () => {
    // Fits the 400×300 image of the other tests, not this 200×100 one.
    const small = makePng(200, 100, [0, 128, 0]);
    const inside = { id: "block-1", x: 150, y: 80, width: 50, height: 20 };
    const outside = { id: "block-2", x: 150, y: 60, width: 60, height: 50 };
    const props = (areas: SentArea[]) => ({
      image: "small.png",
      areas,
      options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
      correct: { "block-1": true },
    });

    const refused = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", {
        question: { exam_id: examId, question: "<p>Q</p>", type: 5, properties: props([inside, outside]) },
        resources: { "small.png": toBase64(small) },
      }),
    );
    expectError(refused, -32602, [
      { code: "area_outside_image", path: `${AREAS}[1].x` },
      { code: "area_outside_image", path: `${AREAS}[1].y` },
    ]);
    expect(issuesOf(refused).filter((i) => i.path.startsWith(`${AREAS}[0]`))).toEqual([]);

    const accepted = ok(
      await u.call("exam.questionCreate", {
        question: { exam_id: examId, question: "<p>Q</p>", type: 5, properties: props([inside]) },
        resources: { "small.png": toBase64(small) },
      }),
    );
    expect(accepted.question.properties).toHaveProperty("areas", [inside]);
  });

  it("FixedWidth: every area must have the same width", async () => {
    const p = dragDropProps();
    area(p, 2).width = 120;
    await expectRefused(3, p, [{ code: "area_width_not_fixed", path: `${AREAS}[2].width` }]);
    p.options.FixedWidth = false;
    const result = ok(await u.call("exam.questionCreate", params(3, p)));
    expect((await questionRow(t.db, result.question.id))!.properties).toHaveProperty(["areas", 2, "width"], 120);
  });

  it("FixedHeight: every area must have the same height", async () => {
    const p = blockProps();
    p.options.FixedHeight = true;
    await expectRefused(5, p, [{ code: "area_height_not_fixed", path: `${AREAS}[2].height` }]);
    for (const a of p.areas) a.height = 15;
    ok(await u.call("exam.questionCreate", params(5, p)));
  });
});

describe("type 3 match and options", () => {
  it("match keys must be target ids and values draggable ids", async () => {
    const p = dragDropProps();
    p.match = { "targ-9": "drag-1", "drag-1": "drag-2", "targ-2": "targ-1" };
    delete p.points;
    await expectRefused(3, p, [
      { code: "unknown_target", path: "question.properties.match.targ-9" },
      { code: "unknown_target", path: "question.properties.match.drag-1" },
      { code: "unknown_draggable", path: "question.properties.match.targ-2" },
    ]);
  });

  it("OneToOneMatching: a draggable may match only one target; without it, several", async () => {
    const p = dragDropProps();
    p.match = { "targ-1": "drag-1", "targ-2": "drag-1" };
    await expectRefused(3, p, [{ code: "draggable_matched_twice", path: "question.properties.match.targ-2" }]);
    p.options.OneToOneMatching = false;
    const result = ok(await u.call("exam.questionCreate", params(3, p)));
    expect((await questionRow(t.db, result.question.id))!.properties).toHaveProperty("match", {
      "targ-1": "drag-1",
      "targ-2": "drag-1",
    });
    expect((await questionRow(t.db, result.question.id))!.properties).toHaveProperty(
      ["options", "OneToOneMatching"],
      false,
    );
  });

  it("an empty match is accepted with a warning", async () => {
    const p = dragDropProps();
    p.match = {};
    delete p.points;
    const reply = await u.call("exam.questionCreate", params(3, p));
    ok(reply);
    expect(reply.warning_details).toEqual([
      expect.objectContaining({ code: "match_empty", path: "question.properties.match" }),
    ]);
  });

  it("image, areas, options.* and match are required", async () => {
    const { image: _i, areas: _a, match: _m, ...rest } = dragDropProps();
    await expectRefused(3, { ...rest, options: {} }, [
      { code: "required", path: "question.properties.image" },
      { code: "required", path: "question.properties.areas" },
      { code: "required", path: "question.properties.match" },
      { code: "required", path: "question.properties.options.FixedHeight" },
      { code: "required", path: "question.properties.options.FixedWidth" },
      { code: "required", path: "question.properties.options.OneToOneMatching" },
    ]);
  });

  it("points: target → draggable → integer, with ids that exist", async () => {
    const p = dragDropProps();
    p.points = { "targ-7": { "drag-1": 1 }, "targ-1": { "drag-8": 1, "drag-2": 1.5 } };
    await expectRefused(3, p, [
      { code: "unknown_target", path: "question.properties.points.targ-7" },
      { code: "unknown_draggable", path: "question.properties.points.targ-1.drag-8" },
      { code: "invalid_type", path: "question.properties.points.targ-1.drag-2" },
    ]);
  });
});

describe("types 4 and 5: correct and options", () => {
  it.each([4, 5] as const)("type %i: SingleAnswer allows only one correct area", async (type) => {
    const p = blockProps();
    p.options.SingleAnswer = true;
    await expectRefused(type, p, [{ code: "too_many_correct", path: "question.properties.correct.block-999" }]);
    p.correct = { "block-1": false, "block-2": false, "block-999": true };
    const result = ok(await u.call("exam.questionCreate", params(type, p)));
    expect((await questionRow(t.db, result.question.id))!.properties).toHaveProperty("correct", p.correct);
  });

  it("no correct area is accepted with a warning", async () => {
    const p = blockProps();
    p.correct = { "block-1": false };
    const reply = await u.call("exam.questionCreate", params(4, p));
    ok(reply);
    expect(reply.warning_details).toEqual([
      expect.objectContaining({ code: "no_correct_area", path: "question.properties.correct" }),
    ]);
  });

  it("correct and points keys must be area ids; values boolean and integer", async () => {
    const p = blockProps();
    p.correct = { "block-1": true, "block-5": true, "block-2": "yes" };
    p.points = { "block-6": 1, "block-1": "3" };
    await expectRefused(5, p, [
      { code: "unknown_area", path: "question.properties.correct.block-5" },
      { code: "invalid_type", path: "question.properties.correct.block-2" },
      { code: "unknown_area", path: "question.properties.points.block-6" },
      { code: "invalid_type", path: "question.properties.points.block-1" },
    ]);
  });

  it("options.SingleAnswer and correct are required (OneToOneMatching does not stand in)", async () => {
    const { correct: _c, ...p } = blockProps();
    p.options = { FixedHeight: false, FixedWidth: false, OneToOneMatching: true };
    await expectRefused(4, p, [
      { code: "required", path: "question.properties.options.SingleAnswer" },
      { code: "required", path: "question.properties.correct" },
    ]);
  });
});

describe("properties.image", () => {
  it("must be supplied in resources: a path that is neither a resource nor /media/… is refused", async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", { question: params(4, blockProps()).question }),
    );
    expectError(reply, -32602, [{ code: "media_missing", path: "question.properties.image" }]);
    expect(reply.errors?.join("\n")).toContain(IMAGE);
  });

  it("must be an image", async () => {
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", {
        question: params(4, { ...blockProps(), image: "sound.wav" }).question,
        resources: { "sound.wav": toBase64(makeWav()) },
      }),
    );
    expectError(reply, -32602, [{ code: "not_an_image", path: "question.properties.image" }]);
  });

  it("another user's /media/… file is refused exactly like one that does not exist", async () => {
    const other = await t.newUser();
    const otherExam = ok(await other.call("exam.examCreate", { exam: examInput() })).exam.id;
    const otherPng = makePng(IMG_W, IMG_H, [1, 2, 3]);
    const otherQuestion = ok(
      await other.call("exam.questionCreate", {
        question: {
          exam_id: otherExam,
          question: "<p>Theirs</p>",
          type: 4,
          properties: { ...blockProps(), image: "theirs.png" },
        },
        resources: { "theirs.png": toBase64(otherPng) },
      }),
    );
    const theirPath = imagePropertiesOf(otherQuestion.question.properties).image;
    expect(theirPath).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const missingPath = `/media/${"0".repeat(64)}.png`;

    const theirs = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", { question: params(4, { ...blockProps(), image: theirPath }).question }),
    );
    const missing = await expectNothingChanged(t, u, () =>
      u.call("exam.questionCreate", { question: params(4, { ...blockProps(), image: missingPath }).question }),
    );
    expect(theirs.error).toBeDefined();
    // Contract 1.6 names -32004 for media that does not exist or is someone else's; 8.5 says
    // -32602. Either way, both cases must be indistinguishable.
    expect([-32004, -32602]).toContain(theirs.error?.code);
    expect(missing.error?.code).toBe(theirs.error?.code);
    expect(issuesOf(theirs).map((i) => i.path)).toEqual(["question.properties.image"]);
    expect(issuesOf(missing).map((i) => i.path)).toEqual(["question.properties.image"]);
    expect(issuesOf(theirs)[0]!.message.replace(theirPath, "P")).toBe(
      issuesOf(missing)[0]!.message.replace(missingPath, "P"),
    );
  });
});

describe("update", () => {
  it("an image question is updated with its stored /media/… path and no resources", async () => {
    const created = ok(await u.call("exam.questionCreate", params(3, dragDropProps())));
    const stored = imagePropertiesOf(created.question.properties);
    expect(stored.image).toBe(storedPath);

    const changed = {
      ...stored,
      match: { "targ-1": "drag-1", "targ-2": "drag-2" },
      points: { "targ-2": { "drag-2": 4 } },
    };
    const filesBefore = (await storedState(t, u)).files;
    const reply = await u.call("exam.questionUpdate", {
      question: { id: created.question.id, exam_id: examId, question: "<p>Updated</p>", type: 3, properties: changed },
    });
    const result = ok(reply);
    expect(reply.warnings).toEqual([]);
    expect(result.resources).toEqual({});
    expect(result.question.properties).toEqual(changed);
    expect((await questionRow(t.db, created.question.id))!.properties).toEqual(changed);
    expect((await storedState(t, u)).files).toEqual(filesBefore);
  });

  it("the stored path still carries the image's real size", async () => {
    const created = ok(await u.call("exam.questionCreate", params(4, blockProps())));
    const stored = imagePropertiesOf(created.question.properties);
    const p = { ...stored, areas: [...stored.areas, { id: "block-3", x: IMG_W - 20, y: 0, width: 30, height: 15 }] };
    const reply = await expectNothingChanged(t, u, () =>
      u.call("exam.questionUpdate", {
        question: { id: created.question.id, exam_id: examId, question: "<p>Q</p>", type: 4, properties: p },
      }),
    );
    expectError(reply, -32602, [{ code: "area_outside_image", path: `${AREAS}[3].x` }]);
  });

  it.each([3, 4, 5] as const)(
    "type %i: leaving properties out fails (update is total) and changes nothing",
    async (type) => {
      const created = ok(await u.call("exam.questionCreate", params(type, propsFor(type))));
      const reply = await expectNothingChanged(t, u, () =>
        u.call("exam.questionUpdate", {
          question: { id: created.question.id, exam_id: examId, question: "<p>No properties</p>", type },
        }),
      );
      const expected = [
        { code: "required", path: "question.properties.image" },
        { code: "required", path: "question.properties.areas" },
        { code: "required", path: "question.properties.options" },
        { code: "required", path: type === 3 ? "question.properties.match" : "question.properties.correct" },
      ];
      expectError(reply, -32602, expected);
    },
  );
});
