import { describe, expect, it } from "vitest";
import { NamespaceScopes, XML_NS, XMLNS_NS, type ReplacedBindings } from "./svg-namespaces";

describe("NamespaceScopes", () => {
  it("xml and xmlns are bound from the start; the default namespace is none; other prefixes are unbound", () => {
    const scopes = new NamespaceScopes();
    expect([scopes.resolve("xml"), scopes.resolve("xmlns"), scopes.resolve(""), scopes.resolve("p")]).toEqual([
      XML_NS,
      XMLNS_NS,
      "",
      undefined,
    ]);
  });

  it("a declaration is undone by releasing what it replaced, innermost first", () => {
    const scopes = new NamespaceScopes({ xlink: "urn:fallback" });
    const outer: ReplacedBindings = [];
    expect(scopes.declare("p", " urn:outer ", false, outer)).toBeNull();
    expect(scopes.declare("", "urn:default", false, outer)).toBeNull();
    const inner: ReplacedBindings = [];
    scopes.declare("p", "urn:inner", false, inner);
    scopes.declare("xlink", "urn:mine", false, inner);
    expect([scopes.resolve("p"), scopes.resolve("xlink"), scopes.resolve("")]).toEqual([
      "urn:inner",
      "urn:mine",
      "urn:default",
    ]);
    scopes.release(inner);
    expect([scopes.resolve("p"), scopes.resolve("xlink"), scopes.resolve("")]).toEqual([
      "urn:outer",
      "urn:fallback",
      "urn:default",
    ]);
    scopes.release(outer);
    expect([scopes.resolve("p"), scopes.resolve("")]).toEqual([undefined, ""]);
  });

  it("XML 1.1 undeclares a prefix with an empty value; XML 1.0 refuses that", () => {
    const scopes = new NamespaceScopes();
    scopes.declare("p", "urn:p", false, []);
    expect(scopes.declare("p", "", false, [])).toMatch(/cannot be undeclared in XML 1.0/);
    const replaced: ReplacedBindings = [];
    expect(scopes.declare("p", "", true, replaced)).toBeNull();
    expect(scopes.resolve("p")).toBeUndefined();
    scopes.release(replaced);
    expect(scopes.resolve("p")).toBe("urn:p");
  });

  it.each([
    ["xmlns", "urn:x", /"xmlns" cannot be declared/],
    ["xml", "urn:x", /"xml" can only be bound/],
    ["x", XML_NS, /only the prefix "xml"/],
    ["", XML_NS, /only the prefix "xml"/],
    ["x", XMLNS_NS, /no prefix can be bound/],
    ["", XMLNS_NS, /no prefix can be bound/],
  ])("refuses binding %j to %s", (prefix, uri, problem) => {
    const scopes = new NamespaceScopes();
    const replaced: ReplacedBindings = [];
    expect(scopes.declare(prefix, uri, false, replaced)).toMatch(problem);
    expect(replaced).toEqual([]);
  });

  it("binding xml to its own namespace is allowed", () => {
    expect(new NamespaceScopes().declare("xml", XML_NS, false, [])).toBeNull();
  });
});
