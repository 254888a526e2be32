// The API guide (docs/api/*.md) is served at /docs/guide, public, reached from the API reference;
// every page renders, and links between pages and to their headings lead where they say.
import { guidePages } from "../server/docs/guide";
import { expect, test } from "./support/fixtures";

const pages = guidePages();

test("the API reference leads to the guide, and the guide back to the reference", async ({ page }) => {
  await page.goto("/docs/api");
  await page.getByRole("main").getByRole("link", { name: "API guide" }).click();
  await expect(page).toHaveURL(/\/docs\/guide$/);
  await expect(page.getByRole("heading", { level: 1, name: "The Exam Studio API guide" })).toBeVisible();

  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Guide" }).click();
  await expect(page).toHaveURL(/\/docs\/guide$/);
});

test("every page of the guide is served, and its contents list leads to each", async ({ page, request }) => {
  for (const p of pages) {
    const response = await request.get(p.href);
    expect(response.status(), p.href).toBe(200);
    expect(await response.text(), p.href).toContain(`${p.title}</h1>`);
  }

  await page.goto("/docs/guide");
  const contents = page.getByTestId("guide-index");
  await expect(contents.getByRole("link")).toHaveCount(pages.length);
  for (const p of pages)
    await expect(contents.getByRole("link", { name: p.title, exact: true })).toHaveAttribute("href", p.href);

  const last = pages.at(-1)!;
  await contents.getByRole("link", { name: last.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${last.href}$`));
  await expect(page.getByRole("heading", { level: 1, name: last.title, exact: true })).toBeVisible();
  await expect(contents.getByRole("link", { name: last.title, exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle(`${last.title} · API guide · Exam Studio`);
});

test("links between guide pages lead to the page and the heading they name", async ({ page }) => {
  await page.goto("/docs/guide/methods");
  // The methods table links each method to its section on the same page.
  await page.getByRole("main").getByRole("link", { name: "exam.historyList", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/guide\/methods#examhistorylist$/);
  await expect(page.getByRole("heading", { level: 2, name: "exam.historyList" })).toBeInViewport();

  // From that section to the history on another page.
  await page.locator("#examhistorylist ~ p").getByRole("link", { name: "History" }).first().click();
  await expect(page).toHaveURL(/\/docs\/guide\/concurrency-and-history#history$/);
  await expect(page.getByRole("heading", { level: 2, name: "History", exact: true })).toBeInViewport();

  // Back to the index from a page's own link.
  await page.getByRole("main").getByRole("link", { name: "Guide index" }).click();
  await expect(page).toHaveURL(/\/docs\/guide$/);
});

test("a name that is no page of the guide is not found", async ({ page }) => {
  const response = await page.goto("/docs/guide/contract");
  expect(response?.status()).toBe(404);
});

test("a guide page fits a phone's width; its wide tables scroll inside the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/guide/auto-handling");
  await expect(page.getByRole("heading", { level: 2, name: "Worked examples" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});
