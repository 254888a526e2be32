// Small things an author and a candidate see (issue 16, defect 9): the delete dialog of an exam
// lists only what the delete removes, and a table row with empty cells keeps its height wherever
// authored HTML is shown (the preview, the public page).
import type { Locator } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";

// Several page loads and API calls each, on top of signing up: more than the default minute on a busy machine.
test.slow();

const exam = { type: 2, category: "C", evaluation_method: 1, passing_score: 50 };

test("the delete dialog lists only what the exam has", async ({ page, request, token }) => {
  const { exam: empty } = await rpcOk(request, token, "exam.examCreate", {
    exam: { ...exam, title: "Empty", code: "E-1" },
  });
  await page.goto(`/exams/${empty.id}`);
  await page.getByRole("button", { name: "Delete exam" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    "The exam and its settings are deleted; it has no questions or case studies. This cannot be undone.",
  );
  await expect(dialog).not.toContainText(/answers|with its/);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const { exam: full } = await rpcOk(request, token, "exam.examCreate", {
    exam: { ...exam, title: "Full", code: "F-1" },
  });
  for (const text of ["One", "Two"]) {
    await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: full.id, type: 1, question: `<p>${text}</p>` },
      answers: [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }],
    });
  }
  await rpcOk(request, token, "exam.caseStudyCreate", {
    case_study: { exam_id: full.id, name: "Case", description: "<p>Case.</p>" },
  });
  await page.goto(`/exams/${full.id}`);
  await page.getByRole("button", { name: "Delete exam" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    "The exam is deleted with its 2 questions and its case study. This cannot be undone.",
  );
});

/** A table with a filled row and two empty ones (bare cells, and cells with an empty paragraph as the editor writes them). */
const TABLE =
  "<table><tbody><tr><td><p>Name</p></td><td><p>Value</p></td></tr><tr><td></td><td></td></tr><tr><td><p></p></td><td><p></p></td></tr></tbody></table>";

async function rowHeights(table: Locator) {
  return table.locator("tr").evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().height)));
}

test("a table row with empty cells keeps its height in the preview and on the public page", async ({
  page,
  request,
  token,
}) => {
  const { exam: created } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      ...exam,
      title: "Tables",
      code: "T-1",
      description: `<p>About.</p>${TABLE}`,
      show_description_page: true,
      show_standard_introduction: false,
    },
  });
  await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: created.id, type: 1, question: `<p>Which?</p>${TABLE}` },
    answers: [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }],
  });

  await page.goto(`/exams/${created.id}/preview?seed=1`);
  await page.getByRole("button", { name: "Begin" }).click();
  const [filled, bare, emptyParagraphs] = await rowHeights(page.getByTestId("question").locator("table"));
  expect(bare).toBe(filled);
  expect(emptyParagraphs).toBe(filled);

  await rpcOk(request, token, "exam.examUpdateStatus", { id: created.id, ready: true, ignore_warnings: true });
  await page.goto(`/e/${created.id}`);
  const heights = await rowHeights(page.locator("main table"));
  expect(heights).toEqual([filled, filled, filled]);
});
