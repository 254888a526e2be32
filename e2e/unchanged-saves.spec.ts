// A save that changes nothing writes nothing (issue 23): Save on an unchanged question, case study
// or exam's settings says there was nothing to save, makes no version and no history entry,
// leaves the ready exam ready, and a co-author who opened it before then saves without a conflict.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";
import { seedSevenTypes } from "./support/seven-types";

// Two tabs, several page loads and API calls each, on top of signing up.
test.slow();

/** A second browser context of the same author (a co-author's tab, as far as versions go). */
async function secondTab(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
  });
  return context.newPage();
}

/** A ready exam with a question and a case study. */
async function seedReadyExam(request: APIRequestContext, token: string) {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Networking", category: "IT", code: "NET-1", evaluation_method: 1, passing_score: 60 },
  });
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Which layer routes packets?</p>" },
    answers: [
      { answer: "<p>Network</p>", is_correct: true, old_id: "n" },
      { answer: "<p>Session</p>", is_correct: false, old_id: "s" },
    ],
  });
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: exam.id, name: "Contoso", description: "<p>Two offices.</p>" },
  });
  await rpcOk(request, token, "exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });
  return { examId: exam.id as number, questionId: question.id as number, caseStudyId: case_study.id as number };
}

/** The history entries of one object, newest first, read back through the API. */
async function historyOf(request: APIRequestContext, token: string, examId: number, type: string, id: number) {
  const { entries } = await rpcOk(request, token, "exam.historyList", {
    exam_id: examId,
    object_type: type,
    object_id: id,
  });
  return entries as { method: string; version: number | null }[];
}

/** The ready exam guard's question before an action that would take the exam back to draft. */
const draftQuestion = (page: Page) => page.getByRole("alertdialog", { name: "Take the exam back to draft?" });

/** A save answered on this busy machine: more than the default 10 seconds at times. */
const SAVED = { timeout: 30_000 };

const examStatus = async (request: APIRequestContext, token: string, id: number) =>
  (await rpcOk(request, token, "exam.examGet", { id })).exam.status;

test("Save on an unchanged question writes no version, and a co-author's later save meets no conflict", async ({
  page,
  browser,
  request,
  token,
}) => {
  const { examId, questionId } = await seedReadyExam(request, token);
  const url = `/exams/${examId}/questions/${questionId}`;
  const other = await secondTab(browser, page);
  await page.goto(url);
  await other.goto(url);

  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("save-status")).toHaveText(
    "Nothing to save: this question is as it was last saved.",
    SAVED,
  );
  // Still ready: the save was not asked about (it takes nothing back to draft).
  await expect(draftQuestion(page)).toHaveCount(0);
  expect(await examStatus(request, token, examId)).toBe("ready");
  expect((await rpcOk(request, token, "exam.questionGet", { id: questionId })).version).toBe(1);
  expect(await historyOf(request, token, examId, "question", questionId)).toHaveLength(1);

  // The other tab, opened at version 1, saves a real change: no conflict.
  await other.getByLabel("Points", { exact: true }).fill("3");
  await other.getByRole("button", { name: "Save question" }).click();
  await draftQuestion(other).getByRole("button", { name: "Save anyway" }).click();
  await expect(other.getByTestId("save-status")).toHaveText("All changes saved", SAVED);
  await expect(other.getByTestId("conflict")).toHaveCount(0);
  const stored = await rpcOk(request, token, "exam.questionGet", { id: questionId });
  expect([stored.question.points, stored.version]).toEqual([3, 2]);
  // The answers' own ids (old_id) came back as they were: the editor keeps them.
  expect(stored.answers.map((a) => a.old_id)).toEqual(["n", "s"]);
  expect(await examStatus(request, token, examId)).toBe("draft");

  // The first tab, now behind, still hears of the other's change when it saves.
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByTestId("conflict").getByTestId("changes")).toHaveText(/Changed:\s*Points$/, SAVED);
});

