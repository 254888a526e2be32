// A placed tile of a Drag & Drop question drawn in the app (issue 23, defect 6): targets and
// draggables are rectangles of one picture, of any sizes. Placed, a tile keeps its own size and
// shape, centred in its target and scaled down evenly only when it does not fit (a circle stays a
// circle), and its place in the picture is blank while it is placed, so the candidate does not see
// it twice. Read from the elements' boxes and styles, and from the pixels of a real picture.
import type { Locator } from "@playwright/test";
import { decodeImage, encodePng, type RgbaImage } from "../server/formats/raster";
import { expect, rpcOk, test } from "./support/fixtures";
import { question } from "./support/preview";

test.slow();

const CIRCLE = { x: 310, y: 80, r: 56 };
const INK = [30, 60, 160] as const;

/** A white 400 × 300 picture with a dark blue disc in the draggable's 120 × 120 square. */
function picture(): string {
  const image: RgbaImage = { width: 400, height: 300, data: new Uint8Array(400 * 300 * 4).fill(255) };
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++)
      if ((x + 0.5 - CIRCLE.x) ** 2 + (y + 0.5 - CIRCLE.y) ** 2 <= CIRCLE.r ** 2)
        image.data.set(INK, (y * image.width + x) * 4);
  return Buffer.from(encodePng(image)).toString("base64");
}

/** The disc's extent (px) in a screenshot of `element`: 0 × 0 where none of it shows. */
async function discIn(element: Locator): Promise<{ width: number; height: number }> {
  const shot = decodeImage(new Uint8Array(await element.screenshot()));
  if (!shot.ok) throw new Error(shot.message);
  const { width, height, data } = shot.image;
  let [left, right, top, bottom] = [width, -1, height, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // The disc's own colour, not the frames' blue, amber or slate showing at a tile's corners.
      if (INK.every((v, c) => Math.abs(data[i + c]! - v) < 30)) {
        [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
      }
    }
  return right < 0 ? { width: 0, height: 0 } : { width: right - left + 1, height: bottom - top + 1 };
}

/** A disc about as large as the picture's (112 px), round: no wider than high, or the reverse. */
function expectRoundDisc(disc: { width: number; height: number }, across = 112) {
  expect(Math.abs(disc.width - disc.height), `the disc is ${disc.width} × ${disc.height}`).toBeLessThanOrEqual(2);
  expect(Math.abs(disc.width - across), `the disc is ${disc.width} px across, not ${across}`).toBeLessThanOrEqual(4);
}

const centre = (b: { x: number; y: number; width: number; height: number }) => ({
  x: b.x + b.width / 2,
  y: b.y + b.height / 2,
});

test("a placed tile keeps its size and shape, centred in its target, and its place in the picture is blank", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Shapes",
      category: "QA",
      code: "SHAPES",
      evaluation_method: 3,
      show_standard_introduction: false,
    },
  });
  await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: exam.id,
      type: 3,
      question: "<p>Put the disc on both targets.</p>",
      properties: {
        image: "disc.png",
        areas: [
          { id: "targ-1", x: 20, y: 150, width: 200, height: 120, type: 1 },
          { id: "targ-2", x: 260, y: 200, width: 100, height: 60, type: 1 },
          { id: "drag-1", x: 250, y: 20, width: 120, height: 120, type: 2 },
        ],
        options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: false },
        match: { "targ-1": "drag-1", "targ-2": "drag-1" },
      },
    },
    resources: { "disc.png": picture() },
  });
  await rpcOk(request, token, "exam.examUpdate", { exam: { id: exam.id, testing_questions: 1 } });
  await page.goto(`/exams/${exam.id}/preview?seed=1`);

  const tile = question(page).locator('[data-draggable="drag-1"]');
  const wide = question(page).locator('[data-target="targ-1"]');
  const small = question(page).locator('[data-target="targ-2"]');
  await expect(tile).toBeVisible();
  const origin = (await tile.boundingBox())!;
  // The picture is shown at its own size here: the disc is 112 px across.
  expect(origin.width).toBeCloseTo(120, 0);
  expectRoundDisc(await discIn(tile));

  // On the 200 × 120 target: 120 × 120, not 200 × 120; centred.
  await tile.click();
  await wide.click();
  const placed = wide.locator("[data-holds]");
  await expect(placed).toHaveCount(1);
  const onWide = (await placed.boundingBox())!;
  const wideBox = (await wide.boundingBox())!;
  expect(onWide.width).toBeCloseTo(origin.width, 0);
  expect(onWide.height).toBeCloseTo(origin.height, 0);
  expect(centre(onWide).x).toBeCloseTo(centre(wideBox).x, 0);
  expect(centre(onWide).y).toBeCloseTo(centre(wideBox).y, 0);
  // The disc is round there, not an ellipse as wide as the target.
  expectRoundDisc(await discIn(placed));

  // Its place is blank: no crop of the picture, an opaque fill over it, no disc to be seen.
  const blank = await tile.evaluate((el) => {
    const style = getComputedStyle(el);
    return { image: style.backgroundImage, fill: style.backgroundColor, opacity: style.opacity };
  });
  expect(blank.image).toBe("none");
  expect(blank.fill, "an opaque colour").not.toMatch(/\/|rgba|transparent/);
  expect(blank.opacity).toBe("1");
  expect(await discIn(tile)).toEqual({ width: 0, height: 0 });
  await question(page).screenshot({ path: test.info().outputPath("placed-on-wide-target.png") });

  // Without OneToOneMatching it can be placed again: on the 100 × 60 target it is scaled down
  // evenly to 60 × 60, centred.
  await tile.click();
  await small.click();
  const onSmall = (await small.locator("[data-holds]").boundingBox())!;
  const smallBox = (await small.boundingBox())!;
  expect(onSmall.width).toBeCloseTo(smallBox.height, 0);
  expect(onSmall.height).toBeCloseTo(smallBox.height, 0);
  expect(centre(onSmall).x).toBeCloseTo(centre(smallBox).x, 0);
  expect(centre(onSmall).y).toBeCloseTo(centre(smallBox).y, 0);
  expectRoundDisc(await discIn(small.locator("[data-holds]")), 56);
  await expect(question(page).getByRole("button", { name: "Tile A, placed on target 1, target 2" })).toBeVisible();
  await question(page).screenshot({ path: test.info().outputPath("placed-on-both-targets.png") });

  // Taken off both, it shows in its place again.
  await wide.click();
  await small.click();
  await expect(question(page).locator("[data-holds]")).toHaveCount(0);
  await expect.poll(async () => (await discIn(tile)).width).toBeGreaterThan(100);
});
