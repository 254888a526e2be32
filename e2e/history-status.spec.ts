// A status change reads as a status change in the history (issue 16, defect 8), also when a
// question write put the exam back to draft in between (which writes no exam entry of its own).
import { expect, rpcOk, test } from "./support/fixtures";

// Several page loads and API calls each, on top of signing up: more than the default minute on a busy machine.
test.slow();

test("the history says what a status change did", async ({ page, request, token }) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", { exam: { type: 2, title: "Status", category: "C", code: "S-1", evaluation_method: 1, passing_score: 50 } });
  const answers = [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }];
  const { question } = await rpcOk(request, token, "exam.questionCreate", { question: { exam_id: exam.id, type: 1, question: "<p>Ready?</p>" }, answers });

  await page.goto(`/exams/${exam.id}`);
  await page.getByRole("button", { name: "Mark ready" }).click();
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible({ timeout: 30_000 });
  // A question write puts the exam back to draft; marking it ready again is a status change too.
  await rpcOk(request, token, "exam.questionUpdate", { question: { id: question.id, exam_id: exam.id, type: 1, question: "<p>Ready now?</p>" }, answers });
  await page.reload();
  await page.getByRole("button", { name: "Mark ready" }).click();
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible({ timeout: 30_000 });

  await page.goto(`/exams/${exam.id}/history`);
  const statusEntries = page.getByTestId("history-entry").filter({ hasText: "Status changed to ready" });
  await expect(statusEntries).toHaveCount(2);
  for (let i = 0; i < 2; i++) await expect(statusEntries.nth(i).getByTestId("changes")).toHaveText(/^Changed:\s*Status \(set to ready\)$/);
  await expect(page.locator("main")).not.toContainText("No change to the stored content");
});
