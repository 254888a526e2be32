// Contract 13.3 point 2 in the app (issue 26): a file with one item that breaks a rule. The dry run
// shows the problem at its item, named as the author knows it ("Question 2 (“Bad”)"), and offers to
// import the valid items and skip the others; doing so stores the rest. A link in a question is
// repaired, with a warning at its item.
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

  const plan = dialog.getByTestId("import-plan");
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
