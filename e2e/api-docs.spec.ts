// The API reference at /docs/api is public and lists every registered method, whatever the
// registry holds; /docs/api/schema.json serves the same methods as JSON Schema.
import { OPERATIONS } from "../server/rpc/registry";
import { expect, test } from "./support/fixtures";

const methods = OPERATIONS.map((op) => op.method);

test("the API reference lists every registered method without signing in", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

  const index = page.getByTestId("method-index");
  for (const method of methods) {
    await expect(index.getByRole("link", { name: method, exact: true })).toBeVisible();
    const section = page.locator(`section[data-method="${method}"]`);
    await expect(section.getByRole("heading", { name: method, exact: true })).toBeVisible();
    await expect(section.getByRole("table")).toBeVisible();
  }

  // One known row, as the schema states it.
  const examCreate = page.locator('section[data-method="exam.examCreate"]');
  const title = examCreate
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "exam.title", exact: true }) });
  await expect(title).toContainText("required");
  await expect(title).toContainText("at most 200 characters");

  // The table of contents leads to the method.
  await index.getByRole("link", { name: "exam.questionList", exact: true }).click();
  await expect(page).toHaveURL(/#exam-questionList$/);
});

test("schema.json has every registered method with its params schema", async ({ request }) => {
  const response = await request.get("/docs/api/schema.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = (await response.json()) as { methods: Record<string, { summary: string; params: { type: string } }> };
  expect(Object.keys(body.methods).sort()).toEqual([...methods].sort());
  for (const method of methods) {
    expect(body.methods[method]!.summary, method).not.toBe("");
    expect(body.methods[method]!.params.type, method).toBe("object");
  }
  expect(body.methods["exam.examList"]!.params).toMatchObject({
    properties: { limit: { default: 50, minimum: 1, maximum: 200 } },
  });
});
