import { describe, expect, it } from "vitest";
import { countText, domainCounts, questionsText } from "./domain-counts";
import { isFiltering, matchesFilter, NO_DOMAIN, NO_FILTER, searchWords, tagsOf } from "./question-filters";

const item = { type: 2, text: "Which protocols use TCP port 443?", externalId: "NET-0042" };

describe("question filters", () => {
  it("matches every word of the search in the text or the external ID, ignoring case", () => {
    expect(matchesFilter(item, { query: "tcp 443", type: 0, domain: "", tag: "" }, searchWords("tcp 443"))).toBe(true);
    expect(matchesFilter(item, { query: "net-0042", type: 0, domain: "", tag: "" }, searchWords("net-0042"))).toBe(
      true,
    );
    expect(matchesFilter(item, { query: "udp", type: 0, domain: "", tag: "" }, searchWords("udp"))).toBe(false);
  });

  it("filters by type", () => {
    expect(matchesFilter(item, { query: "", type: 2, domain: "", tag: "" }, [])).toBe(true);
    expect(matchesFilter(item, { query: "", type: 1, domain: "", tag: "" }, [])).toBe(false);
  });

  it("knows when a filter is on", () => {
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(isFiltering({ query: "  ", type: 0, domain: "", tag: "" })).toBe(false);
    expect(isFiltering({ query: "x", type: 0, domain: "", tag: "" })).toBe(true);
    expect(isFiltering({ query: "", type: 7, domain: "", tag: "" })).toBe(true);
  });

  it("filters by domain (none: the questions without one) and by tag, without regard to case", () => {
    const tagged = { ...item, domainId: 4, tags: ["Ports", "TLS"] };
    const plain = { ...item, domainId: null, tags: [] };
    const by = (domain: string, tag = "") => ({ ...NO_FILTER, domain, tag });
    expect(matchesFilter(tagged, by("4"), [])).toBe(true);
    expect(matchesFilter(tagged, by("5"), [])).toBe(false);
    expect(matchesFilter(tagged, by(NO_DOMAIN), [])).toBe(false);
    expect(matchesFilter(plain, by(NO_DOMAIN), [])).toBe(true);
    expect(matchesFilter(tagged, by("", "ports"), [])).toBe(true);
    expect(matchesFilter(tagged, by("4", "udp"), [])).toBe(false);
    expect(matchesFilter(plain, by("", "ports"), [])).toBe(false);
    expect(isFiltering(by(NO_DOMAIN))).toBe(true);
    expect(isFiltering(by("", "x"))).toBe(true);
  });

  it("lists each tag once, in its first spelling, alphabetically", () => {
    expect(tagsOf([{ tags: ["tls", "Ports"] }, { tags: ["TLS", "acl"] }, { tags: [] }])).toEqual([
      "acl",
      "Ports",
      "tls",
    ]);
  });
});

describe("questions by domain", () => {
  const domains = [
    { id: 1, code: "1.0", name: "Net", weight: 60 },
    { id: 2, code: "2.0", name: "Sec", weight: 40 },
  ];
  it("counts each domain's questions in the blueprint's order, then those without one", () => {
    const items = [{ domainId: 2 }, { domainId: 1 }, { domainId: 2 }, { domainId: null }, { domainId: 99 }];
    expect(domainCounts(domains, items).map((c) => [c.domain?.code ?? null, c.count])).toEqual([
      ["1.0", 1],
      ["2.0", 2],
      [null, 2],
    ]);
    expect(domainCounts(domains, [{ domainId: 1 }]).map((c) => c.count)).toEqual([1, 0]);
    expect([questionsText(0), questionsText(1), questionsText(12)]).toEqual([
      "0 questions",
      "1 question",
      "12 questions",
    ]);
  });

  it("with weights, puts each domain's quota of the presented questions beside its count", () => {
    const items = [{ domainId: 1 }, { domainId: 1 }, { domainId: 2 }, { domainId: null }];
    // 5 presented, 60/40: quotas 3 and 2 (largest remainder, as the draw apportions them).
    expect(domainCounts(domains, items, 5).map(countText)).toEqual([
      "2 questions, 3 drawn: 1 short",
      "1 question, 2 drawn: 1 short",
      "1 question",
    ]);
    expect(domainCounts(domains, items, 2).map(countText)).toEqual([
      "2 questions, 1 drawn",
      "1 question, 1 drawn",
      "1 question",
    ]);
  });

  it("without weights shows counts only", () => {
    const unweighted = domains.map((d) => ({ ...d, weight: 0 }));
    expect(domainCounts(unweighted, [{ domainId: 1 }], 10).map(countText)).toEqual(["1 question", "0 questions"]);
  });
});
