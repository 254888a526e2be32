// A question is titled by its number in its exam, never its database id (issue 16, defect 7):
// the editor's heading, the breadcrumb, the page title, the history and a case study's list.
// The id stays in the URL.
import { expect, rpcOk, test } from "./support/fixtures";

// Several page loads and API calls each, on top of signing up: more than the default minute on a busy machine.
test.slow();

test("questions are titled by their number in the exam, the id stays in the URL", async ({ page, request, token }) => {
  const exam = (title: string) =>
    rpcOk(request, token, "exam.examCreate", {
      exam: { type: 2, title, category: "QA", code: "NUM-1", evaluation_method: 1, passing_score: 50 },
    });
  const create = (examId: number, text: string, caseStudyId: number | null = null) =>
    rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: examId, type: 1, question: `<p>${text}</p>`, case_study_id: caseStudyId },
      answers: [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }],
    });
  // Another exam's questions first, so the ids run ahead of the positions.
  const { exam: other } = await exam("Other");
  for (const text of ["One", "Two", "Three"]) await create(other.id, text);
  const { exam: rivers } = await exam("Rivers");
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: rivers.id, name: "Great rivers", description: "<p>Rivers.</p>" },
  });
  await create(rivers.id, "Longest river?");
  const { question } = await create(rivers.id, "Widest river?", case_study.id);
  expect(question.id).toBeGreaterThan(2);
  const idShown = new RegExp(`#\\s*${question.id}\\b`);

  await page.goto(`/exams/${rivers.id}/questions/${question.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Question 2");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Question 2");
  await expect(page).toHaveTitle(/^Question 2 · /);
  await expect(page.locator("main")).not.toContainText(idShown);

  // The history: its entries, the filter's choices, one question's versions.
  await page.goto(`/exams/${rivers.id}/history`);
  const entries = page.getByTestId("history-entry");
  await expect(entries.first().getByRole("link", { name: "Question 2", exact: true })).toHaveAttribute(
    "href",
    `/exams/${rivers.id}/questions/${question.id}`,
  );
  await expect(page.getByLabel("Question", { exact: true }).locator("option")).toHaveText([
    "Choose a question…",
    "1 · Longest river?",
    "2 · Widest river?",
  ]);
  await expect(page.locator("main")).not.toContainText(idShown);
  await page.goto(`/exams/${rivers.id}/history?question=${question.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Previous versions of question 2");
  await expect(page.getByRole("link", { name: "Open question 2 in the editor" })).toHaveAttribute(
    "href",
    `/exams/${rivers.id}/questions/${question.id}`,
  );
  await expect(page.locator("main")).not.toContainText(idShown);

  // The case study lists the questions that use it by number.
  await page.goto(`/exams/${rivers.id}/case-studies/${case_study.id}`);
  await expect(page.getByRole("list", { name: "Questions using this case study" }).getByRole("link")).toHaveText(
    "Question 2: Widest river?",
  );

  // A deleted question is no longer numbered; the rest are numbered afresh.
  await rpcOk(request, token, "exam.questionDelete", {
    id: (await rpcOk(request, token, "exam.questionList", { exam_id: rivers.id })).questions[0]?.id,
  });
  await page.goto(`/exams/${rivers.id}/history`);
  await expect(entries.first()).toContainText("Question deleted");
  await expect(entries.first()).toContainText("Question no longer in this exam");
  await expect(entries.nth(1).getByRole("link", { name: "Question 1", exact: true })).toHaveAttribute(
    "href",
    `/exams/${rivers.id}/questions/${question.id}`,
  );
});
