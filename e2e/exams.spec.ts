// The exam list and the exam page: create, edit every setting, auto-handling of the simulation
// values, validation at the fields, status with its warnings, delete, search and filters, and
// ownership. Each test signs up its own author and seeds its data through /api/json.
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, fieldErrors, fieldWarnings, rpc, rpcOk, signUp, test } from "./support/fixtures";

const BASE_EXAM = {
  type: 2,
  title: "Networking Basics",
  category: "Networking",
  code: "NET-100",
  evaluation_method: 1,
  passing_score: 70,
};

async function seedExam(request: APIRequestContext, token: string, fields: object = {}) {
  const { exam } = await rpcOk(request, token, "exam.examCreate", { exam: { ...BASE_EXAM, ...fields } });
  return exam;
}

/** Adds `count` valid single-choice questions (no warnings) to the exam. */
async function addQuestions(request: APIRequestContext, token: string, examId: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: examId, type: 1, question: `<p>Question ${i + 1}</p>` },
      answers: [
        { answer: "<p>Right</p>", is_correct: true },
        { answer: "<p>Wrong</p>", is_correct: false },
      ],
    });
  }
}

async function getExam(request: APIRequestContext, token: string, id: number) {
  return (await rpcOk(request, token, "exam.examGet", { id })).exam;
}

async function openSettings(page: Page, id: number): Promise<void> {
  await page.goto(`/exams/${id}?tab=settings`);
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
}

const settingsForm = (page: Page) => page.getByRole("form", { name: "Exam settings" });
const inEffect = (page: Page) => page.getByTestId("testing-in-effect");
const afterSave = (page: Page) => page.getByTestId("testing-after-save");

async function saveSettings(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
}

