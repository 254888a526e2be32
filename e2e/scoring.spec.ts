// Scoring modes in the app (contract 16.1): the author chooses a partial-credit mode in the
// question editor, saves it, and Try it says why a partial answer earned what it did.
import { expect, rpcOk, test } from "./support/fixtures";

test("a scoring mode chosen in the editor is saved and Try it says why a partial answer scores", async ({
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
      { answer: "<p>172.16.0.0/12</p>", is_correct: true },
      { answer: "<p>192.168.0.0/16</p>", is_correct: true },
      { answer: "<p>8.8.8.0/24</p>", is_correct: false },
    ],
  });
  await page.goto(`/exams/${exam.id}/questions/${question.id}`);

  const scoring = page.getByLabel("Scoring");
  await expect(scoring).toHaveValue("all_or_nothing");
  await scoring.selectOption({ label: "Per answer" });
  await expect(page.getByTestId("scoring-example")).toHaveText(
    "A candidate who selects 2 of the 3 correct answers earns 0.67 of 1 point; all or nothing: 0.",
  );
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  const stored = await rpcOk(request, token, "exam.questionGet", { id: question.id });
  expect(stored.question.properties).toEqual({ scoring: "per_answer" });

  const tryIt = page.getByTestId("try-it");
  await tryIt.getByLabel("Answer A").check();
  await tryIt.getByLabel("Answer B").check();
  await tryIt.getByRole("button", { name: "Check" }).click();
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Not correct: 0.67 of 1 point.");
  await expect(tryIt.getByTestId("try-it-why")).toHaveText("2 of 3 correct answers selected: 0.67 of 1 point");
});
