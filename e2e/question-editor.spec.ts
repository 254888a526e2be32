// The question editor (types 1, 2, 6, 7; the image types are in area-editor.spec.ts): questions made in the browser are read
// back through /api/json exactly as entered, invalid ones show their errors at the field and store
// nothing, and a question made through the API opens completely and saves back unchanged.
import type { APIRequestContext, Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { makePng } from "../tests/support/media-fixtures";
import { expect, fieldErrors, fieldWarnings, rpcOk, test } from "./support/fixtures";

// ---------------------------------------------------------------------------------------------
// Helpers

async function seedExam(request: APIRequestContext, token: string, title = "Geography basics"): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title, category: "Geography", code: "GEO-1", evaluation_method: 2, passing_score: 60 },
  });
  return exam.id as number;
}

function pngFile(width: number, height: number, rgb: [number, number, number] = [30, 120, 200]) {
  const buffer = Buffer.from(makePng(width, height, rgb));
  return {
    file: { name: "diagram.png", mimeType: "image/png", buffer },
    mediaPath: `/media/${createHash("sha256").update(buffer).digest("hex")}.png`,
  };
}

/** A rich-text field's editable region, by its label. */
const richText = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

/** Types into a rich-text field; `{ bold }` parts are typed with Ctrl/Cmd+B on. */
async function typeRich(page: Page, label: string, parts: (string | { bold: string })[]) {
  await richText(page, label).click();
  await page.keyboard.press("ControlOrMeta+End");
  for (const part of parts) {
    if (typeof part === "string") {
      await page.keyboard.type(part);
    } else {
      await page.keyboard.press("ControlOrMeta+b");
      await page.keyboard.type(part.bold);
      await page.keyboard.press("ControlOrMeta+b");
    }
  }
}

async function uploadInto(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(`Upload image or audio for ${label}`, { exact: true }).setInputFiles(file);
  // The editor shows the file (from a blob: URL) until the save.
  await expect(page.locator("img").filter({ visible: true }).and(page.locator('[src^="blob:"]')).first()).toBeVisible();
}

/** The text of stored HTML: tags removed, a space between blocks, whitespace collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<\/(p|li|h[1-6]|td|th)>|<br\s*\/?>/g, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();

async function saveNew(page: Page, examId: number): Promise<number> {
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/questions/\\d+$`));
  return Number(page.url().split("/").pop());
}

async function getQuestion(request: APIRequestContext, token: string, id: number) {
  return rpcOk(request, token, "exam.questionGet", { id });
}

/** The exam's questions as questionList returns them, answer ids left out (re-issued on every save). */
async function listed(request: APIRequestContext, token: string, examId: number) {
  const { questions } = await rpcOk(request, token, "exam.questionList", { exam_id: examId });
  return questions.map((q) => ({ ...q, answers: q.answers.map(({ id: _id, ...a }) => a) }));
}

// ---------------------------------------------------------------------------------------------
// Creating each type in the browser

/** What the editor says after saving a question as it was loaded (nothing is written). */
const NOTHING_TO_SAVE = "Nothing to save: this question is as it was last saved.";

