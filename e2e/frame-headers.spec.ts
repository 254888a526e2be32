// No page or route answer of the app may be framed (the app frames none of its own pages):
// `X-Frame-Options: DENY` everywhere and `Content-Security-Policy: frame-ancestors 'none'` on
// everything but /media (whose headers are the contract's, 8.6: an SVG keeps exactly its own
// policy). With them, nosniff and a Referrer-Policy on every answer.
import { makePng, makeSvg } from "../tests/support/media-fixtures";
import { expect, rpcOk, test } from "./support/fixtures";

const FRAME_ANCESTORS = "frame-ancestors 'none'";
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function expectNotFramable(headers: Record<string, string>, what: string, media = false) {
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  if (!media) expect(headers["content-security-policy"], what).toBe(FRAME_ANCESTORS);
}

test("every page and route answer forbids framing; media keep the contract's headers", async ({
  page,
  token,
  playwright,
}) => {
  const png = Buffer.from(makePng(40, 30, [20, 160, 60]));
  const svg = Buffer.from(makeSvg(40, 30));
  const { exam, resources } = await rpcOk(page.request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Frames",
      category: "IT",
      code: "FRM-1",
      evaluation_method: 1,
      passing_score: 70,
      description: '<p><img src="a.png" alt="A"><img src="b.svg" alt="B"></p>',
    },
    resources: { "a.png": png.toString("base64"), "b.svg": svg.toString("base64") },
  });
  const { question } = await rpcOk(page.request, token, "exam.questionCreate", {
    question: { exam_id: exam.id, type: 1, question: "<p>Q?</p>" },
    answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
  });
  await rpcOk(page.request, token, "exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });
  const pngPath = resources["a.png"];
  const svgPath = resources["b.svg"]; // as stored: sanitised, so not the hash of the bytes sent
  if (!pngPath || !svgPath) throw new Error(`the exam's media were not stored: ${JSON.stringify(resources)}`);

  // Signed in: the studio's pages.
  const signedIn = [
    "/exams",
    `/exams/${exam.id}`,
    `/exams/${exam.id}/history`,
    `/exams/${exam.id}/preview?seed=1`,
    `/exams/${exam.id}/questions/${question.id}`,
    `/exams/${exam.id}/questions/new?type=1`,
    "/settings/api-keys",
    "/exams/99999999",
  ];
  for (const path of signedIn) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
    expectNotFramable(response.headers(), path);
  }

  // Anyone: public pages, their images, the reference, auth answers, redirects and 404s.
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const answers: [string, number][] = [
    ["/", 200],
    ["/sign-in", 200],
    ["/sign-up", 200],
    ["/docs/api", 200],
    ["/docs/api/schema.json", 200],
    [`/e/${exam.id}`, 200],
    [`/e/${exam.id}/card`, 200],
    ["/api/auth/get-session", 200],
    ["/exams", 307],
    ["/no-such-page", 404],
    ["/e/%ff", 404],
  ];
  for (const [path, status] of answers) {
    const response = await visitor.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(status);
    expectNotFramable(response.headers(), path);
  }
  // The API, which `npm start` serves without Next.
  const api = await visitor.post("/api/json", {
    headers: { "content-type": "application/json" },
    data: { jsonrpc: "2.0", id: 1, method: "exam.examList", params: {}, accessToken: token },
  });
  expect(api.status()).toBe(200);
  expectNotFramable(api.headers(), "/api/json");
  expectNotFramable((await visitor.get("/api/json")).headers(), "GET /api/json");
  const html = await (await visitor.get("/")).text();
  const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]!;
  expectNotFramable((await visitor.get(script)).headers(), script);

  // Media: the contract's headers, unchanged, and still not framable.
  const pngAnswer = await visitor.get(pngPath);
  expect(pngAnswer.status()).toBe(200);
  expect(pngAnswer.headers()).toMatchObject({
    "content-type": "image/png",
    "cache-control": "public, max-age=31536000, immutable",
    "x-content-type-options": "nosniff",
  });
  expect(pngAnswer.headers()["content-security-policy"]).toBeUndefined();
  expectNotFramable(pngAnswer.headers(), pngPath, true);
  const svgAnswer = await visitor.get(svgPath);
  expect(svgAnswer.status()).toBe(200);
  expect(svgAnswer.headers()["content-type"]).toBe("image/svg+xml");
  expect(svgAnswer.headers()["content-security-policy"]).toBe(SVG_POLICY);
  expectNotFramable(svgAnswer.headers(), svgPath, true);
  const missing = await visitor.get("/media/0000000000000000000000000000000000000000000000000000000000000000.png");
  expect(missing.status()).toBe(404);
  expectNotFramable(missing.headers(), "missing media", true);
  await visitor.dispose();
});

test("Chromium refuses to show the app's pages in a frame on another origin", async ({ browser }) => {
  const app = new URL(test.info().project.use.baseURL!);
  // The framing page is the app itself at 127.0.0.1, another origin than localhost on the same
  // machine (a page from the internet could not frame a local address at all: Chromium's local
  // network access rules would hide what the headers do).
  const context = await browser.newContext();
  const framer = await context.newPage();
  await framer.goto(`http://127.0.0.1:${app.port}/docs/api`);
  await framer.evaluate((src) => {
    const frame = document.createElement("iframe");
    frame.src = src;
    document.body.prepend(frame);
  }, `${app.origin}/sign-in`);
  // A refused frame holds Chromium's error page; a framable one would show the sign-in form.
  const framed = () => framer.frames().find((frame) => frame !== framer.mainFrame());
  await expect.poll(() => framed()?.url()).toMatch(/^chrome-error:/);
  expect(await framed()!.locator("form").count()).toBe(0);
  await context.close();
});
