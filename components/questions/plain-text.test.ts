import { describe, expect, it } from "vitest";
import { plainText } from "./plain-text";

describe("plainText", () => {
  it("drops tags, separates blocks and collapses whitespace", () => {
    expect(plainText("<p>What is <strong>2</strong> + 2?</p><p>Pick one.</p>")).toBe("What is 2 + 2? Pick one.");
    expect(plainText("<ul><li>one</li><li>two</li></ul>")).toBe("one two");
    expect(plainText("line<br>break")).toBe("line break");
  });

  it("decodes entities", () => {
    expect(plainText("<p>a &lt; b &amp;&amp; c &gt; d&nbsp;&quot;e&quot; &#39;f&#39; &#x263A;</p>")).toBe(
      `a < b && c > d "e" 'f' ☺`,
    );
    expect(plainText("&unknown; stays")).toBe("&unknown; stays");
  });

  it("names media when there is no text", () => {
    expect(plainText('<p><img src="/media/a.png" alt="x"></p>')).toBe("[image]");
    expect(plainText('<audio src="/media/a.mp3" controls></audio>')).toBe("[audio]");
    expect(plainText("")).toBe("");
  });

  it("reads a formula as its LaTeX, or as its text without one", () => {
    const fraction =
      '<math><semantics><mfrac><mi>a</mi><mi>b</mi></mfrac><annotation encoding="application/x-tex">\\frac{a}{b} &lt; 1</annotation></semantics></math>';
    expect(plainText(`<p>Simplify ${fraction}</p>`)).toBe("Simplify \\frac{a}{b} < 1");
    expect(plainText("<p><math><mi>x</mi><mo>+</mo><mn>1</mn></math></p>")).toBe("x + 1");
  });

  it("cuts long text with an ellipsis", () => {
    const text = plainText(`<p>${"word ".repeat(100)}</p>`, 20);
    expect(text.length).toBeLessThanOrEqual(20);
    expect(text.endsWith("…")).toBe(true);
  });
});
