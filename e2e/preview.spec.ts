// The exam preview: a seeded attempt at an exam with all seven question types, answered partly
// right and partly wrong, ends with exactly the score the scoring engine computes for those
// responses, for every evaluation method; the countdown ends an attempt (Playwright's clock, no
// switch in the app); introduction, description, case studies, Check Answer, flags and summary.
import type { Page } from "@playwright/test";
import { examResult } from "../server/domain/scoring/exam-result";
import { scoreQuestion } from "../server/domain/scoring/question-score";
import type { CandidateResponse } from "../server/domain/scoring/types";
import { expect, rpcOk, test } from "./support/fixtures";
import { finish, next, question } from "./support/preview";
import { seedSevenTypes, type ListedQuestion } from "./support/seven-types";

/** Answers the seven questions (some right, some wrong) and returns the responses given. */
async function answerSevenTypes(page: Page, questions: ListedQuestion[]): Promise<(CandidateResponse | null)[]> {
  const [q1, q2, , , , q6] = questions;
  // 1: right.
  await question(page).getByLabel("Answer A").check();
  await next(page);
  // 2: only one of the two primes: not fully correct, 1 point from the answer.
  await question(page).getByLabel("Answer B").check();
  await next(page);
  // 3: both right, by keyboard only (targ-1, targ-2, drag-1, drag-2 in that order).
  await question(page).getByRole("button", { name: "Target 1, empty" }).focus();
  for (const key of [
    "Tab",
    "Tab",
    "Enter",
    "Shift+Tab",
    "Shift+Tab",
    "Enter",
    "Tab",
    "Tab",
    "Tab",
    "Enter",
    "Shift+Tab",
    "Shift+Tab",
    "Enter",
  ])
    await page.keyboard.press(key);
  await expect(question(page).getByRole("button", { name: "Target 2, holds tile B" })).toBeVisible();
  await next(page);
  // 4: a click beside the router: wrong.
  const picture = question(page).getByTestId("point-picture");
  await picture.scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  await page.mouse.click(box.x + (300 / 400) * box.width, box.y + (250 / 300) * box.height);
  await next(page);
  // 5: right.
  await question(page).getByRole("button", { name: "Area 1" }).click();
  await next(page);
  // 6: the drawn order with its first two swapped (read back from the page).
  await question(page).getByRole("button", { name: "Move A down" }).click();
  const texts = await question(page).getByTestId("sequence-item").locator(".rich-text").allInnerTexts();
  const order = texts.map((t) => q6!.answers.find((a) => a.answer === `<p>${t.trim()}</p>`)!.id);
  await next(page);
  // 7: right despite a typo (similarity 80).
  await question(page).getByLabel("Type your answer.").fill("Jupitr");
  return [
    { type: 1, answerId: q1!.answers[0]!.id },
    { type: 2, answerIds: [q2!.answers[1]!.id] },
    { type: 3, placements: { "targ-1": "drag-1", "targ-2": "drag-2" } },
    { type: 4, areaIds: [] },
    { type: 5, areaIds: ["block-1"] },
    { type: 6, order },
    { type: 7, text: "Jupitr" },
  ];
}

for (const method of [1, 2, 3, 4]) {
  test(`a seeded attempt at all seven types shows the engine's score (evaluation method ${method})`, async ({
    page,
    request,
    token,
  }) => {
    const { examId, questions } = await seedSevenTypes(request, token, method);
    await page.goto(`/exams/${examId}/preview?seed=12345`);
    await expect(page.getByTestId("question-position")).toHaveText("Question 1 of 7");
    const responses = await answerSevenTypes(page, questions);
    await finish(page);

    const scores = questions.map((q, i) => scoreQuestion(q, responses[i]!));
    const expected = examResult(method as 1 | 2 | 3 | 4, method <= 2 ? 50 : null, scores);
    // Some right and some wrong, so the test says something.
    expect(scores.filter((s) => s.fullyCorrect).length).toBeGreaterThan(1);
    expect(scores.filter((s) => !s.fullyCorrect).length).toBeGreaterThan(1);
    const shown = Number.isInteger(expected.percent) ? String(expected.percent) : expected.percent.toFixed(2);
    await expect(page.getByTestId("result-percent")).toHaveText(`${shown}%`);
    await expect(page.getByTestId("result-detail")).toHaveText(
      method === 2 || method === 4
        ? `${expected.points} of ${expected.maxPoints} points`
        : `${expected.fullyCorrect} of 7 questions answered fully correctly`,
    );
    if (expected.passed === null) await expect(page.getByTestId("result-verdict")).toHaveCount(0);
    else
      await expect(page.getByTestId("result-verdict")).toHaveText(
        `${expected.passed ? "Passed" : "Not passed"} (pass mark 50%)`,
      );
    const points = page.getByTestId("review-points");
    await expect(points).toHaveCount(7);
    for (let i = 0; i < 7; i++)
      await expect(points.nth(i)).toHaveText(
        `${scores[i]!.points} of ${scores[i]!.maxPoints} ${Math.abs(scores[i]!.maxPoints) === 1 ? "point" : "points"}`,
      );
  });
}

