// Case studies: create, edit and delete through the UI (read back through /api/json), errors at
// their field with nothing stored, the unsaved-changes guard, and a case study that questions use:
// its delete dialog says why it cannot be deleted and lists them (the API refuses such a delete).
import type { APIRequestContext, Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { makePng } from "../tests/support/media-fixtures";
import { expect, fieldErrors, rpc, rpcOk, test } from "./support/fixtures";

async function createExam(request: APIRequestContext, token: string): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Cloud architect practice", category: "Cloud", code: "CLD-2", evaluation_method: 3 },
  });
  return exam.id;
}

async function openCaseStudies(page: Page, examId: number) {
  await page.goto(`/exams/${examId}`);
  const tab = page.getByRole("tab", { name: /^Case studies/ });
  if (await tab.count()) await tab.click();
  await expect(page.getByRole("heading", { name: /^Case studies/ })).toBeVisible();
}

test("create and edit a case study through the UI; errors show at their field and store nothing", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token);
  await openCaseStudies(page, examId);
  await expect(page.getByText("No case studies yet")).toBeVisible();

  await page.getByRole("link", { name: "New case study" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/case-studies/new$`));
  // An empty name is refused at the field, by the same rule as the API, and nothing is stored.
  await page.getByRole("button", { name: "Create case study" }).click();
  await expect(fieldErrors(page)).toHaveText(["Fill this in."]);
  await expect(page.getByTestId("case-study-status")).toHaveText("Not saved: fix the problems shown.");
  await expect(page.getByLabel("Name")).toBeFocused();
  expect((await rpcOk(request, token, "exam.caseStudyList", { exam_id: examId })).case_studies).toEqual([]);

  await page.getByLabel("Name").fill("Contoso migration");
  await expect(fieldErrors(page)).toHaveCount(0);
  await page
    .getByRole("textbox", { name: "Description", exact: true })
    .fill("Contoso runs 40 virtual machines on premises.");
  // An image inserted by upload travels as a resource and comes back as a /media path.
  const png = Buffer.from(makePng(24, 16, [40, 160, 90]));
  await page
    .getByLabel("Upload image or audio for Description", { exact: true })
    .setInputFiles({ name: "site-map.png", mimeType: "image/png", buffer: png });
  await expect(page.locator("img[src^='blob:']")).toBeVisible();
  await page.getByRole("button", { name: "Create case study" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}/case-studies/\\d+\\?created=1$`));
  await expect(page.getByTestId("case-study-status")).toHaveText("Case study created.");
  const caseStudyId = Number(/case-studies\/(\d+)/.exec(page.url())![1]);

  const created = (await rpcOk(request, token, "exam.caseStudyGet", { id: caseStudyId })).case_study;
  expect(created.exam_id).toBe(examId);
  expect(created.name).toBe("Contoso migration");
  expect(created.description).toContain("Contoso runs 40 virtual machines on premises.");
  const mediaPath = `/media/${createHash("sha256").update(png).digest("hex")}.png`;
  expect(created.description).toContain(`src="${mediaPath}"`);
  await expect(
    page.getByRole("textbox", { name: "Description", exact: true }).locator("img[src^='/media/']"),
  ).toHaveAttribute("src", mediaPath);

  // Edit: a failed save keeps what was typed; a good one is stored.
  await page.getByLabel("Name").fill("x".repeat(201));
  await expect(fieldErrors(page)).toHaveText(["Shorten this to at most 200 characters."]);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Name")).toHaveValue("x".repeat(201));
  expect((await rpcOk(request, token, "exam.caseStudyGet", { id: caseStudyId })).case_study.name).toBe(
    "Contoso migration",
  );

  await page.getByLabel("Name").fill("Contoso cloud migration");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("case-study-status")).toHaveText("Saved.");
  const saved = (await rpcOk(request, token, "exam.caseStudyGet", { id: caseStudyId })).case_study;
  expect(saved.name).toBe("Contoso cloud migration");
  expect(saved.description).toBe(created.description);
});

