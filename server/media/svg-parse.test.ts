import fc from "fast-check";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { SVG_LIMITS } from "./limits";
import {
  SVG_NS,
  XLINK_NS,
  XMLNS_NS,
  XML_NS,
  parseSvg,
  parseSvgBytes,
  svgLimitBreach,
  type SvgChild,
  type SvgElement,
} from "./svg-parse";

const utf8 = (s: string) => new TextEncoder().encode(s);
const NS = `xmlns="${SVG_NS}"`;
const parse = (text: string) => parseSvg(utf8(text));
const root = (text: string) => parseSvgBytes(utf8(text));

/** An element's name, namespace and attributes as [qualified name, uri, value], its children by shape. */
function shape(el: SvgElement): unknown {
  return {
    name: el.name,
    uri: el.uri,
    attributes: el.attributes.map((a) => [a.name, a.local, a.uri, a.value]),
    children: el.children.map((c) => (c.type === "element" ? shape(c) : c)),
  };
}

describe("limits: an SVG over one is told apart from anything that is not an SVG", () => {
  const nested = (levels: number) => `<svg ${NS}>${"<g>".repeat(levels - 1)}${"</g>".repeat(levels - 1)}</svg>`;

  it(`nesting: ${SVG_LIMITS.depth} levels (the root is level 1) are read, one more is too deep`, () => {
    expect(parse(nested(SVG_LIMITS.depth)).kind).toBe("svg");
    expect(parse(nested(SVG_LIMITS.depth + 1))).toEqual({
      kind: "too_complex",
      breach: {
        limit: "depth",
        message: "the SVG nests elements more than 256 levels deep; at most 256 levels are allowed",
      },
    });
  });

  it("a million levels stop at the limit (the rest is never read, not even to find it unclosed)", () => {
    const text = `<svg ${NS}>${"<g>".repeat(1_000_000)}`;
    expect(svgLimitBreach(utf8(text))?.limit).toBe("depth");
  });

  it(`elements: ${SVG_LIMITS.elements.toLocaleString("en-US")} in all are read, one more is too many`, () => {
    const flat = (n: number) => `<svg ${NS}>${"<g/>".repeat(n - 1)}</svg>`;
    expect(parse(flat(SVG_LIMITS.elements)).kind).toBe("svg");
    expect(svgLimitBreach(utf8(flat(SVG_LIMITS.elements + 1)))).toEqual({
      limit: "elements",
      message: "the SVG has more than 100,000 elements; at most 100,000 are allowed",
    });
  });

  it(`attributes: ${SVG_LIMITS.attributes.toLocaleString("en-US")} in all, namespace declarations included`, () => {
    // Spread over elements of 1,000 attributes each, the root's xmlns being the first.
    const element = (n: number) => `<g${Array.from({ length: n }, (_, i) => ` a${i}="1"`).join("")}/>`;
    const full = element(1000).repeat(SVG_LIMITS.attributes / 1000 - 1) + element(999);
    expect(parse(`<svg ${NS}>${full}</svg>`).kind).toBe("svg");
    expect(svgLimitBreach(utf8(`<svg ${NS}>${full}<g a="1"/></svg>`))).toEqual({
      limit: "attributes",
      message: "the SVG has more than 500,000 attributes; at most 500,000 are allowed",
    });
  });

  it(`namespace declarations: ${SVG_LIMITS.namespaceDeclarations.toLocaleString("en-US")} in all, counted as they are read`, () => {
    const declaring = (n: number) => `<g${Array.from({ length: n }, (_, i) => ` xmlns:p${i}="urn:${i}"`).join("")}/>`;
    // The root's xmlns is the first; xmlnsx="" is an attribute like any other.
    const full = declaring(1000).repeat(9) + declaring(999) + '<g xmlnsx=""/>';
    expect(parse(`<svg ${NS}>${full}</svg>`).kind).toBe("svg");
    expect(svgLimitBreach(utf8(`<svg ${NS}>${full}<g xmlns=""/></svg>`))).toEqual({
      limit: "namespaceDeclarations",
      message: "the SVG has more than 10,000 namespace declarations (xmlns attributes); at most 10,000 are allowed",
    });
  });

  it("attributes: one start tag with more is stopped inside the tag, the root's too", () => {
    const attrs = Array.from({ length: SVG_LIMITS.attributes + 1 }, (_, i) => ` a${i}="1"`).join("");
    expect(svgLimitBreach(utf8(`<svg${attrs}/>`))?.limit).toBe("attributes");
  });

  it("entity expansion in the DOCTYPE over its limit", () => {
    const text = `<!DOCTYPE svg [<!ENTITY a "${"x".repeat(1000)}">]><svg>${"&a;".repeat(5000)}</svg>`;
    expect(svgLimitBreach(utf8(text))).toEqual({
      limit: "entityGrowth",
      message: "the SVG's DOCTYPE entities expand to more than 4,194,304 characters; at most 4,194,304 are allowed",
    });
  });

  it("what goes wrong before a limit decides: malformed, another root, not XML", () => {
    for (const text of [
      `<svg ${NS}><g></svg>${"<g>".repeat(300)}`,
      `<html>${"<g>".repeat(300)}`,
      `<svg:svg xmlns:svg="urn:not-svg">${"<g>".repeat(300)}`,
      "\x00\x01binary",
    ]) {
      expect(parse(text), text.slice(0, 40)).toEqual({ kind: "not_svg" });
    }
  });

  it("a limit crossed before a later error still counts: the rest is not read", () => {
    expect(parse(`<svg ${NS}>${"<g>".repeat(300)}</oops>`).kind).toBe("too_complex");
  });
});

