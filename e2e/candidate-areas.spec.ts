// What a candidate sees of an image question's areas (issue 16, defects 5 and 6): the attempt and
// the result's review name areas by the marks on the picture (targets and hot areas 1, 2…, tiles
// A, B…), never by their ids, and a placed tile leaves its place in the picture.
import type { APIRequestContext, Locator } from "@playwright/test";
import { makePng } from "../tests/support/media-fixtures";
import { expect, rpcOk, test } from "./support/fixtures";
import { finish, next, question } from "./support/preview";

// Several page loads and API calls each, on top of signing up: more than the default minute on a busy machine.
test.slow();

const IMAGE = Buffer.from(makePng(400, 300, [230, 236, 242])).toString("base64");
const OPTIONS = { FixedHeight: false, FixedWidth: false };

/** Ids with gaps and out of order, as an author's deletions leave them: none of them is a mark. */
const DRAG_DROP = {
  type: 3,
  question: "<p>Match the labels.</p>",
  properties: {
    image: "pic.png",
    areas: [
      { id: "targ-5", x: 20, y: 20, width: 100, height: 50, type: 1 },
      { id: "targ-2", x: 20, y: 150, width: 100, height: 50, type: 1 },
      { id: "drag-7", x: 250, y: 20, width: 100, height: 50, type: 2 },
      { id: "drag-3", x: 250, y: 150, width: 100, height: 50, type: 2 },
    ],
    match: { "targ-5": "drag-7", "targ-2": "drag-3" },
  },
};

async function seedExam(request: APIRequestContext, token: string, questions: object[]) {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Areas",
      category: "QA",
      code: "AREAS",
      evaluation_method: 3,
      shuffle_questions: false,
      shuffle_answers: false,
      show_standard_introduction: false,
    },
  });
  for (const question of questions)
    await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, ...question },
      resources: { "pic.png": IMAGE },
    });
  await rpcOk(request, token, "exam.examUpdate", { exam: { id: exam.id, testing_questions: questions.length } });
  return exam.id as number;
}

const ids = /targ-|drag-|block-/;

/** A point & shoot (4) or hot area (5) question with two 80 × 60 areas, the first one correct. */
function blockQuestion(
  type: 4 | 5,
  text: string,
  right: [string, { x: number; y: number }],
  wrong: [string, { x: number; y: number }],
  single: boolean,
) {
  return {
    type,
    question: `<p>${text}</p>`,
    properties: {
      image: "pic.png",
      areas: [right, wrong].map(([id, at]) => ({ id, ...at, width: 80, height: 60 })),
      options: { ...OPTIONS, SingleAnswer: single },
      correct: { [right[0]]: true, [wrong[0]]: false },
    },
  };
}

