// Writing the XML formats: escaping and one element builder, so that every exported file is
// well-formed by construction (a value is escaped where it is written, never by its caller).
// Pure.

/** Character data: `&`, `<` and `>` escaped, and the characters XML 1.0 cannot hold dropped. */
export function xmlText(value: string): string {
  return withoutIllegalChars(value).replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/** An attribute value (for double quotes): also `"`, and whitespace that attribute normalisation would change. */
export function xmlAttr(value: string): string {
  return withoutIllegalChars(value).replace(/[&<>"\t\n\r]/g, (c) => ATTR_ESCAPES[c]!);
}

const ATTR_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

// Whatever is outside XML 1.0's Char production (tab, LF, CR, U+0020-U+D7FF, U+E000-U+FFFD,
// U+10000-U+10FFFF): the other C0 controls, lone surrogates (the `u` flag reads a pair as one
// code point), U+FFFE and U+FFFF.
const ILLEGAL = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

function withoutIllegalChars(value: string): string {
  return value.replace(ILLEGAL, "");
}

/** A CDATA section holding `value` as is (a `]]>` inside is split across two sections). */
export function xmlCdata(value: string): string {
  return `<![CDATA[${withoutIllegalChars(value).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

export type XmlAttributes = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * `<name a="…">children</name>`, or `<name a="…"/>` without children. Attributes whose value is
 * null or undefined are left out; children are already XML (from `xmlElement`, `xmlText`, …).
 */
export function xmlElement(name: string, attributes: XmlAttributes = {}, ...children: string[]): string {
  let start = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue;
    start += ` ${key}="${xmlAttr(String(value))}"`;
  }
  const inner = children.join("");
  return inner === "" ? `${start}/>` : `${start}>${inner}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
