import { describe, expect, it } from "vitest";
import { makePng, makeSvg, toBase64 } from "@/tests/support/media-fixtures";
import { detectMedia, imageDimensions } from "./detect";
import { SvgOutputTooLarge, sanitizeSvg } from "./svg";

const utf8 = (s: string) => new TextEncoder().encode(s);
const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

function clean(body: string, rootAttrs = `${NS} width="100" height="50"`) {
  const result = sanitizeSvg(utf8(`<svg ${rootAttrs}>${body}</svg>`));
  const text = new TextDecoder().decode(result.bytes);
  // Whatever was removed, the output is still an SVG that detection accepts.
  expect(detectMedia(result.bytes)?.ext).toBe("svg");
  return { text, removed: result.removed };
}

describe("sanitizeSvg keeps safe content", () => {
  it("shapes, paths, text, gradients and local references survive unchanged in meaning", () => {
    const body =
      '<title>Chart &amp; axes</title><desc>A "test"</desc>' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="red"/></linearGradient>' +
      '<clipPath id="c"><rect width="10" height="10"/></clipPath><symbol id="s"><circle r="3"/></symbol></defs>' +
      '<g transform="translate(10,20) rotate(45)" clip-path="url(#c)">' +
      '<rect x="1" y="2" width="30" height="15" fill="url(#g)" stroke="url( \'#g\' )" style="fill-opacity: 0.5; stroke: url(#g)"/>' +
      '<path d="M0 0 L10 10 Z"/><text x="5" y="5" font-family="serif">1 &lt; 2</text>' +
      '<use href="#s" x="4"/><use xlink:href="#s" x="8"/></g>' +
      '<a href="#c"><rect width="1" height="1"/></a>' +
      '<animate attributeName="opacity" from="0" to="1" dur="1s"/>' +
      '<svg x="50" width="10" height="10" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    const { text, removed } = clean(body, `${NS} ${XLINK} width="100" height="50"`);
    expect(removed).toEqual([]);
    for (const part of [
      "<title>Chart &amp; axes</title>",
      '<desc>A "test"</desc>',
      '<linearGradient id="g">',
      'fill="url(#g)"',
      "stroke=\"url( '#g' )\"",
      'style="fill-opacity: 0.5; stroke: url(#g)"',
      'transform="translate(10,20) rotate(45)"',
      '<path d="M0 0 L10 10 Z"/>',
      "1 &lt; 2",
      '<use href="#s" x="4"/>',
      '<use xlink:href="#s" x="8"/>',
      '<a href="#c">',
      '<animate attributeName="opacity"',
      '<svg x="50" width="10" height="10" viewBox="0 0 1 1">',
    ]) {
      expect(text).toContain(part);
    }
    expect(text.startsWith(`<svg ${NS} ${XLINK} width="100" height="50">`)).toBe(true);
  });

  it("keeps a style sheet without imports or external URLs, CDATA included", () => {
    const { text, removed } = clean("<style><![CDATA[ rect > .a { fill: url(#g); stroke: #333 } ]]></style>");
    expect(removed).toEqual([]);
    expect(text).toContain("<style> rect &gt; .a { fill: url(#g); stroke: #333 } </style>");
  });

  it("keeps raster images embedded as data URLs", () => {
    const data = `data:image/png;base64,${toBase64(makePng(2, 2))}`;
    const { text, removed } = clean(`<image href="${data}" width="2" height="2"/>`);
    expect(removed).toEqual([]);
    expect(text).toContain(`<image href="${data}"`);
  });

  it("keeps the size, so the sanitised file has the same dimensions", () => {
    const result = sanitizeSvg(makeSvg(321, 123, "<script>alert(1)</script>"));
    expect(imageDimensions(result.bytes, detectMedia(result.bytes)!)).toEqual({ width: 321, height: 123 });
  });

  it("adds the SVG namespace to a document that lacks it and expands DOCTYPE entities", () => {
    const input = '<!DOCTYPE svg [<!ENTITY label "Hi">]><svg width="4" height="4"><text>&label;</text></svg>';
    const text = new TextDecoder().decode(sanitizeSvg(utf8(input)).bytes);
    expect(text).toBe(`<svg ${NS} width="4" height="4"><text>Hi</text></svg>`);
  });

  it("writes a prefixed document unprefixed", () => {
    const input =
      '<s:svg xmlns:s="http://www.w3.org/2000/svg" width="4" height="4"><s:rect width="1" height="1"/></s:svg>';
    const text = new TextDecoder().decode(sanitizeSvg(utf8(input)).bytes);
    expect(text).toBe(`<svg ${NS} width="4" height="4"><rect width="1" height="1"/></svg>`);
  });

  it("drops editor metadata, comments and the DOCTYPE without reporting them", () => {
    const input =
      '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' +
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ' +
      'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="4" height="4">' +
      '<!-- a comment --><sodipodi:namedview pagecolor="#fff"/><metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>' +
      '<g inkscape:label="Layer 1" inkscape:groupmode="layer"><rect width="1" height="1"/></g></svg>';
    const result = sanitizeSvg(utf8(input));
    expect(result.removed).toEqual([]);
    expect(new TextDecoder().decode(result.bytes)).toBe(
      `<svg ${NS} width="4" height="4"><g><rect width="1" height="1"/></g></svg>`,
    );
  });
});

