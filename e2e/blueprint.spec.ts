// The blueprint in the app (contract 15.1): the settings' Blueprint section (the sum shown live,
// the API's error at it while it is not 100, add, rename, reorder by keyboard, remove, save, read
// back over the API); the question editor's domain select and its tag input suggesting the
// workspace's tags; the exam page's question list filtered by domain and tag, with each domain's
// count of questions.
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { expect, fieldErrors, fieldWarnings, rpcOk, test } from "./support/fixtures";

async function createExam(request: APIRequestContext, token: string, domains: object[] = []): Promise<number> {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Networking", category: "IT", code: "NET-1", evaluation_method: 3, domains },
  });
  return exam.id;
}

async function domainsOf(request: APIRequestContext, token: string, examId: number) {
  return (await rpcOk(request, token, "exam.examGet", { id: examId })).exam.domains;
}

async function question(
  request: APIRequestContext,
  token: string,
  examId: number,
  text: string,
  fields: { domain_id?: number | null; tags?: string[] } = {},
): Promise<number> {
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: examId, type: 1, question: `<p>${text}</p>`, ...fields },
    answers: [
      { answer: "<p>Yes</p>", is_correct: true },
      { answer: "<p>No</p>", is_correct: false },
    ],
  });
  return question.id;
}

const blueprint = (page: Page) => page.getByTestId("blueprint");
/** The codes in the Blueprint section's rows, in their order. */
const codes = (page: Page) =>
  blueprint(page)
    .getByLabel(/^Code of domain/)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

async function openSettings(page: Page, examId: number) {
  await page.goto(`/exams/${examId}?tab=settings`);
  await expect(page.getByRole("heading", { name: "Blueprint" })).toBeVisible();
}

test("the Blueprint section: the sum live, its error at the field, add, rename, reorder by keyboard, remove, save", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token);
  await openSettings(page, examId);
  await expect(blueprint(page)).toContainText("No domains yet.");

  await blueprint(page).getByRole("button", { name: "Add domain" }).click();
  await blueprint(page).getByLabel("Code of domain 1").fill("1.0");
  await blueprint(page).getByLabel("Name of domain 1").fill("Network Fundamentals");
  await blueprint(page).getByLabel("Weight (%) of domain 1").fill("60");
  await blueprint(page).getByRole("button", { name: "Add domain" }).click();
  await blueprint(page).getByLabel("Code of domain 2").fill("2.0");
  await blueprint(page).getByLabel("Name of domain 2").fill("Security");
  await blueprint(page).getByLabel("Weight (%) of domain 2").fill("30");

  // The sum as typed, and the API's own error at it: nothing can be saved.
  await expect(page.getByTestId("blueprint-sum")).toHaveText("Total: 90 %");
  await expect(fieldErrors(blueprint(page))).toHaveText([
    "The weights add up to 90 %: make them add up to 100 %, or set every weight to 0.",
  ]);
  await expect(page.getByRole("button", { name: "Save settings" })).toBeDisabled();

  // A code given twice (capitals do not count) is refused at the second.
  await blueprint(page).getByLabel("Code of domain 2").fill("1.0 ");
  await expect(fieldErrors(blueprint(page)).filter({ hasText: "Another domain already has this code" })).toHaveCount(1);
  await blueprint(page).getByLabel("Code of domain 2").fill("2.0");

  await blueprint(page).getByLabel("Weight (%) of domain 2").fill("40");
  await expect(page.getByTestId("blueprint-sum")).toHaveText("Total: 100 %");
  await expect(fieldErrors(blueprint(page))).toHaveCount(0);

  // Reorder with the keyboard: the second domain goes first.
  await blueprint(page).getByRole("button", { name: "Move domain 2 up" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => codes(page)).toEqual(["2.0", "1.0"]);

  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const saved = await domainsOf(request, token, examId);
  expect(saved.map(({ code, name, weight }) => ({ code, name, weight }))).toEqual([
    { code: "2.0", name: "Security", weight: 40 },
    { code: "1.0", name: "Network Fundamentals", weight: 60 },
  ]);

  // A question in "1.0"; then "1.0" is removed, "2.0" renamed and weighted 100.
  const q = await question(request, token, examId, "Which port does HTTPS use?", { domain_id: saved[1]!.id });
  await page.reload();
  await expect.poll(() => codes(page)).toEqual(["2.0", "1.0"]);
  await blueprint(page).getByRole("button", { name: "Remove domain 2" }).click();
  await blueprint(page).getByLabel("Name of domain 1").fill("Network Security");
  await blueprint(page).getByLabel("Weight (%) of domain 1").fill("100");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expect(fieldWarnings(blueprint(page))).toHaveText(["1 question of the removed domains now has no domain."]);
  const after = await domainsOf(request, token, examId);
  expect(after).toEqual([{ id: saved[0]!.id, code: "2.0", name: "Network Security", weight: 100 }]);
  expect((await rpcOk(request, token, "exam.questionGet", { id: q })).question.domain_id).toBeNull();
});