test("leaving with unsaved changes asks first; delete from the editor", async ({ page, request, token }) => {
  const examId = await createExam(request, token);
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: examId, name: "Contoso cloud migration", description: "<p>Forty machines.</p>" },
  });
  const caseStudyId = case_study.id;

  await openCaseStudies(page, examId);
  const row = page.getByTestId("case-study-row").filter({ hasText: "Contoso cloud migration" });
  await expect(row).toContainText("Forty machines.");
  await expect(row.getByTestId("case-study-usage")).toHaveText("Not used");
  await row.getByRole("link", { name: "Edit case study Contoso cloud migration" }).click();
  await expect(page.getByLabel("Name")).toHaveValue("Contoso cloud migration");

  // Declining to leave stays with the typing intact.
  await page.getByLabel("Name").fill("Half-typed name");
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("link", { name: "Cloud architect practice" }).click();
  await expect(page).toHaveURL(new RegExp(`/case-studies/${caseStudyId}$`));
  await expect(page.getByLabel("Name")).toHaveValue("Half-typed name");
  await page.getByLabel("Name").fill("Contoso cloud migration");

  await page.getByRole("button", { name: "Delete case study" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete case study" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${examId}\\?tab=case-studies$`));
  await expect(page.getByText("No case studies yet")).toBeVisible();
  const gone = await rpc(request, token, "exam.caseStudyGet", { id: caseStudyId });
  expect(gone.error?.code).toBe(-32004);
});

test("a case study that questions use cannot be deleted: the dialog says why, lists them, and offers no Delete", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token);
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: examId, name: "Fabrikam outage", description: "<p>The data centre lost power.</p>" },
  });
  const ids: number[] = [];
  for (const text of ["Which region fails over first?", "What restores the database?"]) {
    const { question } = await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: examId, type: 1, question: `<p>${text}</p>`, case_study_id: case_study.id },
      answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
    });
    ids.push(question.id);
  }

  await openCaseStudies(page, examId);
  await expect(page.getByTestId("case-study-row").getByTestId("case-study-usage")).toHaveText("Used by 2 questions");
  await page.getByRole("link", { name: "Edit case study Fabrikam outage" }).click();
  await expect(page.getByRole("heading", { name: "Used by 2 questions" })).toBeVisible();

  await page.getByRole("button", { name: "Delete case study" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading")).toHaveText('Case study "Fabrikam outage" cannot be deleted');
  const refusal = dialog.getByTestId("case-study-delete-refused");
  await expect(refusal).toContainText("2 questions use this case study.");
  const links = refusal.getByRole("link");
  await expect(links).toHaveText(["Which region fails over first?", "What restores the database?"]);
  await expect(links.nth(0)).toHaveAttribute("href", `/exams/${examId}/questions/${ids[0]}`);
  await expect(links.nth(1)).toHaveAttribute("href", `/exams/${examId}/questions/${ids[1]}`);
  await expect(dialog.getByRole("button")).toHaveText(["Close"]);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await rpcOk(request, token, "exam.caseStudyGet", { id: case_study.id })).case_study.name).toBe(
    "Fabrikam outage",
  );
});

test("a case study that a question starts using while the delete dialog is open: the API's refusal lists the question", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token);
  const { case_study } = await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: examId, name: "Fabrikam outage", description: "<p>The data centre lost power.</p>" },
  });
  await page.goto(`/exams/${examId}/case-studies/${case_study.id}`);
  await page.getByRole("button", { name: "Delete case study" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("button", { name: "Delete case study" })).toBeEnabled();

  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: {
      exam_id: examId,
      type: 1,
      question: "<p>Which region fails over first?</p>",
      case_study_id: case_study.id,
    },
    answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
  });
  await dialog.getByRole("button", { name: "Delete case study" }).click();
  const refusal = page.getByTestId("case-study-in-use");
  await expect(refusal).toContainText("Not deleted: 1 question uses this case study.");
  await expect(refusal.getByRole("link")).toHaveAttribute("href", `/exams/${examId}/questions/${question.id}`);
  expect((await rpcOk(request, token, "exam.caseStudyGet", { id: case_study.id })).case_study.name).toBe(
    "Fabrikam outage",
  );
});
