import { describe, expect, it } from "vitest";
import {
  MAX_RESOURCE_PATH_LENGTH,
  checkResourcePath,
  mediaName,
  mediaPath,
  parseMediaName,
  parseMediaPath,
} from "./paths";

describe("checkResourcePath: accepted relative URLs", () => {
  it.each([
    "img.png",
    "images/figure 1.png",
    "./img.png",
    "/absolute/path/img.png",
    "a/b/c/d.jpeg",
    "img.png?v=2#top",
    "%E2%9C%93.png",
    "a..b.png",
    ".../x.png",
    "über/straße.png",
    "folder/",
    "img",
    "a/./b.png",
    "q.php?x=../y", // ".." in the query is not a path segment
  ])("%j", (path) => {
    expect(checkResourcePath(path)).toBeNull();
  });

  it(`allows exactly ${MAX_RESOURCE_PATH_LENGTH} characters, counted as characters not UTF-16 units`, () => {
    expect(checkResourcePath("a".repeat(496) + ".png")).toBeNull();
    expect(checkResourcePath("😀".repeat(496) + ".png")).toBeNull();
  });
});

describe("checkResourcePath: rejected", () => {
  const cases: [string, string, RegExp][] = [
    ["empty", "", /empty/],
    ["too long", "a".repeat(497) + ".png", /501 characters.*at most 500/],
    ["http scheme", "http://example.com/a.png", /scheme \("http:"\)/],
    ["https scheme", "https://example.com/a.png", /scheme/],
    ["data: URL", "data:image/png;base64,QQ==", /scheme \("data:"\)/],
    ["javascript: URL", "javascript:alert(1)", /scheme/],
    ["mixed-case scheme", "JaVaScRiPt:alert(1)", /scheme/],
    ["drive letter (parsed as a scheme)", "C:/images/a.png", /scheme/],
    ["mailto", "mailto:a@example.com", /scheme/],
    ["protocol-relative", "//evil.example/a.png", /starts with "\/\/"/],
    ["backslash", "images\\a.png", /backslash/],
    ["backslash host", "/\\evil.example/a.png", /backslash/],
    ["leading ..", "../a.png", /"\.\." segment/],
    ["inner ..", "images/../../a.png", /"\.\." segment/],
    ["trailing ..", "images/..", /"\.\." segment/],
    ["percent-encoded ..", "images/%2e%2E/a.png", /"\.\." segment/],
    ["half-encoded ..", "images/.%2e/a.png", /"\.\." segment/],
    ["newline", "a\n.png", /control character U\+000A/],
    ["tab", "a\t.png", /control character U\+0009/],
    ["NUL", "a\u0000.png", /control character U\+0000/],
    ["DEL", "a\u007f.png", /control character U\+007F/],
    ["C1 control", "a\u0085.png", /control character U\+0085/],
    ["leading space", " a.png", /whitespace/],
    ["trailing space", "a.png ", /whitespace/],
  ];
  it.each(cases)("%s", (_label, path, message) => {
    const problem = checkResourcePath(path);
    expect(problem).toMatch(message);
  });

  it("every message says what is allowed", () => {
    for (const [, path] of cases) {
      expect(checkResourcePath(path)).toMatch(/allowed|give|use|separate|only/);
    }
  });
});

describe("stored media paths", () => {
  const hash = "0123456789abcdef".repeat(4);

  it("builds and parses /media/<hash>.<ext>", () => {
    expect(mediaPath(hash, "png")).toBe(`/media/${hash}.png`);
    expect(parseMediaPath(`/media/${hash}.png`)).toEqual({ hash, ext: "png" });
    expect(mediaName(hash, "webm")).toBe(`${hash}.webm`);
    expect(parseMediaName(`${hash}.webm`)).toEqual({ hash, ext: "webm" });
  });

  it.each([
    ["uppercase hex", `/media/${hash.toUpperCase()}.png`],
    ["63 hex digits", `/media/${hash.slice(1)}.png`],
    ["65 hex digits", `/media/${hash}0.png`],
    ["no extension", `/media/${hash}`],
    ["uppercase extension", `/media/${hash}.PNG`],
    ["no leading slash", `media/${hash}.png`],
    ["another folder", `/files/${hash}.png`],
    ["traversal", `/media/../${hash}.png`],
    ["query string", `/media/${hash}.png?x=1`],
    ["a user's path", "images/a.png"],
  ])("does not take %s for a stored path", (_label, path) => {
    expect(parseMediaPath(path)).toBeNull();
  });

  it("parseMediaName rejects anything but <hash>.<ext>", () => {
    expect(parseMediaName(`../${hash}.png`)).toBeNull();
    expect(parseMediaName(`.tmp-1-${hash}.png`)).toBeNull();
    expect(parseMediaName(`/media/${hash}.png`)).toBeNull();
  });

  it("refuses to build a path from a malformed hash or extension", () => {
    expect(() => mediaPath("abc", "png")).toThrow(/SHA-256/);
    expect(() => mediaPath(hash, "../x")).toThrow(/extension/);
    expect(() => mediaPath(hash, "")).toThrow(/extension/);
  });
});
