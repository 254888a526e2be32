// Formulas in the editor (contract 9.1): what the editor writes for a formula passes the HTML
// policy untouched, and stored MathML read back stays editable (its LaTeX) and unchanged.
import { getSchema, type JSONContent } from "@tiptap/core";
import { generateJSON } from "@tiptap/html/server";
import { Node } from "@tiptap/pm/model";
import { describe, expect, it } from "vitest";
import { latexToMathml } from "@/server/html/latex";
import { cleanHtml } from "@/server/html/policy";
import { richTextExtensions, type RichTextOptions } from "./extensions";
import { docToHtml } from "./serialize";

const OPTIONS: RichTextOptions[] = [{ compact: true }, {}, { allowLinks: true }];

function mathml(latex: string, display = false): string {
  const converted = latexToMathml(latex, display);
  if (!converted.ok) throw new Error(converted.message);
  return converted.mathml;
}

function readBack(html: string, options: RichTextOptions): { html: string; json: JSONContent } {
  const extensions = richTextExtensions(options);
  const json = generateJSON(html, extensions);
  return { html: docToHtml(Node.fromJSON(getSchema(extensions), json)), json };
}

describe("formulas in the editor", () => {
  it.each(OPTIONS)("a typed formula is stored as MathML the policy keeps as it is (%o)", (options) => {
    const schema = getSchema(richTextExtensions(options));
    const doc = schema.nodeFromJSON({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Solve " },
            { type: "math", attrs: { latex: "\\frac{a}{b}", display: false, mathml: mathml("\\frac{a}{b}") } },
            { type: "math", attrs: { latex: "x^2", display: true, mathml: "" } },
          ],
        },
      ],
    });
    const html = docToHtml(doc);
    expect(html).toBe(`<p>Solve ${mathml("\\frac{a}{b}")}${mathml("x^2", true)}</p>`);
    const cleaned = cleanHtml(html, "answer", "answers[0].answer");
    expect(cleaned.warnings).toEqual([]);
    expect(cleaned.errors).toEqual([]);
    expect(cleaned.html).toBe(html);
  });

  it("stored MathML reads back as the same HTML, with its LaTeX to edit", () => {
    const stored = `<p>x ${mathml("\\sqrt{a<b}")} and ${mathml("\\sum_{i=1}^n i", true)}</p>`;
    const { html, json } = readBack(stored, {});
    expect(html).toBe(stored);
    const nodes: JSONContent[] = json.content?.[0]?.content ?? [];
    expect(nodes.filter((n) => n.type === "math").map((n) => [n.attrs?.latex, n.attrs?.display])).toEqual([
      ["\\sqrt{a<b}", false],
      ["\\sum_{i=1}^n i", true],
    ]);
  });

  it("MathML from another tool (no LaTeX) is kept as it was", () => {
    const stored = "<p><math><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow></math></p>";
    const { html, json } = readBack(stored, { compact: true });
    expect(html).toBe(stored);
    expect(json.content?.[0]?.content?.[0]?.attrs?.latex).toBeNull();
  });
});

describe("pasted MathML", () => {
  it("is read by the policy's rule: nothing but MathML reaches the node view", () => {
    const pasted =
      '<p><math class="x" onclick="alert(1)"><mi>x</mi><mtext><img src="x" onerror="alert(1)">t</mtext>' +
      '<script>alert(1)</script><annotation-xml encoding="text/html"><b>x</b></annotation-xml></math></p>';
    const { html } = readBack(pasted, {});
    expect(html).toBe("<p><math><mi>x</mi><mtext>t</mtext></math></p>");
  });
});
