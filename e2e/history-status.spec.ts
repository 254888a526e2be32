// A status change reads as a status change in the history (issue 16, defect 8), also when a
// question write put the exam back to draft in between (which writes no exam entry of its own).
import { expect, rpcOk, test } from "./support/fixtures";

// Several page loads and API calls each, on top of signing up: more than the default minute on a busy machine.
test.slow();

test("the history says what a status change did", async ({ page, request, token }) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Status", category: "C", code: "S-1", evaluation_method: 1, passing_score: 50 },
  });
  const answers = [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }];
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Ready?</p>" },
    answers,
  });

  await page.goto(`/exams/${exam.id}`);
  await page.getByRole("button", { name: "Mark ready" }).click();
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible({ timeout: 30_000 });
  // A question write puts the exam back to draft; marking it ready again is a status change too.
  await rpcOk(request, token, "exam.questionUpdate", {
    question: { id: question.id, exam_id: exam.id, type: 1, question: "<p>Ready now?</p>" },
    answers,
  });
  await page.reload();
  await page.getByRole("button", { name: "Mark ready" }).click();
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible({ timeout: 30_000 });

  await page.goto(`/exams/${exam.id}/history`);
  const statusEntries = page.getByTestId("history-entry").filter({ hasText: "Status changed to ready" });
  await expect(statusEntries).toHaveCount(2);
  for (let i = 0; i < 2; i++)
    await expect(statusEntries.nth(i).getByTestId("changes")).toHaveText(/^Changed:\s*Status \(set to ready\)$/);
  await expect(page.locator("main")).not.toContainText("No change to the stored content");
});

test("an editor says before saving that the save takes a ready exam back to draft, and the history shows that return", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Ready one", category: "C", code: "R-1", evaluation_method: 1, passing_score: 50 },
  });
  const answers = [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }];
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Ready?</p>" },
    answers,
  });
  await rpcOk(request, token, "exam.examUpdateStatus", { id: exam.id, ready: true });

  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  await page.getByLabel("Points", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Save question" }).click();
  const ask = page.getByRole("alertdialog", { name: "Take the exam back to draft?" });
  await expect(ask.getByTestId("ready-exam-warning")).toHaveText(
    `This exam is ready and published at /e/${exam.id}. Saving this question takes it back to draft, and its public page goes offline until you mark it ready again.`,
  );
  await ask.getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect((await rpcOk(request, token, "exam.examGet", { id: exam.id })).exam.status).toBe("draft");

  await page.goto(`/exams/${exam.id}/history`);
  const back = page
    .getByTestId("history-entry")
    .filter({ hasText: "Status changed to draft: question updated while the exam was ready" });
  await expect(back).toHaveCount(1);
  await expect(back.getByTestId("changes")).toHaveText(/^Changed:\s*Status \(set to draft\)$/);
  await expect(back.getByRole("link", { name: "Exam status" })).toBeVisible();
  // The settings of a draft exam are saved without a word of it.
  await page.goto(`/exams/${exam.id}?tab=settings`);
  await page.getByLabel("Title").fill("Ready one, renamed");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect
    .poll(async () => (await rpcOk(request, token, "exam.examGet", { id: exam.id })).exam.title)
    .toBe("Ready one, renamed");
  await expect(ask).toHaveCount(0);
});
