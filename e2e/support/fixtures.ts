// Fixtures of the browser tests. Every test gets its own author, signed up through the app's
// auth endpoint (the browser context then holds the session cookie), and can make an API token
// through the API keys page to read back over /api/json what it did in the browser.
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type { ReplyTo, ResultIn } from "../../tests/support/reply";

export interface Author {
  email: string;
  password: string;
  name: string;
}

/** One /api/json call with a token; returns the parsed envelope, typed by the method's operation. */
export async function rpc<M extends string>(
  request: APIRequestContext,
  token: string,
  method: M,
  params: object = {},
): Promise<ReplyTo<M>> {
  const post = () =>
    request.post("/api/json", {
      headers: { "content-type": "application/json" },
      data: { jsonrpc: "2.0", id: 1, method, params, accessToken: token },
    });
  // A kept-alive connection the server closed while the test worked in the browser is reset
  // when reused; the request never reached the app, so it is sent once more.
  const response = await post().catch((error: Error) => {
    if (!/ECONNRESET/.test(error.message)) throw error;
    return post();
  });
  return (await response.json()) as ReplyTo<M>;
}

/** Like rpc(), but fails the test when the call fails. */
export async function rpcOk<M extends string>(
  request: APIRequestContext,
  token: string,
  method: M,
  params: object = {},
): Promise<ResultIn<ReplyTo<M>>> {
  const answer = await rpc(request, token, method, params);
  expect(answer.error, `${method} failed: ${JSON.stringify(answer.errors)}`).toBeUndefined();
  return answer.result as ResultIn<ReplyTo<M>>;
}

/** The error messages shown at form fields (components/ui/field.tsx), optionally within `scope`. */
export function fieldErrors(scope: Page | Locator) {
  return scope.locator('[data-field-messages] [data-kind="error"]');
}

/** The warning messages shown at form fields. */
export function fieldWarnings(scope: Page | Locator) {
  return scope.locator('[data-field-messages] [data-kind="warning"]');
}

export function newAuthorDetails(): Author {
  const id = randomUUID().slice(0, 8);
  return { email: `author-${id}@example.com`, password: `pw-${id}-secret`, name: `Author ${id}` };
}

/** Signs up through the auth endpoint in the page's context, so the page is signed in (baseURL: the project's, outside a test). */
export async function signUp(
  page: Page,
  author: Author = newAuthorDetails(),
  baseURL = test.info().project.use.baseURL!,
): Promise<Author> {
  // The browser tests' server has no sign-up limit (LIMIT_SIGN_UPS=0 in scripts/e2e-server.mjs).
  const response = await page.request.post("/api/auth/sign-up/email", {
    headers: { "content-type": "application/json", origin: new URL(baseURL).origin },
    data: { email: author.email, password: author.password, name: author.name },
  });
  expect(response.ok(), `sign-up failed: ${await response.text()}`).toBe(true);
  return author;
}

/** Creates an API token on /settings/api-keys, as a person would, and returns it. */
export async function createTokenInUi(page: Page, name = "e2e"): Promise<string> {
  await page.goto("/settings/api-keys");
  await page.getByLabel("Token name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
  const shown = page.getByTestId("new-token");
  await expect(shown).toHaveText(/^ek_/);
  return (await shown.textContent())!.trim();
}

export const test = base.extend<{ author: Author; token: string }>({
  author: async ({ page }, use) => {
    await use(await signUp(page));
  },
  token: async ({ page, author }, use) => {
    void author;
    await use(await createTokenInUi(page));
  },
});

export { expect };
