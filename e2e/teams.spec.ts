// Teams (contract 14.1): an owner makes a workspace, invites an editor and a viewer by link; the
// editor signs up through the link and edits, the viewer can only read (controls disabled with the
// reason); a link works once; roles change and take effect; a reviewer's comment is resolved by
// the editor while each sees the other in the question's presence bar.
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { createTokenInUi, expect, newAuthorDetails, rpcOk, test } from "./support/fixtures";
import { createWorkspaceInUi, inviteLink, joinThroughLink, newPerson } from "./support/teams";

// Three or four people, each signing up in a browser of their own, and a round of edits between
// them: close to the default minute on a quiet machine, past it on a loaded one.
test.describe.configure({ timeout: 120_000 });

const ANSWERS = [
  { answer: "<p>Network</p>", is_correct: true },
  { answer: "<p>Session</p>", is_correct: false },
];

/** A team workspace owned by the test's author, holding one exam with one question (made with a token for that workspace). */
async function teamWithExam(page: Page, name: string) {
  await createWorkspaceInUi(page, name);
  const token = await createTokenInUi(page, "team script");
  await expect(page.getByTestId("token-workspace")).toContainText(name);
  const { exam } = await rpcOk(page.request, token, "exam.examCreate", {
    exam: { type: 2, title: "Routing basics", category: "IT", code: "RT-1", evaluation_method: 1, passing_score: 60 },
  });
  const { question } = await rpcOk(page.request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Which layer routes packets?</p>" },
    answers: ANSWERS,
  });
  return { examId: exam.id as number, questionId: question.id as number, token };
}

test("a new workspace says that the author is now in it, where their exams are, and how to go back", async ({
  page,
  browser,
  author,
  token,
}) => {
  test.slow(); // two people, one of them joining through a link
  const own = `${author.name} (personal)`;
  await rpcOk(page.request, token, "exam.examCreate", {
    exam: { type: 2, title: "My own exam", category: "IT", code: "OWN-1", evaluation_method: 1, passing_score: 60 },
  });
  await page.goto("/exams");
  await expect(page.getByRole("link", { name: "My own exam" })).toBeVisible();

  // Before: the dialog says that it switches, and where the exams stay.
  await page.getByTestId("workspace-switcher").click();
  await page.getByRole("menuitem", { name: "New workspace…" }).click();
  const dialog = page.getByRole("dialog", { name: "New workspace" });
  await expect(dialog.getByTestId("new-workspace-switch-note")).toHaveText(
    `You will switch to it at once, so its exam list starts empty. Your exams stay in ${own}; the workspace menu takes you back.`,
  );
  await dialog.getByLabel("Name").fill("Design team");
  await dialog.getByRole("button", { name: "Create workspace" }).click();

  // After: its exam list, saying so, naming it, and offering what an owner does next.
  await page.waitForURL(/\/exams\?new_workspace=1/);
  await expect(page.getByTestId("workspace-switcher")).toContainText("Design team");
  await expect(page.getByTestId("new-workspace-notice").locator("p")).toHaveText(
    "You made Design team and are now working in it: its exam list starts empty, and new exams and API tokens go " +
      `into it. Your exams in ${own} are still there: switch back at any time with the workspace menu at the top left.`,
  );
  await expect(page.getByRole("heading", { name: "No exams in Design team yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "My own exam" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Invite people to Design team" })).toHaveAttribute(
    "href",
    "/settings/workspace",
  );
  await expectNoAxeViolations(page, "a new workspace's exam list");
  await page.getByRole("link", { name: "Got it" }).click();
  await page.waitForURL(/\/exams$/);
  await expect(page.getByTestId("new-workspace-notice")).toHaveCount(0);

  // Someone who may not add exams is told who can.
  const vi = await newPerson(browser, "Vi Viewer");
  await joinThroughLink(vi, await inviteLink(page, "viewer"), "viewer");
  await expect(vi.page.getByRole("heading", { name: "No exams in Design team yet" })).toBeVisible();
  await expect(vi.page.getByTestId("empty-exam-list")).toContainText(
    "Needs the editor role: you are a viewer in Design team. Editors and owners of this workspace add exams; you will find them here once they do.",
  );
  await expect(vi.page.getByRole("button", { name: "Import a file" })).toHaveCount(0);

  // Back, as the notice said: the switcher, and the exams are there.
  await page.goto("/exams");
  await page.getByTestId("workspace-switcher").click();
  await page.getByRole("menuitemradio", { name: /\(personal\)/ }).click();
  await page.waitForURL("**/exams");
  await expect(page.getByRole("link", { name: "My own exam" })).toBeVisible();
});

