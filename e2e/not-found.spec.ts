// Not found is HTTP 404 with the app's own page (issue 16, defect 9): every studio page with an id
// answers another author's (or a missing) object as an exam does, and the public page of a draft
// shows the app's styled not-found page, not Next's bare one.
import type { APIRequestContext } from "@playwright/test";
import { expect, rpcOk, signUp, test } from "./support/fixtures";

// Several page loads and API calls each, on top of signing up: more than the default minute on a busy machine.
test.slow();

test("every studio page with an id answers another author's object with 404", async ({
  page,
  request,
  token,
  browser,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Mine", category: "C", code: "M-1", evaluation_method: 1, passing_score: 50 },
  });
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Mine?</p>" },
    answers: [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }],
  });
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: exam.id, name: "Mine", description: "<p>Mine.</p>" },
  });
  const paths = [
    `/exams/${exam.id}`,
    `/exams/${exam.id}/questions/${question.id}`,
    `/exams/${exam.id}/questions/new?type=1`,
    `/exams/${exam.id}/case-studies/${case_study.id}`,
    `/exams/${exam.id}/case-studies/new`,
    `/exams/${exam.id}/history`,
    `/exams/${exam.id}/history?question=${question.id}`,
    `/exams/${exam.id}/preview?seed=1`,
  ];
  // Statuses read over HTTP with each browser's session (quicker than rendering every page).
  const status = async (client: APIRequestContext, path: string) =>
    (await client.get(path, { maxRedirects: 0 })).status();
  // The owner opens each of them.
  for (const path of paths) expect(await status(page.request, path), path).toBe(200);

  const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await otherContext.newPage();
  await signUp(other);
  for (const path of paths) expect(await status(other.request, path), path).toBe(404);
  // A question under an exam it does not belong to, and ids that do not exist.
  const { exam: second } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Second", category: "C", code: "M-2", evaluation_method: 1, passing_score: 50 },
  });
  for (const path of [
    `/exams/${second.id}/questions/${question.id}`,
    `/exams/${exam.id}/questions/2000000000`,
    `/exams/${exam.id}/case-studies/2000000000`,
  ]) {
    expect(await status(page.request, path), path).toBe(404);
  }
  // What the other author sees is the not-found page.
  expect((await other.goto(`/exams/${exam.id}/questions/${question.id}`))?.status()).toBe(404);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Question not found");
  await otherContext.close();
});

test("the public page of a draft is the app's own not-found page", async ({ page, request, token }) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Draft", category: "C", code: "D-1", evaluation_method: 1, passing_score: 50 },
  });
  for (const path of [`/e/${exam.id}`, "/e/2000000000", "/no-such-page"]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Page not found");
    await expect(page.getByRole("link", { name: "Exam Studio" }).first(), path).toBeVisible();
  }
});
