// Every action that takes a ready exam back to draft says so before it runs, in one way (issue 23,
// defect 4): a confirmation for actions without one of their own, the same warning inside the
// dialogs that already confirm (delete, restore, import). Cancel changes nothing: the exam stays
// ready. Continuing once is enough for the page visit: the exam is a draft after it.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";

// Many page loads and API calls per test on a busy machine.
test.slow();

const ANSWERS = [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }];

interface ReadyExam {
  examId: number;
  questionIds: number[];
  caseStudyId: number;
}

/** A ready exam of three questions (Alpha, Bravo, Charlie) and an unused case study. */
async function readyExam(request: APIRequestContext, token: string): Promise<ReadyExam> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Published exam", category: "IT", code: "PUB-1", evaluation_method: 1, passing_score: 50 },
  });
  const questionIds: number[] = [];
  for (const text of ["Alpha", "Bravo", "Charlie"]) {
    const { question } = await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, type: 1, question: `<p>${text}</p>` },
      answers: ANSWERS,
    });
    questionIds.push(question.id);
  }
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: exam.id, name: "Branch office", description: "<p>A small office.</p>" },
  });
  await rpcOk(request, token, "exam.examUpdateStatus", { id: exam.id, ready: true });
  return { examId: exam.id, questionIds, caseStudyId: case_study.id };
}

async function statusOf(request: APIRequestContext, token: string, examId: number): Promise<string> {
  return (await rpcOk(request, token, "exam.examGet", { id: examId })).exam.status;
}

async function serverOrder(request: APIRequestContext, token: string, examId: number): Promise<string[]> {
  const { questions } = await rpcOk(request, token, "exam.questionList", { exam_id: examId, limit: 200 });
  return questions.map((q: { question: string }) => q.question.replace(/<[^>]+>/g, ""));
}

/** The exam is as the test made it: ready, its three questions in their order. */
async function expectUnchanged(request: APIRequestContext, token: string, examId: number) {
  expect(await statusOf(request, token, examId)).toBe("ready");
  expect(await serverOrder(request, token, examId)).toEqual(["Alpha", "Bravo", "Charlie"]);
}

/** The confirmation asked before an action without a dialog of its own. */
const askDialog = (page: Page) => page.getByRole("alertdialog", { name: "Take the exam back to draft?" });

/** What every such warning says, for the action `doing` ("Moving a question"). */
const warningText = (examId: number, doing: string) =>
  `This exam is ready and published at /e/${examId}. ${doing} takes it back to draft, and its public page goes offline until you mark it ready again.`;

async function expectAsked(page: Page, examId: number, doing: string): Promise<Locator> {
  const dialog = askDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("ready-exam-warning")).toHaveText(warningText(examId, doing));
  await expect(dialog.getByRole("link", { name: `/e/${examId}` })).toHaveAttribute("href", `/e/${examId}`);
  return dialog;
}

const rowTexts = (page: Page) => page.getByTestId("question-row").getByRole("link");

async function openExam(page: Page, examId: number) {
  await page.goto(`/exams/${examId}`);
  await expect(rowTexts(page)).toHaveText(["Alpha", "Bravo", "Charlie"]);
}

test("Move down asks first; Cancel leaves the order and the exam as they were", async ({ page, request, token }) => {
  const { examId } = await readyExam(request, token);
  await openExam(page, examId);
  await page.getByRole("button", { name: "Move question 1 down" }).click();
  const dialog = await expectAsked(page, examId, "Moving a question");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rowTexts(page)).toHaveText(["Alpha", "Bravo", "Charlie"]);
  await expect(page.getByRole("button", { name: "Move question 1 down" })).toBeFocused();
  await expectUnchanged(request, token, examId);
});

test("a keyboard move asks first; Escape leaves the order and the exam as they were", async ({
  page,
  request,
  token,
}) => {
  const { examId } = await readyExam(request, token);
  await openExam(page, examId);
  await page.getByRole("button", { name: "Reorder question 3" }).focus();
  const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press("Space");
  await announced("Question 3 is over position 3.");
  await page.keyboard.press("ArrowUp");
  await announced("Question 3 is over position 2.");
  await page.keyboard.press("Space");
  const dialog = await expectAsked(page, examId, "Moving a question");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(rowTexts(page)).toHaveText(["Alpha", "Bravo", "Charlie"]);
  await expectUnchanged(request, token, examId);
});

test("Duplicate asks first; Cancel adds nothing", async ({ page, request, token }) => {
  const { examId } = await readyExam(request, token);
  await openExam(page, examId);
  await page.getByRole("button", { name: "Duplicate question 2" }).click();
  const dialog = await expectAsked(page, examId, "Duplicating a question");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("question-row")).toHaveCount(3);
  await expectUnchanged(request, token, examId);
});

