// Every page of the app, signed out and signed in, passes axe-core's WCAG 2.0, 2.1 and 2.2 A and
// AA rules and label-in-name (support/axe.ts) with no violation, at 1280 px and at phone width
// (390 px): the whole page as shown, every editor type with content, dialogs and menus open, the
// preview from its first page through an attempt at every type to the result, every page of the
// API guide. Signed in means as the owner of a shared workspace, whose header's switcher lists
// several workspaces, as a team's members see it; a viewer's pages (controls disabled with the
// reason) too. Each state is scanned at both widths in the same page, the window resized between
// (the layout follows the width: CSS, and the two components that measure do so on resize), so a
// page is loaded once. The content is made once per worker through the API
// (support/shared-author.ts), and the tests only look, so they run in parallel.
import type { Locator, Page } from "@playwright/test";
import fs from "node:fs";
import { axeViolations, expectNoAxeViolations } from "./support/axe";
import { fieldErrors, rpcOk } from "./support/fixtures";
import { QUESTION_TYPES, type SampleExams } from "./support/sample-exams";
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

/** The studio's header as a member of a shared workspace sees it: the switcher names it. */
async function expectTeamHeader(page: Page, workspace: string) {
  await expect(page.getByTestId("workspace-switcher")).toContainText(workspace);
}

const WIDTHS = [
  { label: "1280 px", size: { width: 1280, height: 900 } },
  { label: "390 px", size: { width: 390, height: 844 } },
];

/** axe on the page as it is now, at 1280 px and at 390 px; the window is left at 1280 px. */
async function expectAccessible(page: Page, what = new URL(page.url()).pathname + new URL(page.url()).search) {
  for (const { label, size } of WIDTHS) {
    await resize(page, size);
    await expectNoAxeViolations(page, `${what} at ${label}`);
  }
  await resize(page, WIDTHS[0]!.size);
}

async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  // Laid out again, and what measures its box (ResizeObserver) drawn again.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The pages of the API guide, one per file of docs/api (README.md is the guide's first page). */
const GUIDE_PATHS = fs
  .readdirSync("docs/api")
  .filter((file) => file.endsWith(".md"))
  .map((file) => (file === "README.md" ? "/docs/guide" : `/docs/guide/${file.replace(/\.md$/, "")}`));

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  // The check itself: it reports what it must (axe describes only violations, support/axe.ts).
  test("the check finds an image without a text and a button without a name", async ({ page }) => {
    await page.setContent('<html lang="en"><title>t</title><main><img src="x.png"><button></button></main></html>');
    const found = await axeViolations(page);
    expect(found.map((v) => v.id).sort()).toEqual(["button-name", "image-alt"]);
    expect(found.every((v) => v.nodes.length === 1 && v.nodes[0]!.target.length > 0)).toBe(true);
  });

  for (const path of ["/", "/sign-in", "/sign-up", "/docs/api", ...GUIDE_PATHS]) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await visit(page, path);
      await expectAccessible(page);
    });
  }

  test("the not-found page has no axe violations", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expectAccessible(page);
  });

  test("sign-in refusing a password has no axe violations", async ({ page }) => {
    await visit(page, "/sign-in");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(fieldErrors(page)).toBeVisible();
    await expectAccessible(page, "sign-in refusing a password");
  });

  test("the public page of a ready exam, and of a draft, have no axe violations", async ({ page, shared }) => {
    await visit(page, `/e/${shared.exams.readyId}`);
    await expectAccessible(page, "the public page");
    const response = await page.goto(`/e/${shared.exams.draftId}`);
    expect(response?.status()).toBe(404);
    await expectAccessible(page, "the public page of a draft");
  });

  test("an invitation link, valid and not, has no axe violations", async ({ page, shared }) => {
    await visit(page, shared.invitation);
    await expect(page.getByTestId("invitation-text")).toBeVisible();
    await expectAccessible(page, "an invitation link");
    await visit(page, "/invite/not-a-code");
    await expectAccessible(page, "an invitation link that is not valid");
  });
});

