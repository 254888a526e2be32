// The preview draws by the blueprint (contract 15.1 points 4 and 6): /exams/ID/preview?seed=S
// presents exactly the questions exam.examDraw {id: ID, seed: S} answers, in its order; the
// result shows each domain's questions, fully correct questions, points and percent beside the
// exam's result; and the result page prints cleanly (the result shown, the controls and the
// app's navigation left out).
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, rpcOk, test } from "./support/fixtures";
import { finish, next, question } from "./support/preview";

interface Domain {
  code: string;
  name: string;
  weight: number;
}

/**
 * An exam with `domains` and, for each entry of `questions`, a single choice question in that
 * domain (by code; null: unassigned) whose right answer is "Right", its text "Q<n> <code>".
 * Answers the exam's id, the question ids with their texts, and the domains' ids by code.
 */
async function seedBlueprintExam(
  request: APIRequestContext,
  token: string,
  opts: { domains: Domain[]; questions: (string | null)[]; testingQuestions: number; shuffle: boolean },
) {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Blueprint exam",
      category: "Networking",
      code: "BP-1",
      evaluation_method: 1,
      passing_score: 50,
      shuffle_questions: opts.shuffle,
      shuffle_answers: false,
      show_standard_introduction: false,
      domains: opts.domains,
    },
  });
  const { exam: read } = await rpcOk(request, token, "exam.examGet", { id: exam.id });
  const domainId = new Map(read.domains.map((d) => [d.code, d.id]));
  const texts = new Map<number, string>();
  for (const [i, code] of opts.questions.entries()) {
    const text = `Q${i + 1} ${code ?? "none"}`;
    const { question: created } = await rpcOk(request, token, "exam.questionCreate", {
      question: {
        exam_id: exam.id,
        type: 1,
        question: `<p>${text}</p>`,
        domain_id: code === null ? null : domainId.get(code)!,
      },
      answers: [
        { answer: "<p>Right</p>", is_correct: true },
        { answer: "<p>Wrong</p>", is_correct: false },
      ],
    });
    texts.set(created.id, text);
  }
  await rpcOk(request, token, "exam.examUpdate", { exam: { id: exam.id, testing_questions: opts.testingQuestions } });
  return { examId: exam.id, texts, domainId };
}

/** From the first question to the result: to the last question, then through the summary. */
async function finishFromStart(page: Page) {
  await page.getByRole("navigation", { name: "Questions" }).getByRole("button").last().click();
  await finish(page);
}

/** The question texts of the result's review, in the order the attempt presented them. */
async function reviewedTexts(page: Page): Promise<string[]> {
  const items = page.getByTestId("review-item");
  await expect(items.first()).toBeVisible();
  return Promise.all(
    (await items.all()).map(async (item) => (await item.locator(".rich-text").first().innerText()).trim()),
  );
}

test("the preview presents exactly the questions exam.examDraw answers for the seed, in its order", async ({
  page,
  request,
  token,
}) => {
  // A lacks questions for its quota, so the draw moves its shortfall to B and C, and takes
  // unassigned questions only when those cannot fill N.
  const { examId, texts } = await seedBlueprintExam(request, token, {
    domains: [
      { code: "A", name: "Fundamentals", weight: 50 },
      { code: "B", name: "Routing", weight: 30 },
      { code: "C", name: "Security", weight: 20 },
    ],
    questions: [..."AABBBBBBCCCC", null, null, null, null, null],
    testingQuestions: 14,
    shuffle: true,
  });
  for (const seed of [7, 123456, 4294967295]) {
    const drawn = await rpcOk(request, token, "exam.examDraw", { id: examId, seed });
    expect(drawn.questions).toHaveLength(14);
    expect(drawn.by_domain.map((d) => d.drawn)).toEqual([2, 6, 4, 2]);
    await page.goto(`/exams/${examId}/preview?seed=${seed}`);
    await expect(page.getByTestId("question-position")).toHaveText("Question 1 of 14");
    // The first question on screen is the draw's first.
    await expect(question(page).locator(".rich-text").first()).toHaveText(texts.get(drawn.questions[0]!)!);
    await finishFromStart(page);
    expect(await reviewedTexts(page)).toEqual(drawn.questions.map((id) => texts.get(id)));
  }
});

