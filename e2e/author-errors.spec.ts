// What an author sees when a value is wrong (issue 16, defects 3 and 4): a number field keeps
// what was typed and says at the field what it takes, instead of saving a substitute; and the
// API's issues reach the author in the author's words, at the field they concern.
import type { APIRequestContext, Page } from "@playwright/test";
import { makePng } from "../tests/support/media-fixtures";
import { CANVAS_SHOWN, stageAreas } from "./support/area-canvas";
import { expect, fieldErrors, fieldWarnings, rpcOk, test } from "./support/fixtures";
import { expectImageProperties } from "./support/stored-properties";

test.describe.configure({ timeout: 180_000 });

async function seedExam(request: APIRequestContext, token: string, fields: object = {}) {
  const exam = {
    type: 2,
    title: "Networking Basics",
    category: "Networking",
    code: "NET-100",
    evaluation_method: 1,
    passing_score: 70,
    ...fields,
  };
  return (await rpcOk(request, token, "exam.examCreate", { exam })).exam;
}

async function getExam(request: APIRequestContext, token: string, id: number) {
  return (await rpcOk(request, token, "exam.examGet", { id })).exam;
}

const settingsForm = (page: Page) => page.getByRole("form", { name: "Exam settings" });

/** The messages shown under the labelled control (its Field). */
function messagesOf(page: Page, label: string) {
  const id = page.getByLabel(label, { exact: true });
  return page.locator("div.flex-col", { has: id }).last();
}

function png(width: number, height: number) {
  const buffer = Buffer.from(makePng(width, height, [220, 230, 240]));
  return { buffer, file: { name: "diagram.png", mimeType: "image/png", buffer } };
}

async function seedHotArea(
  request: APIRequestContext,
  token: string,
  examId: number,
  areas: object[],
): Promise<number> {
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 5,
      question: "<p>Select the router.</p>",
      properties: {
        image: "base.png",
        areas,
        options: { FixedHeight: false, FixedWidth: false, SingleAnswer: false },
        correct: { "block-1": true },
      },
    },
    resources: { "base.png": png(400, 300).buffer.toString("base64") },
  });
  return question.id as number;
}

test("a time limit that is not a number of minutes is an error at the field, and nothing is saved", async ({
  page,
  token,
  request,
}) => {
  const seeded = await seedExam(request, token);
  await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: seeded.id, type: 1, question: "<p>Which port does HTTPS use?</p>" },
    answers: [{ answer: "<p>443</p>", is_correct: true }, { answer: "<p>80</p>" }],
  });
  const before = await getExam(request, token, seeded.id);
  await page.goto(`/exams/${seeded.id}?tab=settings`);
  const form = settingsForm(page);
  const time = form.getByLabel("Time limit (minutes)");
  const save = page.getByRole("button", { name: "Save settings" });

  for (const typed of ["-5", "thirty", "2.5"]) {
    await time.fill(typed);
    // The field keeps what was typed and says what it takes.
    await expect(time).toHaveValue(typed);
    await expect(time).toHaveAttribute("aria-invalid", "true");
    await expect(fieldErrors(messagesOf(page, "Time limit (minutes)"))).toHaveText([
      "Enter a whole number of minutes, 0 or more.",
    ]);
    await expect(save).toBeDisabled();
  }
  await time.press("Enter");
  await expect(page.getByText("All changes saved.")).toHaveCount(0);
  expect(await getExam(request, token, seeded.id)).toEqual(before);

  // The same mechanism for the other numbers of the form.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await form.getByLabel("Questions presented").fill("many");
  await expect(fieldErrors(messagesOf(page, "Questions presented"))).toHaveText([
    "Enter a whole number of questions, 0 or more.",
  ]);
  await form.getByLabel("Passing score (%)").fill("150");
  await expect(fieldErrors(messagesOf(page, "Passing score (%)"))).toHaveText(["Enter a whole number from 0 to 100."]);
  await expect(save).toBeDisabled();
  expect(await getExam(request, token, seeded.id)).toEqual(before);

  // A rule of the API (an exam needs a time limit) in the author's words, at the field.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await form.getByRole("radio", { name: "Exam", exact: true }).check();
  await time.fill("0");
  await expect(fieldErrors(messagesOf(page, "Time limit (minutes)"))).toHaveText([
    "An exam needs a time limit: enter the minutes, or use the time from the questions.",
  ]);
});