test.describe("signed in", () => {
  test("the exam list, with the workspace menu, the new workspace, new exam and import dialogs open, has no axe violations", async ({
    page,
    shared,
  }) => {
    await visit(page, "/exams");
    await expectTeamHeader(page, shared.workspace);
    await expectAccessible(page, "the exam list");
    await page.getByTestId("workspace-switcher").click();
    await expect(page.getByRole("menuitemradio")).toHaveCount(2);
    await expectAccessible(page, "the workspace menu");
    await page.getByRole("menuitem", { name: "New workspace…" }).click();
    await expect(page.getByRole("dialog", { name: "New workspace" })).toBeVisible();
    await expectAccessible(page, "the new workspace dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "New exam" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the new exam dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the import dialog");
  });

  test("the bank, with a search, a selection and the copy dialog open, has no axe violations", async ({
    page,
    shared,
  }) => {
    await visit(page, "/bank");
    await expectTeamHeader(page, shared.workspace);
    await expect(page.getByTestId("bank-result").first()).toBeVisible();
    await expectAccessible(page, "the bank");
    await visit(page, "/bank?q=zzzz-nothing");
    await expect(page.getByTestId("bank-count")).toHaveText("No questions match.");
    await expectAccessible(page, "the bank without results");
    await visit(page, "/bank");
    await page.getByTestId("bank-result").first().getByRole("checkbox").check();
    await page.getByRole("button", { name: "Copy to exam…" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the bank's copy dialog");
  });

  test("the exam page's tabs, its new question menu and its dialogs have no axe violations", async ({
    page,
    shared,
  }) => {
    await visit(page, `/exams/${shared.exams.draftId}`);
    await expectTeamHeader(page, shared.workspace);
    await expectAccessible(page, "the exam page's questions");
    await page.getByRole("button", { name: "New question" }).click();
    await expect(page.getByRole("menuitem")).toHaveCount(7);
    await expectAccessible(page, "the new question menu");
    await page.keyboard.press("Escape");
    for (const tab of ["Settings", "Case studies"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
      await expectEditorsMounted(page);
      await expectAccessible(page, `the exam page's ${tab.toLowerCase()}`);
    }
    await page.getByRole("button", { name: "Export" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the export dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Import questions" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the import questions dialog");
  });

  test("the exam page's selection bar, its bulk dialogs and the Duplicate dialog have no axe violations", async ({
    page,
    shared,
  }) => {
    // Dialogs opened and closed only: the shared exam is not changed.
    await visit(page, `/exams/${shared.exams.draftId}`);
    await page.getByRole("checkbox", { name: "Select all" }).check();
    const bar = page.getByRole("region", { name: "Selected questions" });
    await expect(bar).toBeVisible();
    await expectAccessible(page, "the selection bar");
    for (const [button, ready] of [
      ["Set domain", "Domain"],
      ["Add tags", "Tags"],
      ["Copy to exam", "Exam"],
      ["Move to exam", "Exam"],
    ] as const) {
      await bar.getByRole("button", { name: button }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByLabel(ready)).toBeVisible();
      await expectAccessible(page, `the ${button.toLowerCase()} dialog`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
    }
    await bar.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "the delete questions dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Duplicate", exact: true }).click();
    await expect(page.getByRole("dialog").getByLabel("Title of the new exam")).toBeVisible();
    await expectAccessible(page, "the duplicate exam dialog");
  });

  test("a copy's editor, linking to its original, and the original listing its copies have no axe violations", async ({
    page,
    request,
    shared,
  }) => {
    const { draftId, questionIds } = shared.exams;
    const { exam } = await rpcOk(request, shared.token, "exam.examCreate", {
      exam: { type: 2, title: "Copies", category: "IT", code: "COPY-1", evaluation_method: 3 },
    });
    const { questions } = await rpcOk(request, shared.token, "exam.questionCopy", {
      ids: [questionIds[2]],
      exam_id: exam.id,
    });
    await visit(page, `/exams/${exam.id}/questions/${questions[0]!.id}`);
    await expect(page.getByTestId("copied-from")).toBeVisible();
    await expectAccessible(page, "a copy's editor");
    await visit(page, `/exams/${draftId}/questions/${questionIds[2]}`);
    await expect(page.getByTestId("question-copies")).toBeVisible();
    await expectAccessible(page, "an original's editor with its copies");
  });

  test("a ready exam's page and the delete dialog have no axe violations", async ({ page, shared }) => {
    await visit(page, `/exams/${shared.exams.readyId}`);
    await expectAccessible(page, "a ready exam's page");
    await page.getByRole("button", { name: "Delete exam" }).click();
    await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
    await expectAccessible(page, "the delete exam dialog");
  });

  for (const type of QUESTION_TYPES) {
    test(`the question editor of type ${type}, new and with content, has no axe violations`, async ({
      page,
      shared,
    }) => {
      const { draftId, questionIds } = shared.exams;
      await visit(page, `/exams/${draftId}/questions/new?type=${type}`);
      await expectTeamHeader(page, shared.workspace);
      await expectAccessible(page, `a new question of type ${type}`);

      await visit(page, `/exams/${draftId}/questions/${questionIds[type]}`);
      // The image types open in the area editor, drawn on the image.
      if (type >= 3 && type <= 5) await expect(page.getByTestId("area-canvas")).toBeVisible({ timeout: 60_000 });
      // Every rich-text field shows its toolbar whether focused or not, so this scan covers them.
      await expectAccessible(page, `question ${questionIds[type]} (type ${type})`);
    });
  }

  test("the case study editor, new and with content, has no axe violations", async ({ page, shared }) => {
    const { draftId, caseStudyId } = shared.exams;
    await visit(page, `/exams/${draftId}/case-studies/new`);
    await expectAccessible(page, "a new case study");
    await visit(page, `/exams/${draftId}/case-studies/${caseStudyId}`);
    await expectAccessible(page, "the case study");
  });

  test("the preview from its first page through every question type to the result has no axe violations", async ({
    page,
    shared,
  }) => {
    await visit(page, `/exams/${shared.exams.draftId}/preview?seed=1`, (p) =>
      p.getByRole("heading", { name: "Before You Begin" }),
    );
    await expectAccessible(page, "the preview's introduction");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("button", { name: "Begin" })).toBeVisible();
    await expectAccessible(page, "the preview's description page");
    await page.getByRole("button", { name: "Begin" }).click();

    for (const [index, type] of QUESTION_TYPES.entries()) {
      await expect(page.getByTestId("question-position")).toHaveText(
        `Question ${index + 1} of ${QUESTION_TYPES.length}`,
      );
      await expectAccessible(page, `the preview at question ${index + 1} (type ${type})`);
      if (type === 1) {
        // The first answer, checked: the verdict and the case study beside the question.
        await page.getByTestId("question").getByRole("radio").first().check();
        await page.getByRole("button", { name: "Check Answer" }).click();
        await expect(page.getByTestId("check-verdict")).toBeVisible();
        await page.getByRole("button", { name: "Flag for review" }).click();
        await expectAccessible(page, "the preview's checked answer");
      }
      if (type === 3) {
        // A tile placed: the tile in its target, its place blank.
        await page.getByTestId("question").locator("[data-draggable]").first().click();
        await page.getByTestId("question").locator("[data-target]").first().click();
        await expect(page.getByTestId("question").locator("[data-holds]")).toHaveCount(1);
        await expectAccessible(page, "the preview's drag & drop with a tile placed");
      }
      if (index < QUESTION_TYPES.length - 1) await page.getByRole("button", { name: /^Next/ }).click();
    }

    await page.getByRole("button", { name: "Review and finish" }).click();
    await expect(page.getByTestId("summary-item").first()).toBeVisible();
    await expectAccessible(page, "the preview's summary");
    await page.getByRole("button", { name: "Finish", exact: true }).click();
    await expect(page.getByRole("button", { name: "Finish and see the result" })).toBeVisible();
    await expectAccessible(page, "the preview's finish confirmation");
    await page.getByRole("button", { name: "Finish and see the result" }).click();
    await expect(page.getByTestId("review-item")).toHaveCount(QUESTION_TYPES.length);
    await expectAccessible(page, "the preview's result");
  });

  test("the history, one question's versions and two of them compared have no axe violations", async ({
    page,
    shared,
  }) => {
    const { draftId, questionIds } = shared.exams;
    await visit(page, `/exams/${draftId}/history`);
    await expectAccessible(page, "the exam's history");
    await visit(page, `/exams/${draftId}/history?question=${questionIds[1]}`);
    await expectAccessible(page, "a question's versions");
    await page.getByRole("button", { name: "Compare side by side" }).click();
    await page.waitForURL(/\/history\/compare\?/);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, "two versions compared");
  });

  test("the API keys page, with a new token shown, has no axe violations", async ({ page }) => {
    await visit(page, "/settings/api-keys");
    await expectAccessible(page, "the API keys page");
    await page.getByLabel("Token name").fill("axe");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByTestId("new-token")).toBeVisible();
    await expectAccessible(page, "the API keys page showing a new token");
  });

  test("the members page, and an invitation link to a workspace one is in, have no axe violations", async ({
    page,
    shared,
  }) => {
    await visit(page, "/settings/workspace");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shared.workspace);
    await expect(page.getByTestId("invitation-row").first()).toBeVisible();
    await expectAccessible(page, "the members page");
    await visit(page, shared.invitation);
    await expect(page.getByTestId("invitation-text")).toContainText("already");
    await expectAccessible(page, "an invitation link to one's own workspace");
  });

  test("the studio's not-found pages have no axe violations", async ({ page, shared }) => {
    for (const path of ["/exams/999999999", `/exams/${shared.exams.draftId}/questions/999999999`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectAccessible(page);
    }
  });
});

test.describe("signed in as a viewer", () => {
  test.use({ storageState: async ({ shared }, provide) => provide(shared.viewerState) });

  const pages = [
    { name: "the exam list", path: () => "/exams" },
    { name: "the exam page", path: (e: SampleExams) => `/exams/${e.draftId}` },
    { name: "a question editor", path: (e: SampleExams) => `/exams/${e.draftId}/questions/${e.questionIds[1]}` },
    { name: "the area editor", path: (e: SampleExams) => `/exams/${e.draftId}/questions/${e.questionIds[3]}` },
    { name: "the members page", path: () => "/settings/workspace" },
    { name: "the bank", path: () => "/bank" },
  ];
  for (const { name, path } of pages) {
    test(`${name} has no axe violations`, async ({ page, shared }) => {
      await visit(page, path(shared.exams));
      await expectTeamHeader(page, shared.workspace);
      await expectAccessible(page, `${name} as a viewer`);
    });
  }
});
