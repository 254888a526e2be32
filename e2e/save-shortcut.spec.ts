// Ctrl+S (⌘S on a Mac) saves in every editor with a Save button (the question editor, the case
// study editor, the exam settings) instead of opening the browser's "Save page" dialog.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";

async function seedExam(request: APIRequestContext, token: string): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Shortcuts", category: "Editing", code: "KEY-1", evaluation_method: 2, passing_score: 60 },
  });
  return exam.id as number;
}

/** Records whether the browser's own action for the next Ctrl+S was prevented (read once the key event has been through every handler). */
async function watchSaveKey(page: Page) {
  await page.evaluate(() => {
    window.addEventListener("keydown", (event) => {
      if (event.key.toLowerCase() === "s")
        setTimeout(() => (document.body.dataset.saveKeyPrevented = String(event.defaultPrevented)));
    });
  });
}
const expectBrowserSaveSuppressed = (page: Page) =>
  expect(page.locator("body")).toHaveAttribute("data-save-key-prevented", "true");

test("Ctrl+S saves the question being edited, from inside its text", async ({ page, request, token }) => {
  const examId = await seedExam(request, token);
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type: 1, question: "<p>Capital of France?</p>" },
    answers: [{ answer: "<p>Paris</p>", is_correct: true }, { answer: "<p>Lyon</p>" }],
  });
  await page.goto(`/exams/${examId}/questions/${question.id}`);
  await watchSaveKey(page);
  await page.getByRole("textbox", { name: "Question", exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" (city)");
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
  await page.keyboard.press("Control+s");
  await expectBrowserSaveSuppressed(page);
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect((await rpcOk(request, token, "exam.questionGet", { id: question.id })).question.question).toBe(
    "<p>Capital of France? (city)</p>",
  );

  // A new question: the shortcut creates it, as the button does.
  await page.goto(`/exams/${examId}/questions/new?type=1`);
  await page.getByRole("textbox", { name: "Question", exact: true }).click();
  await page.keyboard.type("Capital of Spain?");
  await page.getByRole("textbox", { name: "Answer 1", exact: true }).click();
  await page.keyboard.type("Madrid");
  await page.getByRole("textbox", { name: "Answer 2", exact: true }).click();
  await page.keyboard.type("Seville");
  await page.getByLabel("Answer 1 is correct").check();
  await page.keyboard.press("Control+s");
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/questions/\\d+$`));
});

test("⌘S saves a case study, from its name or its description", async ({ page, request, token }) => {
  const examId = await seedExam(request, token);
  await page.goto(`/exams/${examId}/case-studies/new`);
  await watchSaveKey(page);
  await page.getByLabel("Name").fill("Contoso");
  await page.keyboard.press("Meta+s");
  await expectBrowserSaveSuppressed(page);
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/case-studies/\\d+\\?created=1$`));
  const id = Number(/case-studies\/(\d+)/.exec(page.url())![1]);

  await page.getByRole("textbox", { name: "Description", exact: true }).click();
  await page.keyboard.type("Forty machines.");
  await page.keyboard.press("Meta+s");
  await expect(page.getByTestId("case-study-status")).toHaveText("Saved.");
  expect((await rpcOk(request, token, "exam.caseStudyGet", { id })).case_study.description).toBe(
    "<p>Forty machines.</p>",
  );
});

test("Ctrl+S saves the exam settings", async ({ page, request, token }) => {
  const examId = await seedExam(request, token);
  await page.goto(`/exams/${examId}?tab=settings`);
  await watchSaveKey(page);
  const form = page.getByRole("form", { name: "Exam settings" });
  await form.getByLabel("Title", { exact: true }).fill("Keyboard shortcuts");
  await page.keyboard.press("Control+s");
  await expectBrowserSaveSuppressed(page);
  await expect(form.getByText("All changes saved.")).toBeVisible();
  expect((await rpcOk(request, token, "exam.examGet", { id: examId })).exam.title).toBe("Keyboard shortcuts");
});
