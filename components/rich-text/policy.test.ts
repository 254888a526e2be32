// Proves that what the editor writes passes the HTML policy (contract section 9) without errors
// or warnings in every kind of field, that storing it changes nothing, and that the editor reads
// the stored HTML back to the same document.
import { getSchema, type JSONContent } from "@tiptap/core";
import { generateHTML, generateJSON } from "@tiptap/html/server";
import { Node } from "@tiptap/pm/model";
import { describe, expect, it } from "vitest";
import { cleanHtml, type HtmlFieldKind } from "@/server/html/policy";
import { richTextExtensions, type RichTextOptions } from "./extensions";
import { docToHtml } from "./serialize";
import { AUDIO, IMAGE, YOUTUBE, compactDocument, doc, fullDocument, linkedDocument, p, text } from "./test-docs";

interface FieldCase {
  kind: HtmlFieldKind;
  path: string;
  options: RichTextOptions;
  document: () => JSONContent;
}

// How the forms use the editor: answers compact and without links, the question full without
// links, explanation and descriptions full with links (contract 9.3).
const FIELDS: FieldCase[] = [
  { kind: "answer", path: "answers[0].answer", options: { compact: true }, document: compactDocument },
  { kind: "question", path: "question.question", options: {}, document: fullDocument },
  { kind: "explanation", path: "question.explanation", options: { allowLinks: true }, document: linkedDocument },
  { kind: "description", path: "exam.description", options: { allowLinks: true }, document: linkedDocument },
];

function editorHtml(json: JSONContent, options: RichTextOptions): string {
  return docToHtml(Node.fromJSON(getSchema(richTextExtensions(options)), json));
}

/** What the editor makes of HTML (pasted, or loaded from the API), written out again. */
function readBack(html: string, options: RichTextOptions): string {
  const extensions = richTextExtensions(options);
  return docToHtml(Node.fromJSON(getSchema(extensions), generateJSON(html, extensions)));
}

function expectClean(html: string, field: FieldCase): void {
  const result = cleanHtml(html, field.kind, field.path);
  expect(result.errors).toEqual([]);
  expect(result.warnings).toEqual([]);
  expect(result.html).toBe(html);
}

describe.each(FIELDS)("the editor's HTML in $kind", (field) => {
  const html = editorHtml(field.document(), field.options);

  it("passes the policy without errors or warnings, and is stored unchanged", () => {
    expectClean(html, field);
  });

  it("holds every feature of this field", () => {
    const expected = [
      "<strong>",
      "<em>",
      "<u>",
      "<s>",
      "<sub>",
      "<sup>",
      "<code>",
      "<br />",
      "<ul>",
      "<ol>",
      '<ol start="3">',
      "<pre><code>",
      "<blockquote>",
      "<hr />",
      `<img src="${IMAGE}" alt="A red square" />`,
      `<audio src="${AUDIO}" controls></audio>`,
      '<p style="text-align:center">',
      '<p style="text-align:justify">',
    ];
    if (!field.options.compact) {
      expected.push(
        "<h1>",
        "<h6>",
        '<h2 style="text-align:right">',
        "<table><tbody><tr><th>",
        '<th style="text-align:right">',
        '<td colspan="2">',
      );
    }
    if (field.options.allowLinks) {
      expected.push(
        '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">',
        `<iframe src="${YOUTUBE}" allowfullscreen></iframe>`,
      );
    }
    for (const part of expected) expect(html).toContain(part);
  });

  it("reads its stored HTML back to the same HTML", () => {
    expect(readBack(html, field.options)).toBe(html);
  });

  it("renders through Tiptap's own DOM output with only allowed elements and attributes", () => {
    // generateHTML writes through a DOM (`<br>`, `controls=""`), so its text differs from the
    // stored form, but the policy must find nothing to remove or refuse in it either.
    const result = cleanHtml(generateHTML(field.document(), richTextExtensions(field.options)), field.kind, field.path);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.html).toBe(html);
  });
});

