import { describe, expect, it } from "vitest";
import { makeMp3, makePng, toBase64 } from "@/tests/support/media-fixtures";
import { getSchema } from "@tiptap/core";
import { Node, Slice } from "@tiptap/pm/model";
import { richTextExtensions } from "./extensions";
import { prepareMedia, withoutForeignBlobs } from "./media-files";
import { docToHtml } from "./serialize";
import { IMAGE, doc, p, text } from "./test-docs";
import { ResourceBag } from "./resource-bag";

describe("ResourceBag.withResources", () => {
  it("swaps each blob: URL for its name and sends only the files still referenced", () => {
    const bag = new ResourceBag();
    bag.add({ name: "image-1.png", url: "blob:http://localhost/aaa", base64: "AAA=" });
    bag.add({ name: "audio-1.mp3", url: "blob:http://localhost/bbb", base64: "BBB=" });
    bag.add({ name: "image-2.png", url: "blob:http://localhost/ccc", base64: "CCC=" });
    const { fields, resources } = bag.withResources({
      question:
        '<p><img src="blob:http://localhost/aaa" alt="a" /> and again <img src="blob:http://localhost/aaa" /></p>',
      explanation: '<audio src="blob:http://localhost/bbb" controls></audio>',
      answer: "<p>plain</p>",
    });
    expect(fields).toEqual({
      question: '<p><img src="image-1.png" alt="a" /> and again <img src="image-1.png" /></p>',
      explanation: '<audio src="audio-1.mp3" controls></audio>',
      answer: "<p>plain</p>",
    });
    // image-2 was inserted and then deleted from the text: not sent.
    expect(resources).toEqual({ "image-1.png": "AAA=", "audio-1.mp3": "BBB=" });
  });

  it("leaves fields without pending files as they are", () => {
    const bag = new ResourceBag();
    const stored = { description: `<p><img src="/media/${"c".repeat(64)}.png" alt="" /></p>` };
    expect(bag.withResources(stored)).toEqual({ fields: stored, resources: {} });
  });

  it("gives names that are unique within the bag", () => {
    const bag = new ResourceBag();
    expect(bag.uniqueName("image", "png")).toBe("image-1.png");
    bag.add({ name: "image-1.png", url: "blob:x/1", base64: "" });
    bag.add({ name: "image-2.png", url: "blob:x/2", base64: "" });
    expect(bag.uniqueName("image", "png")).toBe("image-3.png");
    expect(bag.uniqueName("image", "jpg")).toBe("image-1.jpg");
    expect(bag.size).toBe(2);
    expect(bag.has("blob:x/1")).toBe(true);
  });
});

describe("prepareMedia", () => {
  it("names a file by the type its bytes show, whatever it was called", async () => {
    const bag = new ResourceBag();
    const png = makePng(4, 3);
    const inserted = await prepareMedia(new File([png.slice()], "photo.jpeg", { type: "image/jpeg" }), bag);
    expect(inserted).toMatchObject({ kind: "image", name: "image-1.png" });
    if (!("url" in inserted)) throw new Error("not inserted");
    expect(inserted.url).toMatch(/^blob:/);
    const html = `<p><img src="${inserted.url}" /></p>`;
    expect(bag.withResources({ html })).toEqual({
      fields: { html: '<p><img src="image-1.png" /></p>' },
      resources: { "image-1.png": toBase64(png) },
    });
  });

  it("inserts audio as audio", async () => {
    const bag = new ResourceBag();
    expect(await prepareMedia(new File([makeMp3().slice()], "clip"), bag)).toMatchObject({
      kind: "audio",
      name: "audio-1.mp3",
    });
  });

  it("refuses a file that is not media the server accepts, naming it", async () => {
    const bag = new ResourceBag();
    const result = await prepareMedia(new File(["%PDF-1.7"], "notes.pdf", { type: "image/png" }), bag);
    expect(result).toEqual({ error: expect.stringContaining("“notes.pdf” was not inserted") });
    expect(bag.size).toBe(0);
  });

  it("refuses an SVG over a limit and an image too large to store, saying which bound, as the server would", async () => {
    const bag = new ResourceBag();
    const deep = `<svg xmlns="http://www.w3.org/2000/svg">${"<g>".repeat(300)}${"</g>".repeat(300)}</svg>`;
    expect(await prepareMedia(new File([deep], "deep.svg"), bag)).toEqual({
      error:
        "“deep.svg” was not inserted: the SVG nests elements more than 256 levels deep; at most 256 levels are allowed.",
    });
    expect(await prepareMedia(new File([makePng(40_000, 1).slice()], "strip.png"), bag)).toEqual({
      error: expect.stringMatching(
        /^“strip\.png” was not inserted: the image is 40,000 × 1 pixels; an image may be at most 32,767 pixels/,
      ),
    });
    expect(bag.size).toBe(0);
  });
});

describe("withoutForeignBlobs", () => {
  it("drops pasted media whose blob: URL this form does not hold, and keeps the rest", () => {
    const schema = getSchema(richTextExtensions({}));
    const mine = "blob:http://localhost/mine";
    const json = doc(
      p(
        text("a"),
        { type: "image", attrs: { src: mine } },
        { type: "image", attrs: { src: "blob:http://localhost/other" } },
        { type: "image", attrs: { src: IMAGE } },
      ),
      { type: "audio", attrs: { src: "blob:http://localhost/other-audio" } },
    );
    const slice = new Slice(Node.fromJSON(schema, json).content, 0, 0);
    const kept = withoutForeignBlobs(slice, (src) => src === mine);
    expect(docToHtml(schema.node("doc", null, kept.content))).toBe(
      `<p>a<img src="${mine}" /><img src="${IMAGE}" /></p>`,
    );
  });
});
