// The question list of the exam page: order by drag and by keyboard (read back through
// exam.questionList), delete, duplicate, filter and search, warnings, the "New question" menu.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";

async function createExam(request: APIRequestContext, token: string): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 1,
      title: "Networking basics",
      category: "IT",
      code: "NET-1",
      evaluation_method: 1,
      passing_score: 70,
    },
  });
  return exam.id;
}

/** A single choice question whose text is `text`; `answers` 1 gives it the single-answer warning. */
async function singleChoice(
  request: APIRequestContext,
  token: string,
  examId: number,
  text: string,
  extra: { answers?: number; external_id?: string } = {},
) {
  const answers = [
    { answer: "<p>Yes</p>", is_correct: true, points: 2 },
    { answer: "<p>No</p>", is_correct: false, points: -1 },
  ].slice(0, extra.answers ?? 2);
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 1,
      question: `<p>${text}</p>`,
      explanation: "<p>Because.</p>",
      points: 3,
      ...(extra.external_id ? { external_id: extra.external_id } : {}),
    },
    answers,
  });
  return question.id as number;
}

async function textInput(request: APIRequestContext, token: string, examId: number, text: string) {
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 7,
      question: `<p>${text}</p>`,
      properties: { text_similarity: 90, text_answer: [{ value: "router" }] },
    },
  });
  return question.id as number;
}

async function serverOrder(request: APIRequestContext, token: string, examId: number): Promise<string[]> {
  const { questions } = await rpcOk(request, token, "exam.questionList", { exam_id: examId, limit: 200 });
  return questions.map((q: { question: string }) => q.question.replace(/<[^>]+>/g, ""));
}

async function openQuestions(page: Page, examId: number) {
  await page.goto(`/exams/${examId}`);
  // The exam page may show its sections as tabs.
  const tab = page.getByRole("tab", { name: /^Questions/ });
  if (await tab.count()) await tab.click();
  await expect(page.getByRole("button", { name: "New question" })).toBeVisible();
}

function rows(page: Page): Locator {
  return page.getByTestId("question-row");
}

function rowTexts(page: Page) {
  return rows(page).getByRole("link");
}

/** Drags the row's handle by the mouse onto the centre of `target`. */
/**
 * Drags row `from`'s handle onto row `target` as a person would: the row is picked up, moved until
 * the list says it is over the target's position, then dropped. Each step waits for dnd-kit's
 * announcement of it, as the keyboard moves below do: on a busy machine a drop sent before dnd-kit
 * has measured the rows lands nowhere, and a press sent before the page is hydrated picks nothing
 * up (then it is let go and tried again).
 */
async function dragRow(page: Page, from: Locator, target: Locator, positions: { from: number; to: number }) {
  const handle = from.getByRole("button", { name: /^Reorder question/ });
  const announced = (text: string, timeout?: number) =>
    expect(page.getByText(text, { exact: true })).toBeAttached(timeout === undefined ? {} : { timeout });
  await expect(async () => {
    const a = (await handle.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 3 });
    try {
      // Picked up: dnd-kit says at once that the row is over its own place.
      await announced(`Question ${positions.from} is over position ${positions.from}.`, 2_000);
    } catch (error) {
      await page.mouse.up();
      throw error;
    }
  }).toPass();
  const a = (await handle.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, b.y + b.height / 2 + 4, { steps: 15 });
  await announced(`Question ${positions.from} is over position ${positions.to}.`);
  await page.mouse.up();
}

