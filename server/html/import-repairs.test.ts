import { describe, expect, it } from "vitest";
import { repairImportedHtml } from "./import-repairs";
import { cleanHtml } from "./policy";

describe("repairImportedHtml", () => {
  it("returns HTML with nothing to repair as it is", () => {
    const html = "<p>What is <b>DHCP</b>? <img src='a.png'></p>";
    expect(repairImportedHtml(html, "question")).toEqual({ html, changes: [] });
  });

  it("replaces a link in a question by its text and the address in parentheses", () => {
    const out = repairImportedHtml(
      '<p>Read <a href="https://www.rfc-editor.org/rfc/rfc2131">RFC&nbsp;2131</a> first.</p>',
      "question",
    );
    expect(out.html).toBe("<p>Read RFC\u00a02131 (https://www.rfc-editor.org/rfc/rfc2131) first.</p>");
    expect(out.changes).toEqual([
      'the link "RFC 2131" to https://www.rfc-editor.org/rfc/rfc2131 was replaced by its text with the address in parentheses, since this field cannot hold links',
    ]);
    expect(cleanHtml(out.html, "question", "question").errors).toEqual([]);
  });

  it("keeps only the text of a link whose text is its address", () => {
    const out = repairImportedHtml('<a href="https://example.org">https://example.org</a>', "answer");
    expect(out.html).toBe("https://example.org");
    expect(out.changes).toHaveLength(1);
  });

  it("keeps links in an explanation", () => {
    const html = '<p><a href="https://example.org">docs</a></p>';
    expect(repairImportedHtml(html, "explanation").html).toBe(html);
  });

  it("turns a YouTube embed in an answer into its address", () => {
    const out = repairImportedHtml('<iframe src="https://www.youtube.com/embed/abc"></iframe>', "answer");
    expect(out.html).toBe("https://www.youtube.com/embed/abc");
    expect(out.changes[0]).toContain("the embed of https://www.youtube.com/embed/abc");
  });

  it("turns an object showing an SVG into an img, in any field", () => {
    const out = repairImportedHtml(
      '<p><object data="images/graph.svg" type="image/svg+xml" width="300">A graph</object></p>',
      "explanation",
    );
    expect(out.html).toBe('<p><img src="images/graph.svg" alt="A graph" width="300" /></p>');
    expect(cleanHtml(out.html, "explanation", "x").errors).toEqual([]);
  });

  it("leaves an object that is not an image to the policy", () => {
    const html = '<object data="movie.swf" type="application/x-shockwave-flash"></object>';
    expect(repairImportedHtml(html, "question").html).toBe(html);
  });

  it("removes media the file does not carry, keeping an image's alt text", () => {
    const out = repairImportedHtml(
      '<p>Look: <img src="pics/a&amp;b.png" alt="a router"> <audio src="x.mp3" controls>no</audio> <img src="ok.png"></p>',
      "question",
      { missingMedia: new Set(["pics/a&b.png", "x.mp3"]) },
    );
    expect(out.html).toBe('<p>Look: a router  <img src="ok.png" /></p>');
    expect(out.changes).toEqual([
      'the image pics/a&b.png is not in the file, so it was replaced by its alt text "a router"',
      "the audio x.mp3 is not in the file, so it was removed",
    ]);
  });

  it("escapes what it writes as text", () => {
    const out = repairImportedHtml('<a href="https://x.org/?a=1&amp;b=<2>">a &lt; b</a>', "question");
    expect(out.html).toBe("a &lt; b (https://x.org/?a=1&amp;b=&lt;2&gt;)");
  });
});
