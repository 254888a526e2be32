// Presence (issue 17): the exam page and the question editor show who else has the exam or the
// question open right now (here the same author in a second browser context, as a colleague
// would show), and stop showing a tab a few seconds after it is closed.
import type { Browser, Page } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";

async function secondTab(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
  });
  return context.newPage();
}

test("the exam page and the editor show the other open tabs, and drop a closed one", async ({
  page,
  browser,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Together", category: "C", code: "T-1", evaluation_method: 1, passing_score: 50 },
  });
  const answers = [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }];
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Here?</p>" },
    answers,
  });
  const other = await secondTab(browser, page);

  await page.goto(`/exams/${exam.id}`);
  await expect(page.getByTestId("presence")).toHaveText("");
  await other.goto(`/exams/${exam.id}/questions/${question.id}`);
  // The exam page hears of the editor within a heartbeat or two.
  const person = page.getByTestId("present-person");
  await expect(person).toHaveText("You in another tab", { timeout: 15_000 });
  await expect(person).toHaveAttribute("title", "You, in another tab (on question 1)");

  // The editor of the same question shows the exam page's tab only once it is on that question.
  await expect(other.getByTestId("presence")).toHaveText("");
  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  await expect(other.getByTestId("present-person")).toHaveText("You in another tab", { timeout: 15_000 });
  await expect(page.getByTestId("present-person")).toHaveText("You in another tab", { timeout: 15_000 });

  // Closed without a word: gone once its heartbeat is stale.
  await other.context().close();
  await expect(page.getByTestId("present-person")).toHaveCount(0, { timeout: 25_000 });
});
