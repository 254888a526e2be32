// The curl example on /docs/api calls the server the reader opened the reference on, whatever
// address that was (the static page fills in the browser's origin; docs/decisions.md).
import { expect, test } from "./support/fixtures";

test("the curl example on /docs/api names the origin the page was served from", async ({ page }) => {
  const served = new URL(test.info().project.use.baseURL!);
  // The same server under two names: localhost (the public origin here) and 127.0.0.1.
  for (const origin of [served.origin, `http://127.0.0.1:${served.port}`]) {
    await page.goto(`${origin}/docs/api`);
    const call = page.getByRole("figure", { name: "A call" });
    await expect(call).toContainText(`curl -s ${origin}/api/json`);
    await expect(page.locator("body")).not.toContainText("localhost:3000");
  }
});