test("Save on an unchanged question of every type writes nothing: the editor sends back what it loaded", async ({
  page,
  request,
  token,
}) => {
  // Seven editors opened one after another.
  test.setTimeout(6 * 60_000);
  const { examId, questions } = await seedSevenTypes(request, token, 2);
  for (const q of questions) {
    await page.goto(`/exams/${examId}/questions/${q.id}`);
    await page.getByRole("button", { name: "Save question" }).click();
    await expect(page.getByTestId("save-status"), `type ${q.type}`).toHaveText(
      "Nothing to save: this question is as it was last saved.",
      SAVED,
    );
    expect((await rpcOk(request, token, "exam.questionGet", { id: q.id })).version, `type ${q.type}`).toBe(1);
  }
});

test("Save on an unchanged case study writes no version, and a co-author's later save meets no conflict", async ({
  page,
  browser,
  request,
  token,
}) => {
  const { examId, caseStudyId } = await seedReadyExam(request, token);
  const url = `/exams/${examId}/case-studies/${caseStudyId}`;
  const other = await secondTab(browser, page);
  await page.goto(url);
  await other.goto(url);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("case-study-status")).toHaveText(
    "Nothing to save: this case study is as it was last saved.",
    SAVED,
  );
  await expect(draftQuestion(page)).toHaveCount(0);
  expect(await examStatus(request, token, examId)).toBe("ready");
  expect((await rpcOk(request, token, "exam.caseStudyGet", { id: caseStudyId })).version).toBe(1);
  // The history page lists the case study's creation and nothing after it, nor a return to draft.
  await page.goto(`/exams/${examId}/history`);
  const entries = page.getByTestId("history-entry");
  await expect(entries.filter({ hasText: "Status changed to ready" })).toHaveCount(1);
  await expect(entries.filter({ hasText: /Case study (created|updated)/ })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Status changed to draft" })).toHaveCount(0);

  await other.getByLabel("Name", { exact: true }).fill("Contoso Ltd");
  await other.getByRole("button", { name: "Save changes" }).click();
  await draftQuestion(other).getByRole("button", { name: "Save anyway" }).click();
  await expect(other.getByTestId("case-study-status")).toHaveText("Saved.", SAVED);
  await expect(other.getByTestId("conflict")).toHaveCount(0);
  expect((await rpcOk(request, token, "exam.caseStudyGet", { id: caseStudyId })).version).toBe(2);
  expect(await historyOf(request, token, examId, "case_study", caseStudyId)).toHaveLength(2);
});

test("saving settings that clean to the stored ones writes nothing, and the exam stays ready", async ({
  page,
  browser,
  request,
  token,
}) => {
  const { examId } = await seedReadyExam(request, token);
  const before = await rpcOk(request, token, "exam.examGet", { id: examId });
  const other = await secondTab(browser, page);
  await page.goto(`/exams/${examId}?tab=settings`);
  await other.goto(`/exams/${examId}?tab=settings`);
  const settings = (p: Page) => p.getByRole("form", { name: "Exam settings" });

  // A space after the title is trimmed away: the exam as stored.
  await settings(page).getByLabel("Title", { exact: true }).fill("Networking ");
  // The form cannot tell that the trimmed title is the stored one, so it asks first
  // (components/exams/ready-exam-guard.tsx); the server then writes nothing and the exam stays ready.
  await page.getByRole("button", { name: "Save settings" }).click();
  await draftQuestion(page).getByRole("button", { name: "Save anyway" }).click();
  await expect(settings(page)).toContainText("Nothing to save: this exam is as it was last saved.", SAVED);
  await expect(settings(page).getByLabel("Title", { exact: true })).toHaveValue("Networking");
  const after = await rpcOk(request, token, "exam.examGet", { id: examId });
  expect(after).toEqual(before);
  expect(after.exam.status).toBe("ready");

  await settings(other).getByLabel("Category", { exact: true }).fill("Networks");
  await other.getByRole("button", { name: "Save settings" }).click();
  await draftQuestion(other).getByRole("button", { name: "Save anyway" }).click();
  await expect(settings(other)).toContainText("All changes saved.", SAVED);
  await expect(other.getByTestId("conflict")).toHaveCount(0);
  expect((await rpcOk(request, token, "exam.examGet", { id: examId })).version).toBe(before.version + 1);
});