describe("namespaces, resolved without saxes's xmlns mode", () => {
  it("the default namespace, a prefixed root, and the undeclared xlink prefix", () => {
    expect(root(`<svg ${NS}><rect/></svg>`)!.children[0]).toMatchObject({ local: "rect", uri: SVG_NS });
    expect(
      root(`<s:svg xmlns:s="${SVG_NS}"><s:rect/><rect/></s:svg>`)!.children.map(
        (c) => c.type === "element" && [c.local, c.uri],
      ),
    ).toEqual([
      ["rect", SVG_NS],
      ["rect", ""],
    ]);
    expect(root(`<svg ${NS}><use xlink:href="#a"/></svg>`)!.children[0]).toMatchObject({
      attributes: [{ name: "xlink:href", local: "href", uri: XLINK_NS, value: "#a" }],
    });
    // A root without a namespace is taken as SVG.
    expect(root("<svg><rect/></svg>")).toMatchObject({ uri: "", children: [{ uri: "" }] });
  });

  it("a declaration holds for its element and descendants, and ends with them", () => {
    const el = root(`<svg ${NS}><g xmlns="urn:x" xmlns:p="urn:p"><rect p:a="1"/></g><rect/></svg>`)!;
    expect(shape(el)).toEqual({
      name: "svg",
      uri: SVG_NS,
      attributes: [["xmlns", "xmlns", XMLNS_NS, SVG_NS]],
      children: [
        {
          name: "g",
          uri: "urn:x",
          attributes: [
            ["xmlns", "xmlns", XMLNS_NS, "urn:x"],
            ["xmlns:p", "p", XMLNS_NS, "urn:p"],
          ],
          children: [{ name: "rect", uri: "urn:x", attributes: [["p:a", "a", "urn:p", "1"]], children: [] }],
        },
        { name: "rect", uri: SVG_NS, attributes: [], children: [] },
      ],
    });
    // Out of its scope the prefix is unbound again: not well-formed.
    expect(root(`<svg ${NS}><g xmlns:p="urn:p"/><p:rect/></svg>`)).toBeNull();
  });

  it('a declaration written after the attribute that uses it still applies, and xmlns="" undeclares the default', () => {
    expect(
      root(`<svg ${NS}><rect p:a="1" xmlns:p="urn:p"/><g xmlns=""><rect/></g></svg>`)!.children.map(
        (c) => c.type === "element" && shape(c),
      ),
    ).toEqual([
      {
        name: "rect",
        uri: SVG_NS,
        attributes: [
          ["p:a", "a", "urn:p", "1"],
          ["xmlns:p", "p", XMLNS_NS, "urn:p"],
        ],
        children: [],
      },
      {
        name: "g",
        uri: "",
        attributes: [["xmlns", "xmlns", XMLNS_NS, ""]],
        children: [{ name: "rect", uri: "", attributes: [], children: [] }],
      },
    ]);
  });

  it("xml: and a redeclared xlink prefix", () => {
    const el = root(`<svg ${NS} xmlns:xlink="urn:other"><text xml:space="preserve" xlink:href="#a"/></svg>`)!;
    expect((el.children[0] as SvgElement).attributes.map((a) => [a.local, a.uri])).toEqual([
      ["space", XML_NS],
      ["href", "urn:other"],
    ]);
  });

  it.each([
    ["an unbound element prefix", `<svg ${NS}><p:rect/></svg>`],
    ["an unbound attribute prefix", `<svg ${NS}><rect p:a="1"/></svg>`],
    [
      "the same attribute through two prefixes",
      `<svg ${NS} xmlns:a="urn:x" xmlns:b="urn:x"><rect a:x="1" b:x="2"/></svg>`,
    ],
    ["an element with the xmlns prefix", `<svg ${NS}><xmlns:rect/></svg>`],
    ["declaring the xmlns prefix", `<svg ${NS} xmlns:xmlns="${XMLNS_NS}"/>`],
    ["binding xml elsewhere", `<svg ${NS} xmlns:xml="urn:x"/>`],
    ["binding another prefix to the XML namespace", `<svg ${NS} xmlns:x="${XML_NS}"/>`],
    ["the default namespace as the xmlns namespace", `<svg xmlns="${XMLNS_NS}"/>`],
    ["undeclaring a prefix in XML 1.0", `<svg ${NS} xmlns:p="urn:p"><g xmlns:p=""/></svg>`],
    ["a name with two colons", `<svg ${NS}><a:b:c xmlns:a="urn:a"/></svg>`],
    ["a name starting with a colon", `<svg ${NS}><:rect/></svg>`],
    ["a processing instruction whose target has a colon", `<svg ${NS}><?a:b?></svg>`],
  ])("not well-formed: %s", (_label, text) => {
    expect(parse(text)).toEqual({ kind: "not_svg" });
  });

  it("XML 1.1 may undeclare a prefix", () => {
    const text = `<?xml version="1.1"?><svg ${NS} xmlns:p="urn:p"><g xmlns:p=""><p:x/></g></svg>`;
    expect(root(text)).toBeNull(); // p is unbound inside the g
    expect(root(text.replace("<p:x/>", ""))).not.toBeNull();
  });
});