test("the attempt and the review name areas by the marks on the picture, never by their ids", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token, [
    { ...DRAG_DROP, properties: { ...DRAG_DROP.properties, options: { ...OPTIONS, OneToOneMatching: false } } },
    // Point & shoot and hot area: the first area is the correct one.
    blockQuestion(4, "Click the router.", ["block-4", { x: 100, y: 100 }], ["block-9", { x: 250, y: 200 }], true),
    blockQuestion(5, "Select the switch.", ["block-2", { x: 20, y: 20 }], ["block-6", { x: 200, y: 150 }], false),
  ]);
  await page.goto(`/exams/${examId}/preview?seed=1`);

  // Drag & drop: targets numbered, tiles lettered, on the picture and in every name.
  await expect(question(page).getByTestId("area-mark")).toHaveText(["1", "2", "A", "B"]);
  await question(page).getByRole("button", { name: "Tile A", exact: true }).click();
  await question(page).getByRole("button", { name: "Target 1, empty" }).click();
  await expect(question(page).getByTestId("drag-drop-status")).toHaveText("Tile A placed on target 1.");
  await question(page).getByRole("button", { name: "Tile A, placed on target 1" }).click();
  await question(page).getByRole("button", { name: "Target 2, empty" }).click();
  await expect(question(page).getByRole("button", { name: "Tile A, placed on target 1, target 2" })).toBeVisible();
  await expect(question(page).getByRole("button", { name: ids })).toHaveCount(0);
  await next(page);

  // Point & shoot: a click in the second area (wrong).
  const picture = question(page).getByTestId("point-picture");
  await picture.scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  await page.mouse.click(box.x + (290 / 400) * box.width, box.y + (230 / 300) * box.height);
  await next(page);

  // Hot area: the areas show their numbers; the second one chosen (wrong).
  await expect(question(page).getByTestId("area-mark")).toHaveText(["1", "2"]);
  await expect(question(page).getByRole("button", { name: ids })).toHaveCount(0);
  await question(page).getByRole("button", { name: "Area 2", exact: true }).click();
  await finish(page);

  const items = page.getByTestId("review-item");
  await expect(items).toHaveCount(3);
  const review = (item: Locator) => [item.getByTestId("review-given"), item.getByTestId("review-correct")] as const;
  const [given3, correct3] = review(items.nth(0));
  await expect(given3).toHaveText("tile A on target 1, tile A on target 2");
  await expect(correct3).toHaveText("tile A on target 1, tile B on target 2");
  const [given4, correct4] = review(items.nth(1));
  await expect(given4).toHaveText("area 2");
  await expect(correct4).toHaveText("area 1");
  const [given5, correct5] = review(items.nth(2));
  await expect(given5).toHaveText("area 2");
  await expect(correct5).toHaveText("area 1");
  for (let i = 0; i < 3; i++) await expect(items.nth(i)).not.toContainText(ids);

  // The pictures carry the marks the words use: both tiles and both targets, twice (yours, correct).
  await expect(items.nth(0).getByTestId("image-review").getByTestId("area-mark")).toHaveText([
    "A",
    "B",
    "1",
    "2",
    "A",
    "B",
    "1",
    "2",
  ]);
  // Point & shoot: the area hit, then the correct one.
  await expect(items.nth(1).getByTestId("image-review").getByTestId("area-mark")).toHaveText(["2", "1"]);
  await page
    .getByTestId("image-review")
    .first()
    .screenshot({ path: test.info().outputPath("drag-drop-review.png") });
});

/**
 * The origin of a tile in the picture: whether it shows the tile (its crop), at what opacity, and
 * whether its fill is opaque (covering the same pixels of the picture below it).
 */
async function origin(tile: Locator) {
  return tile.evaluate((el) => {
    const style = getComputedStyle(el);
    const fill = style.backgroundColor;
    return {
      picture: style.backgroundImage !== "none",
      opacity: Number(style.opacity),
      covers: !/\/|rgba|transparent/.test(fill),
    };
  });
}

for (const oneToOne of [false, true]) {
  test(`a placed tile leaves its place in the picture, and comes back when taken off (OneToOneMatching ${oneToOne})`, async ({
    page,
    request,
    token,
  }) => {
    const examId = await seedExam(request, token, [
      { ...DRAG_DROP, properties: { ...DRAG_DROP.properties, options: { ...OPTIONS, OneToOneMatching: oneToOne } } },
    ]);
    await page.goto(`/exams/${examId}/preview?seed=1`);
    const tile = question(page).locator('[data-draggable="drag-7"]');
    const target = question(page).locator('[data-target="targ-5"]');
    expect(await origin(tile)).toMatchObject({ picture: true, opacity: 1 });

    await tile.click();
    await target.click();
    await expect(target.locator("[data-holds]")).toHaveCount(1);
    // Blank, covering the picture below (issue 23): spent with OneToOneMatching; without, still
    // usable (it can be placed again), but not shown a second time either.
    await expect.poll(() => origin(tile)).toEqual({ picture: false, opacity: 1, covers: true });
    if (!oneToOne)
      await expect(question(page).getByRole("button", { name: "Tile A, placed on target 1" })).toBeEnabled();
    await question(page).screenshot({ path: test.info().outputPath("placed.png") });

    // Taken off its target (activated with nothing picked), the tile is back in its place.
    await target.click();
    await expect(target.locator("[data-holds]")).toHaveCount(0);
    await expect.poll(() => origin(tile)).toMatchObject({ picture: true, opacity: 1 });
  });
}
