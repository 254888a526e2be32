// A malformed percent-escape in a URL (`%ff`, `%c0`, a lone `%`) is a request for something that
// does not exist: every dynamic route answers 404 (the not-found page for pages, the media
// route's plain 404 for media), never a 500. A malformed escape in a query string changes
// nothing: the page answers as it does for any other unknown value.
import { createHash } from "node:crypto";
import { makePng } from "../tests/support/media-fixtures";
import { expect, rpcOk, test } from "./support/fixtures";

test("malformed percent-escapes in the path answer 404 on every dynamic route, in the query they change nothing", async ({
  page,
  token,
}) => {
  const png = Buffer.from(makePng(40, 30, [200, 40, 40]));
  const media = `/media/${createHash("sha256").update(png).digest("hex")}.png`;
  const { exam } = await rpcOk(page.request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Escapes",
      category: "IT",
      code: "ESC-1",
      evaluation_method: 1,
      passing_score: 70,
      description: '<p><img src="cover.png" alt="Cover"></p>',
    },
    resources: { "cover.png": png.toString("base64") },
  });
  const { question } = await rpcOk(page.request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Q?</p>" },
    answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
  });
  await rpcOk(page.request, token, "exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });
  const id = exam.id as number;

  const pages = [
    "/e/%ff",
    "/e/%",
    "/e/%e2%82",
    "/e/%ff/card",
    `/e/${id}%c0`,
    "/exams/%ff",
    "/exams/%ff/history",
    "/exams/%ff/preview",
    "/exams/%ff/questions/new",
    "/exams/%ff/case-studies/new",
    `/exams/%ff/questions/${question.id}`,
    `/exams/${id}/questions/%ff`,
    `/exams/${id}/case-studies/%ff`,
    `/exams/${id}/questions/%`,
    "/settings/%ff",
    "/docs/%ff",
    "/%ff",
    "/%c0%af",
  ];
  for (const path of pages) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
    expect(await response.text(), path).toMatch(/not found|could not be found/i);
  }
  for (const path of ["/media/%c0", "/media/%ff.png", "/media/%", `${media.slice(0, -4)}%ff.png`]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"], path).toBe("text/plain; charset=utf-8");
    expect(await response.text(), path).toBe("Not found");
  }
  // The auth routes: better-auth's own answer for a path it does not know.
  const auth = await page.request.get("/api/auth/%ff");
  expect(auth.status()).toBe(404);

  // Query strings: `%ff` answers exactly as a well-formed unknown value (`x`) does.
  const queries = [
    `/e/${id}?ref=%ff`,
    `/e/${id}/card?%ff`,
    `${media}?v=%ff`,
    "/exams?q=%ff",
    "/exams?%ff=1",
    `/exams/${id}?tab=%`,
    `/exams/${id}/history?object_type=%ff`,
    `/exams/${id}/preview?seed=%ff`,
    `/exams/${id}/questions/new?type=1&ref=%ff`,
    `/exams/${id}/questions/${question.id}?%c0`,
    "/sign-in?next=%ff",
    "/docs/api?%ff",
  ];
  for (const path of queries) {
    const malformed = await page.request.get(path, { maxRedirects: 0 });
    const wellFormed = await page.request.get(path.replaceAll(/%(?:ff|c0)?/g, "x"), { maxRedirects: 0 });
    expect(malformed.status(), path).toBe(wellFormed.status());
    expect(malformed.status(), path).toBeLessThan(400);
  }

  // In the browser: the not-found page, and nothing fails in the page.
  const failures: string[] = [];
  page.on("pageerror", (error) => failures.push(error.message));
  const shown = await page.goto("/exams/%ff");
  expect(shown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: /not found/i })).toBeVisible();
  expect(failures).toEqual([]);
});
