// Import and export in the app (issue 15): the exam page's Export shows what the format carries of
// each question before the file is downloaded, and the downloaded archive imports back into
// another exam through the dry run; a GIFT file's dry run shows what will be created and skipped;
// a file with a mistake says where, keeps the file chosen and stores nothing.
import type { Page } from "@playwright/test";
import fs from "node:fs";
import { expectNoAxeViolations } from "./support/axe";
import { expect, rpcOk, test } from "./support/fixtures";
import { expectDragDropProperties } from "./support/stored-properties";

const EXAM = { type: 2, category: "IT", code: "NET-1", evaluation_method: 1, passing_score: 60 };
const ANSWERS = [
  { answer: "<p>Network</p>", is_correct: true },
  { answer: "<p>Session</p>", is_correct: false },
];

async function examWithQuestions(page: Page, token: string, title: string, texts: string[]) {
  const { exam } = await rpcOk(page.request, token, "exam.examCreate", { exam: { ...EXAM, title } });
  for (const [i, text] of texts.entries()) {
    await rpcOk(page.request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, type: 1, question: `<p>${text}</p>`, external_id: `Q-${i + 1}` },
      answers: ANSWERS,
    });
  }
  return exam.id as number;
}

const importDialog = (page: Page) => page.getByRole("dialog", { name: "Import questions into this exam" });

test("an export shows its report, and the downloaded archive imports back into another exam", async ({
  page,
  token,
}) => {
  const source = await examWithQuestions(page, token, "Routing", [
    "Which layer routes packets?",
    "Which protocol resolves names?",
  ]);
  const target = await examWithQuestions(page, token, "Empty target", []);

  await page.goto(`/exams/${source}`);
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export the exam" });
  await expect(dialog.getByLabel("Exam Studio archive")).toBeChecked();
  for (const format of ["QTI 3.0 content package", "Moodle XML", "CSV"])
    await expect(dialog.getByLabel(format)).toBeEnabled();
  await dialog.getByRole("button", { name: "Prepare export" }).click();
  const report = dialog.getByTestId("export-report");
  await expect(report.getByRole("status")).toHaveText("2 lossless, 0 lossy, 0 omitted");
  await expect(report.getByTestId("export-item")).toHaveCount(2);
  await expect(report.getByRole("link", { name: "Question 1" })).toHaveAttribute(
    "href",
    new RegExp(`/exams/${source}/questions/\\d+$`),
  );
  await expectNoAxeViolations(page, "the export dialog with its report");
  const downloading = page.waitForEvent("download");
  await report.getByRole("button", { name: /^Download / }).click();
  const download = await downloading;
  const saved = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  expect(JSON.parse(fs.readFileSync(saved, "utf8"))).toMatchObject({ format: "exam_studio_archive" });

  await page.goto(`/exams/${target}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  await importDialog(page).getByLabel("File to import").setInputFiles(saved);
  const plan = importDialog(page).getByTestId("import-plan");
  await expect(plan).toContainText("2 to create, 0 to update, 0 to skip.");
  await expect(plan.getByTestId("import-item")).toHaveCount(2);
  await expectNoAxeViolations(page, "the import dialog with its dry run");
  await plan.getByRole("button", { name: "Import 2 questions" }).click();
  await expect(importDialog(page).getByTestId("import-status")).toHaveText(
    /^Imported .*: 2 created, 0 updated, 0 skipped\.$/,
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "Which protocol resolves names?" })).toBeVisible();

  // The same file again: its external ids match, so nothing is duplicated.
  await page.getByRole("button", { name: "Import questions" }).click();
  await importDialog(page).getByLabel("File to import").setInputFiles(saved);
  await expect(importDialog(page).getByTestId("import-plan")).toContainText("0 to create, 0 to update, 2 to skip.");
  // Both are already as the file has them: skipped, each saying so.
  await expect(importDialog(page).getByText(/^nothing changed: the exam's question/i)).toHaveCount(2);
  await importDialog(page).getByLabel("A question with the same external id").selectOption("skip");
  await expect(importDialog(page).getByTestId("import-plan")).toContainText("0 to create, 0 to update, 2 to skip.");
  await expect(importDialog(page).getByRole("button", { name: "Import 0 questions" })).toBeDisabled();
});

test("a GIFT file's dry run shows what is created and what is skipped, then imports", async ({ page, token }) => {
  const exam = await examWithQuestions(page, token, "Networking", []);
  await page.goto(`/exams/${exam}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  const gift =
    "::Port::Which TCP port does HTTPS use? {=443 ~80 ~21}\n\n::Essay::Describe TLS in your own words. {}\n\nA switch forwards frames by MAC address.{T}\n";
  await importDialog(page)
    .getByLabel("File to import")
    .setInputFiles({ name: "net.gift", mimeType: "text/plain", buffer: Buffer.from(gift) });
  const plan = importDialog(page).getByTestId("import-plan");
  await expect(plan).toContainText("2 to create, 0 to update, 1 to skip.");
  await expect(plan.getByTestId("import-item").nth(1)).toContainText("Skip");
  await expect(plan.getByTestId("import-item").nth(1)).toContainText(/essay/i);
  await plan.getByRole("button", { name: "Import 2 questions" }).click();
  await expect(importDialog(page).getByTestId("import-status")).toHaveText(
    "Imported net.gift: 2 created, 0 updated, 1 skipped.",
  );
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: exam });
  expect(questions.map((q: { question: string }) => q.question)).toEqual([
    "<p>Which TCP port does HTTPS use?</p>",
    "<p>A switch forwards frames by MAC address.</p>",
  ]);
});

