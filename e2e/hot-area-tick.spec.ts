// The tick of a selected hot area (type 5) leaves the area's label readable: an author draws an
// area around a label of the picture, and the tick that marks the area as selected must not sit
// on it (issue 16). Checked in "Try it", which shows the candidate's view used by the preview too.
import { makePng } from "../tests/support/media-fixtures";
import { expect, rpcOk, test } from "./support/fixtures";

const W = 400;
const H = 300;
// The area, and the label of the picture it was drawn around, 12 image pixels inside its edges.
const AREA = { id: "block-1", x: 120, y: 100, width: 160, height: 60 };
const MARGIN = 12;
const LABEL = {
  x: AREA.x + MARGIN,
  y: AREA.y + MARGIN,
  width: AREA.width - 2 * MARGIN,
  height: AREA.height - 2 * MARGIN,
};

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0;

test("the tick of a selected hot area does not cover the area's label", async ({ page, request, token }) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Network diagrams",
      category: "IT",
      code: "NET-T",
      evaluation_method: 2,
      passing_score: 50,
    },
  });
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: exam.id,
      type: 5,
      question: "<p>Select the router.</p>",
      properties: {
        image: "base.png",
        areas: [AREA],
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
        correct: { [AREA.id]: true },
      },
    },
    resources: { "base.png": Buffer.from(makePng(W, H, [220, 230, 240])).toString("base64") },
  });
  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  const area = page.getByTestId("try-it").getByRole("button", { name: "Area 1" });
  await area.scrollIntoViewIfNeeded();
  await area.click();
  await expect(area).toHaveAttribute("aria-pressed", "true");

  const tick = area.getByTestId("hot-area-tick");
  await expect(tick).toBeVisible();
  // The area, its tick and its mark measured in one layout: measured one after the other, a layout
  // that moved in between (the page still settling) once put the tick outside its own area.
  const { tickBox, areaBox, markBox } = await area.evaluate((element) => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return {
      areaBox: box(element),
      tickBox: box(element.querySelector('[data-testid="hot-area-tick"]')!),
      markBox: box(element.querySelector('[data-testid="area-mark"]')!),
    };
  });
  // The label where the picture shows it: image pixels scaled as the area is.
  const scale = areaBox.width / AREA.width;
  const label = {
    x: areaBox.x + MARGIN * scale,
    y: areaBox.y + MARGIN * scale,
    width: LABEL.width * scale,
    height: LABEL.height * scale,
  };
  expect(overlap(tickBox, areaBox), "the tick marks its area").toBe(true);
  expect(overlap(tickBox, label), `tick ${JSON.stringify(tickBox)} over label ${JSON.stringify(label)}`).toBe(false);
  // The area's mark (its number for the candidate) keeps clear of the label too.
  expect(overlap(markBox, label), `mark ${JSON.stringify(markBox)} over label ${JSON.stringify(label)}`).toBe(false);
});