describe("the tree", () => {
  it("text split by comments and CDATA is one text node; only xml-stylesheet instructions are kept, once in a row", () => {
    const el = root(
      `<svg ${NS}><text>a<!-- c -->b<![CDATA[<c>]]>d<?x?>e</text><?x?><?xml-stylesheet href="a"?><?xml-stylesheet href="b"?><g/></svg>`,
    )!;
    expect(el.children).toEqual<SvgChild[]>([
      {
        type: "element",
        name: "text",
        local: "text",
        uri: SVG_NS,
        attributes: [],
        children: [{ type: "text", text: "ab<c>de" }],
      },
      { type: "pi", target: "xml-stylesheet" },
      { type: "element", name: "g", local: "g", uri: SVG_NS, attributes: [], children: [] },
    ]);
  });

  it("is parsed once per byte array", () => {
    const bytes = utf8(`<svg ${NS}/>`);
    expect(parseSvg(bytes)).toBe(parseSvg(bytes));
  });
});

// ---------------------------------------------------------------------------------------------
// The same trees as saxes's own namespace resolution (`xmlns: true`, what this parser replaced),
// for generated documents full of declarations, prefixes and scoping.

/** The former parser: saxes with `xmlns: true`, every text and processing instruction kept. */
function referenceParse(text: string): SvgElement | null {
  const parser = new SaxesParser({ xmlns: true, position: false, additionalNamespaces: { xlink: XLINK_NS } });
  const top: SvgChild[] = [];
  const stack: SvgElement[] = [];
  const append = (child: SvgChild) => (stack.length ? stack[stack.length - 1]!.children : top).push(child);
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const element: SvgElement = {
      type: "element",
      name: tag.name,
      local: tag.local,
      uri: tag.uri,
      attributes: Object.values(tag.attributes).map((a) => ({
        name: a.name,
        local: a.local,
        uri: a.uri,
        value: a.value,
      })),
      children: [],
    };
    append(element);
    stack.push(element);
  });
  parser.on("closetag", () => void stack.pop());
  parser.on("text", (data) => void (stack.length && append({ type: "text", text: data })));
  parser.on("cdata", (data) => append({ type: "text", text: data }));
  parser.on("processinginstruction", (pi) => void (stack.length && append({ type: "pi", target: pi.target })));
  try {
    parser.write(text).close();
  } catch {
    return null;
  }
  const found = top.find((c): c is SvgElement => c.type === "element");
  if (!found || found.local !== "svg" || (found.uri !== SVG_NS && found.uri !== "")) return null;
  return normalised(found);
}