test("an owner invites an editor and a viewer; each can then do what the role allows", async ({
  page,
  browser,
  author,
}) => {
  void author;
  const { examId, questionId } = await teamWithExam(page, "Networking team");
  const editorLink = await inviteLink(page, "editor");
  const viewerLink = await inviteLink(page, "viewer");
  await page.reload();
  await expect(page.getByTestId("invitation-row")).toHaveCount(2);
  await expectNoAxeViolations(page, "the members page");

  // The editor is new: the link leads through sign-up and back to the invitation.
  const bobContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const bob = await bobContext.newPage();
  await bob.goto(editorLink);
  await expect(bob.getByTestId("invitation-text")).toContainText(
    "invited you to the workspace Networking team as an editor",
  );
  await bob.getByRole("link", { name: "Create an account to join" }).click();
  const details = newAuthorDetails();
  await bob.getByLabel("Name").fill("Bob Editor");
  await bob.getByLabel("Email").fill(details.email);
  await bob.getByLabel("Password").fill(details.password);
  await bob.getByRole("button", { name: "Create account" }).click();
  await bob.waitForURL(/\/invite\//);
  await bob.getByRole("button", { name: "Join as an editor" }).click();
  await bob.waitForURL("**/exams");
  await expect(bob.getByTestId("workspace-switcher")).toContainText("Networking team");
  await expect(bob.getByRole("link", { name: "Routing basics" })).toBeVisible();
  // The editor changes the question.
  await bob.goto(`/exams/${examId}/questions/${questionId}`);
  await bob.getByLabel("Points", { exact: true }).fill("3");
  await bob.getByRole("button", { name: "Save question" }).click();
  await expect(bob.getByTestId("save-status")).toHaveText("All changes saved");

  // The viewer is signed in already; the exam list offers no "New exam".
  const cal = await newPerson(browser, "Cal Viewer");
  await joinThroughLink(cal, viewerLink, "viewer");
  const blocked = "Needs the editor role: you are a viewer in Networking team.";
  await expect(cal.page.getByRole("button", { name: "New exam" })).toBeDisabled();
  await expect(cal.page.getByRole("button", { name: "New exam" })).toHaveAttribute("title", blocked);
  await cal.page.goto(`/exams/${examId}`);
  await expect(cal.page.getByTestId("role-note")).toContainText("You are a viewer in Networking team");
  await expect(cal.page.getByRole("button", { name: "Mark ready" })).toBeDisabled();
  await expect(cal.page.getByRole("button", { name: "New question" })).toBeDisabled();
  await expect(cal.page.getByRole("button", { name: "Delete question 1" })).toHaveCount(0);
  await cal.page.goto(`/exams/${examId}/questions/${questionId}`);
  await expect(cal.page.getByLabel("Points", { exact: true })).toHaveValue("3");
  await expect(cal.page.getByRole("button", { name: "Save question" })).toBeDisabled();
  await expect(cal.page.getByRole("button", { name: "Save question" })).toHaveAttribute("title", blocked);
  await expect(cal.page.getByTestId("comment-blocked")).toHaveText(
    "Needs the reviewer role: you are a viewer in Networking team.",
  );

  // A used link does not work again.
  const dee = await newPerson(browser, "Dee");
  await dee.page.goto(editorLink);
  await expect(dee.page.getByTestId("invitation-text")).toHaveText(
    "This invitation link was already used; an invitation works once, ask for a new one.",
  );

  // The owner makes the viewer a reviewer: the comment box appears for them.
  await page.goto("/settings/workspace");
  await expect(page.getByTestId("member-row")).toHaveCount(3);
  await page.getByLabel(`Role of ${cal.author.email}`).selectOption("reviewer");
  await expect(page.getByLabel(`Role of ${cal.author.email}`)).toHaveValue("reviewer");
  await cal.page.reload();
  await expect(cal.page.getByLabel("New comment")).toBeVisible();

  // Removed, the reviewer sees the exam no more.
  await page.reload();
  await page.getByRole("button", { name: `Remove ${cal.author.email}` }).click();
  await page.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByTestId("member-row")).toHaveCount(2);
  await cal.page.reload();
  await expect(cal.page.getByRole("heading", { name: /not found/i })).toBeVisible();
  await expect(cal.page.getByTestId("workspace-switcher")).not.toContainText("Networking team");

  // The owner switches back to their own workspace: its exam list does not hold the team's exam.
  await page.getByTestId("workspace-switcher").click();
  await page.getByRole("menuitemradio", { name: /\(personal\)/ }).click();
  await page.waitForURL("**/exams");
  await expect(page.getByTestId("exams-workspace")).toContainText("(personal)");
  await expect(page.getByRole("link", { name: "Routing basics" })).toHaveCount(0);
  await page.getByTestId("workspace-switcher").click();
  await page.getByRole("menuitemradio", { name: /Networking team/ }).click();
  await expect(page.getByRole("link", { name: "Routing basics" })).toBeVisible();
});

test("a reviewer's comment is resolved by the editor, each seeing the other on the question", async ({
  page,
  browser,
  author,
}) => {
  void author;
  const { examId, questionId } = await teamWithExam(page, "Review team");
  const rita = await newPerson(browser, "Rita Reviewer");
  await joinThroughLink(rita, await inviteLink(page, "reviewer"), "reviewer");
  const ed = await newPerson(browser, "Ed Editor");
  await joinThroughLink(ed, await inviteLink(page, "editor"), "editor");

  const url = `/exams/${examId}/questions/${questionId}`;
  await rita.page.goto(url);
  await expect(rita.page.getByRole("button", { name: "Save question" })).toBeDisabled();
  await rita.page.getByLabel("New comment").fill("Layer 3 is the network layer; say so in the explanation.");
  await rita.page.getByRole("button", { name: "Add comment" }).click();
  await expect(rita.page.getByTestId("comment")).toHaveCount(1);

  await ed.page.goto(url);
  // Presence: each sees the other person on this question.
  await expect(ed.page.getByTestId("present-person")).toContainText("Rita Reviewer", { timeout: 15_000 });
  await expect(rita.page.getByTestId("present-person")).toContainText("Ed Editor", { timeout: 15_000 });
  const comment = ed.page.getByTestId("comment");
  await expect(comment.getByTestId("comment-body")).toHaveText(
    "Layer 3 is the network layer; say so in the explanation.",
  );
  await expect(comment).toContainText("Rita Reviewer");
  await comment.getByRole("button", { name: "Resolve" }).click();
  await expect(ed.page.getByRole("button", { name: "Show resolved (1)" })).toBeVisible();

  await rita.page.reload();
  await expect(rita.page.getByRole("button", { name: "Show resolved (1)" })).toBeVisible();
  // The exam's list counts no open comment any more.
  await page.goto(`/exams/${examId}`);
  await expect(page.getByTestId("open-comments")).toHaveCount(0);
});
