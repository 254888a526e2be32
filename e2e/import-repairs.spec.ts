// Contract 13.3 point 2 in the app (issue 26): a file with one item that breaks a rule. The dry run
// shows the problem at its item, named as the author knows it ("Question 2 (“Bad”)"), and offers to
// import the valid items and skip the others; doing so stores the rest. A link in a question is
// repaired, with a warning at its item. A CSV cell out of its bounds is said as what the file
// gives ("The file gives “250”; …"), not as an editor's instruction. A file with no question that can be imported (real files:
// $CATEGORY lines alone, an essay alone) says so and why, with only Close.
import { expect, rpcOk, test } from "./support/fixtures";

const EXAM = { type: 2, category: "IT", code: "REP-E2E", evaluation_method: 1, passing_score: 60 };

test("a file with one bad item: the dry run shows the problem at the item, and the rest is imported", async ({
  page,
  token,
}) => {
  const { exam } = await rpcOk(page.request, token, "exam.examCreate", { exam: { ...EXAM, title: "Repairs" } });
  await page.goto(`/exams/${exam.id}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  const dialog = page.getByRole("dialog", { name: "Import questions into this exam" });
  const plan = dialog.getByTestId("import-plan");

  // A CSV cell out of its bounds refuses the file; the problem says what the file gives, not what
  // to enter in an editor the dialog does not have (components/issues/import-wording.ts).
  const csv = "type,question,text_similarity,answer_1\n7,Which port does HTTPS use?,250,443\n";
  await dialog
    .getByLabel("File to import")
    .setInputFiles({ name: "bounds.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const errors = dialog.getByTestId("import-errors");
  await expect(errors.getByRole("listitem")).toHaveText([
    "Question 1: Similarity required: The file gives “250”; it must be a whole number from 0 to 100.",
  ]);

  const gift = [
    '::What is DHCP?::[html]What does <a href="https://www.rfc-editor.org/rfc/rfc2131">RFC 2131</a> define? {=DHCP ~DNS}',
    "",
    "::Bad::[html]Click <button>here</button> {=yes ~no}",
    "",
    "A switch forwards frames by MAC address.{T}",
    "",
  ].join("\n");
  await dialog
    .getByLabel("File to import")
    .setInputFiles({ name: "one-bad.gift", mimeType: "text/plain", buffer: Buffer.from(gift) });

  await expect(plan.getByTestId("import-invalid")).toContainText("1 question breaks a rule");
  const items = plan.getByTestId("import-item");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Question 1 (“What is DHCP?”)");
  await expect(items.nth(0)).toContainText("replaced by its text with the address in parentheses");
  await expect(items.nth(1)).toContainText("Question 2 (“Bad”)");
  await expect(items.nth(1)).toContainText("Cannot import");
  await expect(items.nth(1).getByTestId("import-item-problem").first()).toContainText("<button> is not allowed");
  await expect(dialog.getByText("items[")).toHaveCount(0);

  await dialog.getByRole("button", { name: "Import the 2 valid items and skip the others" }).click();
  await expect(dialog.getByTestId("import-status")).toHaveText(
    "Imported one-bad.gift: 2 created, 0 updated, 1 skipped.",
  );
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: exam.id });
  expect(questions).toHaveLength(2);
});

test("a file with no question to import says so and why, with only Close", async ({ page, token }) => {
  const { exam } = await rpcOk(page.request, token, "exam.examCreate", { exam: { ...EXAM, title: "Nothing" } });
  await page.goto(`/exams/${exam.id}`);
  await page.getByRole("button", { name: "Import questions" }).click();
  const dialog = page.getByRole("dialog", { name: "Import questions into this exam" });
  const plan = dialog.getByTestId("import-plan");
  const nothing = plan.getByTestId("import-nothing");
  // No button that would import, not even a disabled "Import 0 questions".
  const importButtons = plan.getByRole("button", { name: /^Import/ });

  // A teacher's GIFT file of $CATEGORY lines alone (tests/fixtures/real-world/SOURCE.md).
  await dialog.getByLabel("File to import").setInputFiles("tests/fixtures/real-world/gift/category1.gift");
  await expect(nothing).toContainText("This file has no question that can be imported.");
  await expect(nothing).toContainText("It holds no question at all; the note below says what it holds.");
  await expect(plan.getByRole("list", { name: "Warnings about the file" })).toContainText(
    'The file holds no question, only $CATEGORY lines ("$course$/top/Default for LING-373-2194-B")',
  );
  await expect(importButtons).toHaveCount(0);
  await expect(plan.getByText(/to create/)).toHaveCount(0);

  // An essay alone: its kind is named at it.
  await dialog.getByLabel("File to import").setInputFiles("tests/fixtures/real-world/gift/essay1.gift");
  await expect(nothing).toContainText(
    "Its one question is of a kind Exam Studio cannot represent; it is listed below with its kind.",
  );
  await expect(plan.getByTestId("import-item")).toHaveText(/Skip.*holds an essay question/);
  await expect(importButtons).toHaveCount(0);
  await expect(dialog.getByText("items[")).toHaveCount(0);

  await plan.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  const { questions } = await rpcOk(page.request, token, "exam.questionList", { exam_id: exam.id });
  expect(questions).toEqual([]);
});
