// Copies in the app (contract 15.2 points 2 and 4): Duplicate on the exam page and on the exam
// list; the question editor's "Copied from" link and an original's copies; and the exam page's
// bulk work on selected questions (set domain, add and remove tags, copy, move, delete), each
// with one confirmation, by keyboard too, and its errors named per question.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";

// Each bulk action is a server action per question: on a loaded machine, more than a minute.
test.describe.configure({ timeout: 180_000 });

async function createExam(
  request: APIRequestContext,
  token: string,
  title: string,
  code: string,
  domains: { code: string; name: string; weight: number }[] = [],
): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title, category: "IT", code, evaluation_method: 1, passing_score: 70, domains },
  });
  return exam.id;
}

async function addQuestion(
  request: APIRequestContext,
  token: string,
  examId: number,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type: 1, question: `<p>${text}</p>`, ...extra },
    answers: [
      { answer: "<p>Yes</p>", is_correct: true },
      { answer: "<p>No</p>", is_correct: false },
    ],
  });
  return question.id;
}

async function listed(request: APIRequestContext, token: string, examId: number) {
  const { questions } = await rpcOk(request, token, "exam.questionList", { exam_id: examId, limit: 200 });
  return questions.map((q) => ({ ...q, text: q.question.replace(/<[^>]+>/g, "") }));
}

async function openQuestions(page: Page, examId: number) {
  await page.goto(`/exams/${examId}`);
  await expect(page.getByRole("button", { name: "New question" })).toBeVisible();
}

/**
 * The list's status line says `text`: a bulk action is a server action per question, which take
 * their turn with the page's other actions (presence), so on a busy machine they take a while.
 */
const expectStatus = (page: Page, text: string) =>
  expect(page.getByTestId("question-list-status")).toHaveText(text, { timeout: 60_000 });

const rowTexts = (page: Page) => page.getByTestId("question-row").getByTestId("question-text");
const bulkBar = (page: Page) => page.getByRole("region", { name: "Selected questions" });