test("reorder by mouse drag, by keyboard and with the move buttons; the order is saved", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token);
  for (const text of ["Alpha", "Bravo", "Charlie", "Delta"]) await singleChoice(request, token, examId, text);
  await openQuestions(page, examId);
  await expect(rowTexts(page)).toHaveText(["Alpha", "Bravo", "Charlie", "Delta"]);

  // Mouse: Alpha dropped onto Charlie's place.
  await dragRow(page, rows(page).nth(0), rows(page).nth(2), { from: 1, to: 3 });
  await expect(rowTexts(page)).toHaveText(["Bravo", "Charlie", "Alpha", "Delta"]);
  await expect.poll(() => serverOrder(request, token, examId)).toEqual(["Bravo", "Charlie", "Alpha", "Delta"]);

  // Keyboard, through the drag handle: Delta picked up, two places up, dropped.
  const deltaHandle = rows(page).nth(3).getByRole("button", { name: "Reorder question 4" });
  await deltaHandle.focus();
  // Each key waits for the move it made to be announced: dnd-kit measures the rows after a move,
  // and a key pressed before that measures from the old place (a person never types that fast).
  const announced = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press("Space");
  await announced("Question 4 is over position 4.");
  await page.keyboard.press("ArrowUp");
  await announced("Question 4 is over position 3.");
  await page.keyboard.press("ArrowUp");
  await announced("Question 4 is over position 2.");
  await page.keyboard.press("Space");
  await expect(rowTexts(page)).toHaveText(["Bravo", "Delta", "Charlie", "Alpha"]);
  await expect.poll(() => serverOrder(request, token, examId)).toEqual(["Bravo", "Delta", "Charlie", "Alpha"]);

  // Keyboard, through the buttons: the focus stays on the button as its row moves.
  const down = page.getByRole("button", { name: "Move question 1 down" });
  await down.focus();
  await page.keyboard.press("Enter");
  await expect(rowTexts(page)).toHaveText(["Delta", "Bravo", "Charlie", "Alpha"]);
  await expect(page.getByRole("button", { name: "Move question 2 down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(rowTexts(page)).toHaveText(["Delta", "Charlie", "Bravo", "Alpha"]);
  await expect(page.getByTestId("question-list-status")).toHaveText("Question 2 moved to position 3 of 4.");
  await expect.poll(() => serverOrder(request, token, examId)).toEqual(["Delta", "Charlie", "Bravo", "Alpha"]);

  // The saved order is what the page shows after a reload.
  await page.reload();
  await expect(rowTexts(page)).toHaveText(["Delta", "Charlie", "Bravo", "Alpha"]);
});

test("a refused reorder rolls back and says why", async ({ page, request, token }) => {
  const examId = await createExam(request, token);
  for (const text of ["Alpha", "Bravo"]) await singleChoice(request, token, examId, text);
  await openQuestions(page, examId);
  // Another client adds a question: the page's list is now incomplete, so its reorder is refused.
  await singleChoice(request, token, examId, "Charlie");
  await page.getByRole("button", { name: "Move question 1 down" }).click();
  const alert = page.getByRole("region", { name: /^Questions/ }).getByRole("alert");
  await expect(alert).toContainText("The new order was not saved, so the list is back as it was.");
  await expect(alert).toContainText("A question was added meanwhile");
  // Back as it was, then refreshed with the new question.
  await expect(rowTexts(page)).toHaveText(["Alpha", "Bravo", "Charlie"]);
  expect(await serverOrder(request, token, examId)).toEqual(["Alpha", "Bravo", "Charlie"]);
});

test("delete a question after confirmation", async ({ page, request, token }) => {
  const examId = await createExam(request, token);
  for (const text of ["First", "Second", "Third"]) await singleChoice(request, token, examId, text);
  await openQuestions(page, examId);

  await page.getByRole("button", { name: "Delete question 2" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Delete question 2?");
  await expect(dialog).toContainText("Second");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole("button", { name: "Delete question 2" })).toBeFocused();

  await page.getByRole("button", { name: "Delete question 2" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete question" }).click();
  await expect(rowTexts(page)).toHaveText(["First", "Third"]);
  await expect(page.getByTestId("question-list-status")).toHaveText("Question 2 deleted.");
  expect(await serverOrder(request, token, examId)).toEqual(["First", "Third"]);
  const { exam } = await rpcOk(request, token, "exam.examGet", { id: examId });
  expect(exam.question_count).toBe(2);
});

test("duplicate a question: the copy has the same content, sits right after it, and has no external ID", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token);
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: examId, name: "Branch office", description: "<p>A small office.</p>" },
  });
  await singleChoice(request, token, examId, "Other question");
  const { question: original } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 1,
      question: "<p>Which port does <strong>HTTPS</strong> use?</p>",
      explanation: "<p>TLS.</p>",
      points: 4,
      external_id: "ext-https",
      case_study_id: case_study.id,
      tags: ["ports", "TLS"],
    },
    answers: [
      { answer: "<p>443</p>", is_correct: true, points: 1, old_id: "a" },
      { answer: "<p>80</p>", is_correct: false, points: 0, old_id: "b" },
    ],
  });
  await singleChoice(request, token, examId, "Last question");
  await openQuestions(page, examId);

  await page.getByRole("button", { name: "Duplicate question 2" }).click();
  await expect(page.getByTestId("question-list-status")).toContainText("the copy is question 3, right after it");
  await expect(rowTexts(page)).toHaveText([
    "Other question",
    "Which port does HTTPS use?",
    "Which port does HTTPS use?",
    "Last question",
  ]);
  await expect(rows(page).nth(1)).toContainText("ext-https");
  await expect(rows(page).nth(2)).not.toContainText("ext-https");
  await expect(rows(page).nth(2)).toContainText("Branch office");

  await expect
    .poll(() => serverOrder(request, token, examId))
    .toEqual(["Other question", "Which port does HTTPS use?", "Which port does HTTPS use?", "Last question"]);
  const { questions } = await rpcOk(request, token, "exam.questionList", { exam_id: examId });
  const copyId = questions[2]!.id;
  expect(copyId).not.toBe(original.id);
  const questionGet = (id: number) => rpcOk(request, token, "exam.questionGet", { id });
  const [a, b] = await Promise.all([questionGet(original.id), questionGet(copyId)]);
  const strip = ({ id, ...rest }: { id: number }) => (void id, rest);
  expect(b.question).toEqual({ ...a.question, id: copyId, external_id: null });
  expect(b.answers.map(strip)).toEqual(a.answers.map(strip));
});