test("a single choice question made in the editor is read back through the API as entered", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const image = pngFile(40, 30);
  await page.goto(`/exams/${examId}/questions/new?type=1`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("New single choice question");

  await typeRich(page, "Question", ["Which city is ", { bold: "the capital" }, " of France?"]);
  await uploadInto(page, "Question", image.file);
  await page.getByRole("button", { name: "Add answer" }).click();
  await typeRich(page, "Answer 1", ["Paris"]);
  await typeRich(page, "Answer 2", ["Lyon"]);
  await typeRich(page, "Answer 3", ["Marseille"]);
  await page.getByRole("button", { name: "Move answer 3 up" }).click(); // Paris, Marseille, Lyon
  await page.getByLabel("Answer 1 is correct").check();
  await page.getByLabel("Points for answer 1").fill("2");
  await page.getByLabel("Points for answer 3").fill("-1");
  await typeRich(page, "Explanation", ["Paris has been the capital since ", { bold: "987" }, "."]);
  await page.getByLabel("Points", { exact: true }).fill("3");
  await page.getByLabel("External id").fill("geo-capital-fr");
  const id = await saveNew(page, examId);

  const { question, answers } = await getQuestion(request, token, id);
  expect(question).toMatchObject({
    exam_id: examId,
    type: 1,
    points: 3,
    external_id: "geo-capital-fr",
    case_study_id: null,
    properties: {},
  });
  expect(textOf(question.question)).toBe("Which city is the capital of France?");
  expect(question.question).toContain("<strong>the capital</strong>");
  expect(question.question).toMatch(new RegExp(`<img[^>]*src="${image.mediaPath}"`));
  expect(textOf(question.explanation)).toBe("Paris has been the capital since 987.");
  expect(question.explanation).toContain("<strong>987</strong>");
  expect(answers.map((a) => [textOf(a.answer), a.is_correct, a.points])).toEqual([
    ["Paris", true, 2],
    ["Marseille", false, 0],
    ["Lyon", false, -1],
  ]);
  expect(answers.map((a) => a.order)).toEqual([1, 2, 3]);

  // The edit page shows what is stored, the image from its /media/ path.
  await expect(richText(page, "Question").locator(`img[src="${image.mediaPath}"]`)).toBeVisible();
  await expect(page.getByLabel("Answer 1 is correct")).toBeChecked();
  await expect(page.getByLabel("External id")).toHaveValue("geo-capital-fr");
});

test("a multiple choice question made in the editor is read back through the API as entered", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: examId, name: "River systems", description: "<p>Rivers.</p>" },
  });
  const image = pngFile(24, 24, [200, 40, 40]);
  await page.goto(`/exams/${examId}/questions/new?type=2`);

  await typeRich(page, "Question", ["Which rivers flow through ", { bold: "Germany" }, "?"]);
  await page.getByRole("button", { name: "Add answer" }).click();
  await typeRich(page, "Answer 1", ["Rhine"]);
  await uploadInto(page, "Answer 1", image.file);
  await typeRich(page, "Answer 2", ["Danube"]);
  await typeRich(page, "Answer 3", ["Loire"]);
  await page.getByLabel("Answer 1 is correct").check();
  await expect(fieldWarnings(page)).toContainText(["Only one answer is marked correct"]);
  await page.getByLabel("Answer 2 is correct").check();
  await expect(fieldWarnings(page)).toHaveCount(0);
  await page.getByLabel("Case study").selectOption({ label: "River systems" });
  const id = await saveNew(page, examId);

  const { question, answers } = await getQuestion(request, token, id);
  expect(question).toMatchObject({
    type: 2,
    points: 1,
    case_study_id: case_study.id,
    external_id: null,
    explanation: "",
  });
  expect(question.question).toContain("<strong>Germany</strong>");
  expect(textOf(question.question)).toBe("Which rivers flow through Germany?");
  expect(answers.map((a) => [textOf(a.answer), a.is_correct])).toEqual([
    ["Rhine", true],
    ["Danube", true],
    ["Loire", false],
  ]);
  expect(answers[0]?.answer).toMatch(new RegExp(`<img[^>]*src="${image.mediaPath}"`));
  await expect(page.getByLabel("Case study")).toHaveValue(String(case_study.id));
});