test("Duplicate on the exam page names the copy and opens it, a draft with copies of every question", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token, "Networking", "NET-1");
  const ids = [await addQuestion(request, token, examId, "Alpha"), await addQuestion(request, token, examId, "Bravo")];
  await rpcOk(request, token, "exam.examUpdateStatus", { id: examId, ready: true });
  await openQuestions(page, examId);

  await page.getByRole("button", { name: "Duplicate", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate “Networking”" });
  const title = dialog.getByLabel("Title of the new exam");
  await expect(title).toHaveValue("Networking (copy)");
  await title.fill("   ");
  await expect(dialog.getByRole("button", { name: "Duplicate exam" })).toBeDisabled();
  await title.fill("Networking 2027");
  await dialog.getByRole("button", { name: "Duplicate exam" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Networking 2027" })).toBeVisible();
  const newId = Number(/\/exams\/(\d+)/.exec(page.url())![1]);
  expect(newId).not.toBe(examId);
  await expect(rowTexts(page)).toHaveText(["Alpha", "Bravo"]);
  await expect(page.getByTestId("exam-code")).toHaveText("NET-1");
  const copies = await listed(request, token, newId);
  expect(copies.map((q) => q.copied_from)).toEqual(ids.map((id) => ({ question_id: id, exam_id: examId, version: 1 })));
  const { exam } = await rpcOk(request, token, "exam.examGet", { id: newId });
  expect(exam.status).toBe("draft");
  // The original stays ready.
  expect((await rpcOk(request, token, "exam.examGet", { id: examId })).exam.status).toBe("ready");
});

test("Duplicate on the exam list copies that row's exam", async ({ page, request, token }) => {
  const examId = await createExam(request, token, "Security basics", "SEC-1");
  await addQuestion(request, token, examId, "Charlie");
  await createExam(request, token, "Other exam", "OTH-1");
  await page.goto("/exams");
  await page.getByRole("button", { name: "Duplicate Security basics" }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate “Security basics”" });
  await expect(dialog.getByLabel("Title of the new exam")).toHaveValue("Security basics (copy)");
  await dialog.getByRole("button", { name: "Duplicate exam" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Security basics (copy)" })).toBeVisible();
  await expect(rowTexts(page)).toHaveText(["Charlie"]);
});

test("a copy links to its original, the original lists its copies, and a deleted original is said to be gone", async ({
  page,
  request,
  token,
}) => {
  const source = await createExam(request, token, "Source", "SRC-1");
  await addQuestion(request, token, source, "First");
  const original = await addQuestion(request, token, source, "Second");
  const target = await createExam(request, token, "Target", "TGT-1");
  await addQuestion(request, token, target, "Already here");
  const { questions } = await rpcOk(request, token, "exam.questionCopy", { ids: [original], exam_id: target });
  const copyId = questions[0]!.id;

  await page.goto(`/exams/${target}/questions/${copyId}`);
  const from = page.getByTestId("copied-from");
  await expect(from).toContainText("Copied from Question 2 of SRC-1");
  await from.getByRole("link", { name: "Question 2 of SRC-1" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${source}/questions/${original}$`));
  const copies = page.getByTestId("question-copies");
  await expect(copies).toContainText("Copied once:");
  await copies.getByRole("link", { name: "Question 2 of TGT-1" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${target}/questions/${copyId}$`));

  await rpcOk(request, token, "exam.questionDelete", { id: original });
  await page.reload();
  await expect(page.getByTestId("copied-from")).toContainText(
    `Copied from a question (id ${original}, version 1) that has been deleted or is in an exam you cannot open.`,
  );
  await expect(page.getByTestId("copied-from").getByRole("link")).toHaveCount(0);
});

test("bulk: select by keyboard, set a domain, add and remove tags, each with one confirmation", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token, "Blueprinted", "BP-1", [
    { code: "1.0", name: "Fundamentals", weight: 0 },
    { code: "2.0", name: "Security", weight: 0 },
  ]);
  for (const text of ["Alpha", "Bravo", "Charlie"])
    await addQuestion(request, token, examId, text, { tags: text === "Bravo" ? ["Keep", "old"] : [] });
  await openQuestions(page, examId);
  await expect(bulkBar(page)).toHaveCount(0);

  // Keyboard: the first question's box, then the third's.
  await page.getByRole("checkbox", { name: "Select question 1" }).focus();
  await page.keyboard.press("Space");
  await page.getByRole("checkbox", { name: "Select question 3" }).focus();
  await page.keyboard.press("Space");
  await expect(bulkBar(page)).toContainText("2 questions selected");

  await bulkBar(page).getByRole("button", { name: "Set domain" }).click();
  let dialog = page.getByRole("dialog", { name: "Set the domain of 2 questions" });
  await dialog.getByLabel("Domain").selectOption({ label: "2.0 Security" });
  await dialog.getByRole("button", { name: "Set domain of 2 questions" }).click();
  await expectStatus(page, "2 questions given the domain.");
  await expect(page.getByTestId("question-row").getByTestId("question-domain")).toHaveText([
    "Domain 2.0",
    "Domain 2.0",
  ]);
  let questions = await listed(request, token, examId);
  const { exam } = await rpcOk(request, token, "exam.examGet", { id: examId });
  expect(questions.map((q) => q.domain_id)).toEqual([exam.domains[1]!.id, null, exam.domains[1]!.id]);

  // All selected, then tags added (a question keeps its own, in any case) and removed.
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await expect(bulkBar(page)).toContainText("3 questions selected");
  await bulkBar(page).getByRole("button", { name: "Add tags" }).click();
  dialog = page.getByRole("dialog", { name: "Add tags to 3 questions" });
  await dialog.getByRole("button", { name: "Add tags to 3 questions" }).click();
  await expect(dialog.getByText("Type at least one tag.")).toBeVisible();
  await dialog.getByLabel("Tags").fill("vpn, OLD");
  await page.keyboard.press("Enter");
  await expectStatus(page, "3 questions tagged.");
  questions = await listed(request, token, examId);
  expect(questions.map((q) => q.tags)).toEqual([
    ["vpn", "OLD"],
    ["Keep", "old", "vpn"],
    ["vpn", "OLD"],
  ]);

  await page.getByRole("checkbox", { name: "Select all" }).check();
  await bulkBar(page).getByRole("button", { name: "Remove tags" }).click();
  dialog = page.getByRole("dialog", { name: "Remove tags from 3 questions" });
  await dialog.getByLabel("Tags").fill("old");
  await dialog.getByRole("button", { name: "Remove tags from 3 questions" }).click();
  await expectStatus(page, "3 questions untagged.");
  questions = await listed(request, token, examId);
  expect(questions.map((q) => q.tags)).toEqual([["vpn"], ["Keep", "vpn"], ["vpn"]]);
  // A finished action clears the selection.
  await expect(bulkBar(page)).toHaveCount(0);
});

test("bulk: copy to another exam, move to another exam, and delete", async ({ page, request, token }) => {
  const examId = await createExam(request, token, "From here", "HERE-1", [{ code: "1.0", name: "One", weight: 0 }]);
  const other = await createExam(request, token, "Elsewhere", "ELSE-1", [{ code: "1.0", name: "Uno", weight: 0 }]);
  const { exam: here } = await rpcOk(request, token, "exam.examGet", { id: examId });
  const ids: number[] = [];
  for (const text of ["Alpha", "Bravo", "Charlie", "Delta"])
    ids.push(await addQuestion(request, token, examId, text, { domain_id: here.domains[0]!.id }));
  await openQuestions(page, examId);

  // Copy Bravo and Delta: appended there in this exam's order, into the domain of the same code.
  await page.getByRole("checkbox", { name: "Select question 2" }).check();
  await page.getByRole("checkbox", { name: "Select question 4" }).check();
  await bulkBar(page).getByRole("button", { name: "Copy to exam" }).click();
  let dialog = page.getByRole("dialog", { name: "Copy 2 questions to another exam" });
  await dialog.getByLabel("Exam").selectOption({ label: "Elsewhere (ELSE-1)" });
  await dialog.getByRole("button", { name: "Copy 2 questions" }).click();
  await expectStatus(page, "2 questions copied to Elsewhere (ELSE-1).");
  await expect(rowTexts(page)).toHaveText(["Alpha", "Bravo", "Charlie", "Delta"]);
  let there = await listed(request, token, other);
  const { exam: elsewhere } = await rpcOk(request, token, "exam.examGet", { id: other });
  expect(there.map((q) => [q.text, q.copied_from?.question_id, q.domain_id])).toEqual([
    ["Bravo", ids[1], elsewhere.domains[0]!.id],
    ["Delta", ids[3], elsewhere.domains[0]!.id],
  ]);

  // Move Alpha and Charlie.
  await page.getByRole("checkbox", { name: "Select question 1" }).check();
  await page.getByRole("checkbox", { name: "Select question 3" }).check();
  await bulkBar(page).getByRole("button", { name: "Move to exam" }).click();
  dialog = page.getByRole("dialog", { name: "Move 2 questions to another exam" });
  await dialog.getByRole("button", { name: "Move 2 questions" }).click();
  await expectStatus(page, "2 questions moved to Elsewhere (ELSE-1).");
  await expect(rowTexts(page)).toHaveText(["Bravo", "Delta"]);
  there = await listed(request, token, other);
  expect(there.map((q) => [q.text, q.id, q.domain_id])).toEqual([
    ["Bravo", there[0]!.id, elsewhere.domains[0]!.id],
    ["Delta", there[1]!.id, elsewhere.domains[0]!.id],
    ["Alpha", ids[0], elsewhere.domains[0]!.id],
    ["Charlie", ids[2], elsewhere.domains[0]!.id],
  ]);

  // Delete the rest, after one confirmation.
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await bulkBar(page).getByRole("button", { name: "Delete" }).click();
  dialog = page.getByRole("dialog", { name: "Delete 2 questions?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rowTexts(page)).toHaveCount(2);
  await bulkBar(page).getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: "Delete 2 questions?" })
    .getByRole("button", { name: "Delete 2 questions" })
    .click();
  await expect(page.getByText("No questions yet")).toBeVisible({ timeout: 60_000 });
  expect(await listed(request, token, examId)).toEqual([]);
});

test("bulk: a question that cannot be moved is named with the reason, and the others move", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token, "With a case", "CASE-1");
  const other = await createExam(request, token, "No case", "NOCASE-1");
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: examId, name: "Contoso", description: "<p>Two offices.</p>" },
  });
  await addQuestion(request, token, examId, "Alpha");
  await addQuestion(request, token, examId, "In the case", { case_study_id: case_study.id });
  await openQuestions(page, examId);
  await page.getByRole("checkbox", { name: "Select all" }).check();
  await bulkBar(page).getByRole("button", { name: "Move to exam" }).click();
  const dialog = page.getByRole("dialog", { name: "Move 2 questions to another exam" });
  await dialog.getByLabel("Exam").selectOption({ label: "No case (NOCASE-1)" });
  await dialog.getByRole("button", { name: "Move 2 questions" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "not moved" });
  await expect(alert).toContainText("1 question of 2 not moved. Question 2: it belongs to the case study “Contoso”", {
    timeout: 60_000,
  });
  await expect(rowTexts(page)).toHaveText(["In the case"]);
  expect((await listed(request, token, other)).map((q) => q.text)).toEqual(["Alpha"]);
  // The failed question stays selected, to try again.
  await expect(bulkBar(page)).toContainText("1 question selected");
});