test("filter by type and search by text or external ID; reordering is off while filtering", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token);
  await singleChoice(request, token, examId, "Which cable is used for Ethernet?", { external_id: "CAB-7" });
  await textInput(request, token, examId, "Name the device that forwards packets");
  await singleChoice(request, token, examId, "Which layer is TCP?");
  await openQuestions(page, examId);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole("button", { name: /^Reorder question/ })).toHaveCount(3);

  await page.getByLabel("Type").selectOption({ label: "Text input" });
  await expect(rowTexts(page)).toHaveText(["Name the device that forwards packets"]);
  await expect(rows(page).first().getByTestId("question-position")).toHaveText("2");
  await expect(page.getByText("Showing 1 of 3. Reordering is off while filtering.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Reorder question/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Move question/ })).toHaveCount(0);

  await page.getByLabel("Type").selectOption({ label: "All types" });
  await page.getByLabel("Search").fill("which TCP");
  await expect(rowTexts(page)).toHaveText(["Which layer is TCP?"]);
  await page.getByLabel("Search").fill("cab-7");
  await expect(rowTexts(page)).toHaveText(["Which cable is used for Ethernet?"]);
  await page.getByLabel("Search").fill("nothing like this");
  await expect(page.getByText("No question matches these filters.")).toBeVisible();

  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole("button", { name: /^Reorder question/ })).toHaveCount(3);
});

test("each row shows its type, case study and warnings, and links to its editor; the New question menu offers every type", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token);
  await openQuestions(page, examId);
  await expect(page.getByText("No questions yet")).toBeVisible();

  const warned = await singleChoice(request, token, examId, "Only one answer here", { answers: 1 });
  await textInput(request, token, examId, "Type the answer");
  await page.reload();
  const first = rows(page).nth(0);
  await expect(first).toContainText("Single choice");
  await expect(first.getByTestId("question-warnings")).toHaveText(/Add at least one more answer/);
  await expect(rows(page).nth(1)).toContainText("Text input");
  await expect(rows(page).nth(1).getByTestId("question-warnings")).toHaveCount(0);
  await expect(first.getByRole("link", { name: "Only one answer here" })).toHaveAttribute(
    "href",
    `/exams/${examId}/questions/${warned}`,
  );

  await page.getByRole("button", { name: "New question" }).click();
  const items = page.getByRole("menuitem");
  await expect(items).toHaveCount(7);
  await expect(page.getByRole("menuitem", { name: /^Sort/ })).toHaveAttribute(
    "href",
    `/exams/${examId}/questions/new?type=6`,
  );
  await page.keyboard.press("Escape");
  await expect(items).toHaveCount(0);
});
