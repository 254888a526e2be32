// Leaving a page ends its presence at once (issue 23, defect 7): a co-author who goes from a
// question to the exam page, or closes the tab, is no longer shown there, and a tab that goes from
// the editor to the exam page (Next's client-side navigation), reloads or loads another page is
// never shown to itself or to others as a tab of its own. The watching pages beat at once (the heartbeat beats whenever the page
// becomes visible), the page left has just beaten (so only its leaving can end it before its
// expiry, 10 s later), and each check allows less than that expiry; everything a presence bar
// shows is recorded, so a page left that shows even once fails. The leave beacon itself: only
// from the site's origin, only for a signed-in author, only the author's own tab.
import type { Browser, Page, Response } from "@playwright/test";
import { createTokenInUi, expect, rpcOk, test } from "./support/fixtures";
import { createWorkspaceInUi, inviteLink, joinThroughLink, newPerson } from "./support/teams";

// Two people, a workspace and an invitation: more than the default minute on a busy machine.
test.slow();

/** Within a heartbeat's expiry (10 s after the page left last beat), beyond a beacon's and a beat's round trips. */
const AT_ONCE = 6_000;

/** The page beats now instead of within 5 s: its heartbeat beats whenever the page becomes visible. */
const beatNow = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));

/** The presence heartbeat: a server action whose arguments carry the tab id. */
const isBeat = (response: Response) =>
  response.request().method() === "POST" && /"tabId":"/.test(response.request().postData() ?? "");

/** The page beats now, and the server has answered. */
async function beatAnswered(page: Page): Promise<Response> {
  const answered = page.waitForResponse(isBeat);
  await beatNow(page);
  return answered;
}

/** What the page's presence bar shows, one title per person. */
const presentIn = (page: Page) =>
  page.getByTestId("present-person").evaluateAll((people) => people.map((p) => p.getAttribute("title") ?? ""));

/** For expect.poll: the page beats, and the bar as it is is read (the next poll sees that beat's answer). */
async function presentNow(page: Page): Promise<string[]> {
  await beatNow(page);
  return presentIn(page);
}

/**
 * Records every title the page's presence bar shows, in every document the page loads (and across
 * the app's own navigations, which keep the document): `seen(page)` takes those shown since the
 * last time (a title still shown is recorded again when the bar changes).
 */
async function recordPresence(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { presenceSeen: seen });
    new MutationObserver(() => {
      for (const person of document.querySelectorAll('[data-testid="present-person"]')) {
        const title = person.getAttribute("title");
        if (title && !seen.includes(title)) seen.push(title);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["title"] });
  });
}

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { presenceSeen: string[] }).presenceSeen.splice(0));

/** Ann owns a workspace with an exam and a question; Bob is an editor in it. */
async function team(ann: Page, browser: Browser) {
  await createWorkspaceInUi(ann, "Presence team");
  const token = await createTokenInUi(ann, "presence");
  const { exam } = await rpcOk(ann.request, token, "exam.examCreate", {
    exam: { type: 2, title: "Leaving", category: "IT", code: "LV-1", evaluation_method: 1, passing_score: 60 },
  });
  const { question } = await rpcOk(ann.request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>First?</p>" },
    answers: [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }],
  });
  const bob = await newPerson(browser, "Bob Editor");
  await joinThroughLink(bob, await inviteLink(ann, "editor"), "editor");
  return { examId: exam.id as number, questionId: question.id as number, bob: bob.page };
}

test("a co-author who leaves a question for the exam page, or closes the tab, is gone at once", async ({
  page: ann,
  browser,
  author,
}) => {
  void author;
  const { examId, questionId, bob } = await team(ann, browser);
  await recordPresence(ann);
  await recordPresence(bob);
  await ann.goto(`/exams/${examId}`);
  await bob.goto(`/exams/${examId}/questions/${questionId}`);
  await expect
    .poll(() => presentNow(ann), { timeout: 30_000 })
    .toEqual([expect.stringMatching(/^Bob Editor .*, on question 1$/)]);

  // From the question to the exam page, in the app (no page load): the question's tab ends.
  await beatAnswered(bob);
  await seen(ann);
  await bob.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Leaving" }).click();
  await bob.waitForURL(`**/exams/${examId}`);
  await expect
    .poll(() => presentNow(ann), { timeout: AT_ONCE })
    .toEqual([expect.stringMatching(/^Bob Editor .*, on the exam page$/)]);
  // Never "on the exam page and question 1" on the way.
  expect((await seen(ann)).filter((title) => title.includes("and question 1"))).toEqual([]);
  // Bob's exam page shows Ann, and never the question he left as his other tab.
  await expect
    .poll(() => presentNow(bob), { timeout: AT_ONCE })
    .toEqual([expect.stringMatching(/^Author .*exam page$/)]);
  expect((await seen(bob)).filter((title) => title.startsWith("You"))).toEqual([]);

  // The tab closed.
  await beatAnswered(bob);
  await bob.close({ runBeforeUnload: true });
  await expect.poll(() => presentNow(ann), { timeout: AT_ONCE }).toEqual([]);
  await bob.context().close();
});