test("a seed outside 0 to 2^32 − 1 gets a new seed in the URL, which examDraw takes", async ({
  page,
  request,
  token,
}) => {
  const { examId, texts } = await seedBlueprintExam(request, token, {
    domains: [],
    questions: [null, null, null, null, null, null, null],
    testingQuestions: 5,
    shuffle: true,
  });
  await page.goto(`/exams/${examId}/preview?seed=4294967296`);
  await expect(page).toHaveURL(/\?seed=\d+$/);
  const seed = Number(new URL(page.url()).searchParams.get("seed"));
  expect(seed).toBeLessThanOrEqual(4294967295);
  const drawn = await rpcOk(request, token, "exam.examDraw", { id: examId, seed });
  await finishFromStart(page);
  expect(await reviewedTexts(page)).toEqual(drawn.questions.map((id) => texts.get(id)));
});

test("the result shows each domain beside the exam's result, and prints without the controls", async ({
  page,
  request,
  token,
}) => {
  // Quotas 2 and 2 of 4: every question of A and B, none unassigned, in the exam's order.
  await seedBlueprintExam(request, token, {
    domains: [
      { code: "1.0", name: "Network Fundamentals", weight: 50 },
      { code: "2.0", name: "Network Access", weight: 50 },
    ],
    questions: ["1.0", "2.0", "1.0", "2.0", null],
    testingQuestions: 4,
    shuffle: false,
  }).then(async ({ examId }) => {
    await page.goto(`/exams/${examId}/preview?seed=1`);
    await expect(page.getByTestId("question-position")).toHaveText("Question 1 of 4");
    // Q1 (1.0) right, Q2 (2.0) right, Q3 (1.0) right, Q4 (2.0) wrong.
    for (const [i, answer] of ["Right", "Right", "Right", "Wrong"].entries()) {
      await expect(page.getByTestId("question-position")).toHaveText(`Question ${i + 1} of 4`);
      await question(page).locator("label", { hasText: answer }).click();
      if (i < 3) await next(page);
    }
    await finish(page);
  });

  const result = page.getByTestId("result");
  await expect(page.getByTestId("result-percent")).toHaveText("75%");
  const rows = result.getByTestId("domain-result");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveText(/1\.0 Network Fundamentals\s*2\s*2\s*2 of 2\s*100%/);
  await expect(rows.nth(1)).toHaveText(/2\.0 Network Access\s*2\s*1\s*1 of 2\s*50%/);
  await expect(page.getByTestId("review-domain").first()).toHaveText("Domain: 1.0 Network Fundamentals");
  await expectNoAxeViolations(page, "the result with its domains");

  // Print asks the browser to print.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await result.getByRole("button", { name: "Print" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // On paper: the result, the domains and the review; no buttons, no navigation.
  await page.emulateMedia({ media: "print" });
  await expect(result).toBeVisible();
  await expect(page.getByTestId("domain-results")).toBeVisible();
  await expect(page.getByTestId("review-item").first()).toBeVisible();
  await expect(result.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("link", { name: "New attempt" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeHidden();
  await expect(page.getByRole("button", { name: /sign out/i })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await expect(result.getByRole("button", { name: "Print" })).toBeVisible();
});

test("Mark ready names a domain short of its quota, with a link to the blueprint", async ({ page, request, token }) => {
  // 10 questions presented: quotas 5 and 5; "2.0" has 2.
  const { examId } = await seedBlueprintExam(request, token, {
    domains: [
      { code: "1.0", name: "Network Fundamentals", weight: 50 },
      { code: "2.0", name: "Network Access", weight: 50 },
    ],
    questions: ["1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "2.0", "2.0"],
    testingQuestions: 10,
    shuffle: false,
  });
  await page.goto(`/exams/${examId}`);
  await page.getByRole("button", { name: "Mark ready" }).click();
  const items = page.getByTestId("readiness-warnings").getByRole("listitem");
  await expect(items).toHaveText([
    "Blueprint — Domain “2.0 Network Access” has 2 questions but its weight asks for 5 of the 10 drawn: add 3 questions to it, or lower its weight. Until then the other domains make up the difference.",
  ]);
  await items.getByRole("link", { name: "Blueprint" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}\\?tab=settings#settings-blueprint$`));
  await expect(page.getByRole("heading", { name: "Blueprint", exact: true })).toBeInViewport();
});
