// LaTeX ↔ MathML (contract 9.1): what temml makes passes the policy untouched, and TeX between
// delimiters becomes MathML and back.
import { describe, expect, it } from "vitest";
import { delimitedTexToMathml, latexToMathml, mathmlSource, mathmlToDelimitedTex } from "./latex";
import { cleanHtml } from "./policy";

const mathml = (latex: string, display = false) => {
  const converted = latexToMathml(latex, display);
  if (!converted.ok) throw new Error(converted.message);
  return converted.mathml;
};

const SAMPLES = [
  "\\frac{a}{b}",
  "x^2 + \\sqrt{y}",
  "\\sum_{i=0}^{n} i",
  "\\begin{pmatrix}a & b\\\\ c & d\\end{pmatrix}",
  "\\mathbb{R} \\to \\vec{v}",
  "\\int_0^1 f(x)\\,dx",
  "\\boxed{x} \\cancel{y} \\color{red}{z}",
  "a < b \\text{ and } b > c",
  "\\binom{n}{k} \\hat{x} \\overbrace{a+b}",
];

describe("latexToMathml", () => {
  it.each(SAMPLES)("%s is MathML the policy keeps as it is, with its LaTeX", (latex) => {
    for (const display of [false, true]) {
      const html = mathml(latex, display);
      const cleaned = cleanHtml(html, "answer", "a");
      expect(cleaned.warnings).toEqual([]);
      expect(cleaned.errors).toEqual([]);
      expect(cleaned.html).toBe(html);
      expect(mathmlSource(html)).toEqual({ latex, display });
    }
  });

  it("refuses what does not parse, saying why", () => {
    const result = latexToMathml("\\frac{a", false);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toMatch(/end of input/i);
    expect(latexToMathml("  ", false).ok).toBe(false);
    // Temml has no \href: a link cannot come in through LaTeX.
    expect(latexToMathml("\\href{javascript:alert(1)}{x}", false).ok).toBe(false);
  });
});

describe("delimited TeX", () => {
  it("reads \\( \\) inline, $$ $$ and \\[ \\] display, outside tags only", () => {
    expect(delimitedTexToMathml("<p>a \\(x &lt; 1\\) b</p>")).toBe(`<p>a ${mathml("x < 1")} b</p>`);
    expect(delimitedTexToMathml("<p>$$x$$ \\[y\\]</p>")).toBe(`<p>${mathml("x", true)} ${mathml("y", true)}</p>`);
    expect(delimitedTexToMathml('<img alt="\\(x\\)" src="a.png">')).toBe('<img alt="\\(x\\)" src="a.png">');
    expect(delimitedTexToMathml("<p>\\(\\)The \\(y\\)</p>")).toBe(`<p>The ${mathml("y")}</p>`);
    expect(delimitedTexToMathml("<p>costs $5</p>")).toBe("<p>costs $5</p>");
  });

  it("writes formulas with a LaTeX annotation as delimited TeX, and reads them back the same", () => {
    const html = `<p>a ${mathml("x < 1")} and ${mathml("\\frac{1}{2}", true)}</p>`;
    const tex = mathmlToDelimitedTex(html);
    expect(tex).toBe("<p>a \\(x &lt; 1\\) and $$\\frac{1}{2}$$</p>");
    expect(delimitedTexToMathml(tex)).toBe(html);
  });

  it("keeps MathML without LaTeX as MathML", () => {
    const html = "<p><math><mi>x</mi></math></p>";
    expect(mathmlToDelimitedTex(html)).toBe(html);
  });
});
