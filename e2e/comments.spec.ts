// Review comments on a question (contract 14.2 rule 5) in the browser: written, resolved and
// reopened in the question editor's comment panel, counted on the exam page's question list, and
// read back through exam.commentList; the editor with comments passes axe and fits a phone.
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, rpcOk, test } from "./support/fixtures";

async function seedExam(request: APIRequestContext, token: string) {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Networking", category: "IT", code: "NET-1", evaluation_method: 1, passing_score: 60 },
  });
  const ids: number[] = [];
  for (const text of ["Which layer routes packets?", "Which port does HTTPS use?"]) {
    const { question } = await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, type: 1, question: `<p>${text}</p>` },
      answers: [
        { answer: "<p>Network</p>", is_correct: true },
        { answer: "<p>Session</p>", is_correct: false },
      ],
    });
    ids.push(question.id);
  }
  return { examId: exam.id as number, questionIds: ids };
}

const panel = (page: Page) => page.getByTestId("comment-panel");
const openList = (page: Page) => panel(page).getByRole("list", { name: "Open comments" });
const resolvedList = (page: Page) => panel(page).getByRole("list", { name: "Resolved comments" });

/** Where the editor's explanation box is on the page (not in the viewport, which scrolls; it is not sticky). */
function explanationPosition(page: Page) {
  return page.getByRole("textbox", { name: "Explanation", exact: true }).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
  });
}

async function addComment(page: Page, text: string) {
  await panel(page).getByLabel("New comment").fill(text);
  await panel(page).getByRole("button", { name: "Add comment" }).click();
  await expect(panel(page).getByLabel("New comment")).toHaveValue("");
}

