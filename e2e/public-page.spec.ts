// The public page of a ready exam (/e/[id]): no session needed, drafts are not public, and the
// social preview's image is the description's first image or a generated PNG card.
import { createHash } from "node:crypto";
import { makePng } from "../tests/support/media-fixtures";
import { expect, rpcOk, test } from "./support/fixtures";

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");

test("a ready exam's public page: the description's first image as og:image, else a generated PNG card; drafts are not public", async ({
  request,
  token,
  browser,
}) => {
  const png = Buffer.from(makePng(300, 200, [40, 90, 160]));
  const mediaPath = `/media/${createHash("sha256").update(png).digest("hex")}.png`;
  const { exam: withImage } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Cloud Basics",
      category: "IT",
      code: "CLD-1",
      evaluation_method: 1,
      passing_score: 70,
      show_description_page: true,
      description: '<p>Start here.</p><p><img src="cover.png" alt="Cover"></p>',
    },
    resources: { "cover.png": png.toString("base64") },
  });
  const { exam: plain } = await rpcOk(request, token, "exam.examCreate", {
    exam: {
      type: 2,
      title: "Networking Essentials",
      category: "IT",
      code: "NET-2",
      evaluation_method: 1,
      passing_score: 70,
    },
  });
  for (const exam of [withImage, plain]) {
    await rpcOk(request, token, "exam.questionCreate", {
      question: { exam_id: exam.id, type: 1, question: "<p>Q?</p>" },
      answers: [{ answer: "<p>A</p>", is_correct: true }, { answer: "<p>B</p>" }],
    });
  }
  // Still drafts: not public.
  const anonymous = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const visitor = anonymous.request;
  expect((await visitor.get(`/e/${withImage.id}`, { maxRedirects: 0 })).status()).toBe(404);

  for (const exam of [withImage, plain])
    await rpcOk(request, token, "exam.examUpdateStatus", { id: exam.id, ready: true, ignore_warnings: true });

  const first = await visitor.get(`/e/${withImage.id}`, { maxRedirects: 0 });
  expect(first.status()).toBe(200);
  const html = await first.text();
  const ogImage = meta(html, "og:image")!;
  expect(new URL(ogImage).pathname).toBe(mediaPath);
  expect(meta(html, "twitter:image")).toBe(ogImage);
  expect(meta(html, "twitter:card")).toBe("summary_large_image");
  expect(meta(html, "og:title")).toBe("Cloud Basics (CLD-1)");
  expect(meta(html, "og:description")).toBe("Start here.");
  const image = await visitor.get(new URL(ogImage).pathname);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(Buffer.from(await image.body()).equals(png)).toBe(true);

  const second = await (await visitor.get(`/e/${plain.id}`)).text();
  const card = meta(second, "og:image")!;
  expect(new URL(card).pathname).toBe(`/e/${plain.id}/card`);
  const generated = await visitor.get(new URL(card).pathname);
  expect(generated.status()).toBe(200);
  expect(generated.headers()["content-type"]).toBe("image/png");
  const bytes = Buffer.from(await generated.body());
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.readUInt32BE(16)).toBe(1200);
  expect(bytes.readUInt32BE(20)).toBe(630);

  // The page itself, as a visitor sees it.
  const visitorPage = await anonymous.newPage();
  await visitorPage.goto(`/e/${withImage.id}`);
  await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText("Cloud Basics");
  await expect(visitorPage.getByText("Start here.")).toBeVisible();
  await expect(visitorPage.getByTestId("public-question-count")).toHaveText("1");

  // Back to draft: no longer public.
  await rpcOk(request, token, "exam.examUpdateStatus", { id: plain.id, ready: false });
  expect((await visitor.get(`/e/${plain.id}`)).status()).toBe(404);
  expect((await visitor.get(`/e/${plain.id}/card`)).status()).toBe(404);
  await anonymous.close();
});