test("a sort question: the sequence is set by keyboard and by dragging, with a distractor", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const image = pngFile(32, 16, [20, 160, 60]);
  await page.goto(`/exams/${examId}/questions/new?type=6`);

  await typeRich(page, "Question", ["Put the planets in order, ", { bold: "closest" }, " to the Sun first."]);
  await uploadInto(page, "Question", image.file);
  await typeRich(page, "Answer 1", ["Mars"]);
  await typeRich(page, "Answer 2", ["Mercury"]);
  await typeRich(page, "Answer 3", ["Venus"]);

  // Keyboard: pick up answer 2 (Mercury), move it up one place, drop it: Mercury, Mars, Venus.
  // Each step waits for the list's screen-reader announcement, as a person waits for feedback.
  const handle = page.getByRole("button", { name: "Drag answer 2" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByText("Answer 2 is over position 1.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(richText(page, "Answer 1")).toHaveText("Mercury");

  // Mouse: drag answer 3 (Venus) above answer 2 (Mars): Mercury, Venus, Mars.
  const from = await page.getByRole("button", { name: "Drag answer 3" }).boundingBox();
  const to = await page.getByRole("button", { name: "Drag answer 2" }).boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(to!.x + to!.width / 2, to!.y + 2, { steps: 12 });
  await page.mouse.up();
  await expect(richText(page, "Answer 2")).toHaveText("Venus");
  await expect(richText(page, "Answer 3")).toHaveText("Mars");

  await page.getByLabel("Allow distractors (optional answers)").check();
  await page.getByRole("button", { name: "Add distractor" }).click();
  await typeRich(page, "Answer 4", ["Pluto"]);
  const id = await saveNew(page, examId);

  const { question, answers } = await getQuestion(request, token, id);
  expect(question).toMatchObject({ type: 6, properties: { optional_answers: true } });
  expect(question.question).toContain("<strong>closest</strong>");
  expect(question.question).toMatch(new RegExp(`<img[^>]*src="${image.mediaPath}"`));
  expect(answers.map((a) => [textOf(a.answer), a.is_correct, a.order])).toEqual([
    ["Mercury", true, 1],
    ["Venus", true, 2],
    ["Mars", true, 3],
    ["Pluto", false, 4],
  ]);
});

test("a text input question: accepted values, similarity, case sensitivity and trying an answer", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const image = pngFile(16, 16, [90, 90, 20]);
  await page.goto(`/exams/${examId}/questions/new?type=7`);

  await typeRich(page, "Question", ["Name the ", { bold: "largest" }, " ocean."]);
  await uploadInto(page, "Question", image.file);
  await page.getByLabel("Accepted value 1", { exact: true }).fill("Pacific");
  await page.getByLabel("Points for accepted value 1").fill("2");
  await page.getByRole("button", { name: "Add accepted value" }).click();
  await page.getByLabel("Accepted value 2", { exact: true }).fill("Pacific Ocean");
  await page.getByLabel("Similarity required (%)").fill("80");

  const tryBox = page.getByTestId("try-an-answer");
  await tryBox.getByLabel("Try an answer").fill("pacifik");
  // "pacifik" vs "pacific": one edit in 7 letters, 85.7 %.
  await expect(tryBox.getByTestId("try-result").first()).toContainText("85.7%");
  await expect(tryBox.getByTestId("try-verdict")).toContainText(
    "Accepted: 85.7% similar to “Pacific” (2 extra points)",
  );
  await tryBox.getByLabel("Try an answer").fill("Atlantic");
  await expect(tryBox.getByTestId("try-verdict")).toContainText("Not accepted");
  await page.getByLabel("Case sensitive").check();
  await tryBox.getByLabel("Try an answer").fill("PACIFIC");
  await expect(tryBox.getByTestId("try-result").first()).toContainText("14.2%");
  await page.getByLabel("Case sensitive").uncheck();
  await expect(tryBox.getByTestId("try-result").first()).toContainText("100%");

  const id = await saveNew(page, examId);
  const { question, answers } = await getQuestion(request, token, id);
  expect(answers).toEqual([]);
  expect(question.properties).toEqual({
    text_similarity: 80,
    case_sensitive: false,
    text_answer: [{ value: "Pacific", points: 2 }, { value: "Pacific Ocean" }],
  });
  expect(question.question).toContain("<strong>largest</strong>");
  expect(question.question).toMatch(new RegExp(`<img[^>]*src="${image.mediaPath}"`));
});

// ---------------------------------------------------------------------------------------------
// Errors and warnings

test("an invalid question shows its errors at the fields and nothing is stored", async ({ page, request, token }) => {
  const examId = await seedExam(request, token);

  // Checked in the browser while editing: the same rules and messages as the API.
  await page.goto(`/exams/${examId}/questions/new?type=7`);
  await typeRich(page, "Question", ["Spell the colour."]);
  await page.getByLabel("Similarity required (%)").fill("150");
  await page.getByRole("button", { name: "Remove accepted value 1" }).click();
  const similarity = page
    .getByLabel("Similarity required (%)")
    .locator("xpath=ancestor::div[contains(@class,'flex-col')][1]");
  await expect(fieldErrors(similarity)).toHaveText(["Enter a whole number from 0 to 100."]);
  await expect(fieldErrors(page).filter({ hasText: "Add at least one accepted answer." })).toHaveCount(1);
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("issue-summary")).toContainText("Nothing was saved");
  await expect(page).toHaveURL(/questions\/new\?type=7$/);
  await expect(page.getByLabel("Similarity required (%)")).toHaveValue("150"); // the form is kept as typed

  // Found by the server on save (an answer without text) and placed at that answer.
  await page.goto(`/exams/${examId}/questions/new?type=1`);
  await typeRich(page, "Question", ["Pick one."]);
  await typeRich(page, "Answer 1", ["Yes"]);
  await page.getByLabel("Answer 1 is correct").check();
  await page.getByRole("button", { name: "Save question" }).click();
  const answer2 = page.getByTestId("answer-row").nth(1);
  await expect(fieldErrors(answer2)).toHaveText(["Write something here, or insert a picture or sound."]);
  await expect(fieldErrors(page.getByTestId("answer-row").first())).toHaveCount(0);
  await expect(richText(page, "Answer 1")).toHaveText("Yes");

  expect((await rpcOk(request, token, "exam.questionList", { exam_id: examId })).questions).toEqual([]);
});

