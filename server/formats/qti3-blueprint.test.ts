// The blueprint in the qti3 format (contract 15.3): one section per domain (title: its name, an
// identifier from its code, data-es-code and data-es-weight) inside the test's section, the
// questions without a domain in a section of their own, qti-selection of each domain's quota when
// the exam has weights (the draw's allocation when a domain is short), tags as LOM keywords of
// each item's resource. Exported and imported back, the domains (codes, names, weights), each
// question's domain and tags and the exam's order are the same. (The files' validity against the
// XSDs is checked in qti3-export.test.ts.)
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { blueprintExam } from "../../tests/support/qti3-fixture";
import { exportQti3 } from "./qti3-export";
import { parseQti3 } from "./qti3-import";
import type { ExamContent, ImportPlan } from "./types";
import { readXml, type XmlElement } from "./xml-read";
import { readZip } from "./zip";

const OPTIONS = { maxItems: 1000, maxBytes: 50 * 1024 * 1024 };

function exported(content: ExamContent) {
  const result = exportQti3(content);
  const zip = readZip(result.file.bytes, OPTIONS.maxBytes);
  if (!zip.ok) throw new Error(zip.message);
  const xml = (name: string) => {
    const read = readXml(new TextDecoder().decode(zip.entries.get(name)));
    if (!read.ok) throw new Error(read.message);
    return read.root;
  };
  return { result, entries: zip.entries, xml };
}

function planOf(bytes: Uint8Array): ImportPlan {
  const parsed = parseQti3(bytes, OPTIONS);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.plan;
}

function find(el: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (e.local === local) out.push(e);
    for (const c of e.children) if (typeof c !== "string") walk(c);
  };
  walk(el);
  return out;
}

/** The test's inner sections: attributes, selection and the hrefs of their items. */
function innerSections(test: XmlElement) {
  const outer = find(test, "qti-assessment-section")[0]!;
  return outer.children
    .filter((c): c is XmlElement => typeof c !== "string" && c.local === "qti-assessment-section")
    .map((s) => ({
      identifier: s.attributes.identifier,
      title: s.attributes.title,
      code: s.attributes["data-es-code"],
      weight: s.attributes["data-es-weight"],
      role: s.attributes["data-es-role"],
      visible: s.attributes.visible,
      keepTogether: s.attributes["keep-together"],
      select: find(s, "qti-selection")[0]?.attributes.select ?? null,
      items: find(s, "qti-assessment-item-ref").map((r) => [r.attributes.href, r.attributes["data-es-position"]]),
    }));
}

describe("qti3 export of an exam with a blueprint", () => {
  const { result, xml } = exported(blueprintExam());
  const test = xml("assessment-test.xml");

  it("has one section per domain in the blueprint's order, then the questions without one, inside the test's section", () => {
    const outer = find(test, "qti-assessment-section")[0]!;
    expect(outer.attributes).toMatchObject({
      identifier: "section-1",
      title: "Networking round trip",
      visible: "true",
    });
    // The outer section shuffles (here: does not) all the items as one list; it selects nothing itself.
    expect(outer.children.filter((c) => typeof c !== "string").map((c) => (c as XmlElement).local)[0]).toBe(
      "qti-ordering",
    );
    expect(innerSections(test)).toEqual([
      {
        identifier: "domain-1.0",
        title: "Network Fundamentals",
        code: "1.0",
        weight: "60",
        role: undefined,
        visible: "false",
        keepTogether: "false",
        // testing_questions 5: 60 % and 40 % by largest remainder are 3 and 2.
        select: "3",
        items: [
          ["items/Q-1.xml", "1"],
          ["items/Q-3.xml", "3"],
          ["items/Q-6.xml", "6"],
          ["items/Q-9.xml", "9"],
        ],
      },
      {
        identifier: "SEC",
        title: "Security / Access",
        code: "SEC",
        weight: "40",
        role: undefined,
        visible: "false",
        keepTogether: "false",
        select: "2",
        items: [
          ["items/Q-2.xml", "2"],
          ["items/item-2.xml", "5"],
          ["items/Q-8.xml", "8"],
        ],
      },
      {
        identifier: "domain-3-x",
        title: "Empty domain",
        code: "3 x",
        weight: "0",
        role: undefined,
        visible: "false",
        keepTogether: "false",
        select: "0",
        items: [],
      },
      {
        identifier: "unassigned",
        title: "Questions without a domain",
        code: undefined,
        weight: undefined,
        role: "unassigned",
        visible: "false",
        keepTogether: "false",
        // The weighted domains give all 5: the draw takes none of these.
        select: "0",
        items: [
          ["items/item-1.xml", "4"],
          ["items/Q-7.xml", "7"],
        ],
      },
    ]);
  });

  it("writes each item's tags as LOM keywords of its resource in the manifest", () => {
    const manifest = xml("imsmanifest.xml");
    const keywords = (href: string) => {
      const resource = find(manifest, "resource").find((r) => r.attributes.href === href)!;
      return find(resource, "keyword").map((k) => find(k, "string").map((s) => s.children.join("")));
    };
    expect(keywords("items/Q-1.xml")).toEqual([["ports"], ["TLS"]]);
    expect(keywords("items/Q-7.xml")).toEqual([["dns & names"]]);
    expect(keywords("items/Q-2.xml")).toEqual([]);
    expect(find(manifest, "lom")[0]!.attributes.xmlns).toBe("http://ltsc.ieee.org/xsd/LOM");
  });

  it("says in the exam's notes that a QTI player presents the items domain by domain", () => {
    expect(result.report.notes).toContain(
      "the items are in one section per domain, so with shuffle_questsion off a QTI player presents them domain by domain rather than in the exam's order; Exam Studio's import puts them back in the exam's order (data-es-position)",
    );
  });

  it("imported back: the same blueprint, each question in its domain with its tags, in the exam's order", () => {
    const content = blueprintExam();
    const plan = planOf(result.file.bytes);
    expect(plan.domains).toEqual(content.domains);
    expect(plan.addMissingDomains).toBeUndefined();
    expect(plan.items.map((i) => [i.params?.question.external_id, i.domain, i.params?.question.tags])).toEqual(
      content.questions.map((q) => [q.external_id, q.domain, q.tags]),
    );
  });
});

