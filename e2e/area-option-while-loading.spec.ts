// An option of the area editor ticked while the base image is still loading (issue 23): the
// editor used to stay on "Loading the image…". The stored image's response is held back until the
// option has been ticked; then the canvas shows the image, the option stays ticked, and a save
// keeps both the image and the option.
import { makePng } from "../tests/support/media-fixtures";
import { CANVAS_SHOWN } from "./support/area-canvas";
import { expect, rpcOk, test } from "./support/fixtures";
import { expectImageProperties } from "./support/stored-properties";

const AREA = { id: "block-1", x: 40, y: 30, width: 120, height: 60 };

test("an area option ticked while the image loads: the canvas then shows, and a save keeps image and option", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Diagrams", category: "IT", code: "DIA-L", evaluation_method: 2, passing_score: 50 },
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
    resources: { "base.png": Buffer.from(makePng(400, 300, [220, 230, 240])).toString("base64") },
  });
  const stored = expectImageProperties(question.properties).image;

  // Stored media (not Next's own /_next/static/media) wait until the option has been ticked.
  let release!: () => void;
  const ticked = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname.startsWith("/media/"),
    async (route) => {
      held++;
      await ticked;
      await route.continue();
    },
  );

  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  const editor = page.getByTestId("area-editor");
  await expect(editor.getByText("Loading the image…")).toBeVisible(CANVAS_SHOWN);
  const sameWidth = editor.getByRole("checkbox", { name: /^Same width/ });
  await sameWidth.check();
  await expect(sameWidth).toBeChecked();
  expect(held, "the image was still being loaded when the option was ticked").toBeGreaterThan(0);
  release();

  await expect(page.getByTestId("area-canvas")).toBeVisible(CANVAS_SHOWN);
  await expect(editor.getByText("Loading the image…")).toHaveCount(0);
  await expect(page.getByTestId("area-image-placeholder")).toHaveCount(0);
  await expect(sameWidth).toBeChecked();

  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const saved = await rpcOk(request, token, "exam.questionGet", { id: question.id });
  expect(saved.question.properties).toMatchObject({
    image: stored,
    areas: [AREA],
    options: { FixedWidth: true, FixedHeight: false, SingleAnswer: false },
  });
});