test("a file with a mistake says where, keeps the file chosen and stores nothing", async ({ page, token }) => {
  const exam = await examWithQuestions(page, token, "Aiken target", []);
  await page.goto(`/exams/${exam}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  const aiken =
    "What does DNS translate?\nA. Names into addresses\nB. Frames\nANSWER: A\n\nWhich device routes?\nA) A hub\nB) A router\n";
  await importDialog(page)
    .getByLabel("File to import")
    .setInputFiles({ name: "broken.txt", mimeType: "text/plain", buffer: Buffer.from(aiken) });
  const errors = importDialog(page).getByTestId("import-errors");
  await expect(errors).toContainText("Nothing can be imported from this file");
  await expect(errors).toContainText(/Question 2: .*line/);
  await expect(importDialog(page).getByText("broken.txt", { exact: false })).toBeVisible();
  await expect(importDialog(page).getByTestId("import-plan")).toHaveCount(0);
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: exam });
  expect(questions).toEqual([]);
});

test("a GIFT file becomes a new exam from the exam list, once its settings are given", async ({ page, token }) => {
  void token;
  await page.goto("/exams");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a file as a new exam" });
  const gift = "::Port::Which TCP port does HTTPS use? {=443 ~80 ~21}\n\nA switch forwards frames by MAC address.{T}\n";
  await dialog
    .getByLabel("File to import")
    .setInputFiles({ name: "basics.gift", mimeType: "text/plain", buffer: Buffer.from(gift) });
  // GIFT holds no exam settings: the dry run asks for them.
  await expect(dialog.getByTestId("import-errors")).toContainText("exam");
  await dialog.getByLabel("Title").fill("Network basics");
  await dialog.getByLabel("Code").fill("NB-1");
  await dialog.getByLabel("Category").fill("IT");
  await dialog.getByLabel("Type").selectOption({ label: "Test" });
  await dialog.getByLabel("Evaluation").selectOption({ label: "Percent correct, pass/fail" });
  await dialog.getByLabel("Passing score (%)").fill("70");
  await dialog.getByRole("button", { name: "Check again with these settings" }).click();
  await expect(dialog.getByTestId("import-plan")).toContainText("2 to create, 0 to update, 0 to skip.");
  await dialog.getByRole("button", { name: "Import 2 questions" }).click();
  await page.waitForURL(/\/exams\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Network basics");
  await expect(page.getByRole("link", { name: "Which TCP port does HTTPS use?" })).toBeVisible();
});

test("a Moodle file goes through the dry run into a new exam, its drag items drawn below the picture", async ({
  page,
  token,
}) => {
  await page.goto("/exams");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a file as a new exam" });
  // Moodle's own fixture of a drag and drop onto image question (tests/fixtures/moodle).
  await dialog.getByLabel("File to import").setInputFiles("tests/fixtures/moodle/ddimageortext.xml");
  // Moodle XML holds no exam settings: the dry run asks for them.
  await expect(dialog.getByTestId("import-errors")).toContainText("exam");
  await dialog.getByLabel("Title").fill("Landmarks");
  await dialog.getByLabel("Code").fill("LM-1");
  await dialog.getByLabel("Category").fill("Geography");
  await dialog.getByLabel("Type").selectOption({ label: "Test" });
  await dialog.getByLabel("Evaluation").selectOption({ label: "Percent correct, pass/fail" });
  await dialog.getByLabel("Passing score (%)").fill("50");
  await dialog.getByRole("button", { name: "Check again with these settings" }).click();
  const plan = dialog.getByTestId("import-plan");
  await expect(plan).toContainText("1 to create, 0 to update, 0 to skip.");
  const item = plan.getByTestId("import-item");
  await expect(item).toContainText("Imported Drag and drop onto image 001");
  await expect(item).toContainText(/tray/i);
  await expectNoAxeViolations(page, "the import dialog with a Moodle file's dry run");
  await dialog.getByRole("button", { name: "Import 1 question" }).click();
  await page.waitForURL(/\/exams\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Landmarks");
  const examId = Number(new URL(page.url()).pathname.split("/").pop());
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: examId });
  expect(questions).toHaveLength(1);
  expect(questions[0]!.type).toBe(3);
  const { areas, image: imagePath } = expectDragDropProperties(questions[0]!.properties);
  expect(areas.filter((a) => a.type === 2).length).toBeGreaterThan(0);
  expect(areas.filter((a) => a.type === 1).length).toBeGreaterThan(0);
  // The composed picture is a stored image the question's page shows.
  const image = await page.request.get(imagePath);
  expect(image.headers()["content-type"]).toBe("image/png");
});

test("a dry run of many items lists the first 200 and shows the rest on demand", async ({ page, token }) => {
  const exam = await examWithQuestions(page, token, "Many", []);
  await page.goto(`/exams/${exam}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  const gift = Array.from({ length: 250 }, (_, i) => `::Q${i + 1}:: Question ${i + 1}? {=yes ~no}`).join("\n\n");
  await importDialog(page)
    .getByLabel("File to import")
    .setInputFiles({ name: "many.gift", mimeType: "text/plain", buffer: Buffer.from(gift) });
  const plan = importDialog(page).getByTestId("import-plan");
  await expect(plan).toContainText("250 to create, 0 to update, 0 to skip.");
  await expect(plan.getByTestId("import-item")).toHaveCount(200);
  await plan.getByRole("button", { name: "Show 50 more of the 50 items not listed" }).click();
  await expect(plan.getByTestId("import-item")).toHaveCount(250);
  await expect(importDialog(page).getByTestId("import-progress")).toHaveCount(0);
});

test("a QTI 3.0 package exported with its report imports back into another exam", async ({ page, token }) => {
  const source = await examWithQuestions(page, token, "Routing QTI", [
    "Which layer routes packets?",
    "Which protocol resolves names?",
  ]);
  const target = await examWithQuestions(page, token, "QTI target", []);
  await page.goto(`/exams/${source}`);
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export the exam" });
  await dialog.getByLabel("QTI 3.0 content package").check();
  await dialog.getByRole("button", { name: "Prepare export" }).click();
  const report = dialog.getByTestId("export-report");
  await expect(report.getByRole("status")).toHaveText("2 lossless, 0 lossy, 0 omitted");
  const downloading = page.waitForEvent("download");
  await report.getByRole("button", { name: /^Download / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const saved = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(saved);

  await page.goto(`/exams/${target}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  await importDialog(page).getByLabel("File to import").setInputFiles(saved);
  const plan = importDialog(page).getByTestId("import-plan");
  await expect(plan).toContainText("2 to create, 0 to update, 0 to skip.");
  await plan.getByRole("button", { name: "Import 2 questions" }).click();
  await expect(importDialog(page).getByTestId("import-status")).toHaveText(/: 2 created, 0 updated, 0 skipped\.$/);
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: target });
  expect(questions.map((q) => [q.question, q.external_id])).toEqual([
    ["<p>Which layer routes packets?</p>", "Q-1"],
    ["<p>Which protocol resolves names?</p>", "Q-2"],
  ]);
});