test("a new author creates an exam from the empty list and lands on its page", async ({ page, token, request }) => {
  await page.goto("/exams");
  await expect(page.getByRole("heading", { name: /^No exams in .* yet$/ })).toBeVisible();
  await page.getByRole("button", { name: "Create your first exam" }).click();

  const dialog = page.getByRole("dialog", { name: "New exam" });
  await dialog.getByRole("button", { name: "Create exam" }).click();
  // The API's own schema, in the browser, in the author's words: every missing field at once, nothing sent.
  await expect(fieldErrors(dialog)).toHaveText(["Fill this in.", "Fill this in.", "Fill this in."]);

  await dialog.getByLabel("Title").fill("  Cloud Fundamentals  ");
  await dialog.getByLabel("Code").fill("CLD-900");
  await dialog.getByLabel("Category").fill("Cloud");
  await dialog.getByLabel("Type").selectOption({ label: "Exam" });
  await dialog.getByLabel("Evaluation method").selectOption({ label: "Points gained, pass/fail" });
  await dialog.getByLabel("Passing score (%)").fill("65");
  await dialog.getByRole("button", { name: "Create exam" }).click();

  await expect(page).toHaveURL(/\/exams\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cloud Fundamentals");
  await expect(page.getByTestId("exam-code")).toHaveText("CLD-900");
  await expect(page.getByRole("tab", { name: "Questions" })).toHaveAttribute("aria-selected", "true");

  const id = Number(page.url().split("/").pop());
  const exam = await getExam(request, token, id);
  expect(exam).toMatchObject({
    title: "Cloud Fundamentals",
    code: "CLD-900",
    category: "Cloud",
    type: 3,
    evaluation_method: 2,
    passing_score: 65,
    status: "draft",
  });

  await page.getByRole("link", { name: "Exams", exact: true }).first().click();
  await expect(page.getByTestId("exam-row")).toHaveCount(1);
  await expect(page.getByTestId("exam-row")).toContainText("Cloud Fundamentals");
});

test("the empty exam list says how to start with the page's own controls, the API as a side note", async ({
  page,
  author,
}) => {
  await page.goto("/exams");
  const empty = page.getByTestId("empty-exam-list");
  await expect(empty.getByRole("heading", { name: `No exams in ${author.name} (personal) yet` })).toBeVisible();
  await expect(empty.getByTestId("empty-import-formats")).toHaveText(
    "Bring an exam you already have, as Exam Studio archive, QTI 3.0 content package, QTI 2.1/2.2 content package, Moodle XML, GIFT, Aiken, CSV or Excel spreadsheet (XLSX) " +
      "(download the CSV template). You see what will be imported before anything is stored.",
  );
  await expect(empty.getByRole("link", { name: "download the CSV template" })).toHaveAttribute(
    "href",
    "/templates/questions.csv",
  );
  await expect(empty.getByTestId("empty-api-note")).toHaveText(
    "Programs can add exams too, through the JSON-RPC API: make a token on the API keys page and follow the API guide.",
  );
  await expect(empty.getByRole("link", { name: "API keys" })).toHaveAttribute("href", "/settings/api-keys");
  await expect(empty.getByRole("link", { name: "API guide" })).toHaveAttribute("href", "/docs/guide");
  // Their own workspace: nobody to invite from here.
  await expect(empty.getByRole("link", { name: /^Invite people/ })).toHaveCount(0);
  await expectNoAxeViolations(page, "the empty exam list");

  // The two ways it names are its own buttons, and each opens its dialog.
  await empty.getByRole("button", { name: "Import a file" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import a file as a new exam" });
  await expect(importDialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(importDialog).toBeHidden();
  await empty.getByRole("button", { name: "Create your first exam" }).click();
  await expect(page.getByRole("dialog", { name: "New exam" })).toBeVisible();
});

test("every setting edited on the exam page is stored exactly as entered", async ({ page, token, request }) => {
  const seeded = await seedExam(request, token, { evaluation_method: 3, passing_score: undefined });
  await addQuestions(request, token, seeded.id, 12);
  await openSettings(page, seeded.id);
  const form = settingsForm(page);

  await form.getByLabel("Title", { exact: true }).fill("Routing and Switching");
  await form.getByLabel("Code", { exact: true }).fill("RS-200");
  await form.getByLabel("Category", { exact: true }).fill("Cisco");
  await form.getByRole("radio", { name: "Quiz" }).check();
  await form.getByRole("checkbox", { name: "Check Answer button" }).check();
  await form.getByRole("radio", { name: "Points gained, pass/fail" }).check();
  await form.getByLabel("Passing score (%)").fill("65");
  await form.getByLabel("Questions presented").fill("8");
  await form.getByLabel("Time limit (minutes)").fill("25");
  await expect(afterSave(page)).toContainText("Set by you");
  await expect(afterSave(page)).toContainText("8 questions, 25 minutes");
  await form.getByRole("checkbox", { name: "Shuffle questions" }).uncheck();
  await form.getByRole("checkbox", { name: "Shuffle answers" }).uncheck();
  await form.getByRole("checkbox", { name: "Show the standard introduction" }).uncheck();
  await form.getByRole("checkbox", { name: "Show the description page" }).check();
  await form.getByRole("textbox", { name: "Description" }).fill("Read every question twice.");
  await saveSettings(page);

  const exam = await getExam(request, token, seeded.id);
  expect(exam).toMatchObject({
    title: "Routing and Switching",
    code: "RS-200",
    category: "Cisco",
    type: 1,
    check_answer: 1,
    evaluation_method: 2,
    passing_score: 65,
    testing_auto: false,
    testing_questions: 8,
    testing_time: 25,
    shuffle_questsion: false,
    shuffle_answers: false,
    show_standard_introduction: false,
    show_description_page: true,
  });
  expect(exam.description).toBe("<p>Read every question twice.</p>");

  // The header follows the save, and a reload shows what is stored.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Routing and Switching");
  await page.reload();
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue("Routing and Switching");
  await expect(form.getByRole("textbox", { name: "Description" })).toHaveText("Read every question twice.");
  await expect(page.getByText("No unsaved changes.")).toBeVisible();
  await expect(form.getByRole("radio", { name: "Quiz" })).toBeChecked();
  await expect(form.getByRole("radio", { name: "Points gained, pass/fail" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Check Answer button" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Shuffle questions" })).not.toBeChecked();
  await expect(inEffect(page)).toContainText("Set by you");
  await expect(inEffect(page)).toContainText("8 questions, 25 minutes");

  // Turning the switches back on is stored too.
  await form.getByRole("checkbox", { name: "Check Answer button" }).uncheck();
  await form.getByRole("checkbox", { name: "Shuffle questions" }).check();
  await form.getByRole("checkbox", { name: "Shuffle answers" }).check();
  await form.getByRole("checkbox", { name: "Show the standard introduction" }).check();
  await form.getByRole("radio", { name: "Test" }).check();
  await form.getByRole("radio", { name: "Percent correct, score only" }).check();
  await saveSettings(page);
  expect(await getExam(request, token, seeded.id)).toMatchObject({
    check_answer: 0,
    type: 2,
    evaluation_method: 3,
    passing_score: 65,
    shuffle_questsion: true,
    shuffle_answers: true,
    show_standard_introduction: true,
  });

  // A save the API accepts with a warning shows the warning at its field.
  await form.getByRole("checkbox", { name: "Check Answer button" }).check();
  await saveSettings(page);
  await expect(fieldWarnings(form)).toHaveText([
    "Only a quiz uses the Check Answer button; for this type it has no effect.",
  ]);
  expect((await getExam(request, token, seeded.id)).check_answer).toBe(1);
});

test("testing questions and time follow the question count until set by hand, then go back to automatic", async ({
  page,
  token,
  request,
}) => {
  const seeded = await seedExam(request, token);
  await openSettings(page, seeded.id);
  await expect(inEffect(page)).toContainText("Automatic");
  await expect(inEffect(page)).toContainText("0 questions, no time limit");

  await addQuestions(request, token, seeded.id, 12);
  await page.reload();
  await expect(inEffect(page)).toContainText("Automatic");
  await expect(inEffect(page)).toContainText("10 questions, 15 minutes");
  await expect(settingsForm(page).getByLabel("Questions presented")).toHaveValue("10");
  await expect(page.getByTestId("exam-presents")).toHaveText("presents 10 in 15 min (automatic)");

  await addQuestions(request, token, seeded.id, 3);
  await page.reload();
  await expect(inEffect(page)).toContainText("15 questions, 23 minutes");

  // By hand: the questions are locked, and the time in effect with them.
  await settingsForm(page).getByLabel("Questions presented").fill("12");
  await expect(afterSave(page)).toContainText("Set by you");
  await expect(afterSave(page)).toContainText("12 questions, 23 minutes");
  await saveSettings(page);
  await expect(inEffect(page)).toContainText("Set by you");
  expect(await getExam(request, token, seeded.id)).toMatchObject({
    testing_auto: false,
    testing_questions: 12,
    testing_time: 23,
  });

  // Locked values stay as questions are added.
  await addQuestions(request, token, seeded.id, 1);
  await page.reload();
  await expect(inEffect(page)).toContainText("Set by you");
  await expect(inEffect(page)).toContainText("12 questions, 23 minutes");

  // Time from the questions again (testing_time: -1), still set by hand.
  await page.getByRole("button", { name: "Time from questions (1.5 min each)" }).click();
  await expect(afterSave(page)).toContainText("12 questions, 18 minutes");
  await saveSettings(page);
  expect(await getExam(request, token, seeded.id)).toMatchObject({
    testing_auto: false,
    testing_questions: 12,
    testing_time: 18,
  });

  // A number above the question count is replaced by the automatic values.
  await settingsForm(page).getByLabel("Questions presented").fill("40");
  await expect(afterSave(page)).toContainText("Automatic");
  await expect(afterSave(page)).toContainText("15 questions, 23 minutes");
  await page.getByRole("button", { name: "Discard changes" }).click();

  await page.getByRole("button", { name: "Back to automatic" }).click();
  await expect(afterSave(page)).toContainText("Automatic");
  await expect(afterSave(page)).toContainText("15 questions, 23 minutes");
  await saveSettings(page);
  await expect(inEffect(page)).toContainText("Automatic");
  await expect(inEffect(page)).toContainText("15 questions, 23 minutes");
  expect(await getExam(request, token, seeded.id)).toMatchObject({
    testing_auto: true,
    testing_questions: 15,
    testing_time: 23,
  });
});

test("an invalid value shows its error at the field and nothing is stored", async ({ page, token, request }) => {
  const seeded = await seedExam(request, token, { evaluation_method: 3, passing_score: undefined });
  await addQuestions(request, token, seeded.id, 5);
  const before = await getExam(request, token, seeded.id);
  await openSettings(page, seeded.id);
  const form = settingsForm(page);
  const save = page.getByRole("button", { name: "Save settings" });

  // Checked in the browser with the API's messages: the value at its field, no save possible.
  await form.getByRole("radio", { name: "Percent correct, pass/fail" }).check();
  const score = form.getByLabel("Passing score (%)");
  await score.fill("150");
  await expect(score).toHaveAttribute("aria-invalid", "true");
  await expect(fieldErrors(form)).toHaveText(["Enter a whole number from 0 to 100."]);
  await expect(save).toBeDisabled();

  await form.getByRole("radio", { name: "Exam", exact: true }).check();
  await form.getByLabel("Time limit (minutes)").fill("0");
  await expect(form.getByLabel("Time limit (minutes)")).toHaveAttribute("aria-invalid", "true");
  await expect(fieldErrors(form)).toContainText([
    "An exam needs a time limit: enter the minutes, or use the time from the questions.",
  ]);

  // No passing score is stored: a pass/fail method asks for one at the field, before any save.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await form.getByLabel("Title", { exact: true }).fill("Renamed but not saved");
  await form.getByRole("radio", { name: "Percent correct, pass/fail" }).check();
  await expect(score).toHaveAttribute("aria-invalid", "true");
  await expect(fieldErrors(form)).toHaveText(["Enter a whole number from 0 to 100."]);
  await expect(save).toBeDisabled();
  // Everything typed stays, and nothing was stored.
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue("Renamed but not saved");
  await expect(form.getByRole("radio", { name: "Percent correct, pass/fail" })).toBeChecked();
  const stored = await getExam(request, token, seeded.id);
  expect(stored).toEqual(before);

  // Fixing it saves.
  await score.fill("80");
  await saveSettings(page);
  expect(await getExam(request, token, seeded.id)).toMatchObject({
    title: "Renamed but not saved",
    evaluation_method: 1,
    passing_score: 80,
  });
});

test("leaving the page with unsaved settings asks first", async ({ page, token, request }) => {
  const seeded = await seedExam(request, token);
  await openSettings(page, seeded.id);
  await settingsForm(page).getByLabel("Title", { exact: true }).fill("Half-typed");

  // Switching tabs keeps the form as typed.
  await page.getByRole("tab", { name: "Questions" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${seeded.id}$`));
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page).toHaveURL(/tab=settings/);
  await expect(settingsForm(page).getByLabel("Title", { exact: true })).toHaveValue("Half-typed");

  // An in-app link asks; staying keeps the edits.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${seeded.id}\\?tab=settings$`));
  await expect(settingsForm(page).getByLabel("Title", { exact: true })).toHaveValue("Half-typed");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  expect((await getExam(request, token, seeded.id)).title).toBe(BASE_EXAM.title);
});

test("marking ready: refused with warnings, then ready anyway; without warnings at once", async ({
  page,
  token,
  request,
}) => {
  const empty = await seedExam(request, token, { title: "Empty exam" });
  await page.goto(`/exams/${empty.id}`);
  await page.getByRole("button", { name: "Mark ready" }).click();
  const warnings = page.getByTestId("readiness-warnings");
  await expect(warnings).toContainText("Not marked ready");
  await expect(warnings).toContainText("The exam has no questions yet: add them with");
  expect((await getExam(request, token, empty.id)).status).toBe("draft");

  await warnings.getByRole("button", { name: "Mark ready anyway" }).click();
  await expect(warnings).toContainText("Marked ready with 1 warning");
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible();
  expect((await getExam(request, token, empty.id)).status).toBe("ready");

  await page.getByRole("button", { name: "Back to draft" }).click();
  // It says first that the public page goes offline (components/exams/ready-exam-guard.tsx).
  await page
    .getByRole("alertdialog", { name: "Take the exam back to draft?" })
    .getByRole("button", { name: "Back to draft" })
    .click();
  await expect(page.getByRole("button", { name: "Mark ready" })).toBeVisible();
  expect((await getExam(request, token, empty.id)).status).toBe("draft");

  const complete = await seedExam(request, token, { title: "Complete exam" });
  await addQuestions(request, token, complete.id, 2);
  await page.goto(`/exams/${complete.id}`);
  await page.getByRole("button", { name: "Mark ready" }).click();
  await expect(page.getByRole("button", { name: "Back to draft" })).toBeVisible();
  await expect(page.getByTestId("readiness-warnings")).toHaveCount(0);
  expect((await getExam(request, token, complete.id)).status).toBe("ready");
});

test("deleting an exam after confirmation", async ({ page, token, request }) => {
  const keep = await seedExam(request, token, { title: "Keep me" });
  const doomed = await seedExam(request, token, { title: "Delete me" });
  await addQuestions(request, token, doomed.id, 1);
  await page.goto(`/exams/${doomed.id}`);

  await page.getByRole("button", { name: "Delete exam" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete “Delete me”?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  expect((await getExam(request, token, doomed.id)).title).toBe("Delete me");

  await page.getByRole("button", { name: "Delete exam" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete exam" }).click();
  await expect(page).toHaveURL(/\/exams$/);
  await expect(page.getByTestId("exam-row")).toHaveCount(1);
  await expect(page.getByTestId("exam-row")).toContainText("Keep me");
  expect((await rpc(request, token, "exam.examGet", { id: doomed.id })).error?.code).toBe(-32004);
  expect((await getExam(request, token, keep.id)).title).toBe("Keep me");
});

test("searching, filtering and sorting the exam list, kept in the URL", async ({ page, token, request }) => {
  await seedExam(request, token, { title: "Zeta Security", code: "SEC-300", category: "Security" });
  const ready = await seedExam(request, token, { title: "Alpha Networks", code: "NET-200", category: "Networking" });
  await seedExam(request, token, { title: "Gamma Cloud", code: "CLD-100", category: "Cloud" });
  await seedExam(request, token, { title: "Beta Storage", code: "STO-400", category: "Networking" });
  await rpcOk(request, token, "exam.examUpdateStatus", { id: ready.id, ready: true, ignore_warnings: true });

  await page.goto("/exams");
  const rows = page.getByTestId("exam-row");
  const titles = () => rows.locator("td:first-child a");
  // Most recently updated first.
  await expect(titles()).toHaveText(["Alpha Networks", "Beta Storage", "Gamma Cloud", "Zeta Security"]);

  // Search matches title, code or category.
  await page.getByRole("searchbox", { name: "Search" }).fill("network");
  await expect(titles()).toHaveText(["Alpha Networks", "Beta Storage"]);
  await expect(page).toHaveURL(/q=network/);
  await page.getByRole("searchbox", { name: "Search" }).fill("cld-");
  await expect(titles()).toHaveText(["Gamma Cloud"]);
  await page.getByRole("searchbox", { name: "Search" }).fill("");
  await expect(rows).toHaveCount(4);

  await page.getByLabel("Sort by").selectOption({ label: "Title (A–Z)" });
  await expect(titles()).toHaveText(["Alpha Networks", "Beta Storage", "Gamma Cloud", "Zeta Security"]);
  await page.getByLabel("Sort by").selectOption({ label: "Code (A–Z)" });
  await expect(titles()).toHaveText(["Gamma Cloud", "Alpha Networks", "Zeta Security", "Beta Storage"]);

  await page.getByLabel("Status").selectOption({ label: "Draft" });
  await expect(titles()).toHaveText(["Gamma Cloud", "Zeta Security", "Beta Storage"]);
  await expect(page).toHaveURL(/status=draft/);
  await expect(page).toHaveURL(/sort=code/);

  // A reload shows the same list.
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("draft");
  await expect(page.getByLabel("Sort by")).toHaveValue("code");
  await expect(titles()).toHaveText(["Gamma Cloud", "Zeta Security", "Beta Storage"]);

  await page.getByLabel("Status").selectOption({ label: "Ready" });
  await expect(titles()).toHaveText(["Alpha Networks"]);
  await expect(rows.first()).toContainText("Ready");

  await page.getByRole("searchbox", { name: "Search" }).fill("nothing like this");
  await expect(page.getByText("No exams match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Show all exams" }).click();
  await expect(rows).toHaveCount(4);
});

test("one author cannot open another author's exam by its URL", async ({ page, token, request }) => {
  const theirs = await seedExam(request, token, { title: "Private exam" });
  await page.goto(`/exams/${theirs.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Private exam");

  await page.context().clearCookies();
  await signUp(page);
  for (const path of [
    `/exams/${theirs.id}`,
    `/exams/${theirs.id}?tab=settings`,
    "/exams/2147483000",
    "/exams/not-a-number",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Exam not found" })).toBeVisible();
    await expect(page.getByText("Private exam")).toHaveCount(0);
  }
  await page.goto("/exams");
  await expect(page.getByRole("heading", { name: /^No exams in .* yet$/ })).toBeVisible();
});
