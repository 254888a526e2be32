// A token made on the API keys page with read-only access and an expiry (issue 17, part 2): the
// list shows both and the workspace, and the token reads but is refused writes with -32003.
import { expect, rpc, test } from "./support/fixtures";

test("a read-only token with an expiry is listed with both, reads, and is refused writes", async ({ page, author }) => {
  await page.goto("/settings/api-keys");
  await page.getByLabel("Token name").fill("report reader");
  await page.getByLabel("Access").selectOption({ label: "Read only" });
  await page.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").textContent())!.trim();

  const row = page.getByTestId("token-row").filter({ hasText: "report reader" });
  await expect(row).toContainText("Read only");
  await expect(row).toContainText(`${author.name} (personal)`);
  const expected = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(Date.now() + 30 * 86_400_000),
  );
  await expect(row).toContainText(expected);

  expect((await rpc(page.request, token, "exam.examList", {})).error).toBeUndefined();
  const refused = await rpc(page.request, token, "exam.examCreate", {
    exam: { type: 1, title: "T", category: "C", code: "X", evaluation_method: 1, passing_score: 50 },
  });
  expect(refused.error?.code).toBe(-32003);
  expect(refused.errors).toEqual(["exam.examCreate needs a token with write scope; this token has read scope"]);
});
