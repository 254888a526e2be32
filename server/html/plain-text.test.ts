// The plain-text shortcut of the HTML policy must give exactly what the full pass gives: the same
// stored HTML, no issues, no media, the same "has content". Checked on many generated texts
// (fixed seed) in every field kind, and on the edge cases by name.
import { describe, expect, it } from "vitest";
import type { HtmlFieldKind } from "./allowlist";
import { isPlainText, runFullPolicy, runPolicy } from "./pass";

const KINDS: HtmlFieldKind[] = ["question", "answer", "explanation", "description"];
const ALPHABET = [
  "a",
  "Z",
  "7",
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  "\r",
  '"',
  "'",
  "/",
  "=",
  ";",
  "#",
  "é",
  "ß",
  "漢",
  "😀",
  "\u00a0",
  "\u200b",
  "\u2028",
  "\ufeff",
  "\u0085",
  "-->",
  "<!--",
  "]]>",
  "?",
  "%",
  "\\",
];

/** A small deterministic generator, so a failure names a text that can be reproduced. */
function* texts(count: number): Generator<string> {
  let seed = 12345;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 0; i < count; i++) {
    const runs = next(4);
    const run = () => Array.from({ length: next(12) }, () => ALPHABET[next(ALPHABET.length)]).join("");
    yield runs === 0 ? run() : Array.from({ length: runs }, () => `<p>${run()}</p>`).join("");
  }
}

/** The result without the full pass's internal "unwrapped" flag. */
const result = (r: ReturnType<typeof runPolicy>) => {
  const { unwrapped: _, ...rest } = r as typeof r & { unwrapped?: boolean };
  return rest;
};

function expectSameAsFullPass(html: string) {
  for (const kind of KINDS)
    expect(result(runPolicy(html, kind, "f")), `${JSON.stringify(html)} in ${kind}`).toEqual(
      result(runFullPolicy(html, kind, "f")),
    );
}

describe("the plain-text shortcut", () => {
  it("gives what the full pass gives, for thousands of generated texts", () => {
    let plain = 0;
    for (const html of texts(3000)) {
      if (isPlainText(html)) plain++;
      expectSameAsFullPass(html);
    }
    // Most generated texts take the shortcut (the markup-like runs in the alphabet send the rest to the full pass).
    expect(plain).toBeGreaterThan(1000);
  });

  it.each([
    "",
    "<p></p>",
    "<p> </p>",
    "<p>\u200b</p>",
    "plain words",
    "<p>Alpha</p><p>Beta</p>",
    '<p>say "hi" & go</p>',
    "<p>a<b</p>",
    "<p>x\u0000y</p>",
    "<p>x\u0007y</p>",
    "<P>caps</P>",
    "<p >sp</p>",
    "<p>a</p>tail",
    "<p>open",
  ])("%j", (html) => {
    expectSameAsFullPass(html);
  });

  it("takes only text with nothing a parser reads as markup, an entity or a control character", () => {
    expect(isPlainText("<p>Which one is right?</p><p>Really.</p>")).toBe(true);
    expect(isPlainText("4")).toBe(true);
    for (const html of [
      "<p>a &amp; b</p>",
      "<p>a<br>b</p>",
      "<p>a</p>b<p>",
      "<P>x</P>",
      "<p>x\u0000</p>",
      "<p><p>x</p></p>",
      "<p>a > b</p>",
    ]) {
      expect(isPlainText(html), html).toBe(false);
    }
  });
});
