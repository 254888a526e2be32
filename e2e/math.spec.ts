// Math in the editor (contract 9.1): a formula typed as LaTeX is stored as MathML with its LaTeX,
// reads back into the editor as a formula, and the candidate sees it drawn by the browser.
import { expect, rpcOk, test } from "./support/fixtures";

test("a formula typed in LaTeX is stored as MathML and shown to the candidate", async ({ page, request, token }) => {
  test.setTimeout(120_000);
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Fractions", category: "Math", code: "M-1", evaluation_method: 2, passing_score: 60 },
  });
  const examId = exam.id as number;
  await page.goto(`/exams/${examId}/questions/new?type=1`);

  const question = page.getByRole("textbox", { name: "Question", exact: true });
  await question.click();
  await page.keyboard.type("Simplify ");
  await page
    .getByRole("toolbar", { name: "Formatting for Question" })
    .getByRole("button", { name: "Formula (LaTeX)" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Formula" });
  await dialog.getByLabel("LaTeX").fill("\\frac{a}{b}");
  // Shown as it is typed: the browser draws the MathML that will be stored.
  await expect(dialog.getByLabel("Formula preview").locator("math mfrac")).toBeVisible();
  await dialog.getByRole("button", { name: "Insert" }).click();
  await expect(question.locator("math mfrac")).toBeVisible();

  for (const [label, text] of [
    ["Answer 1", "Yes"],
    ["Answer 2", "No"],
  ] as const) {
    await page.getByRole("textbox", { name: label, exact: true }).click();
    await page.keyboard.type(text);
  }
  await page.getByLabel("Answer 1 is correct").check();
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/questions/\\d+$`));
  const id = Number(page.url().split("/").pop());

  const stored = await rpcOk(request, token, "exam.questionGet", { id });
  expect(stored.question.question).toBe(
    '<p>Simplify <math><semantics><mfrac><mi>a</mi><mi>b</mi></mfrac><annotation encoding="application/x-tex">\\frac{a}{b}</annotation></semantics></math></p>',
  );

  // Reloaded, the editor shows the formula and keeps its LaTeX to edit.
  await page.reload();
  const formula = question.locator("math mfrac");
  await expect(formula).toBeVisible();
  await question.locator(".rich-text-math").dblclick();
  await expect(page.getByRole("dialog", { name: "Formula" }).getByLabel("LaTeX")).toHaveValue("\\frac{a}{b}");
  await page.getByRole("dialog", { name: "Formula" }).getByRole("button", { name: "Cancel" }).click();
  await page.screenshot({ path: "test-results/math-editor.png" });

  // The candidate sees the fraction drawn (MathML, no script).
  await page.goto(`/exams/${examId}/preview?seed=1`);
  await page.getByRole("button", { name: "Begin" }).click();
  const shown = page.getByTestId("question").locator("math mfrac");
  await expect(shown).toBeVisible();
  // Drawn as a fraction: the numerator above the denominator.
  const [top, bottom] = [
    await shown.locator("mi").nth(0).boundingBox(),
    await shown.locator("mi").nth(1).boundingBox(),
  ];
  expect(top && bottom && top.y + top.height <= bottom.y + 1).toBe(true);
  await page.screenshot({ path: "test-results/math-candidate.png" });
});
