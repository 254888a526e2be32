// Scenarios in the app (contract 16.3 point 4): a response tried in Try it is saved as a scenario,
// the Scenarios panel marks it after every change (before saving), and it is stored with the
// question.
import { expect, rpcOk, test } from "./support/fixtures";

test("Save as scenario in Try it, a live mark in the Scenarios panel, stored with the question", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Networks", category: "IT", code: "NET-1", evaluation_method: 2, passing_score: 60 },
  });
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 2, question: "<p>Which are private IPv4 ranges?</p>" },
    answers: [
      { answer: "<p>10.0.0.0/8</p>", is_correct: true },
      { answer: "<p>192.168.0.0/16</p>", is_correct: true },
      { answer: "<p>8.8.8.0/24</p>", is_correct: false },
    ],
  });
  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  const panel = page.getByTestId("scenarios");
  await expect(panel).toContainText("No scenarios yet.");

  const tryIt = page.getByTestId("try-it");
  await tryIt.getByLabel("Answer A").check();
  await tryIt.getByLabel("Answer B").check();
  await tryIt.getByRole("button", { name: "Save as scenario" }).click();

  const row = panel.getByTestId("scenario");
  await expect(row).toHaveCount(1);
  await expect(row.getByLabel("Name")).toHaveValue("Scenario 1");
  const expected = row.getByLabel("Expected points for Scenario 1");
  await expect(expected).toHaveValue("1");
  await expect(row.getByTestId("scenario-mark")).toHaveText("Passed");

  // A changed expectation fails at once, before saving, and says what the response earns.
  await expected.fill("0.5");
  await expect(row.getByTestId("scenario-mark")).toHaveText("Failed");
  await expect(row.getByTestId("scenario-why")).toHaveText("Earns 1 point. Fully correct: 1 of 1 point");

  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const stored = await rpcOk(request, token, "exam.questionGet", { id: question.id });
  expect(stored.question.scenarios).toEqual([
    { name: "Scenario 1", response: { answers: [1, 2] }, expected_points: 0.5 },
  ]);
  // The server's run gives the mark the panel gave.
  const tested = await rpcOk(request, token, "exam.questionTest", { id: question.id });
  expect(tested.results).toMatchObject([{ name: "Scenario 1", points: 1, passed: false }]);

  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(row.getByLabel("Name")).toHaveValue("Scenario 1");
  await expect(expected).toHaveValue("0.5");
  await expect(row.getByTestId("scenario-mark")).toHaveText("Failed");
});
