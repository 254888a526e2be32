// "Mark ready" names each problem it found in the author's words, with a link to the question
// (by the number authors know it by) rather than "Question N has a warning" once per problem
// (issue 23, defect 5).
import { expect, rpcOk, test } from "./support/fixtures";

// Several questions made through the API and page loads on a busy machine.
test.slow();

test("Mark ready lists each problem in the author's words, each with a link to its question", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Problems", category: "IT", code: "PRB-1", evaluation_method: 1, passing_score: 50 },
  });
  const create = async (type: number, text: string, extra: object) =>
    (
      await rpcOk(request, token, "exam.questionCreate", {
        question: { exam_id: exam.id, type, question: `<p>${text}</p>` },
        ...extra,
      })
    ).question.id as number;
  await create(1, "Fine", { answers: [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }] });
  const multiple = await create(2, "One correct of several", {
    answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
  });
  const noCorrect = await create(1, "None correct", { answers: [{ answer: "<p>A</p>" }, { answer: "<p>B</p>" }] });
  const twice = await create(7, "Same value twice", {
    question: {
      exam_id: exam.id,
      type: 7,
      question: "<p>Same value twice</p>",
      properties: { text_similarity: 100, text_answer: [{ value: "Pacific" }, { value: "pacific" }] },
    },
  });
  const lonely = await create(2, "One answer only", { answers: [{ answer: "<p>Alone</p>" }] });

  await page.goto(`/exams/${exam.id}`);
  await page.getByRole("button", { name: "Mark ready" }).click();
  const notice = page.getByTestId("readiness-warnings");
  await expect(notice).toContainText("Not marked ready: the check found 5 warnings.");
  const items = notice.getByRole("listitem");
  await expect(items).toHaveText([
    "Question 2 — Only one answer is marked correct: a multiple choice question usually has more. For one correct answer, use single choice.",
    "Question 3 — Mark one answer as correct.",
    "Question 4 — Accepted answer 2: This is the same accepted answer as Accepted answer 1; keep one of them.",
    "Question 5 — Add at least one more answer: a question with one answer gives nothing to choose.",
    "Question 5 — Mark the answers that are correct.",
  ]);
  await expect(notice).not.toContainText("open it to see what");
  const links = [multiple, noCorrect, twice, lonely, lonely].map((id) => `/exams/${exam.id}/questions/${id}`);
  for (const [i, href] of links.entries())
    await expect(items.nth(i).getByRole("link", { name: /^Question \d$/ })).toHaveAttribute("href", href);

  // The link opens the question it names.
  await items.nth(1).getByRole("link", { name: "Question 3" }).click();
  await expect(page).toHaveURL(new RegExp(`/exams/${exam.id}/questions/${noCorrect}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Question 3");
  expect((await rpcOk(request, token, "exam.examGet", { id: exam.id })).exam.status).toBe("draft");

  // An exam without questions says so, and what to do.
  const { exam: empty } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Empty", category: "IT", code: "EMP-1", evaluation_method: 1, passing_score: 50 },
  });
  await page.goto(`/exams/${empty.id}`);
  await page.getByRole("button", { name: "Mark ready" }).click();
  await expect(page.getByTestId("readiness-warnings").getByRole("listitem")).toHaveText([
    "The exam has no questions yet: add them with “New question” or “Import questions”.",
  ]);
});