describe("qti3 selections by the blueprint's weights", () => {
  /** The select of each inner section, and the notes, for a blueprint and the domain of each question. */
  function selects(weights: number[], domains: (number | null)[], testing: number) {
    const content = blueprintExam();
    content.domains = weights.map((weight, i) => ({ code: `D${i + 1}`, name: `Domain ${i + 1}`, weight }));
    content.questions = domains.map((d, k) => ({
      ...content.questions[6]!,
      id: 500 + k,
      external_id: `X-${k + 1}`,
      domain: d === null ? null : `D${d}`,
    }));
    content.exam.testing = { auto: false, locked_questions: testing, time_mode: "none", fixed_time: 0 };
    const { result, xml } = exported(content);
    return { selects: innerSections(xml("assessment-test.xml")).map((s) => s.select), notes: result.report.notes };
  }

  it("a short domain gives all it has; the others select what it lacks, as the draw does", () => {
    // 6 of 50/50: quotas 3 and 3; D1 has 1, so D2 gives 5.
    const { selects: s, notes } = selects([50, 50], [1, 2, 2, 2, 2, 2, null], 6);
    expect(s).toEqual(["1", "5", "0"]);
    expect(notes).toContain(
      'domain "D1" ("Domain 1") has 1 question, fewer than its quota of 3 of 6: its section selects all of them, and the other sections select what it lacks, as Exam Studio\'s draw does',
    );
  });

  it("what the weighted domains cannot give comes from the questions without a domain, then from the domains weighted 0", () => {
    // 6 of D1 (100 %, 2 questions): 4 short; 1 question without a domain; 3 from D2 and D3 (weight 0) by size.
    const { selects: s, notes } = selects([100, 0, 0], [1, 1, 2, 2, 3, 3, 3, 3, null], 6);
    expect(s).toEqual(["2", "1", "2", "1"]);
    expect(
      notes.some((n) => n.startsWith("the weighted domains and the questions without a domain cannot give all 6")),
    ).toBe(true);
  });

  it("ties of the largest remainder go to the domain that comes first", () => {
    expect(selects([50, 50], [1, 1, 1, 2, 2, 2], 3).selects).toEqual(["2", "1"]);
  });

  it("without weights no section selects, and testing_questions is said not to be in the selection", () => {
    const { selects: s, notes } = selects([0, 0], [1, 1, 2, 2], 3);
    expect(s).toEqual([null, null]);
    expect(notes).toContain(
      "testing_questions (3 of 4) is not in a qti-selection: the items are in one section per domain, and QTI selects within a section, not across sections; Exam Studio's import reads it from data-es-exam, other QTI players present every question",
    );
  });
});

describe("qti3 import of domain sections", () => {
  /** The package with its test's text changed. */
  function edited(change: (test: string) => string): Uint8Array {
    const { entries } = exported(blueprintExam());
    const files: Record<string, Uint8Array> = Object.fromEntries(entries);
    files["assessment-test.xml"] = new TextEncoder().encode(
      change(new TextDecoder().decode(entries.get("assessment-test.xml"))),
    );
    return zipSync(files);
  }

  it("refuses weights that do not sum to 100 and a code given twice, at file", () => {
    const parsed = parseQti3(
      edited((t) =>
        t.replace('data-es-weight="40"', 'data-es-weight="30"').replace('data-es-code="3 x"', 'data-es-code="sec"'),
      ),
      OPTIONS,
    );
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.issues.map((i) => [i.code, i.path])).toEqual([
      ["duplicate", "file"],
      ["weights_sum", "file"],
    ]);
    expect(!parsed.ok && parsed.issues[1]!.message).toBe(
      "the test's domain sections (data-es-code, title, data-es-weight in assessment-test.xml): the weights sum to 90; when any weight is not 0 they must sum to exactly 100 (or set every weight to 0)",
    );
  });

  it("another tool's sections are no domains: its items keep theirs (no domain, no tags said)", () => {
    const plan = planOf(
      edited((t) =>
        t
          .replace(/ data-es-(code|weight|role|position)="[^"]*"/g, "")
          .replace(/<qti-rubric-block use="ext:exam-studio-settings"[\s\S]*?<\/qti-rubric-block>/, ""),
      ),
    );
    expect(plan.domains).toBeUndefined();
    expect(plan.items.every((i) => i.domain === undefined)).toBe(true);
    // The manifest's keywords are tags, whoever wrote them.
    expect(plan.items.find((i) => i.params?.question.external_id === "Q-1")?.params?.question.tags).toEqual([
      "ports",
      "TLS",
    ]);
    expect(plan.items.find((i) => i.params?.question.external_id === "Q-2")?.params?.question.tags).toBeUndefined();
  });
});