test("a tab that goes from the editor to the exam page, reloads or loads another page is never its own other tab", async ({
  page,
  request,
  token,
  browser,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "One tab", category: "IT", code: "OT-1", evaluation_method: 1, passing_score: 60 },
  });
  const { question } = await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Here?</p>" },
    answers: [{ answer: "<p>Yes</p>", is_correct: true }, { answer: "<p>No</p>" }],
  });
  // A second tab of the same author on the exam page, which sees every tab on the exam.
  const other = await (
    await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: await page.context().storageState(),
    })
  ).newPage();
  await recordPresence(page);
  await recordPresence(other);
  await other.goto(`/exams/${exam.id}`);
  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  await expect.poll(() => presentNow(other), { timeout: 30_000 }).toEqual(["You, in another tab (on question 1)"]);

  // The exam page lists the other tab, not also the editor it replaced; the other tab sees this
  // one on the exam page only.
  await beatAnswered(page);
  await seen(other);
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "One tab" }).click();
  await page.waitForURL(`**/exams/${exam.id}`);
  await expect.poll(() => presentNow(page), { timeout: AT_ONCE }).toEqual(["You, in another tab (on the exam page)"]);
  await expect.poll(() => presentNow(other), { timeout: AT_ONCE }).toEqual(["You, in another tab (on the exam page)"]);
  expect(await seen(page)).toEqual(["You, in another tab (on the exam page)"]);
  expect((await seen(other)).filter((title) => title.includes("2 other tabs"))).toEqual([]);

  // A reload: the page before it is gone for the page after it and for the other tab.
  await beatAnswered(page);
  await page.reload();
  await expect.poll(() => presentNow(page), { timeout: AT_ONCE }).toEqual(["You, in another tab (on the exam page)"]);
  expect(await seen(page)).toEqual(["You, in another tab (on the exam page)"]);
  await expect.poll(() => presentNow(other), { timeout: AT_ONCE }).toEqual(["You, in another tab (on the exam page)"]);
  expect((await seen(other)).filter((title) => title.includes("2 other tabs"))).toEqual([]);

  // Another page opened in the tab by a page load (its address typed, a bookmark): the page left
  // is gone for the other tab, which sees this one on the question only.
  await beatAnswered(page);
  await page.goto(`/exams/${exam.id}/questions/${question.id}`);
  await expect.poll(() => presentNow(other), { timeout: AT_ONCE }).toEqual(["You, in another tab (on question 1)"]);
  expect((await seen(other)).filter((title) => title.includes("exam page and"))).toEqual([]);
  await other.context().close();
});

test("the leave beacon forgets only the sender's own tab, only from the site, only signed in", async ({
  page: ann,
  browser,
  author,
  baseURL,
}) => {
  void author;
  const { examId, bob } = await team(ann, browser);
  await ann.goto(`/exams/${examId}`);
  await bob.goto(`/exams/${examId}`);
  const annOnExamPage = [expect.stringMatching(/^Author .*, on the exam page$/)];
  await expect.poll(() => presentNow(bob), { timeout: 30_000 }).toEqual(annOnExamPage);
  const annTab = /"tabId":"([A-Za-z0-9_-]+)"/.exec((await beatAnswered(ann)).request().postData()!)![1]!;
  const origin = new URL(baseURL!).origin;
  const leave = (from: Page, body: string, headers: Record<string, string> = { origin }) =>
    from.request.post("/presence/leave", { data: body, headers: { "content-type": "text/plain", ...headers } });
  /** Ann is still listed for Bob after a beat of his answered (and a moment to draw it). */
  const annStillThere = async () => {
    await beatAnswered(bob);
    await bob.waitForTimeout(300);
    expect(await presentIn(bob)).toEqual(annOnExamPage);
  };

  // Bob names Ann's tab: answered as any well-formed id is, and nothing is forgotten.
  expect((await leave(bob, annTab)).status()).toBe(204);
  await annStillThere();
  // From another site (a page there posting with Ann's cookies): refused before anything runs.
  const foreign = await leave(ann, annTab, { origin: "https://evil.example" });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toContain("not this site's address");
  // Without a session.
  const visitor = await browser.newContext({ baseURL });
  const anonymous = await visitor.request.post("/presence/leave", {
    data: annTab,
    headers: { "content-type": "text/plain", origin },
  });
  expect(anonymous.status()).toBe(401);
  await visitor.close();
  // Not a tab id, or far too long: said so.
  const bad = await leave(ann, "not a tab");
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("16 to 64 letters, digits");
  const long = await leave(ann, annTab.repeat(20));
  expect(long.status()).toBe(413);
  expect(await long.text()).toContain("the tab id alone");
  await annStillThere();

  // Ann's own beacon for her tab: gone at once. (Her page, offline from now on, cannot beat it
  // back; its last beat is fresh, so only the beacon can end it before its expiry.)
  await beatAnswered(ann);
  await ann.context().setOffline(true);
  expect((await leave(ann, annTab)).status()).toBe(204);
  await expect.poll(() => presentNow(bob), { timeout: AT_ONCE }).toEqual([]);
  await bob.context().close();
});
