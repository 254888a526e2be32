// Every page at phone width (390 × 844): the document never scrolls sideways, and the controls an
// author needs (the title, Sign out, Preview, Back to draft, the table's headers) are on screen,
// whole and not on top of each other. A screenshot of each page is kept with the test's output.
// The layout checks are soft: one run lists every page that does not fit, not only the first.
import type { Locator, Page } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";
import { seedSevenTypes } from "./support/seven-types";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
// Each test walks through many pages (all seven editors, a whole attempt): more than the default minute.
test.describe.configure({ timeout: 300_000 });

type Box = { x: number; y: number; width: number; height: number };

/** The page fits the phone's width: nothing makes the document wider than the viewport. */
async function expectFitsPhone(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect.soft(width, `${name}: the document is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

/** The control is shown whole inside the viewport's width. */
async function expectOnScreen(control: Locator) {
  await expect.soft(control).toBeVisible();
  const box = await control.boundingBox();
  if (!box) return;
  expect.soft(box.width, `${control} has no width`).toBeGreaterThan(0);
  expect.soft(box.x, `${control} starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${control} ends right of the screen`).toBeLessThanOrEqual(PHONE.width);
}

/** Text shown in full: not cut off by its own box (no ellipsis standing for the rest). */
async function expectWholeText(element: Locator) {
  await expectOnScreen(element);
  await expectNotCut(element);
}

/** Nothing inside the element runs past its box or is cut off (at any width). */
async function expectNotCut(element: Locator) {
  const cut = await element.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
  expect.soft(cut, `${element} is cut off`).toBe(false);
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectApart(a: Locator, b: Locator) {
  const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
  expect.soft(overlap(boxA, boxB), `${a} overlaps ${b}`).toBe(false);
}

/** `inner` lies whole inside `outer` (nothing of it clipped by `outer`'s overflow). */
async function expectInside(inner: Locator, outer: Locator) {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  const inside = a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
  expect.soft(inside && a.y + a.height <= b.y + b.height + 0.5, `${inner} sticks out of ${outer}`).toBe(true);
}

/**
 * The studio's header: the navigation and Sign out on screen; the workspace switcher shows its
 * name and role whole, inside its own border, apart from the links (issue 23: it was squeezed to
 * 41 px, its name invisible and its ▾ over "Exams").
 */
async function expectStudioHeader(page: Page) {
  await expectOnScreen(page.getByRole("button", { name: "Sign out" }));
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const link of ["Exams", "Members", "API keys", "API reference"])
    await expectOnScreen(nav.getByRole("link", { name: link }));
  const switcher = page.getByTestId("workspace-switcher");
  await expectWholeText(switcher);
  const name = switcher.locator("span.truncate");
  await expectWholeText(name);
  expect.soft((await name.boundingBox())?.width ?? 0, "the workspace's name shows").toBeGreaterThan(40);
  for (const link of ["Exams", "Members", "API keys", "API reference"])
    await expectApart(switcher, nav.getByRole("link", { name: link }));
}

test("signed out: the start page, sign-in, sign-up, the API reference and a page that does not exist fit a phone", async ({
  page,
}) => {
  await page.goto("/");
  await expectOnScreen(page.getByRole("link", { name: "Create an account" }));
  await expectFitsPhone(page, "start");
  await page.goto("/sign-in");
  await expectOnScreen(page.getByRole("button", { name: "Sign in" }));
  await expectFitsPhone(page, "sign-in");
  await page.goto("/sign-up");
  await expectOnScreen(page.getByRole("button", { name: /Create account|Sign up/ }));
  await expectFitsPhone(page, "sign-up");
  await page.goto("/docs/api");
  await expectOnScreen(page.getByRole("heading", { name: "API reference", level: 1 }));
  await expectOnScreen(page.getByRole("banner").getByRole("link", { name: "Studio", exact: true }));
  await expectFitsPhone(page, "api-reference");
  await page.goto("/no-such-page");
  await expectFitsPhone(page, "not-found");
});

test("the exam list, an exam page as draft and as ready, history, API keys and a missing exam fit a phone", async ({
  page,
  request,
  token,
}) => {
  const title = "Networking essentials practice exam";
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title,
      category: "Cloud networking",
      code: "NET-PRACTICE-2",
      evaluation_method: 1,
      passing_score: 70,
    },
  });
  await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 1,
      title: "A second exam with a rather long title to wrap",
      category: "IT",
      code: "IT-1",
      evaluation_method: 3,
    },
  });
  const questionText = "Which protocol assigns addresses to the hosts of a local network automatically?";
  await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: `<p>${questionText}</p>` },
    answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
  });
  await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 6, question: "<p>Order the layers.</p>" },
    answers: [
      { answer: "<p>Physical</p>", is_correct: true, order: 1 },
      { answer: "<p>Network</p>", is_correct: true, order: 2 },
    ],
  });

  await page.goto("/exams");
  await expectStudioHeader(page);
  const headers = page.getByRole("columnheader");
  await expectApart(headers.filter({ hasText: "Title" }), headers.filter({ hasText: "Code" }));
  await expectOnScreen(headers.filter({ hasText: "Title" }));
  await expectWholeText(page.getByRole("link", { name: title }));
  await expectFitsPhone(page, "exam-list");
  await page.getByRole("button", { name: "New exam" }).click();
  await expectOnScreen(page.getByRole("dialog").getByRole("button", { name: "Create exam" }));
  await expectFitsPhone(page, "new-exam-dialog");
  await page.keyboard.press("Escape");

  await page.goto(`/exams/${exam.id}`);
  await expectStudioHeader(page);
  const heading = page.getByRole("heading", { name: title, level: 1 });
  await expectWholeText(heading);
  // The code, category and type read as a line or two, not a word per line.
  const codeLine = page.getByTestId("exam-code").locator("..");
  expect.soft((await codeLine.boundingBox())!.height, "the code line's height").toBeLessThanOrEqual(48);
  await expectWholeText(page.getByTestId("exam-code"));
  for (const name of ["Delete exam", "History", "Preview", "Mark ready"])
    await expectOnScreen(page.getByRole(/Delete|Mark/.test(name) ? "button" : "link", { name }));
  await expectApart(page.getByTestId("status-badge").first(), page.getByRole("button", { name: "Delete exam" }));
  // The question list (issue 23: the text had no width, the delete buttons were cut off): each
  // row's text has most of the row, its type and every button show whole inside the list.
  const list = page.getByRole("list", { name: "Questions in exam order" });
  for (const row of await page.getByTestId("question-row").all()) {
    const text = row.getByRole("link");
    expect.soft((await text.boundingBox())?.width ?? 0, "the question text's width").toBeGreaterThanOrEqual(180);
    for (const button of await row.getByRole("button").all()) {
      await expectOnScreen(button);
      await expectInside(button, list);
      await expectApart(button, text);
    }
  }
  await expectWholeText(page.getByTestId("question-row").first().getByText("Single choice", { exact: true }));
  // The long text reads over two lines rather than a few words.
  await expect.soft(page.getByRole("link", { name: questionText })).toContainText("local network");
  expect
    .soft((await page.getByRole("link", { name: questionText }).boundingBox())?.height ?? 0, "two lines of text")
    .toBeGreaterThan(30);
  await expectFitsPhone(page, "exam-draft");

  await rpcOk(request, token, "exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });
  await page.reload();
  const backToDraft = page.getByRole("button", { name: "Back to draft" });
  await expectOnScreen(backToDraft);
  await expectOnScreen(page.getByRole("link", { name: "Preview" }));
  await expectWholeText(heading);
  for (const button of [
    backToDraft,
    page.getByRole("button", { name: "Delete exam" }),
    page.getByRole("link", { name: "Preview" }),
  ])
    await expectApart(page.getByTestId("status-badge").first(), button);
  await expectFitsPhone(page, "exam-ready");

  // Every tab of the exam page.
  for (const tab of await page.getByRole("tab").all()) {
    await tab.click();
    await expectFitsPhone(page, `exam-tab-${((await tab.textContent()) ?? "").trim().replace(/\W+/g, "-")}`);
  }

  await page.goto(`/exams/${exam.id}/history`);
  await expectStudioHeader(page);
  await expectOnScreen(page.getByRole("heading", { name: "History", level: 1 }));
  await expectFitsPhone(page, "history");

  await page.goto("/settings/api-keys");
  await expectStudioHeader(page);
  await expectOnScreen(page.getByRole("button", { name: "Create token" }));
  await expectFitsPhone(page, "api-keys");

  await page.goto("/exams/999999999");
  await expectStudioHeader(page);
  await expectFitsPhone(page, "exam-not-found");
});

test("the editors of all seven question types fit a phone", async ({ page, request, token }) => {
  const { examId, questions } = await seedSevenTypes(request, token, 1);
  for (const question of questions) {
    await page.goto(`/exams/${examId}/questions/${question.id}`);
    await expectStudioHeader(page);
    await expectOnScreen(page.getByRole("button", { name: "Save question" }));
    await expect(page.getByRole("textbox", { name: "Question", exact: true })).toBeVisible();
    if ([3, 4, 5].includes(question.type)) {
      // The picture with its areas is shown, even where drawing wants a larger screen.
      await expectOnScreen(page.locator("canvas").first());
      await expect.soft(page.getByRole("table", { name: "Areas" })).toBeVisible();
      await expect.soft(page.getByTestId("larger-screen-note")).toBeVisible();
    }
    await expectFitsPhone(page, `question-type-${question.type}`);
  }
  await page.goto(`/exams/${examId}/questions/new?type=1`);
  await expectOnScreen(page.getByRole("button", { name: "Save question" }));
  await expectFitsPhone(page, "question-new");
});

test("the case study editor, new and existing, fits a phone", async ({ page, request, token }) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Cloud architect practice", category: "Cloud", code: "CLD-2", evaluation_method: 3 },
  });
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: {
      exam_id: exam.id,
      name: "Contoso migration",
      description: "<p>Contoso runs 40 virtual machines.</p>",
    },
  });
  await page.goto(`/exams/${exam.id}/case-studies/${case_study.id}`);
  await expectStudioHeader(page);
  await expectOnScreen(page.getByRole("button", { name: "Save changes" }));
  await expectFitsPhone(page, "case-study");
  await page.goto(`/exams/${exam.id}/case-studies/new`);
  await expectOnScreen(page.getByRole("button", { name: "Create case study" }));
  await expectFitsPhone(page, "case-study-new");
});

test("the preview (start, every question type in an attempt, the result) and the public page fit a phone", async ({
  page,
  request,
  token,
  browser,
}) => {
  const { examId } = await seedSevenTypes(request, token, 1);
  await rpcOk(request, token, "exam.examUpdate", { exam: { id: examId, show_standard_introduction: true } });
  await page.goto(`/exams/${examId}/preview?seed=5`);
  await expectStudioHeader(page);
  await expectOnScreen(page.getByRole("heading", { name: "Before You Begin" }));
  await expectFitsPhone(page, "preview-start");
  await page.getByRole("button", { name: /Begin|Continue/ }).click();
  for (let i = 1; i <= 7; i++) {
    await expect(page.getByTestId("question-position")).toHaveText(`Question ${i} of 7`);
    await expectOnScreen(page.getByTestId("question-position"));
    await expectFitsPhone(page, `preview-question-${i}`);
    if (i < 7) await page.getByRole("button", { name: /^Next/ }).click();
  }
  await page.getByRole("button", { name: "Review and finish" }).click();
  await expectFitsPhone(page, "preview-summary");
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("button", { name: "Finish and see the result" }).click();
  await expectOnScreen(page.getByTestId("result-percent"));
  await expectFitsPhone(page, "preview-result");

  await rpcOk(request, token, "exam.examUpdateStatus", { id: examId, ready: true, ignore_warnings: true });
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/e/${examId}`);
  await expectOnScreen(publicPage.getByRole("heading", { level: 1 }));
  await expectFitsPhone(publicPage, "public-page");
  await visitor.close();
});

