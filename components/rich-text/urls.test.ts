import { describe, expect, it } from "vitest";
import { completeHref, isEditorMediaSrc, isLinkHref, youtubeEmbedUrl } from "./urls";

describe("youtubeEmbedUrl", () => {
  const embed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", embed],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL1&index=2", embed],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", embed],
    ["youtube.com/watch?v=dQw4w9WgXcQ", embed],
    ["  https://youtu.be/dQw4w9WgXcQ  ", embed],
    ["https://youtu.be/dQw4w9WgXcQ?t=90", `${embed}?start=90`],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s", `${embed}?start=90`],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=5", `${embed}?start=5`],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", embed],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", embed],
  ])("%s → %s", (input, expected) => {
    expect(youtubeEmbedUrl(input)).toBe(expected);
  });

  it.each([
    "https://vimeo.com/12345",
    "https://www.youtube.com/channel/UCabc",
    "https://www.youtube.com/watch?v=short",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "",
  ])("refuses %s", (input) => {
    expect(youtubeEmbedUrl(input)).toBeNull();
  });
});

describe("isLinkHref", () => {
  it.each(["https://example.com", "http://example.com/a?b", "mailto:a@example.com", "/exams/1", "page.html", "#top"])(
    "accepts %s",
    (href) => {
      expect(isLinkHref(href)).toBe(true);
    },
  );
  it.each([
    "",
    "  ",
    "javascript:alert(1)",
    "java\tscript:x",
    "data:text/html,x",
    "ftp://host/f",
    "//evil.example/x",
    "tel:123",
  ])("refuses %j", (href) => {
    expect(isLinkHref(href)).toBe(false);
  });
});

describe("isEditorMediaSrc", () => {
  it("takes stored media and blob: URLs only", () => {
    expect(isEditorMediaSrc(`/media/${"a".repeat(64)}.png`)).toBe(true);
    expect(isEditorMediaSrc("blob:http://localhost:3000/5d1c")).toBe(true);
    for (const src of [
      "https://example.com/a.png",
      "//example.com/a.png",
      "data:image/png;base64,AA",
      "images/a.png",
      "/media//host",
      "",
      null,
    ]) {
      expect(isEditorMediaSrc(src)).toBe(false);
    }
  });
});

describe("completeHref", () => {
  it.each([
    ["example.com", "https://example.com"],
    [" www.example.org/a?b#c ", "https://www.example.org/a?b#c"],
    ["someone@example.com", "mailto:someone@example.com"],
    ["https://example.com", "https://example.com"],
    ["/exams/1", "/exams/1"],
    ["page.html", "page.html"],
    ["#top", "#top"],
  ])("%j → %j", (input, expected) => {
    expect(completeHref(input)).toBe(expected);
  });
});