test("a choice question with a single answer shows the warning in the author's words, and can still be saved", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  await page.goto(`/exams/${examId}/questions/new?type=1`);
  await typeRich(page, "Question", ["Is the Earth round?"]);
  await typeRich(page, "Answer 1", ["Yes"]);
  await page.getByLabel("Answer 1 is correct").check();
  await page.getByRole("button", { name: "Remove answer 2" }).click();
  await expect(fieldWarnings(page)).toHaveText([
    "Add at least one more answer: a question with one answer gives nothing to choose.",
  ]);

  const id = await saveNew(page, examId);
  await expect(fieldWarnings(page)).toHaveText([
    "Add at least one more answer: a question with one answer gives nothing to choose.",
  ]);
  const { answers } = await getQuestion(request, token, id);
  expect(answers).toHaveLength(1);
  const [item] = await listed(request, token, examId);
  expect(item?.warnings.map((w) => w.code)).toEqual(["answers_single"]);
});

// ---------------------------------------------------------------------------------------------
// Questions made through the API

test("a question made through the API with every field opens completely and saves back unchanged", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const png = Buffer.from(makePng(20, 10, [250, 200, 0]));
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: examId, name: "Acme Corp", description: "<p>Background.</p>" },
  });
  const { question: made } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 1,
      question: '<p>Look at <em>this</em> chart:</p><p><img src="chart.png" alt="A yellow box"></p>',
      explanation: '<p>See <a href="https://example.com/docs">the docs</a> and <u>this</u>.</p>',
      case_study_id: case_study.id,
      external_id: "EXT-42",
      points: 5,
      properties: {},
    },
    answers: [
      { answer: "<p>Alpha</p>", is_correct: false, order: 10, points: -1, old_id: 501 },
      { answer: "<p><strong>Beta</strong> version</p>", is_correct: true, order: 20, points: 2, old_id: "b-2" },
      { answer: "<p>Gamma</p>", is_correct: false, order: 35 },
    ],
    resources: { "chart.png": png.toString("base64") },
  });
  const before = await listed(request, token, examId);

  await page.goto(`/exams/${examId}/questions/${made.id}`);
  await expect(richText(page, "Question")).toContainText("Look at this chart:");
  await expect(richText(page, "Question").locator('img[src^="/media/"]')).toBeVisible();
  await expect(richText(page, "Explanation").getByText("the docs")).toBeVisible();
  await expect(richText(page, "Answer 1")).toHaveText("Alpha");
  await expect(richText(page, "Answer 2")).toHaveText("Beta version");
  await expect(richText(page, "Answer 3")).toHaveText("Gamma");
  await expect(page.getByLabel("Answer 2 is correct")).toBeChecked();
  await expect(page.getByLabel("Answer 1 is correct")).not.toBeChecked();
  await expect(page.getByLabel("Points for answer 1")).toHaveValue("-1");
  await expect(page.getByLabel("Points for answer 2")).toHaveValue("2");
  await expect(page.getByLabel("Points", { exact: true })).toHaveValue("5");
  await expect(page.getByLabel("External id")).toHaveValue("EXT-42");
  await expect(page.getByLabel("Case study")).toHaveValue(String(case_study.id));
  await expect(page.getByTestId("save-status")).toHaveText("");

  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText(NOTHING_TO_SAVE);
  expect(await listed(request, token, examId)).toEqual(before);
});