test("the countdown ends the attempt when the time runs out", async ({ page, request, token }) => {
  const { examId } = await seedSevenTypes(request, token, 1);
  await rpcOk(request, token, "exam.examUpdate", { exam: { id: examId, testing_time: 2 } });
  await page.clock.install();
  await page.goto(`/exams/${examId}/preview?seed=7`);
  await expect(page.getByTestId("countdown")).toHaveText("2:00");
  await question(page).getByLabel("Answer A").check();
  await page.clock.fastForward("01:00");
  // The installed clock also runs in real time, so the seconds this test took so far count too.
  await expect(page.getByTestId("countdown")).toHaveText(/^(1:00|0:5\d)$/);
  await page.clock.fastForward("01:01");
  await expect(page.getByTestId("timed-out")).toBeVisible();
  // Scored as it stood: one of seven questions answered, and right.
  await expect(page.getByTestId("result-detail")).toHaveText("1 of 7 questions answered fully correctly");
});

test("introduction, description, case study beside its question, Check Answer, flags and the summary", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 1,
      check_answer: 1,
      title: "Quiz",
      category: "QA",
      code: "Q-1",
      evaluation_method: 1,
      passing_score: 60,
      description: "<p>About <strong>this quiz</strong>.</p>",
      show_description_page: true,
    },
  });
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: exam.id, name: "Contoso", description: "<p>Contoso has two offices.</p>" },
  });
  for (const [text, cs] of [
    ["How many offices?", case_study.id],
    ["Is the sky blue?", null],
  ] as const) {
    await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, type: 1, question: `<p>${text}</p>`, case_study_id: cs },
      answers: [
        { answer: "<p>Two</p>", is_correct: true },
        { answer: "<p>Three</p>", is_correct: false },
      ],
    });
  }
  // The clock stands still, so the countdown can be read exactly.
  await page.clock.install({ time: new Date("2026-05-01T09:00:00Z") });
  await page.clock.pauseAt(new Date("2026-05-01T09:00:05Z"));
  await page.goto(`/exams/${exam.id}/preview?seed=3`);
  await expect(page.getByRole("heading", { name: "Before You Begin" })).toBeVisible();
  await expect(page.getByText("You have 3 minutes")).toBeVisible();
  await expect(page.getByText("You pass with 60% or more.")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("About this quiz.")).toBeVisible();
  await page.getByRole("button", { name: "Begin" }).click();
  // The countdown starts at the full time (2 questions: 3 minutes) when the questions begin.
  await expect(page.getByTestId("countdown")).toHaveText("3:00");

  // Find the case-study question, wherever the seed put it.
  if (!(await question(page).getByText("How many offices?").isVisible())) await next(page);
  await expect(page.getByRole("complementary", { name: "Case study: Contoso" })).toContainText(
    "Contoso has two offices.",
  );
  // Answers are shuffled (shuffle_answers is on by default): pick them by their text.
  const choice = (text: string) => question(page).locator("label", { hasText: text }).getByRole("radio");
  await choice("Three").check();
  await page.getByRole("button", { name: "Check Answer" }).click();
  await expect(page.getByTestId("check-verdict")).toHaveText("Not correct.");
  await choice("Two").check();
  await expect(page.getByTestId("check-verdict")).toHaveCount(0);
  await page.getByRole("button", { name: "Check Answer" }).click();
  await expect(page.getByTestId("check-verdict")).toHaveText("Correct.");
  await page.getByRole("button", { name: "Flag for review" }).click();

  await page.getByRole("navigation", { name: "Questions" }).getByRole("button").last().click();
  await page.getByRole("button", { name: "Review and finish" }).click();
  await expect(page.getByText("1 of 2 answered, 1 flagged for review.")).toBeVisible();
  await expect(page.getByTestId("summary-item").filter({ hasText: "Flagged" })).toHaveCount(1);
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("button", { name: "Finish and see the result" }).click();
  await expect(page.getByTestId("result-percent")).toHaveText("50%");
  await expect(page.getByTestId("result-verdict")).toHaveText("Not passed (pass mark 60%)");
  await expect(page.getByTestId("review-item").filter({ hasText: "Case study: Contoso" })).toHaveCount(1);
});