describe("sanitizeSvg removes", () => {
  it("script elements, in the SVG and the XHTML namespace", () => {
    const { text, removed } = clean(
      '<script>alert(1)</script><script type="text/ecmascript"><![CDATA[alert(2)]]></script>' +
        '<g><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(3)</h:script></g>',
    );
    expect(text).not.toMatch(/script|alert/);
    expect(removed).toContainEqual(expect.stringMatching(/^scripts/));
    expect(removed).toContainEqual(expect.stringMatching(/^elements from other XML namespaces \(h:script\)/));
  });

  it("event handler attributes, whatever their case", () => {
    const { text, removed } = clean(
      '<rect width="1" height="1" onclick="alert(1)" ONMOUSEOVER="x()"/><g onload="y()"/>',
    );
    expect(text).toContain('<rect width="1" height="1"/>');
    expect(text).not.toMatch(/on\w+=/i);
    expect(removed).toEqual([expect.stringMatching(/^event handler attributes \(onclick, ONMOUSEOVER, onload\)/)]);
  });

  it("onload on the root element", () => {
    const { text, removed } = clean("", `${NS} width="1" height="1" onload="alert(1)"`);
    expect(text).toBe(`<svg ${NS} width="1" height="1"/>`);
    expect(removed).toHaveLength(1);
  });

  it("foreignObject with its HTML", () => {
    const { text, removed } = clean(
      '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></div></foreignObject><rect width="1" height="1"/>',
    );
    expect(text).not.toMatch(/foreignObject|iframe|div/);
    expect(text).toContain("<rect");
    expect(removed).toEqual(["foreignObject elements"]);
  });

  it("links to anything but #id", () => {
    const { text, removed } = clean(
      '<a href="https://evil.example"><rect width="1" height="1"/></a><a xlink:href="javascript:alert(1)"><circle r="1"/></a>',
      `${NS} ${XLINK}`,
    );
    expect(text).toContain("<a><rect");
    expect(text).toContain("<a><circle");
    expect(text).not.toMatch(/evil|javascript/);
    expect(removed).toEqual([
      expect.stringMatching(/^external references \(https:\/\/evil\.example, javascript:alert\(1\)\)/),
    ]);
  });

  it("<use> of another file, <image> and <feImage> with external or non-raster data: sources", () => {
    const { text, removed } = clean(
      '<use href="sprites.svg#icon"/><use xlink:href="https://evil.example/a.svg#x"/>' +
        '<image href="https://evil.example/a.png" width="1" height="1"/>' +
        '<image href="data:image/svg+xml;base64,PHN2Zy8+" width="1" height="1"/>' +
        '<filter id="f"><feImage href="http://evil.example/x.png"/></filter>',
      `${NS} ${XLINK}`,
    );
    expect(text).not.toMatch(/<use|<image|<feImage|evil|data:/);
    expect(text).toContain('<filter id="f"/>');
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatch(
      /^external references \(sprites\.svg#icon, https:\/\/evil\.example\/a\.svg#x, https:\/\/evil\.example\/a\.png, \.\.\.\)/,
    );
  });

  it("url() to other files in presentation attributes", () => {
    const { text, removed } = clean(
      '<rect width="1" height="1" fill="url(https://evil.example/p.svg#g)" stroke="red" cursor="url(c.cur), auto"/>',
    );
    expect(text).toContain('<rect width="1" height="1" stroke="red"/>');
    expect(removed).toEqual([
      expect.stringMatching(/^external references \(url\(https:\/\/evil\.example\/p\.svg#g\), url\(c\.cur\)\)/),
    ]);
  });

  it("unsafe declarations of a style attribute, keeping the others", () => {
    const { text, removed } = clean(
      '<rect width="1" height="1" style="fill: red; background-image: url(\'https://evil.example/t.png\'); stroke: blue; mask: image-set(\'m.png\' 1x)"/>',
    );
    expect(text).toContain('style="fill: red; stroke: blue"');
    expect(removed).toEqual([expect.stringMatching(/^external references/)]);
  });

  it("a style attribute that is wholly unsafe", () => {
    const { text } = clean('<rect width="1" height="1" style="filter: url(http://evil.example/f.svg#x)"/>');
    expect(text).toContain('<rect width="1" height="1"/>');
  });

  it("style sheets with @import", () => {
    const { text, removed } = clean(
      '<style>@import url("https://evil.example/a.css"); rect { fill: red }</style><rect width="1" height="1"/>',
    );
    expect(text).not.toMatch(/<style|@import/);
    expect(removed).toEqual(["style sheets with @import"]);
  });

  it("style sheets with external url(), even split by a child element", () => {
    const plain = clean("<style>rect { fill: url(https://evil.example/p.svg#g) }</style>");
    expect(plain.text).not.toContain("<style");
    expect(plain.removed).toEqual([expect.stringMatching(/^external references/)]);
    // Browsers concatenate the style element's own text children: "ur" + "l(…)".
    const split = clean("<style>rect { fill: ur<g>x</g>l(https://evil.example/p.svg#g) }</style>");
    expect(split.text).not.toContain("evil");
  });

  it("CSS escapes and script in styles", () => {
    const escaped = clean("<style>rect { fill: u\\72l(https://evil.example/p.svg#g) }</style>");
    expect(escaped.text).not.toContain("<style");
    expect(escaped.removed).toEqual(["styles with CSS escapes"]);
    const expression = clean('<rect width="1" height="1" style="width: expression(alert(1))"/>');
    expect(expression.text).not.toContain("expression");
    expect(expression.removed).toEqual([expect.stringMatching(/^scripts/)]);
  });

  it("xml:base and xml-stylesheet processing instructions", () => {
    const { text, removed } = clean(
      '<?xml-stylesheet href="https://evil.example/a.css"?><g xml:base="https://evil.example/"><rect width="1" height="1" xml:space="preserve"/></g>',
    );
    expect(text).toContain('<g><rect width="1" height="1" xml:space="preserve"/></g>');
    expect(removed).toEqual([expect.stringMatching(/^external references \(xml-stylesheet, xml:base\)/)]);
  });

  it("animations that change links or event handlers", () => {
    const { text, removed } = clean(
      '<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="xlink:href" values="https://evil.example"/>' +
        '<set attributeName="onclick" to="alert(1)"/><rect width="1" height="1"/></a>',
    );
    expect(text).toContain('<a href="#x"><rect width="1" height="1"/></a>');
    expect(removed).toEqual([
      expect.stringMatching(/^animations that change links or event handlers \(href, onclick\)/),
    ]);
  });

  it("unsupported elements, and elements from other namespaces", () => {
    const { text, removed } = clean(
      '<iframe src="https://evil.example"/><video src="v.mp4"/><font><glyph/></font>' +
        '<x:thing xmlns:x="urn:example"><rect width="1" height="1"/></x:thing><rect width="2" height="2"/>',
    );
    expect(text).toBe(`<svg ${NS} width="100" height="50"><rect width="2" height="2"/></svg>`);
    expect(removed).toEqual([
      "unsupported SVG elements (iframe, video, font)",
      "elements from other XML namespaces (x:thing)",
    ]);
  });

  it("reports each kind once however often it occurs", () => {
    const { removed } = clean(
      "<script/>".repeat(20) + '<rect onclick="a()" onfocus="b()" onblur="c()" onkeyup="d()" width="1"/>',
    );
    expect(removed).toEqual(["scripts (<script>)", "event handler attributes (onclick, onfocus, onblur, ...)"]);
  });
});

describe("sanitizeSvg bounds", () => {
  it("nesting beyond the depth limit is not cut but refused (checkResource names the limit), without running out of stack", () => {
    const depth = 2000;
    const input = utf8(`<svg ${NS}>${"<g>".repeat(depth)}<rect/>${"</g>".repeat(depth)}</svg>`);
    expect(() => sanitizeSvg(input)).toThrow(/within the limits/);
    expect(detectMedia(input)).toBeNull();
    const deepest = utf8(`<svg ${NS}>${"<g>".repeat(254)}<rect/>${"</g>".repeat(254)}</svg>`);
    expect(new TextDecoder().decode(sanitizeSvg(deepest).bytes)).toContain(`${"<g>".repeat(254)}<rect/>`);
  });

  it("the output stops at maxBytes: escaping makes CDATA grow (< becomes &lt;)", () => {
    const input = utf8(`<svg><text><![CDATA[${"<".repeat(1000)}]]></text></svg>`);
    const size = sanitizeSvg(input).bytes.byteLength;
    expect(size).toBeGreaterThan(4000);
    expect(sanitizeSvg(input, size).bytes.byteLength).toBe(size);
    expect(() => sanitizeSvg(input, size - 1)).toThrow(SvgOutputTooLarge);
    // Long before the end: a 16 MiB output is never built for a 1 MiB bound.
    const huge = utf8(`<svg><text><![CDATA[${"<".repeat(4 * 1024 * 1024)}]]></text></svg>`);
    expect(() => sanitizeSvg(huge, 1024 * 1024)).toThrow(SvgOutputTooLarge);
  });

  it("text longer than one escaping piece is escaped whole, characters split across pieces included", () => {
    const text = `${"a".repeat(64 * 1024 - 1)}😀<&>${"b".repeat(70_000)}`;
    const { text: out } = clean(`<text>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</text>`);
    expect(out).toContain(`<text>${"a".repeat(64 * 1024 - 1)}😀&lt;&amp;&gt;${"b".repeat(70_000)}</text>`);
  });
});

describe("sanitizeSvg input", () => {
  it("throws for bytes that are not an SVG document", () => {
    expect(() => sanitizeSvg(makePng(1, 1))).toThrow(/not a well-formed SVG/);
    expect(() => sanitizeSvg(utf8("<svg><g></svg>"))).toThrow();
  });

  it("returns what the caller can warn about, while the result is a clean UTF-8 document", () => {
    const result = sanitizeSvg(makeSvg(10, 10, "<text>naïve – ✓</text><script>x</script>"));
    const text = new TextDecoder().decode(result.bytes);
    expect(text).toContain("<text>naïve – ✓</text>");
    expect(result.removed).toEqual(["scripts (<script>)"]);
  });
});
