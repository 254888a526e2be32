// Server actions run only for requests from the site's own origins (PUBLIC_URL and the loopback
// addresses on the server's port): any other Origin, or none, is refused with 403 before the
// action runs, and nothing changes. The site works alike at http://localhost:PORT and
// http://127.0.0.1:PORT, also when the Host header names the other one (as behind a proxy).
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { expect, signUp, test } from "./support/fixtures";

/** Creates a token on the API keys page and returns the server action request the browser sent. */
async function createTokenThroughAction(page: Page, name: string): Promise<Request> {
  await page.goto("/settings/api-keys");
  await page.getByLabel("Token name").fill(name);
  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && request.headers()["next-action"] !== undefined,
  );
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByTestId("new-token")).toHaveText(/^ek_/);
  return sent;
}

async function tokenNames(page: Page): Promise<string[]> {
  await page.goto("/settings/api-keys");
  return page.getByTestId("token-row").allInnerTexts();
}

/** Sends the captured action again from `origin` (or with no Origin) to `target`, with the page's session cookie. */
async function replay(
  request: APIRequestContext,
  page: Page,
  action: Request,
  name: string,
  target: string,
  origin: string | null,
) {
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(await action.allHeaders())) {
    if (["next-action", "next-router-state-tree", "accept", "content-type"].includes(key)) headers[key] = value;
  }
  headers.cookie = cookies;
  if (origin) headers.origin = origin;
  const body = action.postData()!.replace(/"name":"[^"]*"/, `"name":"${name}"`);
  return request.post(`${target}${new URL(action.url()).pathname}`, { headers, data: body, maxRedirects: 0 });
}

test("a server action from another origin, or from none, is refused with 403 and changes nothing", async ({
  page,
  author,
  request,
}) => {
  void author;
  const app = new URL(test.info().project.use.baseURL!).origin;
  const action = await createTokenThroughAction(page, "probe-original");
  expect(action.postData()).toContain("probe-original");

  for (const origin of ["https://evil.invalid", "http://localhost.evil.invalid", "null", `${app}.evil.invalid`, null]) {
    const response = await replay(request, page, action, `forged ${origin}`, app, origin);
    expect(response.status(), String(origin)).toBe(403);
    expect(await response.text(), String(origin)).toContain("which is not this site's address");
  }
  // A plain form post of the action (how Next runs one without JavaScript) is refused alike.
  const actionId = (await action.allHeaders())["next-action"]!;
  const formPost = await request.post(`${app}/settings/api-keys`, {
    headers: {
      origin: "https://evil.invalid",
      cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; "),
    },
    multipart: { [`$ACTION_ID_${actionId}`]: "", name: "forged form" },
    maxRedirects: 0,
  });
  expect(formPost.status()).toBe(403);
  expect(formPost.headers()["x-frame-options"]).toBe("DENY");
  const names = await tokenNames(page);
  expect(names.join("\n")).not.toContain("forged");

  // The same request from the site itself runs.
  const same = await replay(request, page, action, "replayed same-origin", app, app);
  expect(same.status()).toBe(200);
  expect((await tokenNames(page)).join("\n")).toContain("replayed same-origin");
});

test("server actions work at http://127.0.0.1:PORT as at http://localhost:PORT, whichever the Host header names", async ({
  page,
  browser,
  request,
}) => {
  const app = new URL(test.info().project.use.baseURL!);
  const loopback = `http://127.0.0.1:${app.port}`;

  // A person using the app at 127.0.0.1 (signed up at localhost: a session cookie is the same
  // session at either name) creates a token in the browser.
  await signUp(page);
  const context = await browser.newContext({ baseURL: loopback });
  await context.addCookies(
    (await page.context().cookies()).map(({ name, value, path, httpOnly, secure, sameSite, expires }) => ({
      name,
      value,
      path,
      httpOnly,
      secure,
      sameSite,
      expires,
      domain: "127.0.0.1",
    })),
  );
  const there = await context.newPage();
  const action = await createTokenThroughAction(there, "at 127.0.0.1");
  expect(new URL(action.url()).origin).toBe(loopback);

  // The same action, sent from one loopback name to the other (as a proxy that passes its own Host would).
  const crossed = await replay(request, there, action, "origin localhost, host 127.0.0.1", loopback, app.origin);
  expect(crossed.status()).toBe(200);
  expect((await tokenNames(there)).join("\n")).toContain("origin localhost, host 127.0.0.1");
  await context.close();

  // And at localhost, in the browser, as every other test does.
  await createTokenThroughAction(page, "at localhost");
});
