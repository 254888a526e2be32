import { describe, expect, it } from "vitest";
import { examUpdateInput } from "@/server/schemas/exam";
import { parseWith } from "@/server/schemas/zod-issues";
import { placeDomainIssues } from "./blueprint-issues";
import {
  buildDomainsRequest,
  domainIssueKey,
  draftsFromDomains,
  liveSum,
  moveDraft,
  newDraft,
  sameDrafts,
} from "./blueprint-model";

const stored = [
  { id: 4, code: "1.0", name: "Network Fundamentals", weight: 24 },
  { id: 5, code: "2.0", name: "Network Access", weight: 76 },
];

describe("the Blueprint section's values", () => {
  it("loads the stored domains and sends them back unchanged: ids kept, weights as numbers", () => {
    const drafts = draftsFromDomains(stored);
    expect(drafts.map((d) => d.weight)).toEqual(["24", "76"]);
    expect(buildDomainsRequest(drafts)).toEqual({ domains: stored, invalid: [] });
    expect(sameDrafts(drafts, draftsFromDomains(stored))).toBe(true);
  });

  it("sends a new row without an id, and reads weights as typed", () => {
    const drafts = [...draftsFromDomains(stored), { ...newDraft(), code: "3.0", name: "Security", weight: " 0 " }];
    expect(buildDomainsRequest(drafts).domains[2]).toEqual({ code: "3.0", name: "Security", weight: 0 });
    expect(sameDrafts(drafts, draftsFromDomains(stored))).toBe(false);
  });

  it("refuses a weight that is not a whole number 0–100 at its row, and sums only what reads", () => {
    const drafts = draftsFromDomains(stored).map((d, i) => (i === 1 ? { ...d, weight: "7.5" } : d));
    const { invalid, domains } = buildDomainsRequest(drafts);
    expect(invalid.map((i) => [i.code, i.path])).toEqual([["invalid_number", "exam.domains[1].weight"]]);
    expect(Number.isNaN(domains[1]!.weight)).toBe(true);
    expect(liveSum(drafts)).toBe(24);
    expect(liveSum(draftsFromDomains(stored))).toBe(100);
  });

  it("moves a row up and down, and not past either end", () => {
    const drafts = [...draftsFromDomains(stored), { ...newDraft(), code: "3.0" }];
    expect(moveDraft(drafts, 2, -1).map((d) => d.code)).toEqual(["1.0", "3.0", "2.0"]);
    expect(moveDraft(drafts, 0, 1).map((d) => d.code)).toEqual(["2.0", "1.0", "3.0"]);
    expect(moveDraft(drafts, 0, -1).map((d) => d.code)).toEqual(["1.0", "2.0", "3.0"]);
    expect(moveDraft(drafts, 2, 1).map((d) => d.code)).toEqual(["1.0", "2.0", "3.0"]);
  });

  it("places the schema's issues at the list and at each row's field, in the author's words", () => {
    const drafts = draftsFromDomains(stored).map((d, i) => (i === 1 ? { ...d, code: " 1.0", weight: "66" } : d));
    const parsed = parseWith(examUpdateInput, { id: 1, domains: buildDomainsRequest(drafts).domains }, "exam");
    const issues = parsed.ok ? [] : parsed.issues;
    expect(placeDomainIssues(issues)).toEqual({
      "1.code": ["Another domain already has this code; each needs its own (capitals do not make a code different)."],
      list: ["The weights add up to 90 %: make them add up to 100 %, or set every weight to 0."],
    });
    expect(domainIssueKey("exam.domains[3].id")).toBe("3.code");
    expect(domainIssueKey("exam.title")).toBeNull();
  });
});
