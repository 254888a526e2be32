// The import dialog's column step (contract 13.3 point 4): Kahoot's real quiz template
// (tests/fixtures/real-world/sheets) has its own columns; the dry run reads its header, each
// column shows its guess, the author changes one (the time limit stays out; an answer column is
// first left out, then taken back), checks, sees the dry run, and imports.
import { expectNoAxeViolations } from "./support/axe";
import { expect, rpcOk, test } from "./support/fixtures";

const EXAM = { type: 2, category: "IT", code: "XLS-1", evaluation_method: 1, passing_score: 60 };

test("a Kahoot spreadsheet imports through the column step", async ({ page, token }) => {
  const { exam } = await rpcOk(page.request, token, "exam.examCreate", { exam: { ...EXAM, title: "Kahoot" } });
  await page.goto(`/exams/${exam.id}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  const dialog = page.getByRole("dialog", { name: "Import questions into this exam" });
  await dialog.getByLabel("File to import").setInputFiles("tests/fixtures/real-world/sheets/kahoot-quiz-template.xlsx");

  const step = dialog.getByTestId("import-columns");
  const select = (letter: string) => step.getByLabel(new RegExp(`^What column ${letter}, `));
  await expect(select("B")).toHaveValue("question");
  await expect(select("C")).toHaveValue("answer_1");
  await expect(select("F")).toHaveValue("answer_4");
  await expect(select("G")).toHaveValue("");
  await expect(select("H")).toHaveValue("correct_answers");
  await expect(dialog.getByTestId("import-plan")).toHaveCount(0);
  await expectNoAxeViolations(page, "the import dialog's column step");

  // Two columns for one column of the template: said, and not sent.
  await select("D").selectOption("answer_1");
  await expect(step.getByRole("alert")).toHaveText("Answer 1 is chosen for two columns; choose it for one.");
  await expect(step.getByRole("button", { name: "Check the import with these columns" })).toBeDisabled();
  await select("D").selectOption("answer_2");
  await step.getByRole("button", { name: "Check the import with these columns" }).click();

  const plan = dialog.getByTestId("import-plan");
  await expect(plan).toContainText("1 to create, 0 to update, 0 to skip.");
  await expect(plan).toContainText('The columns "Time limit (sec)');
  await plan.getByRole("button", { name: "Import 1 question" }).click();
  await expect(dialog.getByTestId("import-status")).toHaveText(/^Imported .*: 1 created, 0 updated, 0 skipped\.$/);
  await page.keyboard.press("Escape");
  await expect(
    page.getByRole("link", { name: "Which spreadsheet tools can read this sheet and export to xlsx format?" }),
  ).toBeVisible();
});
