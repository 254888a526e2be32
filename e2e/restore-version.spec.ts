// Previous versions of a question (issue 17, part 5): any two compared side by side, and an older
// one restored as a new version, refused when someone saved since the page was loaded.
import { expect, rpcOk, test } from "./support/fixtures";

test("any two versions of a question side by side, and an older one restored as a new version", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Versions", category: "C", code: "V-1", evaluation_method: 2, passing_score: 50 },
  });
  const answers = [{ answer: "<p>Router</p>", is_correct: true }, { answer: "<p>Hub</p>" }];
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>First wording</p>", points: 1 },
    answers,
  });
  const update = (text: string, points: number) =>
    rpcOk(request, token, "exam.questionUpdate", { question: { ...question, question: text, points }, answers });
  await update("<p>Second wording</p>", 2);
  await update("<p>Third wording</p>", 2);
  const history = `/exams/${exam.id}/history?question=${question.id}`;

  await page.goto(history);
  const entries = page.getByTestId("history-entry");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText("Question updated · version 3");
  await expect(entries.nth(2)).toContainText("Question created · version 1");
  // The current version cannot be restored onto itself; the older ones can.
  await expect(entries.nth(0).getByRole("button", { name: /^Restore/ })).toHaveCount(0);
  await expect(entries.nth(1).getByRole("button", { name: "Restore version 2" })).toBeVisible();

  // Version 1 against version 3, side by side.
  const compare = page.getByRole("form", { name: "Compare two versions" });
  await compare.getByLabel("Compare").selectOption({ index: 2 }); // the oldest
  await compare.getByRole("button", { name: "Compare side by side" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare versions of question 1");
  await expect(page.getByTestId("changes")).toHaveText(/Changed:\s*Question text\s*Points$/);
  const sides = page.getByTestId("compared-version");
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0)).toContainText("Version 1");
  await expect(sides.nth(0).getByTestId("version-text")).toHaveText("First wording");
  await expect(sides.nth(1).getByTestId("version-text")).toHaveText("Third wording");

  // Version 1 restored: a new version 4 with its content.
  await page.goto(history);
  await entries.nth(2).getByRole("button", { name: "Restore version 1" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  await expect(page.getByTestId("restore-message")).toHaveText("Restored version 1 as version 4.");
  await expect(entries.nth(0)).toContainText("Question updated · version 4");
  const stored = await rpcOk(request, token, "exam.questionGet", { id: question.id });
  expect([stored.version, stored.question.question, stored.question.points]).toEqual([4, "<p>First wording</p>", 1]);

  // Someone saves after the page was loaded: a restore then is refused, and says so.
  await update("<p>Fifth wording</p>", 5);
  await entries.nth(1).getByRole("button", { name: "Restore version 3" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  const refused = entries.nth(1).getByTestId("restore-message");
  await expect(refused).toContainText("Not restored:");
  await expect(refused).toContainText("saved this question after this page was loaded");
  expect((await rpcOk(request, token, "exam.questionGet", { id: question.id })).version).toBe(5);
});
