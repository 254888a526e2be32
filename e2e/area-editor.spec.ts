// The area editor (types 3 drag & drop, 4 point & shoot, 5 hot area): questions drawn with real
// mouse drags on the canvas are read back through /api/json with the areas where the drags put
// them; move, resize, undo and redo store what that sequence gives; the limits hold whatever the
// mouse does; a question made through the API opens with its areas exactly where they are.
import type { APIRequestContext, Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { makePng } from "../tests/support/media-fixtures";
import { CANVAS_SHOWN, dragOnImage, clickOnImage, stageAreas, type Rect } from "./support/area-canvas";
import { expect, fieldErrors, rpcOk, test } from "./support/fixtures";
import { expectBlockProperties, expectDragDropProperties } from "./support/stored-properties";

const W = 400;
const H = 300;

async function seedExam(request: APIRequestContext, token: string): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Network diagrams",
      category: "IT",
      code: "NET-D",
      evaluation_method: 2,
      passing_score: 50,
    },
  });
  return exam.id as number;
}

function png(width: number, height: number, rgb: [number, number, number] = [220, 230, 240]) {
  const buffer = Buffer.from(makePng(width, height, rgb));
  return {
    buffer,
    file: { name: "diagram.png", mimeType: "image/png", buffer },
    mediaPath: `/media/${createHash("sha256").update(buffer).digest("hex")}.png`,
  };
}

