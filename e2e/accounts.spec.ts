import { createTokenInUi, expect, fieldErrors, newAuthorDetails, rpc, test } from "./support/fixtures";

test("sign up, sign out, and sign in again; authoring pages need a session", async ({ page }) => {
  const author = newAuthorDetails();
  await page.goto("/exams");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fexams/);

  await page.getByRole("link", { name: "Create one" }).click();
  await page.getByLabel("Name").fill(author.name);
  await page.getByLabel("Email").fill(author.email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(fieldErrors(page)).toContainText("at least 8 characters");

  await page.getByLabel("Password").fill(author.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/exams$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(author.email);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/settings/api-keys");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%2Fapi-keys/);

  await page.getByLabel("Email").fill(author.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(fieldErrors(page)).toContainText(/invalid email or password/i);
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel("Password").fill(author.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
});

test("an API token made on the API keys page works until it is revoked", async ({ page, author, request }) => {
  void author;
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(fieldErrors(page)).toHaveText("Fill this in.");

  const token = await createTokenInUi(page, "import script");
  const listed = await rpc(request, token, "exam.examList", {});
  expect(listed.error).toBeUndefined();
  expect(listed.result?.exams).toEqual([]);

  await page.reload();
  const row = page.getByTestId("token-row").filter({ hasText: "import script" });
  await expect(row).toContainText(token.slice(0, 9));
  await expect(row).not.toContainText("never"); // last used: the call above
  await page.getByRole("button", { name: "Revoke import script" }).click();
  await page.getByRole("button", { name: "Revoke token" }).click();
  await expect(row).toContainText("Revoked");

  const refused = await rpc(request, token, "exam.examList", {});
  expect(refused.error?.code).toBe(-32001);
});

// The same server answers at both loopback names (PUBLIC_URL unset: http://localhost:PORT is the
// public origin, and 127.0.0.1 is trusted beside it); no Secure cookie is set over http.
for (const host of ["127.0.0.1", "localhost"]) {
  test(`sign up, sign out and sign in at http://${host}:PORT`, async ({ page }) => {
    const origin = `http://${host}:${new URL(test.info().project.use.baseURL!).port}`;
    const author = newAuthorDetails();
    await page.goto(`${origin}/sign-up`);
    await page.getByLabel("Name").fill(author.name);
    await page.getByLabel("Email").fill(author.email);
    await page.getByLabel("Password").fill(author.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(`${origin}/exams`);
    await expect(page.getByTestId("signed-in-as")).toHaveText(author.email);
    const cookies = await page.context().cookies(origin);
    expect(cookies.find((c) => c.name === "better-auth.session_token")?.secure).toBe(false);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${origin}/sign-in`);
    await page.getByLabel("Email").fill(author.email);
    await page.getByLabel("Password").fill(author.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${origin}/exams`);
    await expect(page.getByTestId("signed-in-as")).toHaveText(author.email);
  });
}

test("refuses a common password at sign-up, saying why", async ({ page }) => {
  const author = newAuthorDetails();
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(author.email);
  await page.getByLabel("Password").fill("password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(fieldErrors(page)).toContainText("too easy to guess: it is one of the ten most used passwords");
  await expect(page).toHaveURL(/\/sign-up$/);
});

test("a next= that leads off the site lands on the exam list instead", async ({ page, author }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // The probe's payloads first, then their kin (next-path.test.ts has the full list).
  for (const next of [
    "/%5Cevil.invalid/x",
    "/%09/evil.invalid/x",
    "//evil.invalid/x",
    "/%2F%2Fevil.invalid/x",
    "/..//evil.invalid/x",
    "https://evil.invalid/x",
  ]) {
    await page.goto(`/sign-in?next=${next}`);
    await page.getByLabel("Email").fill(author.email);
    await page.getByLabel("Password").fill(author.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page, next).toHaveURL(`${origin}/exams`);
  }
  // A path of the site is still honoured.
  await page.goto(`/sign-in?next=${encodeURIComponent("/settings/api-keys")}`);
  await page.getByLabel("Email").fill(author.email);
  await page.getByLabel("Password").fill(author.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin}/settings/api-keys`);
});