/** The reference tree as this parser keeps it: adjacent texts joined, only xml-stylesheet PIs, once in a row. */
function normalised(el: SvgElement): SvgElement {
  const children: SvgChild[] = [];
  for (const child of el.children) {
    const last = children[children.length - 1];
    if (child.type === "element") children.push(normalised(child));
    else if (child.type === "text") {
      if (last?.type === "text") children[children.length - 1] = { type: "text", text: last.text + child.text };
      else children.push(child);
    } else if (child.target === "xml-stylesheet" && last?.type !== "pi") children.push(child);
  }
  return { ...el, children };
}

function usesUndeclaredPrefix(el: SvgElement): boolean {
  return (
    el.attributes.some((a) => a.name.includes(":") && a.uri === "") ||
    el.children.some((c) => c.type === "element" && usesUndeclaredPrefix(c))
  );
}

/** Mostly what a well-formed document has, sometimes what breaks a rule of namespaces. */
const usually = <T>(common: T[], rare: T[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...common), weight: 40 }, { arbitrary: fc.constantFrom(...rare), weight: 1 });
const uriArb = usually(["urn:a", "urn:b", SVG_NS, XLINK_NS], ["", " ", XML_NS, XMLNS_NS]);
const attributeNameArb = usually(
  ["x", "a:x", "b:x", "xlink:href", "xml:space", "xmlns", "xmlns:a", "xmlns:b", "xmlns:xlink"],
  ["xmlns:xml", "xmlns:xmlns", "xmlns:", "a:b:c", "c:x"],
);
const elementNameArb = usually(["g", "rect", "a:g", "b:rect", "xlink:use", "svg"], ["xml:x", "xmlns:g", "c:g", "a:"]);

const attributesArb = fc.uniqueArray(fc.tuple(attributeNameArb, uriArb), { selector: ([name]) => name, maxLength: 4 });
const attrText = (attrs: [string, string][]) => attrs.map(([n, v]) => ` ${n}="${v}"`).join("");

const { tree } = fc.letrec<{ tree: string; node: string }>((tie) => ({
  tree: fc
    .tuple(elementNameArb, attributesArb, fc.array(tie("node"), { maxLength: 4 }))
    .map(([name, attrs, kids]) =>
      kids.length ? `<${name}${attrText(attrs)}>${kids.join("")}</${name}>` : `<${name}${attrText(attrs)}/>`,
    ),
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("t", "<!--c-->", "<![CDATA[<&]]>", "<?xml-stylesheet href='a'?>", "<?pi x?>", "&amp;"),
    tie("tree"),
  ),
}));

const documentArb = fc
  .tuple(
    fc.constantFrom("", '<?xml version="1.0"?>', '<?xml version="1.1"?>'),
    usually<[string, string]>(
      [
        ["svg", ""],
        ["svg", ` xmlns="${SVG_NS}"`],
        ["s:svg", ` xmlns:s="${SVG_NS}"`],
        ["a:svg", ` xmlns:a="${SVG_NS}"`],
      ],
      [
        ["svg", ` xmlns="urn:a"`],
        ["a:svg", ""],
      ],
    ),
    attributesArb,
    fc.constantFrom("", ` xmlns:a="urn:a"`, ` xmlns:a="urn:a" xmlns:b="urn:b"`),
    fc.array(tree, { maxLength: 4 }),
  )
  .map(([decl, [name, ns], attrs, prefixes, kids]) => {
    const declared = ns.includes("xmlns:a") ? ns : ns + prefixes;
    const rest = attrs.filter(([n]) => !declared.includes(` ${n}=`));
    return `${decl}<${name}${declared}${attrText(rest)}>${kids.join("")}</${name}>`;
  });

describe("equivalence with saxes's namespace mode", () => {
  it("every generated document gives the same tree, or is refused by both", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(documentArb, (text) => {
        let expected = referenceParse(text);
        // One deliberate difference: after XML 1.1's `xmlns:p=""` the prefix is unbound, and
        // saxes still accepts it on an attribute (in no namespace); here it is not well-formed.
        if (expected && usesUndeclaredPrefix(expected)) expected = null;
        if (expected) accepted++;
        else refused++;
        expect(root(text), text).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
    // The generator reaches both verdicts often enough to mean something.
    expect(accepted).toBeGreaterThan(600);
    expect(refused).toBeGreaterThan(600);
  });
});