test.describe("at desktop width", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the header's switcher and the question list still read well at 1280 px", async ({ page, request, token }) => {
    const { exam } = await rpcOk(request, token, "exam.examCreate", {
      exam: { type: 2, title: "Desktop", category: "IT", code: "DT-1", evaluation_method: 1, passing_score: 70 },
    });
    await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, type: 1, question: "<p>Which protocol assigns addresses automatically?</p>" },
      answers: [{ answer: "<p>DHCP</p>", is_correct: true }, { answer: "<p>DNS</p>" }],
    });
    await page.goto(`/exams/${exam.id}`);
    const switcher = page.getByTestId("workspace-switcher");
    await expectNotCut(switcher);
    await expectNotCut(switcher.locator("span.truncate"));
    const nav = page.getByRole("navigation", { name: "Main" });
    // One row: the switcher and the links side by side.
    const [switcherBox, examsBox] = [
      (await switcher.boundingBox())!,
      (await nav.getByRole("link", { name: "Exams" }).boundingBox())!,
    ];
    expect.soft(examsBox.x, "Exams follows the switcher").toBeGreaterThan(switcherBox.x + switcherBox.width);
    expect.soft(Math.abs(centreY(examsBox) - centreY(switcherBox)), "on one row").toBeLessThan(4);
    const row = page.getByTestId("question-row").first();
    expect.soft((await row.getByRole("link").boundingBox())!.width, "the text's width").toBeGreaterThan(600);
    expect.soft((await row.getByRole("link").boundingBox())!.height, "one line").toBeLessThan(24);
    for (const button of await row.getByRole("button").all())
      await expectInside(button, page.getByRole("list", { name: "Questions in exam order" }));
    await page.screenshot({ path: test.info().outputPath("exam-desktop.png") });
  });
});

const centreY = (b: Box) => b.y + b.height / 2;