test("saving a stored question shows what was stored: the inserted image from its /media/ path", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type: 1, question: "<p>Which flag?</p>" },
    answers: [{ answer: "<p>This one</p>", is_correct: true }, { answer: "<p>That one</p>" }],
  });
  const image = pngFile(30, 20, [0, 0, 160]);
  await page.goto(`/exams/${examId}/questions/${question.id}`);
  await typeRich(page, "Explanation", ["The ", { bold: "blue" }, " one."]);
  await uploadInto(page, "Explanation", image.file);
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("All changes saved");
  await expect(richText(page, "Explanation").locator(`img[src="${image.mediaPath}"]`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/questions/${question.id}$`));

  const stored = await getQuestion(request, token, question.id);
  expect(textOf(stored.question.explanation)).toBe("The blue one.");
  expect(stored.question.explanation).toContain("<strong>blue</strong>");
  expect(stored.question.explanation).toMatch(new RegExp(`<img[^>]*src="${image.mediaPath}"`));
  expect(stored.answers.map((a) => a.answer)).toEqual(["<p>This one</p>", "<p>That one</p>"]);
});

test("sort and text input questions made through the API save back unchanged", async ({ page, request, token }) => {
  const examId = await seedExam(request, token);
  const sort = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 6,
      question: "<p>Order these.</p>",
      explanation: "<p>Why.</p>",
      points: 2,
      properties: { optional_answers: true },
    },
    answers: [
      { answer: "<p>First</p>", is_correct: true, order: 3, old_id: 1 },
      { answer: "<p>Decoy</p>", is_correct: false, order: 5, points: -2 },
      { answer: "<p>Second</p>", is_correct: true, order: 8 },
    ],
  });
  const text = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 7,
      question: "<p>Capital of Italy?</p>",
      external_id: "IT-1",
      properties: {
        text_similarity: 90,
        case_sensitive: true,
        text_answer: [{ value: "Rome", points: 1 }, { value: "Roma" }, { value: "Rom", points: 0 }],
      },
    },
  });
  const before = await listed(request, token, examId);

  await page.goto(`/exams/${examId}/questions/${sort.question.id}`);
  await expect(page.getByLabel("Allow distractors (optional answers)")).toBeChecked();
  await expect(page.getByLabel("Answer 2 is a distractor")).toBeChecked();
  await expect(richText(page, "Answer 3")).toHaveText("Second");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText(NOTHING_TO_SAVE);

  await page.goto(`/exams/${examId}/questions/${text.question.id}`);
  await expect(page.getByLabel("Similarity required (%)")).toHaveValue("90");
  await expect(page.getByLabel("Case sensitive")).toBeChecked();
  await expect(page.getByLabel("Accepted value 2", { exact: true })).toHaveValue("Roma");
  await expect(page.getByLabel("Points for accepted value 3")).toHaveValue("0");
  await expect(page.getByLabel("Points for accepted value 2")).toHaveValue("");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText(NOTHING_TO_SAVE);

  expect(await listed(request, token, examId)).toEqual(before);
});

// ---------------------------------------------------------------------------------------------
// Navigation

test("unsaved changes are guarded, and a question is only found under its own exam", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const otherExamId = await seedExam(request, token, "Other exam");
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type: 2, question: "<p>Pick two.</p>" },
    answers: [
      { answer: "<p>A</p>", is_correct: true },
      { answer: "<p>B</p>", is_correct: true },
    ],
  });

  await page.goto(`/exams/${otherExamId}/questions/${question.id}`);
  await expect(page.getByRole("heading", { name: "Question not found" })).toBeVisible();

  await page.goto(`/exams/${examId}/questions/${question.id}`);
  await typeRich(page, "Answer 2", [" and more"]);
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await breadcrumb.getByRole("link", { name: "Exams" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/${question.id}$`));
  await expect(richText(page, "Answer 2")).toHaveText("B and more");

  await breadcrumb.getByRole("link", { name: "Exams" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/exams$/);
  const { answers } = await getQuestion(request, token, question.id);
  expect(answers.map((a) => a.answer)).toEqual(["<p>A</p>", "<p>B</p>"]);
});

