// Not found is HTTP 404 with the app's own page (issue 16, defect 9): every studio page with an id
// answers another author's (or a missing) object as an exam does, and the public page of a draft
// shows the app's styled not-found page, not Next's bare one.
import type { APIRequestContext } from "@playwright/test";
import { expect, rpcOk, signUp, test } from "./support/fixtures";

// Several page loads and API calls each, on top of signing up: more than the default minute on a busy machine.
test.slow();

test("every studio page with an id answers another author's object with 404", async ({ page, request, token, browser }) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", { exam: { type: 2, title: "Mine", category: "C", code: "M-1", evaluation_method: 1, passing_score: 50 } });
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Mine?</p>" },
    answers: [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }],
  });
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", { case_study: { exam_id: exam.id, name: "Mine", description: "<p>Mine.</p>" } });
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
  // Read over HTTP with each browser's session (no rendering: only the status and the page matter).
  const status = async (client: APIRequestContext, path: string) => {
    const response = await client.get(path, { maxRedirects: 0 });
    return { status: response.status(), notFoundPage: /<h1[^>]*>[^<]*not found<\/h1>/.test(await response.text()) };
  };
  // The owner opens each of them.
  for (const path of paths) expect(await status(page.request, path), path).toEqual({ status: 200, notFoundPage: false });

  const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await otherContext.newPage();
  await signUp(other);
  for (const path of paths) expect(await status(other.request, path), path).toEqual({ status: 404, notFoundPage: true });
  // A question under an exam it does not belong to, and ids that do not exist.
  const { exam: second } = await rpcOk(request, token, "exam.examCreate", { exam: { type: 2, title: "Second", category: "C", code: "M-2", evaluation_method: 1, passing_score: 50 } });
  for (const path of [`/exams/${second.id}/questions/${question.id}`, `/exams/${exam.id}/questions/2000000000`, `/exams/${exam.id}/case-studies/2000000000`]) {
    expect(await status(page.request, path), path).toEqual({ status: 404, notFoundPage: true });
  }
  await otherContext.close();
});

test("the public page of a draft is the app's own not-found page", async ({ page, request, token }) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", { exam: { type: 2, title: "Draft", category: "C", code: "D-1", evaluation_method: 1, passing_score: 50 } });
  for (const path of [`/e/${exam.id}`, "/e/2000000000", "/no-such-page"]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Page not found");
    await expect(page.getByRole("link", { name: "Exam Studio" }).first(), path).toBeVisible();
  }
});
