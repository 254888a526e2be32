// Near duplicates in the app (contract 15.2 point 3): after a save, the question editor names the
// questions of the workspace whose text is nearly the same, each linked to its editor; the exam
// page's "Near duplicates" dialog lists the groups of its near duplicates with their similarity.
// Both pass axe at 1280 px and at 390 px.
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, rpcOk, test } from "./support/fixtures";

const HTTPS = "Which port does HTTPS use by default on a web server?";
const SERVERS = "Which port does HTTPS use by default on a web servers?";

async function seedExam(request: APIRequestContext, token: string, title: string, code: string): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title, category: "Networking", code, evaluation_method: 1, passing_score: 60 },
  });
  return exam.id;
}

async function seedQuestion(request: APIRequestContext, token: string, examId: number, text: string): Promise<number> {
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type: 1, question: `<p>${text}</p>` },
    answers: [
      { answer: "<p>443</p>", is_correct: true },
      { answer: "<p>80</p>", is_correct: false },
    ],
  });
  return question.id;
}

/** axe at 1280 px and at 390 px; the window is left at 1280 px. */
async function expectAccessible(page: Page, what: string) {
  for (const [label, size] of [
    ["390 px", { width: 390, height: 844 }],
    ["1280 px", { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expectNoAxeViolations(page, `${what} at ${label}`);
  }
}

test("a new question like another shows it after the save, linked to its editor", async ({ page, request, token }) => {
  const bank = await seedExam(request, token, "Web protocols", "WEB-1");
  const original = await seedQuestion(request, token, bank, HTTPS);
  const examId = await seedExam(request, token, "Networking basics", "NET-1");

  await page.goto(`/exams/${examId}/questions/new?type=1`);
  const question = page.getByRole("textbox", { name: "Question", exact: true });
  await question.click();
  await page.keyboard.type(SERVERS);
  await page.getByRole("textbox", { name: "Answer 1", exact: true }).click();
  await page.keyboard.type("443");
  await page.getByRole("textbox", { name: "Answer 2", exact: true }).click();
  await page.keyboard.type("80");
  await page.getByLabel("Answer 1 is correct").check();
  await page.getByRole("button", { name: "Save question" }).click();

  // Saved, at its own address, and still in the editor, which names the similar question.
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/questions/\\d+$`));
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const similar = page.getByRole("region", { name: "A similar question exists" });
  await expect(similar).toBeVisible();
  const link = similar.getByRole("link", { name: `Question ${original} in “Web protocols”` });
  await expect(link).toHaveAttribute("href", `/exams/${bank}/questions/${original}`);
  await expect(similar).toContainText("94 % similar");
  await expectAccessible(page, "the editor naming a similar question");

  // Changing the question text takes the advice away until the next save.
  await question.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Explain why the others are wrong");
  await expect(similar).toBeHidden();

  await page.keyboard.press("ControlOrMeta+z");
  await expect(similar).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/exams/${bank}/questions/${original}$`));
  await expect(page.getByRole("textbox", { name: "Question", exact: true })).toContainText(HTTPS);
});

test("the exam page lists its near duplicates, grouped, with links and their similarity", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token, "Networking basics", "NET-1");
  const other = await seedExam(request, token, "Web protocols", "WEB-1");
  const first = await seedQuestion(request, token, examId, HTTPS);
  await seedQuestion(request, token, examId, "What is the capital city of France?");
  const third = await seedQuestion(request, token, examId, HTTPS);
  const elsewhere = await seedQuestion(request, token, other, SERVERS);

  await page.goto(`/exams/${examId}`);
  await page.getByRole("button", { name: "Near duplicates" }).click();
  const dialog = page.getByRole("dialog", { name: "Near duplicates" });
  await expect(dialog.getByRole("status")).toHaveText("1 group of nearly the same questions.");
  const group = dialog.getByRole("list", { name: "Groups of near duplicates" }).getByRole("listitem").first();
  const links = group.getByRole("link");
  await expect(links).toHaveText(["Question 1", "Question 3", `Question ${elsewhere} in “Web protocols”`]);
  await expect(links.nth(0)).toHaveAttribute("href", `/exams/${examId}/questions/${first}`);
  await expect(links.nth(1)).toHaveAttribute("href", `/exams/${examId}/questions/${third}`);
  await expect(links.nth(2)).toHaveAttribute("href", `/exams/${other}/questions/${elsewhere}`);
  await expect(group).toContainText("100 % similar");
  await expect(group).toContainText("94 % similar");
  await expect(group).toContainText(HTTPS);
  await expectAccessible(page, "the exam page's near duplicates");

  // A lower threshold asks again; the question about France is like none of them.
  await dialog.getByLabel("Similar at least").selectOption("50");
  await expect(dialog.getByRole("status")).toHaveText("1 group of nearly the same questions.");
  await expect(links).toHaveCount(3);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Near duplicates" }).click();
  await expect(page.getByRole("dialog", { name: "Near duplicates" }).getByRole("link").first()).toHaveText(
    "Question 1",
  );
  await page.getByRole("dialog", { name: "Near duplicates" }).getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/questions/${first}$`));
});
