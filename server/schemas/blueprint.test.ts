import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blueprintProblems, domainsField, hasWeights, normalizeTags, tagKey, tagsField, weightSum } from "./blueprint";
import { examCreateParams, examUpdateParams } from "./exam";
import { parseWith } from "./zod-issues";

const domain = (code: string, weight = 0, name = `Domain ${code}`) => ({ code, name, weight });
const parseDomains = (domains: unknown) => parseWith(examUpdateParams, { exam: { id: 1, domains } });
const issuesOf = (r: ReturnType<typeof parseDomains>) => (r.ok ? [] : r.issues);

describe("a blueprint's rules", () => {
  it("accepts weights that are all 0, or sum to exactly 100", () => {
    expect(parseDomains([]).ok).toBe(true);
    expect(parseDomains([domain("1.0"), domain("2.0")]).ok).toBe(true);
    expect(parseDomains([domain("1.0", 24), domain("2.0", 76)]).ok).toBe(true);
    expect(parseDomains([domain("1.0", 100), domain("2.0", 0)]).ok).toBe(true);
  });

  it("refuses any other sum at exam.domains, naming the sum", () => {
    for (const [weights, sum] of [
      [[24, 66], 90],
      [[60, 60], 120],
      [[1], 1],
    ] as const) {
      const issues = issuesOf(parseDomains(weights.map((w, i) => domain(`${i}`, w))));
      expect(issues).toEqual([
        {
          code: "weights_sum",
          path: "exam.domains",
          message: `the weights sum to ${sum}; when any weight is not 0 they must sum to exactly 100 (or set every weight to 0)`,
          details: { sum },
        },
      ]);
    }
  });

  it("refuses a code given twice, without regard to case or surrounding spaces, at the second", () => {
    const issues = issuesOf(parseDomains([domain("Net"), domain("Sec"), domain(" NET ")]));
    expect(issues).toEqual([
      {
        code: "duplicate",
        path: "exam.domains[2].code",
        message: '"NET" is also the code of domains[0]; codes are unique within the exam without regard to case',
        details: { other: "domains[0]" },
      },
    ]);
  });

  it("refuses an id kept twice", () => {
    const issues = issuesOf(
      parseDomains([
        { id: 4, ...domain("a") },
        { id: 4, ...domain("b") },
      ]),
    );
    expect(issues.map((i) => [i.code, i.path])).toEqual([["duplicate", "exam.domains[1].id"]]);
  });

  it("checks each field: code 1–20 and name 1–200 after trimming, weight an integer 0–100, 50 domains", () => {
    const at = (d: unknown) => issuesOf(parseDomains([d])).map((i) => [i.code, i.path]);
    expect(at(domain("   "))).toEqual([["empty", "exam.domains[0].code"]]);
    expect(at(domain("x".repeat(21)))).toEqual([["too_long", "exam.domains[0].code"]]);
    expect(at(domain(` ${"x".repeat(20)} `))).toEqual([]);
    expect(at(domain("a", 0, " "))).toEqual([["empty", "exam.domains[0].name"]]);
    expect(at(domain("a", 0, "n".repeat(201)))).toEqual([["too_long", "exam.domains[0].name"]]);
    expect(at(domain("a", 101))).toEqual([["too_big", "exam.domains[0].weight"]]);
    expect(at(domain("a", -1))).toEqual([["too_small", "exam.domains[0].weight"]]);
    expect(at(domain("a", 2.5))).toEqual([["invalid_type", "exam.domains[0].weight"]]);
    expect(at({ code: "a", name: "A" })).toEqual([["required", "exam.domains[0].weight"]]);
    const many = Array.from({ length: 51 }, (_, i) => domain(`${i}`));
    expect(issuesOf(parseDomains(many)).map((i) => [i.code, i.path])).toEqual([["too_many", "exam.domains"]]);
    expect(parseDomains(many.slice(0, 50)).ok).toBe(true);
  });

  it("stores codes and names trimmed", () => {
    const parsed = parseWith(domainsField, [{ code: " 1.0 ", name: " Networking ", weight: 0 }]);
    expect(parsed).toEqual({ ok: true, data: [{ code: "1.0", name: "Networking", weight: 0 }] });
  });

  it("examCreate takes the blueprint too; left out, there is none to check", () => {
    const exam = { type: 2, title: "T", category: "C", code: "X", evaluation_method: 3 };
    expect(parseWith(examCreateParams, { exam }).ok).toBe(true);
    const bad = parseWith(examCreateParams, { exam: { ...exam, domains: [domain("a", 50)] } });
    expect(bad.ok ? [] : bad.issues.map((i) => i.path)).toEqual(["exam.domains"]);
  });

  it("sums and weights (property): a problem about the sum exactly when some weight is set and the sum is not 100", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 50 }), (weights) => {
        const list = weights.map((w, i) => domain(`d${i}`, w));
        const sumProblem = blueprintProblems(list).find((p) => p.code === "weights_sum");
        const expected = hasWeights(list) && weightSum(list) !== 100;
        expect(sumProblem !== undefined).toBe(expected);
        if (sumProblem) expect(sumProblem.message).toContain(`sum to ${weightSum(list)};`);
      }),
    );
  });
});

describe("tags", () => {
  it("trims, drops later duplicates without regard to case, keeps the first spelling and the order", () => {
    expect(normalizeTags(["  Networking ", "TCP", "networking", "tcp ", "Ports", "NETWORKING"])).toEqual([
      "Networking",
      "TCP",
      "Ports",
    ]);
    expect(normalizeTags([])).toEqual([]);
  });

  it("are 0–20 strings of 1–50 characters after trimming", () => {
    const parse = (tags: unknown) => parseWith(tagsField, tags);
    expect(parse(Array.from({ length: 20 }, (_, i) => `t${i}`)).ok).toBe(true);
    const tooMany = parse(Array.from({ length: 21 }, (_, i) => `t${i}`));
    expect(tooMany.ok ? [] : tooMany.issues.map((i) => [i.code, i.path])).toEqual([["too_many", ""]]);
    const empty = parse(["ok", "  "]);
    expect(empty.ok ? [] : empty.issues.map((i) => [i.code, i.path])).toEqual([["empty", "[1]"]]);
    const long = parse(["x".repeat(51)]);
    expect(long.ok ? [] : long.issues.map((i) => [i.code, i.path])).toEqual([["too_long", "[0]"]]);
    expect(parse([` ${"x".repeat(50)} `])).toEqual({ ok: true, data: ["x".repeat(50)] });
    const notString = parse([7]);
    expect(notString.ok ? [] : notString.issues.map((i) => i.code)).toEqual(["invalid_type"]);
  });

  it("normalising is idempotent, keeps one tag per key, and keeps the first of each (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }).filter((s) => s.trim() !== "")), (tags) => {
        const once = normalizeTags(tags);
        expect(normalizeTags(once)).toEqual(once);
        expect(new Set(once.map(tagKey)).size).toBe(once.length);
        for (const tag of once) expect(tags.map((t) => t.trim()).find((t) => tagKey(t) === tagKey(tag))).toBe(tag);
      }),
    );
  });
});
