// The namespace bindings in scope while an XML document is read element by element (Namespaces in
// XML 1.0/1.1). saxes can resolve prefixes itself (`xmlns: true`), but it looks each prefix up by
// walking the whole stack of open elements, so a deeply nested document costs the square of its
// depth. Here one map holds the binding in scope for each prefix: a declaration replaces the
// entry and notes what it replaced, and the end of the declaring element puts that back. A
// declaration, a lookup and its undoing are each O(1), whatever the depth or the number of
// prefixes, so nothing an attacker writes multiplies; memory is one entry per prefix in scope and
// two slots per declaration of the open elements.
// Pure: no Node APIs.

export const XML_NS = "http://www.w3.org/XML/1998/namespace";
export const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

/** What an element's declarations replaced, to put back at its end: prefix, previous URI, … */
export type ReplacedBindings = (string | undefined)[];

export class NamespaceScopes {
  /** prefix ("" for the default namespace) → URI in scope; "" unbinds. */
  private readonly bound = new Map<string, string>();

  /**
   * `fallback` binds prefixes a document may use without declaring them (SVG's `xlink`, as in
   * inline SVG); a declaration in the document overrides it as usual.
   */
  constructor(fallback: Readonly<Record<string, string>> = {}) {
    this.bound.set("xml", XML_NS);
    this.bound.set("xmlns", XMLNS_NS);
    for (const [prefix, uri] of Object.entries(fallback)) this.bound.set(prefix, uri);
  }

  /**
   * Binds `prefix` ("" for the default namespace) to `value`, taken trimmed, noting in
   * `replaced` what to restore when the declaring element ends. Returns why the declaration is
   * not allowed, or null. `xml11` allows undeclaring a prefix (`xmlns:p=""`), which XML 1.0 does
   * not.
   */
  declare(prefix: string, value: string, xml11: boolean, replaced: ReplacedBindings): string | null {
    const uri = value.trim();
    const problem = declarationProblem(prefix, uri, xml11);
    if (problem) return problem;
    replaced.push(prefix, this.bound.get(prefix));
    this.bound.set(prefix, uri);
    return null;
  }

  /** Ends an element's declarations: what they replaced is in scope again. */
  release(replaced: ReplacedBindings): void {
    for (let i = replaced.length - 2; i >= 0; i -= 2) {
      const prefix = replaced[i]!;
      const previous = replaced[i + 1];
      if (previous === undefined) this.bound.delete(prefix);
      else this.bound.set(prefix, previous);
    }
  }

  /**
   * The URI a prefix stands for here. An element's unprefixed name takes the default namespace
   * ("" when there is none); an unbound prefix is undefined (the document is not well-formed).
   */
  resolve(prefix: string): string | undefined {
    const uri = this.bound.get(prefix);
    if (prefix === "") return uri ?? "";
    return uri === "" ? undefined : uri;
  }
}

/** The constraints of Namespaces in XML on a declaration (those saxes checks with `xmlns: true`). */
function declarationProblem(prefix: string, uri: string, xml11: boolean): string | null {
  if (prefix === "xmlns") return 'the prefix "xmlns" cannot be declared';
  if (prefix === "xml" && uri !== XML_NS) return `the prefix "xml" can only be bound to ${XML_NS}`;
  if (prefix !== "xml" && uri === XML_NS) return `only the prefix "xml" can be bound to ${XML_NS}`;
  if (uri === XMLNS_NS) return `no prefix can be bound to ${XMLNS_NS}`;
  if (prefix !== "" && uri === "" && !xml11) return `the prefix "${prefix}" cannot be undeclared in XML 1.0`;
  return null;
}