test("the delete dialog of a question says it too; Cancel deletes nothing", async ({ page, request, token }) => {
  const { examId } = await readyExam(request, token);
  await openExam(page, examId);
  await page.getByRole("button", { name: "Delete question 2" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete question 2?" });
  await expect(dialog.getByTestId("ready-exam-warning")).toHaveText(warningText(examId, "Deleting a question"));
  await expect(askDialog(page)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("question-row")).toHaveCount(3);
  await expectUnchanged(request, token, examId);
});

test("Import questions says it beside its Import button; closing imports nothing", async ({ page, request, token }) => {
  const { examId } = await readyExam(request, token);
  await openExam(page, examId);
  await page.getByRole("button", { name: "Import questions" }).click();
  const dialog = page.getByRole("dialog", { name: "Import questions into this exam" });
  await dialog.getByLabel("File to import").setInputFiles({
    name: "more.gift",
    mimeType: "text/plain",
    buffer: Buffer.from("::Port::Which port? {=443 ~80}\n"),
  });
  const plan = dialog.getByTestId("import-plan");
  await expect(plan).toContainText("1 to create, 0 to update, 0 to skip.");
  await expect(plan.getByTestId("ready-exam-warning")).toHaveText(warningText(examId, "Importing questions"));
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expectUnchanged(request, token, examId);
});

test("saving the settings asks first; Cancel saves nothing", async ({ page, request, token }) => {
  const { examId } = await readyExam(request, token);
  await openExam(page, examId);
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByLabel("Title").fill("Published exam, renamed");
  await page.getByRole("button", { name: "Save settings" }).click();
  const dialog = await expectAsked(page, examId, "Saving these settings");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await rpcOk(request, token, "exam.examGet", { id: examId })).exam.title).toBe("Published exam");
  await expectUnchanged(request, token, examId);
  await page.getByLabel("Title").fill("Published exam");
  await page.getByRole("tab", { name: /^Questions/ }).click();
});

