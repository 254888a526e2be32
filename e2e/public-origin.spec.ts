// Absolute URLs come from the configured public origin (PUBLIC_URL; the browser tests' server
// leaves it unset, so http://localhost:E2E_PORT), never from the request's Host or
// X-Forwarded-* headers: a shared cache in front would otherwise keep a page whose social
// preview points at whatever host one client made up.
import { expect, rpcOk, test } from "./support/fixtures";

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");

test("the public page's og:url and og:image are on the public origin whatever Host and X-Forwarded-* say", async ({
  request,
  token,
  playwright,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Origins", category: "IT", code: "ORG-1", evaluation_method: 1, passing_score: 70 },
  });
  await rpcOk(request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Q?</p>" },
    answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
  });
  await rpcOk(request, token, "exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });

  const origin = new URL(test.info().project.use.baseURL!).origin;
  const port = new URL(origin).port;
  const forged: Record<string, string>[] = [
    {},
    { "x-forwarded-host": "evil.invalid", "x-forwarded-proto": "https" },
    { "x-forwarded-host": "evil.invalid, localhost" },
    { host: "evil.invalid" },
    { host: `evil.invalid:${port}`, "x-forwarded-proto": "https" },
  ];
  for (const headers of forged) {
    // A fresh context per request: nothing cached or kept alive from the previous one.
    const visitor = await playwright.request.newContext({ baseURL: origin });
    const response = await visitor.get(`/e/${exam.id}`, { headers });
    expect(response.status(), JSON.stringify(headers)).toBe(200);
    const html = await response.text();
    expect(meta(html, "og:url"), JSON.stringify(headers)).toBe(`${origin}/e/${exam.id}`);
    expect(meta(html, "og:image"), JSON.stringify(headers)).toBe(`${origin}/e/${exam.id}/card`);
    expect(meta(html, "twitter:image"), JSON.stringify(headers)).toBe(`${origin}/e/${exam.id}/card`);
    expect(html).not.toContain("evil.invalid");
    await visitor.dispose();
  }
});

test("the sign-in redirect of an authoring page stays on the site whatever Host and X-Forwarded-Host say", async ({
  playwright,
}) => {
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const forged: Record<string, string>[] = [{ "x-forwarded-host": "evil.invalid" }, { host: "evil.invalid" }];
  for (const headers of forged) {
    const response = await visitor.get("/exams?x=1", { headers, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toBe("/sign-in?next=%2Fexams%3Fx%3D1");
  }
  await visitor.dispose();
});
