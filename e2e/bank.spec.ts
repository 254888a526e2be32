// The bank page (contract 15.2 point 5): reached from the header, it searches every exam of the
// workspace (words, a word's start, one letter different, accents), filters, shows each result
// with its exam and snippet, opens a result in the question editor, pages with "More results",
// and copies the selected results into an exam in one step (exam.questionCopy).
import type { APIRequestContext } from "@playwright/test";
import { expect, rpcOk, test } from "./support/fixtures";

async function seed(request: APIRequestContext, token: string) {
  const exam = async (title: string, code: string) =>
    (
      await rpcOk(request, token, "exam.examCreate", {
        exam: { type: 2, title, category: "Networking", code, evaluation_method: 1, passing_score: 50 },
      })
    ).exam.id;
  const source = await exam("Networking basics", "NET-1");
  const target = await exam("Target exam", "TGT-1");
  const question = async (examId: number, text: string, explanation = "", tags: string[] = []) =>
    (
      await rpcOk(request, token, "exam.questionCreate", {
        question: { exam_id: examId, type: 1, question: `<p>${text}</p>`, explanation, tags },
        answers: [
          { answer: "<p>Right</p>", is_correct: true },
          { answer: "<p>Wrong</p>", is_correct: false },
        ],
      })
    ).question.id;
  const mask = await question(
    source,
    "What is a subnet mask?",
    "<p>A mask splits a <strong>réseau</strong> into parts.</p>",
    ["CCNA"],
  );
  const router = await question(source, "Which device routes packets?");
  return { source, target, mask, router };
}

test("search, open, select and copy into an exam", async ({ page, request, token }) => {
  const { source, target, mask } = await seed(request, token);
  await page.goto("/exams");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bank" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Question bank" })).toBeVisible();
  await expect(page.getByTestId("bank-result")).toHaveCount(2);

  // A word's start.
  const search = page.getByRole("search", { name: "Search the bank" });
  await search.getByLabel("Search", { exact: true }).fill("subn");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=subn/);
  await expect(page.getByTestId("bank-result")).toHaveCount(1);
  await expect(page.getByTestId("bank-exam")).toHaveText("Networking basics (NET-1)");

  // One letter different, accents ignored: the snippet is the explanation, as written.
  await search.getByLabel("Search", { exact: true }).fill("rezeau");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("bank-result")).toHaveCount(1);
  await expect(page.getByTestId("bank-snippet")).toHaveText("A mask splits a réseau into parts.");

  // A filter: the tag, without regard to case; and no match.
  await search.getByLabel("Search", { exact: true }).fill("");
  await search.getByLabel("Tag").fill("ccna");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("bank-result")).toHaveCount(1);
  await search.getByLabel("Exam", { exact: true }).selectOption({ label: "Target exam (TGT-1)" });
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("bank-count")).toHaveText("No questions match.");
  await search.getByLabel("Exam", { exact: true }).selectOption({ label: "All exams" });
  await search.getByLabel("Tag").fill("");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("bank-result")).toHaveCount(2);

  // Open a result: the question editor.
  await page.getByRole("link", { name: "What is a subnet mask?" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${source}/questions/${mask}$`));
  await page.goBack();
  await expect(page.getByTestId("bank-result")).toHaveCount(2);

  // Select one and copy it into the other exam, in one step.
  await page.getByRole("checkbox", { name: "Select: What is a subnet mask?" }).check();
  await expect(page.getByTestId("bank-selected")).toHaveText("1 selected");
  await page.getByRole("button", { name: "Copy to exam…" }).click();
  const dialog = page.getByRole("dialog", { name: "Copy 1 question into an exam" });
  await dialog.getByLabel("Into exam").selectOption({ label: "Target exam (TGT-1)" });
  await dialog.getByRole("button", { name: "Copy 1 question" }).click();
  await expect(page.getByTestId("bank-message")).toContainText("Copied 1 question into Target exam (TGT-1).");
  await expect(page.getByTestId("bank-selected")).toHaveText("0 selected");
  const copies = await rpcOk(request, token, "exam.questionList", { exam_id: target });
  expect(copies.questions).toHaveLength(1);
  expect(copies.questions[0]!.copied_from).toMatchObject({ question_id: mask, exam_id: source });
  await page.getByRole("link", { name: "Open the exam" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${target}$`));
});

test("More results reads the next page; select all shown selects every result read", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Many", category: "Networking", code: "MANY-1", evaluation_method: 1, passing_score: 50 },
  });
  for (let i = 1; i <= 23; i++)
    await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, type: 1, question: `<p>Paging question ${i}</p>` },
      answers: [
        { answer: "<p>Right</p>", is_correct: true },
        { answer: "<p>Wrong</p>", is_correct: false },
      ],
    });
  await page.goto("/bank?q=paging");
  await expect(page.getByTestId("bank-result")).toHaveCount(20);
  await expect(page.getByTestId("bank-count")).toHaveText("20 questions shown, more follow, best matches first.");
  await page.getByRole("button", { name: "More results" }).click();
  await expect(page.getByTestId("bank-result")).toHaveCount(23);
  await expect(page.getByRole("button", { name: "More results" })).toHaveCount(0);
  await expect(page.getByTestId("bank-result").last()).toContainText("Paging question 23");
  await page.getByRole("checkbox", { name: "Select all shown" }).check();
  await expect(page.getByTestId("bank-selected")).toHaveText("23 selected");
});
