// Nothing moves under the pointer because the focus moved (issue 16, defect 1): a rich-text
// field's toolbar is there whether or not the field has the focus, so the click that takes the
// focus out of an answer lands where it was aimed: "Add answer" adds an answer on the first click,
// and the next answer's "Correct" box is checked (and stored as correct). Every rich-text field
// of the app (question, answers, explanation, case study and exam descriptions) keeps the controls
// around it in place when it gains or loses the focus.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";

async function seedExam(request: APIRequestContext, token: string): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Capitals", category: "Geography", code: "CAP-1", evaluation_method: 2, passing_score: 60 },
  });
  return exam.id as number;
}

const richText = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const answerFields = (page: Page) => page.getByRole("textbox", { name: /^Answer \d+$/ });

async function typeInto(page: Page, label: string, text: string) {
  await richText(page, label).click();
  await page.keyboard.type(text);
}

/**
 * Where every visible control of the page is, in page coordinates (so a scroll does not count as
 * a move). Controls in sticky or fixed bars are left out: they move with the scroll by design.
 */
function controlPositions(page: Page) {
  return page.evaluate(() => {
    const pinned = (e: Element | null): boolean => {
      for (let el = e; el; el = el.parentElement) {
        const position = getComputedStyle(el).position;
        if (position === "sticky" || position === "fixed") return true;
      }
      return false;
    };
    return Array.from(document.querySelectorAll('button, input, select, textarea, a[href], [role="textbox"]'))
      .filter((e) => !pinned(e))
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0)
      .map(
        ({ e, r }) =>
          `${e.getAttribute("aria-label") ?? e.textContent?.trim().slice(0, 30)} @ ${Math.round(r.left + scrollX)},${Math.round(r.top + scrollY)} ${Math.round(r.width)}x${Math.round(r.height)}`,
      );
  });
}

/** Focus the rich-text field, then take the focus away by a click beside it: nothing moves. */
async function expectStillOnFocus(page: Page, label: string) {
  const field = richText(page, label);
  await expect(field).toBeVisible();
  const before = await controlPositions(page);
  await field.click();
  await expect(field).toBeFocused();
  expect(await controlPositions(page), `focus into ${label}`).toEqual(before);
  // A click on the page's heading (text, not a control) takes the focus away as a person would.
  await page.getByRole("heading", { level: 1 }).click();
  await expect(field).not.toBeFocused();
  expect(await controlPositions(page), `focus out of ${label}`).toEqual(before);
}

for (const type of [1, 2, 6] as const) {
  test(`type ${type}: after typing an answer, one click on "Add answer" adds an answer`, async ({
    page,
    request,
    token,
  }) => {
    const examId = await seedExam(request, token);
    await page.goto(`/exams/${examId}/questions/new?type=${type}`);
    await expect(answerFields(page).first()).toBeVisible();
    const count = await answerFields(page).count();
    await typeInto(page, "Answer 1", "Paris");
    await page.getByRole("button", { name: "Add answer" }).click();
    await expect(answerFields(page)).toHaveCount(count + 1);
  });
}

for (const type of [1, 2] as const) {
  test(`type ${type}: after typing an answer, one click on the next answer's "Correct" box checks it, and it is stored as correct`, async ({
    page,
    request,
    token,
  }) => {
    const examId = await seedExam(request, token);
    await page.goto(`/exams/${examId}/questions/new?type=${type}`);
    await typeInto(page, "Question", "Which city is the capital of France?");
    await typeInto(page, "Answer 2", "Paris");
    await typeInto(page, "Answer 1", "Lyon");
    await page.getByLabel("Answer 2 is correct").click();
    await expect(page.getByLabel("Answer 2 is correct")).toBeChecked();
    await expect(page.getByLabel("Answer 1 is correct")).not.toBeChecked();

    await page.getByRole("button", { name: "Save question" }).click();
    // A new question's save moves the page to the question's own address (whose status line
    // starts empty), so the stored answers are what is waited for.
    const storedCorrect = async () =>
      (await rpcOk(request, token, "exam.questionList", { exam_id: examId })).questions.map((q) =>
        q.answers.map((a) => a.is_correct),
      );
    await expect.poll(storedCorrect).toEqual([[false, true]]);
  });
}

test("no control moves when a rich-text field gains or loses the focus, wherever the editor is used", async ({
  page,
  request,
  token,
}) => {
  const examId = await seedExam(request, token);

  await page.goto(`/exams/${examId}/questions/new?type=2`);
  for (const label of ["Question", "Answer 1", "Answer 2", "Explanation"]) await expectStillOnFocus(page, label);

  await page.goto(`/exams/${examId}/questions/new?type=6`);
  for (const label of ["Answer 1", "Answer 3"]) await expectStillOnFocus(page, label);

  await page.goto(`/exams/${examId}/case-studies/new`);
  await expectStillOnFocus(page, "Description");

  await page.goto(`/exams/${examId}?tab=settings`);
  await expectStillOnFocus(page, "Description");
});