test("two comments written in the question editor, one resolved and reopened; the exam page counts the open ones", async ({
  page,
  request,
  token,
  author,
}) => {
  const { examId, questionIds } = await seedExam(request, token);
  const [questionId] = questionIds;
  await page.goto(`/exams/${examId}/questions/${questionId}`);
  await expect(panel(page).getByText("No comments yet.")).toBeVisible();
  const explanationBefore = await explanationPosition(page);

  // An empty comment is not sent: the box says why.
  await panel(page).getByRole("button", { name: "Add comment" }).click();
  await expect(panel(page).getByText("Write the comment first.")).toBeVisible();

  await addComment(page, "Answer 2 is right too\non some networks.\n<b>not bold</b>");
  // Ctrl+Enter adds the second one from the keyboard.
  await panel(page).getByLabel("New comment").fill("Shorten the question.");
  await panel(page).getByLabel("New comment").press("Control+Enter");
  await expect(openList(page).getByTestId("comment")).toHaveCount(2);

  const [first, second] = [openList(page).getByTestId("comment").nth(0), openList(page).getByTestId("comment").nth(1)];
  // Line breaks kept, HTML shown as text, the author named.
  expect(await first.getByTestId("comment-body").innerText()).toBe(
    "Answer 2 is right too\non some networks.\n<b>not bold</b>",
  );
  await expect(first.locator("b")).toHaveCount(0);
  await expect(first).toContainText(author.name);
  await expect(first).toContainText(author.email);
  await expect(second.getByTestId("comment-body")).toHaveText("Shorten the question.");
  await expect(panel(page).getByTestId("comment-counts")).toHaveText("2 open");
  // Typing and sending comments leaves the question saved, and the editor's controls where they were.
  await expect(page.getByTestId("save-status")).not.toHaveText(/Unsaved/);
  expect(await explanationPosition(page)).toEqual(explanationBefore);

  // Resolve the second: it goes behind "Show resolved (1)", which takes the focus.
  await second.getByRole("button", { name: "Resolve" }).click();
  const toggle = panel(page).getByRole("button", { name: "Show resolved (1)" });
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(openList(page).getByTestId("comment")).toHaveCount(1);
  await expect(panel(page).getByTestId("comment-counts")).toHaveText("1 open · 1 resolved");
  await expect(resolvedList(page)).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(panel(page).getByRole("button", { name: "Hide resolved (1)" })).toHaveAttribute("aria-expanded", "true");
  const resolved = resolvedList(page).getByTestId("comment");
  await expect(resolved).toHaveCount(1);
  await expect(resolved).toContainText("Shorten the question.");
  await expect(resolved).toContainText("Resolved");

  let stored = await rpcOk(request, token, "exam.commentList", { question_id: questionId });
  expect(stored.comments.map((c) => [c.body, c.resolved, c.resolved_at === null])).toEqual([
    ["Answer 2 is right too\non some networks.\n<b>not bold</b>", false, true],
    ["Shorten the question.", true, false],
  ]);
  expect(stored.comments[0]?.author).toEqual({ email: author.email, name: author.name });

  await expectNoAxeViolations(page, "the question editor with open and resolved comments");
  await panel(page).screenshot({ path: test.info().outputPath("comment-panel.png") });

  // The exam page's list: the open count on the first question's row only.
  await page.goto(`/exams/${examId}`);
  const rows = page.getByTestId("question-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId("open-comments")).toHaveText("1 open comment");
  await expect(rows.nth(0).getByTestId("open-comments")).toBeVisible();
  await expect(rows.nth(1).getByTestId("open-comments")).toHaveCount(0);

  // Reopen it: both open again, and the list counts two.
  await page.goto(`/exams/${examId}/questions/${questionId}`);
  await panel(page).getByRole("button", { name: "Show resolved (1)" }).click();
  await resolvedList(page).getByRole("button", { name: "Reopen" }).click();
  await expect(openList(page).getByTestId("comment")).toHaveCount(2);
  await expect(page.locator(`#comment-${stored.comments[1]!.id}`)).toBeFocused();
  await expect(panel(page).getByRole("button", { name: /resolved/ })).toHaveCount(0);
  stored = await rpcOk(request, token, "exam.commentList", { question_id: questionId });
  expect(stored.comments.map((c) => [c.resolved, c.resolved_at])).toEqual([
    [false, null],
    [false, null],
  ]);
  // Comments are not question content: the question is still at version 1.
  expect((await rpcOk(request, token, "exam.questionGet", { id: questionId })).version).toBe(1);

  await page.goto(`/exams/${examId}`);
  await expect(page.getByTestId("question-row").nth(0).getByTestId("open-comments")).toHaveText("2 open comments");
  await page
    .getByTestId("question-row")
    .nth(0)
    .screenshot({ path: test.info().outputPath("question-row.png") });
  await expectNoAxeViolations(page, "the exam page with comment counts");
});

test("a new question has no comment panel; a refused comment is said in the author's words", async ({
  page,
  request,
  token,
}) => {
  const { examId, questionIds } = await seedExam(request, token);
  await page.goto(`/exams/${examId}/questions/new?type=1`);
  await expect(page.getByRole("button", { name: "Save question" })).toBeVisible();
  await expect(panel(page)).toHaveCount(0);

  await page.goto(`/exams/${examId}/questions/${questionIds[1]}`);
  // Over the limit: the count turns up near it, and the box says what to do.
  await panel(page).getByLabel("New comment").fill("x".repeat(5001));
  await expect(panel(page).getByText("5001 of 5000 characters")).toBeVisible();
  await panel(page).getByRole("button", { name: "Add comment" }).click();
  await expect(panel(page).getByText("Shorten this to at most 5000 characters.")).toBeVisible();
  // The question deleted meanwhile (another tab): the panel says so instead of failing silently.
  await rpcOk(request, token, "exam.questionDelete", { id: questionIds[1] });
  await panel(page).getByLabel("New comment").fill("Still there?");
  await panel(page).getByRole("button", { name: "Add comment" }).click();
  await expect(panel(page).getByTestId("comment-notice")).toHaveText(
    "The comment was not added. This no longer exists; it may have been deleted. Reload the page.",
  );
  await expect(panel(page).getByLabel("New comment")).toHaveValue("Still there?");
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the comment panel fits the screen, long words and all", async ({ page, request, token }) => {
    const { examId, questionIds } = await seedExam(request, token);
    const questionId = questionIds[0]!;
    await rpcOk(request, token, "exam.commentCreate", {
      question_id: questionId,
      body: `See https://example.com/${"very-long-path-".repeat(12)}\n\tand this.`,
    });
    const done = await rpcOk(request, token, "exam.commentCreate", {
      question_id: questionId,
      body: "Resolved already.",
    });
    await rpcOk(request, token, "exam.commentResolve", { id: done.comment.id, resolved: true });
    await page.goto(`/exams/${examId}/questions/${questionId}`);
    await panel(page).getByRole("button", { name: "Show resolved (1)" }).click();
    await panel(page).scrollIntoViewIfNeeded();
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(390);
    for (const control of [
      panel(page).getByRole("button", { name: "Add comment" }),
      openList(page).getByRole("button", { name: "Resolve" }),
      resolvedList(page).getByRole("button", { name: "Reopen" }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await panel(page).screenshot({ path: test.info().outputPath("comment-panel-phone.png") });
    await expectNoAxeViolations(page, "the comment panel at phone width");
  });
});
