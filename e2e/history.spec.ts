// The history page (contract 12): an exam and a question made through the API, the question
// edited and saved in the editor, then the exam's history shows each write with who made it and
// through what, and the question's previous versions show its text before and after the edit.
import { expect, rpcOk, signUp, test } from "./support/fixtures";

test("the history lists the writes and a question's versions show what changed", async ({
  page,
  request,
  token,
  author,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Rivers", category: "Geography", code: "RIV-1", evaluation_method: 1, passing_score: 50 },
  });
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: exam.id, name: "Great rivers", description: "<p>Rivers of the world.</p>" },
  });
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Which river is longest?</p>", case_study_id: case_study.id },
    answers: [{ answer: "<p>Nile</p>", is_correct: true }, { answer: "<p>Thames</p>" }],
  });

  // Edit the question's text in the editor and save (the web app: no token name).
  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  const text = page.getByRole("textbox", { name: "Question", exact: true });
  await text.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Which river carries the most water?");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");

  // The exam page links to its history: every write, newest first.
  await page.goto(`/exams/${exam.id}`);
  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/history$`));
  await expect(page.getByRole("heading", { name: "History", level: 1 })).toBeVisible();
  const entries = page.getByTestId("history-entry");
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText("Question updated");
  await expect(entries.nth(0)).toContainText(`by ${author.email} via web app`);
  await expect(entries.nth(0).getByRole("link", { name: "Question 1", exact: true })).toHaveAttribute(
    "href",
    `/exams/${exam.id}/questions/${question.id}`,
  );
  await expect(entries.nth(1)).toContainText("Question created");
  await expect(entries.nth(1)).toContainText(`by ${author.email} via API token e2e`);
  // A case study is named as it is called, and links to its editor.
  await expect(entries.nth(2)).toContainText("Case study created");
  await expect(entries.nth(2).getByRole("link", { name: "Case study “Great rivers”" })).toHaveAttribute(
    "href",
    `/exams/${exam.id}/case-studies/${case_study.id}`,
  );
  await expect(entries.nth(3)).toContainText("Exam created");
  await expect(entries.nth(3).getByRole("link", { name: "Exam settings" })).toBeVisible();

  // The stored version opens on request.
  await entries.nth(3).getByText("Stored data").click();
  await expect(entries.nth(3).locator("pre")).toContainText('"code": "RIV-1"');

  // Filter to the question through the select: its two versions, the newer one naming the change.
  await page.getByLabel("Question", { exact: true }).selectOption(String(question.id));
  await page.getByRole("button", { name: "Show versions" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/history\\?question=${question.id}$`));
  await expect(page.getByRole("heading", { name: "Previous versions of question 1" })).toBeVisible();
  await expect(entries).toHaveCount(2);
  const versionTexts = page.getByTestId("version-text");
  await expect(versionTexts.nth(0)).toHaveText("Which river carries the most water?");
  await expect(versionTexts.nth(1)).toHaveText("Which river is longest?");
  await expect(entries.nth(0).getByTestId("changes").locator("[data-field]")).toHaveText(["Question text"]);
  await expect(entries.nth(0).getByRole("list", { name: "Answers" })).toContainText("Nile");
  await expect(entries.nth(0).getByTestId("question-version")).toContainText("Case study:Great rivers");

  // The editor's own link opens the same filtered view.
  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  await page.getByRole("link", { name: "Previous versions" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/history\\?question=${question.id}$`));
  await expect(entries).toHaveCount(2);
});

test("another author's exam history is the 404 page, like a missing exam's", async ({
  page,
  request,
  token,
  browser,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Mine", category: "C", code: "M-1", evaluation_method: 1, passing_score: 50 },
  });
  await page.goto(`/exams/${exam.id}/history`);
  await expect(page.getByTestId("history-entry")).toHaveCount(1);

  const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await otherContext.newPage();
  await signUp(other);
  expect((await other.goto(`/exams/${exam.id}/history`))?.status()).toBe(404);
  expect((await other.goto("/exams/2000000000/history"))?.status()).toBe(404);
  await otherContext.close();
});
