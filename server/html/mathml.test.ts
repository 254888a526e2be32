// MathML through the HTML policy (contract 9.1): what is kept, what is removed with a warning,
// and what stays an error inside <math>.
import { describe, expect, it } from "vitest";
import { HTML_CODES, cleanHtml, type HtmlFieldKind } from "./policy";

const KINDS: HtmlFieldKind[] = ["question", "answer", "explanation", "description"];
const FRACTION =
  '<math display="block" alttext="a over b"><semantics><mfrac><mi>a</mi><mi>b</mi></mfrac>' +
  '<annotation encoding="application/x-tex">\\frac{a}{b}</annotation></semantics></math>';

const clean = (html: string, kind: HtmlFieldKind = "answer") => cleanHtml(html, kind, "answers[0].answer");
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe("MathML kept", () => {
  it.each(KINDS)("keeps a formula with its LaTeX annotation in %s, untouched", (kind) => {
    const html = `<p>Solve ${FRACTION}</p>`;
    const result = clean(html, kind);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.html).toBe(html);
    expect(result.hasContent).toBe(true);
  });

  it("keeps every MathML Core element and its attributes", () => {
    const html =
      '<math><mstyle displaystyle="true" scriptlevel="0"><mrow><msqrt><mn>2</mn></msqrt><mroot><mi>x</mi><mn>3</mn></mroot>' +
      '<mo stretchy="false" lspace="0" rspace="0" form="prefix">(</mo><ms>s</ms><mtext>t</mtext><mspace width="1em"></mspace>' +
      "<msub><mi>a</mi><mn>1</mn></msub><msup><mi>a</mi><mn>2</mn></msup><msubsup><mi>a</mi><mn>1</mn><mn>2</mn></msubsup>" +
      '<munder accentunder="true"><mi>x</mi><mo>_</mo></munder><mover accent="true"><mi>x</mi><mo>^</mo></mover>' +
      "<munderover><mo>∑</mo><mn>0</mn><mi>n</mi></munderover>" +
      "<mmultiscripts><mi>X</mi><mn>1</mn><none></none><mprescripts></mprescripts><mn>2</mn><none></none></mmultiscripts>" +
      '<merror><mtext>e</mtext></merror><mpadded width="2em" voffset="1ex"><mi>p</mi></mpadded><mphantom><mi>h</mi></mphantom>' +
      '<mfrac linethickness="0"><mn>1</mn><mn>2</mn></mfrac>' +
      '<mtable><mtr><mtd columnspan="2"><mi mathvariant="normal" mathcolor="red">y</mi></mtd></mtr></mtable></mrow></mstyle></math>';
    const result = clean(html);
    expect(result.warnings).toEqual([]);
    expect(result.errors).toEqual([]);
    expect(result.html).toBe(html);
  });

  it("a MathML-only answer is not empty", () => {
    expect(clean("<math><mi>x</mi></math>").hasContent).toBe(true);
    expect(clean("<p><math><mn>0.5</mn></math></p>").hasContent).toBe(true);
  });

  it("MathML element names outside <math> are unknown elements (unwrapped)", () => {
    const result = clean("<p><mi>x</mi></p>");
    expect(result.html).toBe("<p>x</p>");
    expect(messages(result.warnings)).toEqual(["<mi> was removed (its content was kept)"]);
  });
});

describe("anything else inside <math> is removed with a warning", () => {
  const cases: [string, string, string, string][] = [
    [
      "a script",
      "<math><mi>x</mi><script>alert(1)</script></math>",
      "<math><mi>x</mi></math>",
      "<script> inside <math> was removed with its content",
    ],
    [
      "a link (even in an answer, where <a> is an error outside math)",
      '<math><a href="https://example.org"><mi>x</mi></a></math>',
      "<math><mi>x</mi></math>",
      "<a> inside <math> was removed (its content was kept",
    ],
    [
      "an HTML element in a token",
      "<math><mi><b>x</b></mi></math>",
      "<math><mi>x</mi></math>",
      "<b> inside <math> was removed (its content was kept",
    ],
    [
      "annotation-xml holding HTML",
      '<math><semantics><mi>x</mi><annotation-xml encoding="text/html"><p>x</p></annotation-xml></semantics></math>',
      "<math><semantics><mi>x</mi></semantics></math>",
      "<annotation-xml> inside <math> was removed with its content",
    ],
    [
      "an annotation in another encoding",
      '<math><semantics><mi>x</mi><annotation encoding="StarMath 5.0">x</annotation></semantics></math>',
      "<math><semantics><mi>x</mi></semantics></math>",
      '<annotation encoding="StarMath 5.0"> inside <math> was removed',
    ],
    [
      "an SVG",
      '<math><mi>x</mi><svg><circle r="1"></circle></svg></math>',
      "<math><mi>x</mi></math>",
      "<svg> inside <math> was removed with its content",
    ],
    [
      "an iframe",
      '<math><iframe src="https://www.youtube.com/embed/x"></iframe><mi>x</mi></math>',
      "<math><mi>x</mi></math>",
      "<iframe> inside <math> was removed with its content",
    ],
    [
      "an href, class and id on MathML",
      '<math class="tml" id="m"><mi href="https://example.org">x</mi></math>',
      "<math><mi>x</mi></math>",
      'attribute "href" on <mi> was removed',
    ],
    [
      "a style other than text-align",
      '<math style="display:block math;"><mi>x</mi></math>',
      "<math><mi>x</mi></math>",
      'style "display" on <math> was removed',
    ],
  ];
  it.each(cases)("%s", (_what, input, output, warning) => {
    const result = clean(input);
    expect(result.errors).toEqual([]);
    expect(result.html).toBe(output);
    expect(
      messages(result.warnings).some((m) => m.includes(warning)),
      JSON.stringify(result.warnings),
    ).toBe(true);
    const again = clean(result.html);
    expect(again.html).toBe(result.html);
    expect(again.warnings).toEqual([]);
  });
});

describe("errors stay errors inside <math>", () => {
  it.each([
    ["an event handler", '<math><mi onclick="alert(1)">x</mi></math>', HTML_CODES.forbidden],
    ["an event handler on math", '<math onmouseover="alert(1)"><mi>x</mi></math>', HTML_CODES.forbidden],
    ["a javascript: href", '<math><mi href="javascript:alert(1)">x</mi></math>', HTML_CODES.unsafeUrl],
    ["a javascript: link", '<math><a href=" jav&#x09;ascript:alert(1)">x</a></math>', HTML_CODES.unsafeUrl],
    ["a data: URL", '<math><mi xlink:href="data:text/html,x">x</mi></math>', HTML_CODES.unsafeUrl],
  ])("%s", (_what, input, code) => {
    const result = clean(input);
    expect(result.errors.map((e) => e.code)).toContain(code);
    expect(result.html).not.toMatch(/javascript|onclick|onmouseover|data:/i);
  });

  it("mutation-XSS shapes come out as MathML and text only", () => {
    const inputs = [
      '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
      "<math><mi><style><img src=x onerror=alert(1)></style></mi></math>",
      '<math><annotation-xml encoding="text/html"><svg><style><img src=x onerror=alert(1)></style></svg></annotation-xml></math>',
      "<svg></p><math><mi><style></p><img src=x onerror=alert(1)>",
    ];
    for (const input of inputs) {
      const out = clean(input).html;
      expect(out).not.toMatch(/<(img|style|svg|table|mglyph|annotation-xml)\b/i);
      expect(out).not.toMatch(/onerror/i);
    }
  });
});
