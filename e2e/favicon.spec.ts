// The app's icon: /favicon.ico (asked for by browsers whatever a page links) and the SVG icon
// every page links.
import { expect, test } from "@playwright/test";

test("/favicon.ico answers with an icon, and pages link the SVG icon", async ({ page, request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  const bytes = Buffer.from(await ico.body());
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);

  await page.goto("/sign-in");
  const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  const svg = await request.get(href!);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
});