test("a width typed into the area table that does not fit is an error at the cell, not a moved area", async ({
  page,
  token,
  request,
}) => {
  const exam = await seedExam(request, token);
  const id = await seedHotArea(request, token, exam.id, [{ id: "block-1", x: 50, y: 40, width: 100, height: 60 }]);
  await page.goto(`/exams/${exam.id}/questions/${id}`);
  await expect
    .poll(() => stageAreas(page), CANVAS_SHOWN)
    .toEqual([{ id: "block-1", x: 50, y: 40, width: 100, height: 60 }]);

  const width = page.getByLabel("block-1 width", { exact: true });
  await width.fill("9999");
  await width.press("Enter");
  await expect(width).toHaveValue("9999");
  await expect(width).toHaveAttribute("aria-invalid", "true");
  const row = page.locator('[data-area-messages="block-1"]');
  await expect(row).toContainText("Enter a whole number of pixels from 30 to 350");
  // Nothing moved or shrank on the canvas.
  await expect.poll(() => stageAreas(page)).toEqual([{ id: "block-1", x: 50, y: 40, width: 100, height: 60 }]);

  // A save is refused while the cell is wrong; nothing is stored.
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("issue-summary")).toContainText("Nothing was saved");
  const stored = expectImageProperties(
    (await rpcOk(request, token, "exam.questionGet", { id })).question.properties,
  ).areas;
  expect(stored).toEqual([{ id: "block-1", x: 50, y: 40, width: 100, height: 60 }]);

  // A value that fits is taken as typed.
  await width.fill("300");
  await width.press("Enter");
  await expect(width).not.toHaveAttribute("aria-invalid", "true");
  await expect.poll(() => stageAreas(page)).toEqual([{ id: "block-1", x: 50, y: 40, width: 300, height: 60 }]);
});

test("question points that are not a whole number of 0 or more are an error at the field", async ({
  page,
  token,
  request,
}) => {
  const exam = await seedExam(request, token);
  await page.goto(`/exams/${exam.id}/questions/new?type=1`);
  const points = page.getByLabel("Points", { exact: true });
  await points.fill("-1");
  await expect(points).toHaveValue("-1");
  await expect(fieldErrors(messagesOf(page, "Points"))).toHaveText(["Enter a whole number, 0 or more."]);
  await points.fill("two");
  await expect(points).toHaveValue("two");
  await expect(fieldErrors(messagesOf(page, "Points"))).toHaveText(["Enter a whole number, 0 or more."]);
});

test("a single choice question without a correct answer says so in the author's words, at the answers", async ({
  page,
  token,
  request,
}) => {
  const exam = await seedExam(request, token);
  await page.goto(`/exams/${exam.id}/questions/new?type=1`);
  await page.getByRole("textbox", { name: "Question", exact: true }).click();
  await page.keyboard.type("Which protocol resolves names?");
  await page.getByRole("textbox", { name: "Answer 1", exact: true }).click();
  await page.keyboard.type("DNS");
  await page.getByRole("textbox", { name: "Answer 2", exact: true }).click();
  await page.keyboard.type("ARP");
  await expect(fieldWarnings(page)).toHaveText(["Mark one answer as correct."]);
  await expect(page.getByText(/is_correct/)).toHaveCount(0);

  // Marked: the warning goes.
  await page.getByLabel("Answer 1 is correct").check();
  await expect(fieldWarnings(page)).toHaveCount(0);
});

test("an area past the edge of a smaller image is named at its row, in pixels", async ({ page, token, request }) => {
  const exam = await seedExam(request, token);
  const id = await seedHotArea(request, token, exam.id, [
    { id: "block-1", x: 10, y: 10, width: 100, height: 60 },
    { id: "block-2", x: 250, y: 100, width: 100, height: 60 },
  ]);
  await page.goto(`/exams/${exam.id}/questions/${id}`);
  await expect.poll(async () => (await stageAreas(page)).length, CANVAS_SHOWN).toBe(2);
  await page.getByLabel("Replace the base image").setInputFiles(png(300, 300).file);

  const row = page.locator('[data-area-messages="block-2"]');
  await expect(row).toContainText("Area block-2 reaches past the right edge of the image by 50 px.");
  await expect(page.locator('[data-area-messages="block-1"]')).toHaveCount(0);
  await expect(page.getByText(/x \+ width/)).toHaveCount(0);
});