test("the question editor: the domain select and the tag input suggesting the workspace's tags", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token, [
    { code: "1.0", name: "Network Fundamentals", weight: 0 },
    { code: "2.0", name: "Security", weight: 0 },
  ]);
  // Tags used elsewhere in the workspace.
  const other = await createExam(request, token);
  await question(request, token, other, "Elsewhere", { tags: ["Subnetting", "IPv4"] });
  const id = await question(request, token, examId, "Which mask is a /24?");
  const [, security] = await domainsOf(request, token, examId);

  await page.goto(`/exams/${examId}/questions/${id}`);
  await page.getByLabel("Domain", { exact: true }).selectOption({ label: "2.0 Security" });
  const tags = page.getByRole("combobox", { name: "Tags" });
  await tags.fill("sub");
  const list = page.getByRole("listbox", { name: "Tags used in this workspace" });
  await expect(list.getByRole("option")).toHaveText(["Subnetting"]);
  await expectNoAxeViolations(page, "the tag input with its suggestions");
  await tags.press("ArrowDown");
  await expect(list.getByRole("option", { name: "Subnetting" })).toHaveAttribute("aria-selected", "true");
  await tags.press("Enter");
  // A tag of its own, ended by a comma; the same tag again in other capitals is not added twice.
  await tags.fill("Classful");
  await tags.press(",");
  await tags.fill("SUBNETTING");
  await tags.press("Enter");
  const chosen = page.getByRole("list", { name: "Chosen tags" }).getByRole("listitem");
  await expect(chosen).toHaveText(["Subnetting", "Classful"]);
  await page.getByRole("button", { name: "Remove tag Classful" }).click();
  await tags.fill("CIDR");
  await tags.press("Enter");
  await expect(chosen).toHaveText(["Subnetting", "CIDR"]);

  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  const stored = (await rpcOk(request, token, "exam.questionGet", { id })).question;
  expect([stored.domain_id, stored.tags]).toEqual([security!.id, ["Subnetting", "CIDR"]]);

  // Opened again, the editor shows them; "No domain" clears the domain.
  await page.reload();
  await expect(page.getByLabel("Domain", { exact: true })).toHaveValue(String(security!.id));
  await expect(chosen).toHaveText(["Subnetting", "CIDR"]);
});

test("the question list filters by domain and tag, and counts each domain's questions", async ({
  page,
  request,
  token,
}) => {
  const examId = await createExam(request, token, [
    { code: "1.0", name: "Fundamentals", weight: 50 },
    { code: "2.0", name: "Security", weight: 50 },
  ]);
  const [fundamentals, security] = await domainsOf(request, token, examId);
  await question(request, token, examId, "Which port does SSH use?", { domain_id: fundamentals!.id, tags: ["ports"] });
  await question(request, token, examId, "What does TLS protect?", { domain_id: security!.id, tags: ["TLS"] });
  await question(request, token, examId, "Which port does DNS use?", { tags: ["Ports"] });
  await question(request, token, examId, "What is a VLAN?", { domain_id: fundamentals!.id });

  await page.goto(`/exams/${examId}`);
  const counts = page.getByTestId("domain-counts").getByRole("button");
  // Four questions presented (automatic), shared 50/50: each domain's quota is 2.
  await expect(counts).toHaveText([
    "1.0 Fundamentals: 2 questions, 2 drawn",
    "2.0 Security: 1 question, 2 drawn: 1 short",
    "No domain: 1 question",
  ]);
  const texts = page.getByTestId("question-text");
  await expect(texts).toHaveCount(4);

  await page.getByLabel("Domain", { exact: true }).selectOption({ label: "2.0 Security" });
  await expect(texts).toHaveText(["What does TLS protect?"]);
  await expect(page.getByText("Showing 1 of 4. Reordering is off while filtering.")).toBeVisible();

  await page.getByLabel("Domain", { exact: true }).selectOption({ label: "All domains" });
  await page.getByLabel("Tag", { exact: true }).selectOption({ label: "ports" });
  await expect(texts).toHaveText(["Which port does SSH use?", "Which port does DNS use?"]);

  // A domain's count filters by it; pressed again, it shows every domain.
  await page.getByLabel("Tag", { exact: true }).selectOption({ label: "All tags" });
  await page.getByRole("button", { name: /^No domain/ }).click();
  await expect(page.getByRole("button", { name: /^No domain/ })).toHaveAttribute("aria-pressed", "true");
  await expect(texts).toHaveText(["Which port does DNS use?"]);
  await expect(page.getByLabel("Domain", { exact: true })).toHaveValue("none");
  await page.getByRole("button", { name: /^No domain/ }).click();
  await expect(texts).toHaveCount(4);
  await expect(page.getByTestId("question-domain").first()).toHaveText("Domain 1.0");
});