describe("an empty document", () => {
  it("is an empty string, also when only empty paragraphs are left at the end", () => {
    expect(editorHtml(doc(p()), {})).toBe("");
    expect(editorHtml(doc(p(), p()), {})).toBe("");
    expect(editorHtml(doc(p(text("a")), p(), p()), {})).toBe("<p>a</p>");
    expect(readBack("", {})).toBe("");
  });
});

describe("HTML from elsewhere (pasted, or created through the API)", () => {
  const pasted: [string, string, RichTextOptions, string][] = [
    [
      "a link with target, class and another rel",
      '<p><a href="https://example.com" target="_blank" class="x" rel="nofollow">x</a></p>',
      { allowLinks: true },
      '<p><a href="https://example.com" rel="noopener noreferrer">x</a></p>',
    ],
    ["a link where links are not allowed", '<p><a href="https://example.com">x</a></p>', {}, "<p>x</p>"],
    [
      "a link with a refused scheme",
      '<p><a href="javascript:alert(1)">x</a> <a href="ftp://h/f">y</a></p>',
      { allowLinks: true },
      "<p>x y</p>",
    ],
    [
      "a code block with a language class",
      '<pre><code class="language-js">let a;</code></pre>',
      {},
      "<pre><code>let a;</code></pre>",
    ],
    [
      "an ordered list with a type",
      '<ol type="a" start="2"><li>x</li></ol>',
      {},
      '<ol start="2"><li><p>x</p></li></ol>',
    ],
    [
      "a table with colgroup, widths and a thead",
      '<table style="min-width: 50px"><colgroup><col style="width: 25px"></colgroup><thead><tr><th data-colwidth="25">h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>',
      {},
      "<table><tbody><tr><th><p>h</p></th></tr><tr><td><p>d</p></td></tr></tbody></table>",
    ],
    [
      "Tiptap's own YouTube markup",
      '<div data-youtube-video=""><iframe width="640" height="480" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen="true" autoplay="false"></iframe></div>',
      { allowLinks: true },
      `<iframe src="${YOUTUBE}" allowfullscreen></iframe>`,
    ],
    [
      "an iframe from another site",
      '<iframe src="https://example.com/embed/x"></iframe><p>a</p>',
      { allowLinks: true },
      "<p>a</p>",
    ],
    [
      "images from other sites or data: URLs",
      '<p>a<img src="https://example.com/x.png"><img src="data:image/png;base64,AAAA"></p>',
      {},
      "<p>a</p>",
    ],
    [
      "an image with extra attributes",
      `<p><img src="${IMAGE}" alt="x" class="big" loading="lazy" width="20" style="float:left"></p>`,
      {},
      `<p><img src="${IMAGE}" alt="x" width="20" /></p>`,
    ],
    [
      "audio with a source element",
      `<audio controls preload="none"><source src="${AUDIO}" type="audio/mpeg"></audio>`,
      {},
      `<audio src="${AUDIO}" controls></audio>`,
    ],
    [
      "styles other than text-align",
      '<p style="color: red; text-align: center">x</p><p style="text-align: start">y</p>',
      {},
      '<p style="text-align:center">x</p><p>y</p>',
    ],
    ["spans, fonts and divs", '<div><span style="color:red">a</span> <font>b</font></div>', {}, "<p>a b</p>"],
    ["b and i", "<p><b>a</b><i>b</i></p>", {}, "<p><strong>a</strong><em>b</em></p>"],
    [
      "headings and tables in an answer",
      "<h2>t</h2><table><tr><td>c</td></tr></table>",
      { compact: true },
      "<p>t</p><p>c</p>",
    ],
  ];

  it.each(pasted)("%s: kept only as the policy allows", (_name, html, options, expected) => {
    const written = readBack(html, options);
    expect(written).toBe(expected);
    const field =
      FIELDS.find(
        (f) => !!f.options.allowLinks === !!options.allowLinks && !!f.options.compact === !!options.compact,
      ) ?? FIELDS[1]!;
    expectClean(written, field);
  });
});