// ---------------------------------------------------------------------------------------------
// Try it

test("try it: a multiple choice and a sort question answered as a candidate, scored as the engine does", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);
  const { question: choice } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type: 2, question: "<p>Which are prime?</p>", points: 2 },
    answers: [
      { answer: "<p>2</p>", is_correct: true, points: 1 },
      { answer: "<p>3</p>", is_correct: true },
      { answer: "<p>4</p>", is_correct: false, points: -1 },
    ],
  });
  await page.goto(`/exams/${examId}/questions/${choice.id}`);
  const tryIt = page.getByTestId("try-it");
  await tryIt.getByLabel("Answer A").check();
  await tryIt.getByLabel("Answer C").check();
  await tryIt.getByRole("button", { name: "Check" }).click();
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Not correct: 0 of 3 points.");
  await tryIt.getByLabel("Answer C").uncheck();
  await tryIt.getByLabel("Answer B").check();
  await tryIt.getByRole("button", { name: "Check" }).click();
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Correct: 3 of 3 points.");
  // It scores the form as it is: B no longer correct makes A alone the right answer.
  await page.getByLabel("Answer 2 is correct").uncheck();
  await tryIt.getByLabel("Answer B").uncheck();
  await tryIt.getByRole("button", { name: "Check" }).click();
  await expect(tryIt.getByTestId("try-it-result")).toHaveText("Correct: 3 of 3 points.");

  const { question: sort } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type: 6, question: "<p>Order them.</p>" },
    answers: [
      { answer: "<p>one</p>", is_correct: true, order: 1 },
      { answer: "<p>two</p>", is_correct: true, order: 2 },
    ],
  });
  await page.goto(`/exams/${examId}/questions/${sort.id}`);
  const sortTry = page.getByTestId("try-it");
  // Shown out of the solution order: left as it is, the response is wrong.
  await expect(sortTry.getByTestId("sequence-item").locator(".rich-text")).toHaveText(["two", "one"]);
  await sortTry.getByRole("button", { name: "Check" }).click();
  await expect(sortTry.getByTestId("try-it-result")).toHaveText("Not correct: 0 of 1 point.");
  await sortTry.getByRole("button", { name: "Move A down" }).click();
  await sortTry.getByRole("button", { name: "Check" }).click();
  await expect(sortTry.getByTestId("try-it-result")).toHaveText("Correct: 1 of 1 point.");
});