async function startNew(page: Page, examId: number, type: 3 | 4 | 5, image = png(W, H)) {
  await page.goto(`/exams/${examId}/questions/new?type=${type}`);
  // Opening changes nothing: no unsaved changes, no problems shown before the author acts.
  await expect(page.getByRole("button", { name: "Upload image", exact: true })).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText("");
  await expect(page.locator("[data-field-messages]")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Question", exact: true }).click();
  await page.keyboard.type("Place each part where it belongs.");
  await page.getByLabel("Upload the base image").setInputFiles(image.file);
  await expect(page.getByTestId("area-canvas")).toBeVisible(CANVAS_SHOWN);
  return image;
}

async function saveNew(page: Page, examId: number): Promise<number> {
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/questions/\\d+$`));
  return Number(page.url().split("/").pop());
}

async function storedProperties(request: APIRequestContext, token: string, id: number) {
  const { question } = await rpcOk(request, token, "exam.questionGet", { id });
  return question.properties;
}

/** Each stored area is within 1 px of what the drag drew. */
function expectNear(actual: Rect & { id: string }, expected: Rect & { id: string }) {
  expect(actual.id).toBe(expected.id);
  for (const key of ["x", "y", "width", "height"] as const) {
    expect(
      Math.abs(actual[key] - expected[key]),
      `${expected.id}.${key}: ${actual[key]} vs ${expected[key]}`,
    ).toBeLessThanOrEqual(1);
  }
}

test("drag & drop: targets and draggables drawn on the canvas and connected are stored where they were drawn", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const image = await startNew(page, examId, 3);

  await dragOnImage(page, [20, 20], [120, 80]); // targ-1
  await dragOnImage(page, [20, 150], [100, 200]); // targ-2
  await page.getByRole("group", { name: "Draw" }).getByRole("button", { name: "Draggables" }).click();
  await dragOnImage(page, [200, 150], [290, 200]); // drag-1
  await dragOnImage(page, [250, 30], [380, 90]); // drag-2
  await expect
    .poll(() => stageAreas(page).then((a) => a.map((x) => x.id)))
    .toEqual(["targ-1", "targ-2", "drag-1", "drag-2"]);

  await page.getByRole("group", { name: "Tool" }).getByRole("button", { name: "Connect" }).click();
  await clickOnImage(page, 60, 50); // targ-1
  await clickOnImage(page, 240, 170); // drag-1
  await clickOnImage(page, 60, 175); // targ-2
  await clickOnImage(page, 300, 60); // drag-2
  await expect(page.getByLabel("targ-1 matches")).toHaveValue("drag-1");
  await expect(page.getByLabel("targ-2 matches")).toHaveValue("drag-2");

  const id = await saveNew(page, examId);
  const props = expectDragDropProperties(await storedProperties(request, token, id));
  expect(props.image).toBe(image.mediaPath);
  const expected = [
    { id: "targ-1", x: 20, y: 20, width: 100, height: 60, type: 1 },
    { id: "targ-2", x: 20, y: 150, width: 80, height: 50, type: 1 },
    { id: "drag-1", x: 200, y: 150, width: 90, height: 50, type: 2 },
    { id: "drag-2", x: 250, y: 30, width: 130, height: 60, type: 2 },
  ];
  expect(props.areas).toHaveLength(4);
  props.areas.forEach((a, i) => {
    expectNear(a, expected[i]!);
    expect(a.type).toBe(expected[i]!.type);
  });
  expect(props.match).toEqual({ "targ-1": "drag-1", "targ-2": "drag-2" });
  // The saved question opens with the areas where they are stored.
  await expect.poll(() => stageAreas(page), CANVAS_SHOWN).toEqual(props.areas.map(({ type: _t, ...a }) => a));
});

test("point & shoot and hot area: areas drawn on the canvas, correct ones marked, stored as drawn", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  for (const type of [4, 5] as const) {
    await startNew(page, examId, type);
    await dragOnImage(page, [30, 40], [130, 100]); // block-1
    await dragOnImage(page, [200, 120], [330, 220]); // block-2
    await dragOnImage(page, [40, 200], [100, 260]); // block-3
    await page.getByLabel("block-2 correct").check();
    await page.getByLabel("block-2 points").fill("3");
    await page.getByLabel("block-2 points").press("Enter");
    if (type === 5) {
      // SingleAnswer keeps only one correct area.
      await page.getByLabel("Single answer").check();
      await page.getByLabel("block-3 correct").check();
      await expect(page.getByLabel("block-2 correct")).not.toBeChecked();
    }
    const id = await saveNew(page, examId);
    const props = expectBlockProperties(await storedProperties(request, token, id));
    const expected = [
      { id: "block-1", x: 30, y: 40, width: 100, height: 60 },
      { id: "block-2", x: 200, y: 120, width: 130, height: 100 },
      { id: "block-3", x: 40, y: 200, width: 60, height: 60 },
    ];
    props.areas.forEach((a, i) => expectNear(a, expected[i]!));
    expect(props.points).toEqual({ "block-2": 3 });
    if (type === 4) {
      expect(props.correct).toEqual({ "block-2": true });
      expect(props.options).toEqual({ FixedHeight: false, FixedWidth: false, SingleAnswer: false });
    } else {
      expect(props.correct).toEqual({ "block-2": false, "block-3": true });
      expect(props.options).toEqual({ FixedHeight: false, FixedWidth: false, SingleAnswer: true });
    }
  }
});

/** A hot-area question with one area, made through the API. */
async function seedHotArea(
  request: APIRequestContext,
  token: string,
  examId: number,
  areas: (Rect & { id: string })[],
  image = png(W, H),
) {
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 5,
      question: "<p>Select the router.</p>",
      properties: {
        image: "base.png",
        areas,
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
        correct: { [areas[0]!.id]: true },
      },
    },
    resources: { "base.png": image.buffer.toString("base64") },
  });
  return question.id as number;
}

async function saveStored(page: Page) {
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
}

test("move and resize on the canvas, undo twice, redo once: the stored area is what that sequence gives", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const id = await seedHotArea(request, token, examId, [{ id: "block-1", x: 50, y: 50, width: 100, height: 60 }]);
  await page.goto(`/exams/${examId}/questions/${id}`);
  await expect
    .poll(() => stageAreas(page), CANVAS_SHOWN)
    .toEqual([{ id: "block-1", x: 50, y: 50, width: 100, height: 60 }]);

  await dragOnImage(page, [100, 80], [160, 120]); // move by (60, 40)
  await expect.poll(() => stageAreas(page)).toEqual([{ id: "block-1", x: 110, y: 90, width: 100, height: 60 }]);
  await dragOnImage(page, [210, 150], [250, 170]); // the bottom-right handle, by (40, 20)
  await expect.poll(() => stageAreas(page).then((a) => a[0])).toMatchObject({ x: 110, y: 90 });
  const resized = (await stageAreas(page))[0]!;
  expectNear(resized, { id: "block-1", x: 110, y: 90, width: 140, height: 80 });

  await page.keyboard.press("ControlOrMeta+z");
  await page.keyboard.press("ControlOrMeta+z");
  await expect.poll(() => stageAreas(page)).toEqual([{ id: "block-1", x: 50, y: 50, width: 100, height: 60 }]);
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect.poll(() => stageAreas(page)).toEqual([{ id: "block-1", x: 110, y: 90, width: 100, height: 60 }]);

  await saveStored(page);
  const props = expectBlockProperties(await storedProperties(request, token, id));
  expect(props.areas).toEqual([{ id: "block-1", x: 110, y: 90, width: 100, height: 60 }]);
});

test("an area cannot be dragged out of the image or made smaller than the minimum", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const id = await seedHotArea(request, token, examId, [
    { id: "block-1", x: 300, y: 200, width: 60, height: 40 },
    { id: "block-2", x: 40, y: 40, width: 100, height: 60 },
  ]);
  await page.goto(`/exams/${examId}/questions/${id}`);
  await expect.poll(() => stageAreas(page).then((a) => a.length), CANVAS_SHOWN).toBe(2);

  // Far past the bottom-right corner of the image: it stops at the edge.
  await dragOnImage(page, [330, 220], [600, 500]);
  // The bottom-right handle of block-2 dragged up and left past its top-left corner.
  await clickOnImage(page, 90, 70);
  await dragOnImage(page, [140, 100], [20, 20]);
  // A tiny rectangle drawn on empty space.
  await dragOnImage(page, [200, 60], [205, 63]);

  await saveStored(page);
  const props = expectBlockProperties(await storedProperties(request, token, id));
  for (const a of props.areas) {
    expect(a.x).toBeGreaterThanOrEqual(0);
    expect(a.y).toBeGreaterThanOrEqual(0);
    expect(a.x + a.width).toBeLessThanOrEqual(W);
    expect(a.y + a.height).toBeLessThanOrEqual(H);
    expect(a.width).toBeGreaterThanOrEqual(30);
    expect(a.height).toBeGreaterThanOrEqual(15);
  }
  expect(props.areas[0]).toEqual({ id: "block-1", x: W - 60, y: H - 40, width: 60, height: 40 });
  // Shrunk as far as the minimum allows, its top-left corner where it was.
  expect(props.areas[1]).toMatchObject({ id: "block-2", x: 40, y: 40 });
  expect(props.areas[1]!.width).toBeLessThanOrEqual(40);
  expect(props.areas[1]!.height).toBeLessThanOrEqual(25);
  expect(props.areas[2]).toMatchObject({ id: "block-3", width: 30, height: 15 });
});

test("a question made through the API opens with every area exactly where it is, and saves back unchanged", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const image = png(640, 480);
  const areas = [
    { id: "targ-1", x: 13, y: 27, width: 101, height: 33, type: 1 },
    { id: "targ-2", x: 300, y: 400, width: 77, height: 41, type: 1 },
    { id: "drag-1", x: 520, y: 17, width: 119, height: 59, type: 2 },
    { id: "drag-7", x: 401, y: 222, width: 30, height: 15, type: 2 },
  ];
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 3,
      question: "<p>Match them.</p>",
      points: 2,
      properties: {
        image: "net.png",
        areas,
        options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: true },
        match: { "targ-1": "drag-7", "targ-2": "drag-1" },
        points: { "targ-1": { "drag-7": 2 } },
      },
    },
    resources: { "net.png": image.buffer.toString("base64") },
  });
  const before = await rpcOk(request, token, "exam.questionGet", { id: question.id });

  await page.goto(`/exams/${examId}/questions/${question.id}`);
  await expect.poll(() => stageAreas(page), CANVAS_SHOWN).toEqual(areas.map(({ type: _t, ...a }) => a));
  await expect(page.getByLabel("targ-1 matches")).toHaveValue("drag-7");
  await expect(page.getByLabel("targ-1 pair points")).toHaveValue("2");
  await expect(page.getByLabel("One target per draggable")).toBeChecked();
  await expect(page.getByLabel("drag-7 kind")).toHaveValue("2");
  await expect(page.getByTestId("save-status")).toHaveText("");

  // Saved as loaded: the same content, so nothing is written, not even a version.
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Nothing to save: this question is as it was last saved.");
  expect(await rpcOk(request, token, "exam.questionGet", { id: question.id })).toEqual(before);
});

test("the keyboard and the side panel do everything without a mouse", async ({ page, request, token }) => {
  const examId = await seedExam(request, token);
  const id = await seedHotArea(request, token, examId, [{ id: "block-1", x: 50, y: 50, width: 100, height: 60 }]);
  await page.goto(`/exams/${examId}/questions/${id}`);

  await page.getByRole("button", { name: "Select block-1" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(page.getByLabel("block-1 x")).toHaveValue("52");
  await expect(page.getByLabel("block-1 y")).toHaveValue("60");
  await page.keyboard.press("ControlOrMeta+d");
  await expect(page.getByRole("button", { name: "Select block-2" })).toBeVisible();
  await page.getByLabel("block-2 width").fill("45");
  await page.getByLabel("block-2 width").press("Enter");
  // Under the minimum: said at the row, and nothing changed (issue 16), until a value that fits.
  await page.getByLabel("block-2 height").fill("5");
  await page.getByLabel("block-2 height").press("Tab");
  await expect(page.locator('[data-area-messages="block-2"]')).toHaveText(
    "Enter a whole number of pixels from 15 to 230.",
  );
  await page.getByLabel("block-2 height").fill("15");
  await page.getByLabel("block-2 height").press("Tab");
  await expect(page.locator('[data-area-messages="block-2"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Add area" }).click();
  await expect(page.getByRole("button", { name: "Select block-3" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Delete");
  await expect(page.getByRole("button", { name: "Select block-3" })).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(page.getByRole("button", { name: "Select block-3" })).toBeVisible();

  await saveStored(page);
  const props = expectBlockProperties(await storedProperties(request, token, id));
  expect(props.areas).toEqual([
    { id: "block-1", x: 52, y: 60, width: 100, height: 60 },
    { id: "block-2", x: 62, y: 70, width: 45, height: 15 },
    { id: "block-3", x: 140, y: 120, width: 120, height: 60 },
  ]);
});

test("a smaller replacement image points out the areas that no longer fit, and nothing is saved until they do", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const id = await seedHotArea(request, token, examId, [
    { id: "block-1", x: 20, y: 20, width: 60, height: 40 },
    { id: "block-2", x: 300, y: 200, width: 80, height: 60 },
  ]);
  const before = await rpcOk(request, token, "exam.questionGet", { id });
  await page.goto(`/exams/${examId}/questions/${id}`);
  await expect.poll(() => stageAreas(page).then((a) => a.length), CANVAS_SHOWN).toBe(2);

  const small = png(200, 150, [250, 200, 200]);
  await page.getByLabel("Replace the base image").setInputFiles(small.file);
  await expect(page.getByTestId("areas-outside")).toContainText("block-2");
  await expect(page.getByTestId("areas-outside")).not.toContainText("block-1");
  await expect(fieldErrors(page.getByTestId("area-editor")).first()).toBeVisible();

  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Not saved");
  expect(await rpcOk(request, token, "exam.questionGet", { id })).toEqual(before);

  await page.getByRole("button", { name: "Delete block-2" }).click();
  await expect(page.getByTestId("areas-outside")).toHaveCount(0);
  await saveStored(page);
  const props = expectBlockProperties(await storedProperties(request, token, id));
  expect(props.image).toBe(small.mediaPath);
  expect(props.areas).toEqual([{ id: "block-1", x: 20, y: 20, width: 60, height: 40 }]);
});

// ---------------------------------------------------------------------------------------------
// Try it: the candidate's view inside the editor, scored by the scoring engine

async function seedDragDrop(request: APIRequestContext, token: string, examId: number) {
  const image = png(W, H);
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 3,
      question: "<p>Put each label on its box.</p>",
      points: 2,
      properties: {
        image: "d.png",
        areas: [
          { id: "targ-1", x: 20, y: 20, width: 120, height: 60, type: 1 },
          { id: "targ-2", x: 20, y: 150, width: 120, height: 60, type: 1 },
          { id: "drag-1", x: 260, y: 40, width: 100, height: 40, type: 2 },
          { id: "drag-2", x: 260, y: 180, width: 100, height: 40, type: 2 },
        ],
        options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: true },
        match: { "targ-1": "drag-1", "targ-2": "drag-2" },
        points: { "targ-1": { "drag-1": 1 } },
      },
    },
    resources: { "d.png": image.buffer.toString("base64") },
  });
  return question.id as number;
}

test("try it, drag & drop by keyboard only: pick a draggable, then its target; the check scores it", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const id = await seedDragDrop(request, token, examId);
  await page.goto(`/exams/${examId}/questions/${id}`);
  const tryIt = page.getByTestId("try-it");
  await expect(tryIt.getByRole("button", { name: "Target 1, empty" })).toBeVisible();

  // Wrong first: drag-2 on targ-1 (order: targ-1, targ-2, drag-1, drag-2).
  await tryIt.getByRole("button", { name: "Target 1, empty" }).focus();
  for (const key of ["Tab", "Tab", "Tab", "Enter", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Enter"])
    await page.keyboard.press(key);
  await expect(tryIt.getByRole("button", { name: "Target 1, holds tile B" })).toBeVisible();
  // The status line speaks of tiles and targets, not of area ids.
  await expect(tryIt.getByTestId("drag-drop-status")).toHaveText("Tile B placed on target 1.");
  await tryIt.getByRole("button", { name: "Check" }).press("Enter");
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Not correct: 0 of 3 points.");

  // Emptying targ-1 by keyboard, then the right placements.
  await tryIt.getByRole("button", { name: "Target 1, holds tile B" }).focus();
  await page.keyboard.press("Enter");
  await expect(tryIt.getByRole("button", { name: "Target 1, empty" })).toBeFocused();
  for (const key of ["Tab", "Tab", "Enter", "Shift+Tab", "Shift+Tab", "Enter"]) await page.keyboard.press(key); // drag-1 → targ-1
  for (const key of ["Tab", "Tab", "Tab", "Enter", "Shift+Tab", "Shift+Tab", "Enter"]) await page.keyboard.press(key); // drag-2 → targ-2
  await expect(tryIt.getByRole("button", { name: "Target 1, holds tile A" })).toBeVisible();
  await expect(tryIt.getByRole("button", { name: "Target 2, holds tile B" })).toBeVisible();
  await tryIt.getByRole("button", { name: "Check" }).press("Enter");
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Correct: 3 of 3 points.");
});

test("try it with the mouse: drag & drop by dragging, point & shoot by clicking, hot area by toggling", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const dragDrop = await seedDragDrop(request, token, examId);
  await page.goto(`/exams/${examId}/questions/${dragDrop}`);
  const tryIt = page.getByTestId("try-it");
  // The mouse reaches only what is on screen.
  await tryIt.getByRole("button", { name: "Check" }).scrollIntoViewIfNeeded();
  const dragTile = async (from: string, to: string) => {
    const a = (await tryIt.locator(`[data-draggable="${from}"]`).boundingBox())!;
    const b = (await tryIt.locator(`[data-target="${to}"]`).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
    await page.mouse.up();
  };
  // A tile is the piece of the picture under the draggable area (not a box with its id), and a
  // target holding it shows that same piece.
  const tile = (selector: string) =>
    tryIt.locator(selector).evaluate((el) => {
      const s = getComputedStyle(el);
      return `${s.backgroundImage} ${s.backgroundPosition} ${s.backgroundSize}`;
    });
  const drag1 = await tile('[data-draggable="drag-1"]');
  expect(drag1).toMatch(/^url\(".*\/media\/[0-9a-f]{64}\.png"\) \d/);
  // Its only text is its letter on the picture (area-names.ts).
  await expect(tryIt.locator('[data-draggable="drag-1"]')).toHaveText("A");
  await dragTile("drag-1", "targ-2");
  await expect(tryIt.getByRole("button", { name: "Target 2, holds tile A" })).toBeVisible();
  expect(await tile('[data-target="targ-2"] [data-holds="drag-1"]')).toBe(drag1);
  await tryIt.getByRole("button", { name: "Check" }).click();
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Not correct: 0 of 3 points.");
  await dragTile("drag-1", "targ-1"); // OneToOneMatching: it moves
  await dragTile("drag-2", "targ-2");
  await expect(tryIt.getByRole("button", { name: "Target 1, holds tile A" })).toBeVisible();
  await tryIt.getByRole("button", { name: "Check" }).click();
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Correct: 3 of 3 points.");

  // Point & shoot: the areas are hidden; a click on block-1 is right, one beside it is not.
  const { question: point } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 4,
      question: "<p>Click the router.</p>",
      properties: {
        image: "p.png",
        areas: [
          { id: "block-1", x: 100, y: 100, width: 80, height: 50 },
          { id: "block-2", x: 250, y: 200, width: 80, height: 50 },
        ],
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
        correct: { "block-1": true },
        points: { "block-1": 2 },
      },
    },
    resources: { "p.png": png(W, H).buffer.toString("base64") },
  });
  await page.goto(`/exams/${examId}/questions/${point.id}`);
  const picture = page.getByTestId("try-it").getByTestId("point-picture");
  await expect(picture).toBeVisible();
  await page.getByTestId("try-it").getByRole("button", { name: "Check" }).scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  const at = (x: number, y: number) => ({ x: box.x + (x / W) * box.width, y: box.y + (y / H) * box.height });
  await page.mouse.click(at(290, 225).x, at(290, 225).y);
  await page.getByTestId("try-it").getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("try-it-result")).toHaveText("Not correct: 0 of 3 points.");
  await page.mouse.click(at(140, 120).x, at(140, 120).y); // SingleAnswer: replaces the first point
  await expect(picture.getByTestId("point-marker")).toHaveCount(1);
  await page.getByTestId("try-it").getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("try-it-result")).toHaveText("Correct: 3 of 3 points.");

  // Hot area: the areas are visible and toggle.
  const hot = await seedHotArea(request, token, examId, [
    { id: "block-1", x: 50, y: 50, width: 100, height: 60 },
    { id: "block-2", x: 200, y: 150, width: 100, height: 60 },
  ]);
  await page.goto(`/exams/${examId}/questions/${hot}`);
  const hotTry = page.getByTestId("try-it");
  await hotTry.getByRole("button", { name: "Area 2" }).click();
  await hotTry.getByRole("button", { name: "Check" }).click();
  await expect(hotTry.getByTestId("try-it-result")).toHaveText("Not correct: 0 of 1 point.");
  await hotTry.getByRole("button", { name: "Area 2" }).click();
  await hotTry.getByRole("button", { name: "Area 1" }).click();
  await expect(hotTry.getByRole("button", { name: "Area 1" })).toHaveAttribute("aria-pressed", "true");
  await hotTry.getByRole("button", { name: "Check" }).click();
  await expect(hotTry.getByTestId("try-it-result")).toHaveText("Correct: 1 of 1 point.");
});

test("try it by touch: tap a draggable then a target, tap points and areas", async ({
  browser,
  page: signedIn,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const dragDrop = await seedDragDrop(request, token, examId);
  const hot = await seedHotArea(request, token, examId, [{ id: "block-1", x: 50, y: 50, width: 100, height: 60 }]);
  // A touch device signed in as the same author (the session cookie of the fixture's context).
  const base = test.info().project.use.baseURL;
  const state = await signedIn.context().storageState();
  const context = await browser.newContext({
    baseURL: base,
    hasTouch: true,
    isMobile: false,
    viewport: { width: 1024, height: 900 },
    storageState: state,
  });
  const page = await context.newPage();
  await page.goto(`/exams/${examId}/questions/${dragDrop}`);
  const tryIt = page.getByTestId("try-it");
  await tryIt.getByRole("button", { name: "Check" }).scrollIntoViewIfNeeded();
  await tryIt.getByRole("button", { name: "Tile A" }).tap();
  await tryIt.getByRole("button", { name: "Target 1, empty" }).tap();
  await tryIt.getByRole("button", { name: "Tile B" }).tap();
  await tryIt.getByRole("button", { name: "Target 2, empty" }).tap();
  await tryIt.getByRole("button", { name: "Check" }).tap();
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Correct: 3 of 3 points.");

  await page.goto(`/exams/${examId}/questions/${hot}`);
  await page.getByTestId("try-it").getByRole("button", { name: "Area 1" }).tap();
  await page.getByTestId("try-it").getByRole("button", { name: "Check" }).tap();
  await expect(page.getByTestId("try-it-result")).toHaveText("Correct: 1 of 1 point.");

  // Point & shoot: a tap on the (hidden) area.
  const { question: point } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 4,
      question: "<p>Tap the router.</p>",
      properties: {
        image: "t.png",
        areas: [{ id: "block-1", x: 100, y: 100, width: 80, height: 50 }],
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: true },
        correct: { "block-1": true },
      },
    },
    resources: { "t.png": png(W, H).buffer.toString("base64") },
  });
  await page.goto(`/exams/${examId}/questions/${point.id}`);
  const picture = page.getByTestId("try-it").getByTestId("point-picture");
  await page.getByTestId("try-it").getByRole("button", { name: "Check" }).scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  await page.touchscreen.tap(box.x + (140 / W) * box.width, box.y + (125 / H) * box.height);
  await expect(picture.getByTestId("point-marker")).toHaveCount(1);
  await page.getByTestId("try-it").getByRole("button", { name: "Check" }).tap();
  await expect(page.getByTestId("try-it-result")).toHaveText("Correct: 1 of 1 point.");
  await context.close();
});
