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
  const note = page.getByTestId("ready-exam-note");
  await expect(note).toHaveText(
    "This exam is ready. Saving this question puts it back to draft, and its public page is offline until the exam is marked ready again.",
  );
  await page.getByLabel("Points", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(note).toHaveCount(0);
  expect((await rpcOk(request, token, "exam.examGet", { id: exam.id })).exam.status).toBe("draft");

  await page.goto(`/exams/${exam.id}/history`);
  const back = page
    .getByTestId("history-entry")
    .filter({ hasText: "Status changed to draft: question updated while the exam was ready" });
  await expect(back).toHaveCount(1);
  await expect(back.getByTestId("changes")).toHaveText(/^Changed:\s*Status \(set to draft\)$/);
  await expect(back.getByRole("link", { name: "Exam status" })).toBeVisible();
  // The settings and the case study editors of a draft exam say nothing of it.
  await page.goto(`/exams/${exam.id}?tab=settings`);
  await expect(page.getByRole("form", { name: "Exam settings" })).toBeVisible();
  await expect(page.getByTestId("ready-exam-note")).toHaveCount(0);
  await rpcOk(request, token, "exam.examUpdateStatus", { id: exam.id, ready: true });
  await page.reload();
  await expect(page.getByTestId("ready-exam-note")).toHaveText(/Saving these settings puts it back to draft/);
  await page.goto(`/exams/${exam.id}/case-studies/new`);
  await expect(page.getByTestId("ready-exam-note")).toHaveText(/Saving a new case study puts it back to draft/);
});
