import { describe, expect, it } from "vitest";
import { makeAvif, makeGif, makeJpeg, makePng, makeSvg, toBase64 } from "@/tests/support/media-fixtures";
import { checkResource, type ResourceCheck } from "./check-resource";

const utf8 = (s: string) => new TextEncoder().encode(s);
const PATH = 'resources["n.svg"]';
const check = (bytes: Uint8Array, maxBytes = 16 * 1024 * 1024, key = "n.svg") =>
  checkResource({ key, path: PATH, base64: toBase64(bytes), maxBytes });
const errorOf = (result: ResourceCheck) => {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.dims)}`);
  expect(result.tooLarge).toBe(false);
  expect(result.errors).toHaveLength(1);
  return result.errors[0]!;
};

describe("checkResource: an SVG over a limit is not 'a type not allowed'", () => {
  it("too deep: svg_too_complex at the resource's path, naming the limit", () => {
    const deep = utf8(`<svg xmlns="http://www.w3.org/2000/svg">${"<g>".repeat(300)}${"</g>".repeat(300)}</svg>`);
    expect(errorOf(check(deep))).toEqual({
      code: "svg_too_complex",
      path: PATH,
      message: "the SVG nests elements more than 256 levels deep; at most 256 levels are allowed",
    });
  });

  it("a malformed SVG and other text stay unsupported_media", () => {
    for (const bytes of [utf8("<svg><g></svg>"), utf8("<html><body/></html>"), utf8("just text")]) {
      expect(errorOf(check(bytes)).code).toBe("unsupported_media");
    }
  });

  it("an SVG whose cleaned form would be over the size limit: svg_too_large, saying why", () => {
    const bytes = utf8(`<svg width="1" height="1"><text><![CDATA[${"<".repeat(2000)}]]></text></svg>`);
    expect(check(bytes, 4000).ok).toBe(false);
    expect(errorOf(check(bytes, 4000))).toEqual({
      code: "svg_too_large",
      path: PATH,
      message: expect.stringMatching(
        /^the SVG would be larger than 4000 bytes once cleaned .*; at most 4000 bytes may be stored$/,
      ),
    });
    expect(check(bytes, 9000).ok).toBe(true);
  });
});

describe("checkResource: the pixel size of every image type", () => {
  it("an SVG 2,147,483,648 pixels wide (the media table's integer would overflow)", () => {
    const bytes = utf8('<svg xmlns="http://www.w3.org/2000/svg" width="2147483648" height="10"/>');
    expect(errorOf(check(bytes))).toEqual({
      code: "image_too_large",
      path: PATH,
      message:
        "the image is 2,147,483,648 × 10 pixels; an image may be at most 32,767 pixels wide and high and 268,435,456 pixels in all",
    });
  });

  it("absurd SVG sizes are written readably", () => {
    expect(errorOf(check(utf8('<svg width="1e300" height="1"/>'))).message).toMatch(
      /^the image is 1\.00e\+300 × 1 pixels/,
    );
  });

  it.each([
    ["PNG", (w: number, h: number) => makePng(w, h)],
    ["GIF", (w: number, h: number) => makeGif(w, h)],
    ["JPEG", (w: number, h: number) => makeJpeg(w, h)],
    ["AVIF", (w: number, h: number) => makeAvif(w, h)],
    ["SVG", (w: number, h: number) => makeSvg(w, h)],
    // Not WebP: the fixture is VP8L, whose size fields stop at 16,384.
  ])("%s: 32,767 pixels on a side is stored, 32,768 is not", (_label, make) => {
    const ok = check(make(32_767, 1));
    expect(ok.ok && ok.dims).toEqual({ width: 32_767, height: 1 });
    expect(errorOf(check(make(1, 32_768))).code).toBe("image_too_large");
  });

  it("the pixel count: 16,384 × 16,384 is the most, one row more is refused", () => {
    expect(check(makeSvg(16_384, 16_384)).ok).toBe(true);
    expect(errorOf(check(makeSvg(16_384, 16_385))).message).toMatch(/16,384 × 16,385 pixels/);
  });

  it("an image without a readable size is stored without one", () => {
    const result = check(utf8('<svg xmlns="http://www.w3.org/2000/svg" width="100%"/>'));
    expect(result.ok && result.dims).toBeNull();
  });
});
