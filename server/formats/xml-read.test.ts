import { describe, expect, it } from "vitest";
import { childElement, childElements, childText, readXml, textContent, XML_MAX_DEPTH } from "./xml-read";
import { xmlAttr, xmlCdata, xmlElement, xmlText } from "./xml-write";

function read(text: string) {
  const result = readXml(text);
  if (!result.ok) throw new Error(result.message);
  return result.root;
}

describe("reading XML for an import", () => {
  it("builds a tree with qualified and local names, attributes, joined text and CDATA", () => {
    const root = read(
      `<?xml version="1.0"?>\n<quiz a="1"><question type="x"><name><text>A &amp; <![CDATA[<b>B</b>]]></text></name><m:math xmlns:m="urn:m"/></question></quiz>`,
    );
    expect(root.local).toBe("quiz");
    expect(root.attributes).toEqual({ a: "1" });
    const question = childElement(root, "question")!;
    expect(question.line).toBe(2);
    expect(childText(question, "name", "text")).toBe("A & <b>B</b>");
    expect(childElements(question).map((e) => [e.name, e.local])).toEqual([
      ["name", "name"],
      ["m:math", "math"],
    ]);
    expect(textContent(root)).toBe("A & <b>B</b>");
    expect(childText(question, "missing")).toBeNull();
  });

  it("refuses a DOCTYPE, so no entity is expanded and nothing external is read, saying where", () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n<quiz>&lol2;</quiz>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><quiz>&xxe;</quiz>`;
    for (const text of [laughs, xxe, `<!DOCTYPE quiz SYSTEM "http://example.com/quiz.dtd"><quiz/>`]) {
      const result = readXml(text);
      expect(result).toMatchObject({ ok: false });
      expect(!result.ok && result.message).toMatch(
        /^line \d+, column \d+: the document has a DOCTYPE, which an import refuses/,
      );
    }
  });

  it("says where a document is not well-formed, including an undeclared entity", () => {
    expect(readXml("<quiz>\n  <question>\n</quiz>")).toEqual({
      ok: false,
      message: expect.stringMatching(/^is not well-formed XML: line 3, column \d+: unexpected close tag/),
    });
    expect(readXml("<quiz>&nbsp;</quiz>")).toEqual({
      ok: false,
      message: expect.stringMatching(/^is not well-formed XML: line 1, column \d+: .*entity/i),
    });
    expect(readXml("")).toMatchObject({ ok: false });
    expect(readXml("just text")).toMatchObject({ ok: false });
  });

  it("refuses nesting deeper than its limit", () => {
    const deep = "<a>".repeat(XML_MAX_DEPTH + 1) + "</a>".repeat(XML_MAX_DEPTH + 1);
    expect(readXml(deep)).toEqual({
      ok: false,
      message: expect.stringContaining(`nested more than ${XML_MAX_DEPTH} deep`),
    });
    expect(readXml("<a>".repeat(XML_MAX_DEPTH) + "</a>".repeat(XML_MAX_DEPTH)).ok).toBe(true);
  });
});

describe("writing XML for an export", () => {
  it("escapes text and attributes and drops characters XML cannot hold; what is written reads back the same", () => {
    const nasty = `a & b < c > d "e" 'f'\tg\nh\u0001i\ud800j`;
    const xml = xmlElement(
      "root",
      { title: nasty, skipped: null },
      xmlElement("t", {}, xmlText(nasty)),
      xmlElement("c", {}, xmlCdata("x ]]> y")),
      xmlElement("empty"),
    );
    expect(xml).not.toContain("skipped");
    const root = read(xml);
    expect(root.attributes.title).toBe(`a & b < c > d "e" 'f'\tg\nhij`);
    expect(childText(root, "t")).toBe(`a & b < c > d "e" 'f'\tg\nhij`);
    expect(childText(root, "c")).toBe("x ]]> y");
    expect(xmlElement("empty")).toBe("<empty/>");
    expect(xmlAttr("😀")).toBe("😀");
  });
});
