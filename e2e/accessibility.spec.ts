// Every page of the app, signed out and signed in, passes axe-core's WCAG 2.0, 2.1 and 2.2 A and
// AA rules with no violation: the whole page as shown, every editor type with content, dialogs
// open, the preview from its first page through an attempt at every type to the result. The
// content is made once per worker through the API (support/shared-author.ts), and the tests only
// look, so they run in parallel.
import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { fieldErrors } from "./support/fixtures";
import { QUESTION_TYPES } from "./support/sample-exams";
import { expect, test } from "./support/shared-author";

// axe reads every element of a page: slower than the other tests' steps.
test.describe.configure({ timeout: 300_000 });

/** Opens a path and waits until the page is what a person sees: `ready` shown, rich-text editors mounted. */
async function visit(
  page: Page,
  path: string,
  ready: (page: Page) => Locator = (p) => p.getByRole("heading", { level: 1 }).first(),
) {
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await expectEditorsMounted(page);
}

/** Tiptap mounts in the browser (later still beside the area editor); axe must see the editors, not their placeholders. */
async function expectEditorsMounted(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll(".rich-text-editor").length -
            document.querySelectorAll(".rich-text-editor .ProseMirror").length,
        ),
      { timeout: 60_000 },
    )
    .toBe(0);
}

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const path of ["/sign-in", "/sign-up", "/docs/api"]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await visit(page, path);
      await expectNoAxeViolations(page);
    });
  }

  test("the not-found page has no axe violations", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expectNoAxeViolations(page);
  });

  test("sign-in refusing a password has no axe violations", async ({ page }) => {
    await visit(page, "/sign-in");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(fieldErrors(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the public page of a ready exam, and of a draft, have no axe violations", async ({ page, shared }) => {
    await visit(page, `/e/${shared.exams.readyId}`);
    await expectNoAxeViolations(page, "the public page");
    const response = await page.goto(`/e/${shared.exams.draftId}`);
    expect(response?.status()).toBe(404);
    await expectNoAxeViolations(page, "the public page of a draft");
  });
});

test.describe("signed in", () => {
  test("the exam list, with the new exam dialog open, has no axe violations", async ({ page }) => {
    await visit(page, "/exams");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "New exam" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page, "the new exam dialog");
  });

  for (const tab of ["questions", "settings", "case-studies"]) {
    test(`the exam page's ${tab} tab has no axe violations`, async ({ page, shared }) => {
      await visit(page, `/exams/${shared.exams.draftId}?tab=${tab}`);
      await expectNoAxeViolations(page);
    });
  }

  test("a ready exam's page and the delete dialog have no axe violations", async ({ page, shared }) => {
    await visit(page, `/exams/${shared.exams.readyId}`);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Delete exam" }).click();
    await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
    await expectNoAxeViolations(page, "the delete exam dialog");
  });

  for (const type of QUESTION_TYPES) {
    test(`the question editor of type ${type}, new and with content, has no axe violations`, async ({
      page,
      shared,
    }) => {
      const { draftId, questionIds } = shared.exams;
      await visit(page, `/exams/${draftId}/questions/new?type=${type}`);
      await expectNoAxeViolations(page, `a new question of type ${type}`);

      await visit(page, `/exams/${draftId}/questions/${questionIds[type]}`);
      // The image types open in the area editor, drawn on the image.
      if (type >= 3 && type <= 5) await expect(page.getByTestId("area-canvas")).toBeVisible({ timeout: 60_000 });
      // Every rich-text field shows its toolbar whether focused or not, so this scan covers them.
      await expectNoAxeViolations(page, `question ${questionIds[type]} (type ${type})`);
    });
  }

  test("the case study editor, new and with content, has no axe violations", async ({ page, shared }) => {
    const { draftId, caseStudyId } = shared.exams;
    await visit(page, `/exams/${draftId}/case-studies/new`);
    await expectNoAxeViolations(page, "a new case study");
    await visit(page, `/exams/${draftId}/case-studies/${caseStudyId}`);
    await expectNoAxeViolations(page, "the case study");
  });

  test("the preview from its first page through every question type to the result has no axe violations", async ({
    page,
    shared,
  }) => {
    await visit(page, `/exams/${shared.exams.draftId}/preview?seed=1`, (p) =>
      p.getByRole("heading", { name: "Before You Begin" }),
    );
    await expectNoAxeViolations(page, "the preview's introduction");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("button", { name: "Begin" })).toBeVisible();
    await expectNoAxeViolations(page, "the preview's description page");
    await page.getByRole("button", { name: "Begin" }).click();

    for (const [index, type] of QUESTION_TYPES.entries()) {
      await expect(page.getByTestId("question-position")).toHaveText(
        `Question ${index + 1} of ${QUESTION_TYPES.length}`,
      );
      await expectNoAxeViolations(page, `the preview at question ${index + 1} (type ${type})`);
      if (type === 1) {
        // The first answer, checked: the verdict and the case study beside the question.
        await page.getByTestId("question").getByRole("radio").first().check();
        await page.getByRole("button", { name: "Check Answer" }).click();
        await expect(page.getByTestId("check-verdict")).toBeVisible();
        await page.getByRole("button", { name: "Flag for review" }).click();
        await expectNoAxeViolations(page, "the preview's checked answer");
      }
      if (index < QUESTION_TYPES.length - 1) await page.getByRole("button", { name: /^Next/ }).click();
    }

    await page.getByRole("button", { name: "Review and finish" }).click();
    await expect(page.getByTestId("summary-item").first()).toBeVisible();
    await expectNoAxeViolations(page, "the preview's summary");
    await page.getByRole("button", { name: "Finish", exact: true }).click();
    await expect(page.getByRole("button", { name: "Finish and see the result" })).toBeVisible();
    await expectNoAxeViolations(page, "the preview's finish confirmation");
    await page.getByRole("button", { name: "Finish and see the result" }).click();
    await expect(page.getByTestId("review-item")).toHaveCount(QUESTION_TYPES.length);
    await expectNoAxeViolations(page, "the preview's result");
  });

  test("the history, and one question's versions, have no axe violations", async ({ page, shared }) => {
    const { draftId, questionIds } = shared.exams;
    await visit(page, `/exams/${draftId}/history`);
    await expectNoAxeViolations(page, "the exam's history");
    await visit(page, `/exams/${draftId}/history?question=${questionIds[1]}`);
    await expectNoAxeViolations(page, "a question's versions");
  });

  test("the API keys page, with a new token shown, has no axe violations", async ({ page }) => {
    await visit(page, "/settings/api-keys");
    await expectNoAxeViolations(page);
    await page.getByLabel("Token name").fill("axe");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByTestId("new-token")).toBeVisible();
    await expectNoAxeViolations(page, "the API keys page showing a new token");
  });

  test("the studio's not-found pages have no axe violations", async ({ page, shared }) => {
    for (const path of ["/exams/999999999", `/exams/${shared.exams.draftId}/questions/999999999`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});