test("Back to draft says what it does to the public page; Cancel keeps the exam ready", async ({
  page,
  request,
  token,
}) => {
  const { examId } = await readyExam(request, token);
  await openExam(page, examId);
  await page.getByRole("button", { name: "Back to draft" }).click();
  const dialog = askDialog(page);
  await expect(dialog.getByTestId("ready-exam-warning")).toHaveText(
    `This exam is ready and published at /e/${examId}. Taking it back to draft takes its public page offline until you mark it ready again.`,
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible();
  await expectUnchanged(request, token, examId);
});

test("continuing takes the exam back to draft, asks once per visit, and asks again once it is ready again", async ({
  page,
  request,
  token,
}) => {
  const { examId } = await readyExam(request, token);
  await page.goto(`/exams/${examId}`);

  await page.getByRole("button", { name: "Move question 1 down" }).click();
  await (await expectAsked(page, examId, "Moving a question")).getByRole("button", { name: "Move anyway" }).click();
  await expect(rowTexts(page)).toHaveText(["Bravo", "Alpha", "Charlie"]);
  await expect(page.getByRole("button", { name: "Move question 2 down" })).toBeFocused();
  await expect.poll(() => serverOrder(request, token, examId)).toEqual(["Bravo", "Alpha", "Charlie"]);
  await expect.poll(() => statusOf(request, token, examId)).toBe("draft");

  // The exam is a draft now: further moves just happen.
  await page.getByRole("button", { name: "Move question 2 down" }).click();
  await expect(rowTexts(page)).toHaveText(["Bravo", "Charlie", "Alpha"]);
  await expect(askDialog(page)).toHaveCount(0);
  await expect.poll(() => serverOrder(request, token, examId)).toEqual(["Bravo", "Charlie", "Alpha"]);

  // Marked ready again on this page: the next move asks again.
  await page.getByRole("button", { name: "Mark ready" }).click();
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Move question 1 down" }).click();
  await (await expectAsked(page, examId, "Moving a question")).getByRole("button", { name: "Cancel" }).click();
  expect(await statusOf(request, token, examId)).toBe("ready");
});

test("New question: saving the new question asks first; Cancel keeps the form and adds nothing", async ({
  page,
  request,
  token,
}) => {
  const { examId } = await readyExam(request, token);
  await page.goto(`/exams/${examId}`);
  await page.getByRole("button", { name: "New question" }).click();
  await page.getByRole("menuitem", { name: /^Text input/ }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/questions/new\\?type=7$`));
  await page.getByRole("textbox", { name: "Question", exact: true }).click();
  await page.keyboard.type("Name the largest ocean.");
  await page.getByLabel("Accepted value 1", { exact: true }).fill("Pacific");
  await page.getByRole("button", { name: "Save question" }).click();
  const dialog = await expectAsked(page, examId, "Adding a question");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Save question" })).toBeFocused();
  await expect(page.getByLabel("Accepted value 1", { exact: true })).toHaveValue("Pacific");
  await expectUnchanged(request, token, examId);
});

test("the question editor asks before the first save; Save anyway saves, and the next save just saves", async ({
  page,
  request,
  token,
}) => {
  const { examId, questionIds } = await readyExam(request, token);
  await page.goto(`/exams/${examId}/questions/${questionIds[1]}`);
  await page.getByLabel("Points", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Save question" }).click();
  const dialog = await expectAsked(page, examId, "Saving this question");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
  expect((await rpcOk(request, token, "exam.questionGet", { id: questionIds[1] })).question.points).toBe(1);
  await expectUnchanged(request, token, examId);

  // Saving anyway saves, and the exam is a draft: the next save just saves.
  await page.getByRole("button", { name: "Save question" }).click();
  await askDialog(page).getByRole("button", { name: "Save anyway" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  expect(await statusOf(request, token, examId)).toBe("draft");
  await page.getByLabel("Points", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(askDialog(page)).toHaveCount(0);
  expect((await rpcOk(request, token, "exam.questionGet", { id: questionIds[1] })).question.points).toBe(3);
});

test("a new case study asks first; Cancel adds nothing", async ({ page, request, token }) => {
  const { examId } = await readyExam(request, token);
  await page.goto(`/exams/${examId}/case-studies/new`);
  await page.getByLabel("Name").fill("Head office");
  await page.getByRole("button", { name: "Create case study" }).click();
  const dialog = await expectAsked(page, examId, "Adding a case study");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await rpcOk(request, token, "exam.caseStudyList", { exam_id: examId })).case_studies).toHaveLength(1);
  await expectUnchanged(request, token, examId);
});

test("saving a case study asks first; Cancel saves nothing", async ({ page, request, token }) => {
  const { examId, caseStudyId } = await readyExam(request, token);
  await page.goto(`/exams/${examId}/case-studies/${caseStudyId}`);
  await page.getByLabel("Name").fill("Branch office, renamed");
  await page.getByRole("button", { name: "Save changes" }).click();
  const dialog = await expectAsked(page, examId, "Saving this case study");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await rpcOk(request, token, "exam.caseStudyGet", { id: caseStudyId })).case_study.name).toBe("Branch office");
  await expectUnchanged(request, token, examId);
});

test("the delete dialog of a case study says it too; Cancel deletes nothing", async ({ page, request, token }) => {
  const { examId, caseStudyId } = await readyExam(request, token);
  await page.goto(`/exams/${examId}/case-studies/${caseStudyId}`);
  await page.getByRole("button", { name: "Delete case study" }).click();
  const remove = page.getByRole("alertdialog", { name: 'Delete case study "Branch office"?' });
  await expect(remove.getByTestId("ready-exam-warning")).toHaveText(warningText(examId, "Deleting a case study"));
  await expect(askDialog(page)).toHaveCount(0);
  await remove.getByRole("button", { name: "Cancel" }).click();
  expect((await rpcOk(request, token, "exam.caseStudyList", { exam_id: examId })).case_studies).toHaveLength(1);
  await expectUnchanged(request, token, examId);
});

test("the restore dialog of a version says it too; Cancel restores nothing", async ({ page, request, token }) => {
  const { examId, questionIds } = await readyExam(request, token);
  // A second version, made while the exam was a draft, then the exam marked ready again.
  await rpcOk(request, token, "exam.examUpdateStatus", { id: examId, ready: false });
  await rpcOk(request, token, "exam.questionUpdate", {
    question: { id: questionIds[0], exam_id: examId, type: 1, question: "<p>Alpha</p>", points: 2 },
    answers: ANSWERS,
  });
  await rpcOk(request, token, "exam.examUpdateStatus", { id: examId, ready: true });
  await page.goto(`/exams/${examId}/history?question=${questionIds[0]}`);
  await page.getByRole("button", { name: "Restore version 1" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Restore version 1?" });
  await expect(dialog.getByTestId("ready-exam-warning")).toHaveText(warningText(examId, "Restoring a version"));
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await rpcOk(request, token, "exam.questionGet", { id: questionIds[0] })).question.points).toBe(2);
  await expectUnchanged(request, token, examId);
});
