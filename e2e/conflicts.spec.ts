// Saves that never silently overwrite someone else's work (contract 14.2): the same question,
// exam or case study open in two browser contexts; the second save is refused, says who saved
// what, keeps what was typed, and lets the author take the other version or save over it.
import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, rpcOk, test } from "./support/fixtures";

/** A second browser context of the same author (another tab, another machine). */
async function secondTab(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
  });
  return context.newPage();
}

const richText = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const conflict = (page: Page) => page.getByTestId("conflict");
const saveStatus = (page: Page) => page.getByTestId("save-status");

async function seedExam(request: Parameters<typeof rpcOk>[0], token: string) {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Networking", category: "IT", code: "NET-1", evaluation_method: 1, passing_score: 60 },
  });
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Which layer routes packets?</p>" },
    answers: [
      { answer: "<p>Network</p>", is_correct: true },
      { answer: "<p>Session</p>", is_correct: false },
    ],
  });
  return { examId: exam.id as number, questionId: question.id as number };
}

test("a question saved in one tab and then in another: the second hears who changed what, and saves over it knowingly or takes it", async ({
  page,
  browser,
  request,
  token,
  author,
}) => {
  const { examId, questionId } = await seedExam(request, token);
  const url = `/exams/${examId}/questions/${questionId}`;
  const other = await secondTab(browser, page);
  await page.goto(url);
  await other.goto(url);

  // Tab 1 adds an explanation and saves.
  await richText(page, "Explanation").click();
  await page.keyboard.type("The network layer routes.");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(saveStatus(page)).toHaveText("All changes saved");

  // Tab 2, opened before that save, changes the points: refused, with what tab 1 changed.
  await other.getByLabel("Points", { exact: true }).fill("3");
  await other.getByRole("button", { name: "Save question" }).click();
  await expect(conflict(other)).toContainText(`${author.name} (${author.email}) saved this question at`);
  await expect(conflict(other).getByTestId("changes")).toHaveText(/Changed:\s*Explanation$/);
  await expect(saveStatus(other)).toHaveText("Not saved: someone else saved first");
  await expect(other.getByLabel("Points", { exact: true })).toHaveValue("3");
  await expectNoAxeViolations(other, "the question editor with a conflict");
  let stored = await rpcOk(request, token, "exam.questionGet", { id: questionId });
  expect(stored.question.points).toBe(1);
  expect(stored.question.explanation).toBe("<p>The network layer routes.</p>");
  expect(stored.version).toBe(2);

  // Saved over it knowingly: tab 2's question as it stands, explanation and all.
  await conflict(other).getByRole("button", { name: "Save mine over theirs" }).click();
  await expect(saveStatus(other)).toHaveText("All changes saved");
  await expect(conflict(other)).toHaveCount(0);
  stored = await rpcOk(request, token, "exam.questionGet", { id: questionId });
  expect(stored.question.points).toBe(3);
  expect(stored.question.explanation).toBe("");
  expect(stored.version).toBe(3);

  // Now tab 1 is behind: its next save is refused; it takes tab 2's version instead.
  await richText(page, "Question").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" (OSI)");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(conflict(page).getByTestId("changes")).toContainText("Points");
  await expect(conflict(page).getByTestId("changes")).toContainText("Explanation");
  await conflict(page).getByRole("button", { name: "Load their version" }).click();
  await expect(conflict(page)).toHaveCount(0);
  await expect(page.getByLabel("Points", { exact: true })).toHaveValue("3");
  await expect(richText(page, "Question")).toHaveText("Which layer routes packets?");
  await expect(saveStatus(page)).toHaveText("");
  // Taking their version stores nothing; the next save is based on it and goes through.
  expect((await rpcOk(request, token, "exam.questionGet", { id: questionId })).version).toBe(3);
  await page.getByLabel("Points", { exact: true }).fill("4");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(saveStatus(page)).toHaveText("All changes saved");
  stored = await rpcOk(request, token, "exam.questionGet", { id: questionId });
  expect([stored.question.points, stored.version]).toEqual([4, 4]);
});

test("the exam's settings and status, and a case study, refuse a save over another tab's and say what changed", async ({
  page,
  browser,
  request,
  token,
}) => {
  const { examId } = await seedExam(request, token);
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: examId, name: "Contoso", description: "<p>Two offices.</p>" },
  });
  const other = await secondTab(browser, page);
  await page.goto(`/exams/${examId}?tab=settings`);
  await other.goto(`/exams/${examId}?tab=settings`);

  // Tab 1 renames the exam.
  const settings = (p: Page) => p.getByRole("form", { name: "Exam settings" });
  await settings(page).getByLabel("Title", { exact: true }).fill("Networking 101");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Networking 101");

  // Tab 2 marks the exam ready: refused, the status unchanged; it looks at their version.
  await other.getByRole("button", { name: "Mark ready" }).click();
  await expect(conflict(other).getByTestId("changes")).toHaveText(/Changed:\s*Title$/);
  expect((await rpcOk(request, token, "exam.examGet", { id: examId })).exam.status).toBe("draft");
  await conflict(other).getByRole("button", { name: "Load their version" }).click();
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Networking 101");
  await expect(settings(other).getByLabel("Title", { exact: true })).toHaveValue("Networking 101");

  // Tab 1 is now behind on nothing; tab 2 changes the code, tab 1 (stale after that) the category.
  await settings(other).getByLabel("Code", { exact: true }).fill("NET-101");
  await other.getByRole("button", { name: "Save settings" }).click();
  await expect(other.getByTestId("exam-code")).toHaveText("NET-101");
  await settings(page).getByLabel("Category", { exact: true }).fill("Networks");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(conflict(page).getByTestId("changes")).toHaveText(/Changed:\s*Code$/);
  await expect(settings(page).getByLabel("Category", { exact: true })).toHaveValue("Networks");
  await conflict(page).getByRole("button", { name: "Save mine over theirs" }).click();
  await expect(conflict(page)).toHaveCount(0);
  // examUpdate sends only the fields this tab changed: both changes stand.
  const exam = (await rpcOk(request, token, "exam.examGet", { id: examId })).exam;
  expect([exam.title, exam.code, exam.category]).toEqual(["Networking 101", "NET-101", "Networks"]);

  // A case study edited in both tabs.
  const caseUrl = `/exams/${examId}/case-studies/${case_study.id}`;
  await page.goto(caseUrl);
  await other.goto(caseUrl);
  await page.getByLabel("Name", { exact: true }).fill("Contoso Ltd");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("case-study-status")).toHaveText("Saved.");
  await other.getByLabel("Name", { exact: true }).fill("Contoso Inc");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(conflict(other).getByTestId("changes")).toHaveText(/Changed:\s*Name$/);
  await expect(other.getByTestId("case-study-status")).toHaveText(
    "Not saved: someone else saved this case study after you opened it.",
  );
  await conflict(other).getByRole("button", { name: "Load their version" }).click();
  await expect(other.getByLabel("Name", { exact: true })).toHaveValue("Contoso Ltd");
  expect((await rpcOk(request, token, "exam.caseStudyGet", { id: case_study.id })).case_study.name).toBe("Contoso Ltd");
});
