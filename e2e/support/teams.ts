// Teams in the browser as people use them: a workspace made with the header's switcher,
// invitation links made on the members page, and other people (each in their own browser
// context) joining through a link, by signing up through it or already signed in.
import type { Browser, Page } from "@playwright/test";
import { expect, newAuthorDetails, signUp, test, type Author } from "./fixtures";

/** A new workspace, made current, through the switcher's "New workspace…"; ends on its (empty) exam list. */
export async function createWorkspaceInUi(page: Page, name: string): Promise<void> {
  await page.goto("/exams");
  await page.getByTestId("workspace-switcher").click();
  await page.getByRole("menuitem", { name: "New workspace…" }).click();
  await page.getByRole("dialog", { name: "New workspace" }).getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await page.waitForURL(/\/exams\?new_workspace=1/);
  await expect(page.getByTestId("workspace-switcher")).toContainText(name);
  await expect(page.getByRole("heading", { name: `No exams in ${name} yet` })).toBeVisible();
}

/** An invitation link for `role`, made on the current workspace's members page. */
export async function inviteLink(page: Page, role: "owner" | "editor" | "reviewer" | "viewer"): Promise<string> {
  if (!page.url().endsWith("/settings/workspace")) await page.goto("/settings/workspace");
  await page.getByTestId("invite-role").selectOption(role);
  const shown = page.getByTestId("invitation-link");
  const previous = (await shown.count()) > 0 ? await shown.textContent() : null;
  await page.getByRole("button", { name: "Create invitation link" }).click();
  await expect(shown).toHaveText(/\/invite\/[A-Za-z0-9_-]{20,}$/);
  if (previous) await expect(shown).not.toHaveText(previous);
  return (await shown.textContent())!.trim();
}

export interface Person {
  page: Page;
  author: Author;
}

/** Someone new in their own browser context, signed up (through the app's auth endpoint). */
export async function newPerson(browser: Browser, name: string): Promise<Person> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const author = await signUp(page, { ...newAuthorDetails(), name });
  return { page, author };
}

/** A signed-in person opens the link and joins; ends on the exam list of that workspace. */
export async function joinThroughLink(person: Person, link: string, role: string): Promise<void> {
  await person.page.goto(link);
  await person.page
    .getByRole("button", { name: `Join as ${role === "editor" || role === "owner" ? "an" : "a"} ${role}` })
    .click();
  await person.page.waitForURL("**/exams");
}
