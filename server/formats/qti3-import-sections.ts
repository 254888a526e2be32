// The blueprint of a qti3 test read back (contract 15.3): the sections our export marks with
// `data-es-code` are the domains, in document order (title: the name, `data-es-weight`: the
// weight), the section marked `data-es-role="unassigned"` holds the questions without a domain,
// and each item ref's `data-es-position` is its place in the exam. Another tool's sections carry
// none of these: its items get no domain from them. A blueprint that breaks the rules of
// contract 15.1 (codes unique, weights 0 or summing to 100) is refused at `file`. Pure.
import type { Issue } from "../errors";
import { fileDomainsField } from "../schemas/blueprint";
import { parseWith } from "../schemas/zod-issues";
import { resolveHref } from "./qti3-common";
import { UNASSIGNED_ROLE } from "./qti3-sections";
import type { FileDomain } from "./types";
import type { XmlElement } from "./xml-read";

export interface TestSections {
  /** The domains of the marked sections, in order; undefined when the test has none. */
  domains?: FileDomain[];
  /** An item file's domain: the code of its section, or null in the section without a domain. */
  domainOf: Map<string, string | null>;
  /** An item file's place in the exam (1-based), as its ref says. */
  positionOf: Map<string, number>;
  issues: Issue[];
}

export function readSections(test: XmlElement, testFile: string): TestSections {
  const found: { code: string; name: string; weight: number }[] = [];
  const domainOf = new Map<string, string | null>();
  const positionOf = new Map<string, number>();
  const walk = (el: XmlElement, domain: string | null | undefined) => {
    for (const child of el.children) {
      if (typeof child === "string") continue;
      const a = child.attributes;
      if (child.local === "qti-assessment-section") {
        let here = domain;
        if (a["data-es-code"] !== undefined) {
          const weight = a["data-es-weight"]?.trim() ?? "0";
          found.push({ code: a["data-es-code"], name: a.title ?? a["data-es-code"], weight: Number(weight || NaN) });
          here = a["data-es-code"];
        } else if (a["data-es-role"] === UNASSIGNED_ROLE) here = null;
        walk(child, here);
      } else if (child.local === "qti-assessment-item-ref") {
        const path = a.href ? resolveHref(testFile, a.href) : null;
        if (path === null) continue;
        if (domain !== undefined) domainOf.set(path, domain);
        const position = Number(a["data-es-position"]);
        if (Number.isInteger(position) && position > 0) positionOf.set(path, position);
      } else walk(child, domain);
    }
  };
  walk(test, undefined);
  if (found.length === 0) return { domainOf, positionOf, issues: [] };
  const parsed = parseWith(fileDomainsField, found);
  if (!parsed.ok) {
    const issues = parsed.issues.map((issue) => ({
      code: issue.code,
      path: "file",
      message: `the test's domain sections (data-es-code, title, data-es-weight in ${testFile}): ${issue.path ? `${issue.path.replace(/^\[(\d+)\]\.?/, (_m, i: string) => `section ${Number(i) + 1} `).trim()}: ` : ""}${issue.message}`,
    }));
    return { domainOf, positionOf, issues };
  }
  return { domains: parsed.data, domainOf, positionOf, issues: [] };
}
