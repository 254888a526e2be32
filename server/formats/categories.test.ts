// Categories as domains (contract 15.3): Moodle's category paths read as Moodle splits them, the
// code and name of each category, the questions of our own "no domain" category, and the limit of
// 50 domains; a file's tags repaired to what a question holds.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codeKey, DOMAIN_CODE_MAX, DOMAIN_NAME_MAX } from "../schemas/blueprint";
import { categorySegments, CategoryDomains, domainCategoryPath, examCategoryPath, NO_DOMAIN_INFO } from "./categories";
import { fileTags } from "./file-tags";
import type { PlanItem } from "./types";

describe("categorySegments", () => {
  it.each([
    ["$course$/top/1.0 Network Fundamentals", ["1.0 Network Fundamentals"]],
    ["$course$/Default for C1", ["Default for C1"]],
    ["$system$/top/Iota/Kappa", ["Iota", "Kappa"]],
    ["$cat1$/Top/A", ["A"]],
    ["$module$/top", []],
    ["$course$/top/", []],
    ["Plain/path", ["Plain", "path"]],
    ["$course$/top/TCP//IP basics", ["TCP/IP basics"]],
    ["  $course$/top/ A / B  ", ["A", "B"]],
  ])("%s → %j", (path, segments) => {
    expect(categorySegments(path)).toEqual(segments);
  });

  // A / at either end of a name is as ambiguous in Moodle's paths as in ours (Moodle splits a
  // "///" as "//" then "/"), so the names here have none there.
  it("reads back what the export writes, a / inside a code or name included", () => {
    const inner = (s: string) => s.trim() === s && s !== "" && !s.startsWith("/") && !s.endsWith("/");
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((c) => inner(c) && !/\s/.test(c)),
        fc.string({ minLength: 1, maxLength: 60 }).filter((n) => inner(n) && !n.includes("//")),
        (code, name) => {
          expect(categorySegments(domainCategoryPath({ code, name })).join("/")).toBe(
            `${code} ${name}`.replaceAll("//", "/"),
          );
        },
      ),
    );
  });
});

/** Items of the file, one in each of these categories (by the code enter gave), with a question. */
const itemsIn = (codes: (string | null)[]): PlanItem[] =>
  codes.map((domain, i) => ({
    ref: `question ${i + 1}`,
    params: { question: { type: 1, question: "<p>Q</p>" } },
    caseStudy: null,
    domain,
    warnings: [],
  }));

describe("CategoryDomains", () => {
  it("takes the code from the idnumber (the name without it), a first word with a digit, or the name itself", () => {
    const c = new CategoryDomains();
    const codes = [
      c.enter("$course$/top/1.0 Network Fundamentals", { idnumber: "1.0" }),
      c.enter("$course$/top/Default for C1/SEC Security", { idnumber: "SEC" }),
      c.enter("$course$/top/Odd", { idnumber: "X-9" }),
      c.enter("$course$/top/D2 Routing"),
      c.enter("$course$/Default for C1"),
      c.enter("$course$/top/A very long category name indeed"),
    ];
    expect(codes).toEqual(["1.0", "SEC", "X-9", "D2", "Default for C1", "A very long category"]);
    const { plan, warnings } = c.finish(itemsIn(codes));
    expect(warnings).toEqual([]);
    expect(plan).toEqual({
      domains: [
        { code: "1.0", name: "Network Fundamentals", weight: 0, aliases: ["1.0 Network Fundamentals"] },
        { code: "SEC", name: "Security", weight: 0, aliases: ["Default for C1/SEC Security", "SEC Security"] },
        { code: "X-9", name: "Odd", weight: 0, aliases: ["Odd"] },
        { code: "D2", name: "Routing", weight: 0, aliases: ["D2 Routing"] },
        { code: "Default for C1", name: "Default for C1", weight: 0, aliases: ["Default for C1"] },
        {
          code: "A very long category",
          name: "A very long category name indeed",
          weight: 0,
          aliases: ["A very long category name indeed"],
        },
      ],
      addMissingDomains: true,
    });
  });

  it("a category without questions is a domain only when it has an idnumber (Moodle writes the parents of a path without)", () => {
    const c = new CategoryDomains();
    c.enter("$course$/top/Default for NET101");
    c.enter("$course$/top/Default for NET101/Empty", { idnumber: "E" });
    const used = c.enter("$course$/top/Default for NET101/Used");
    expect(c.finish(itemsIn([used])).plan.domains?.map((d) => d.code)).toEqual(["E", "Used"]);
  });

  it("names a category by its own name, by its path below the top when another has that name", () => {
    const c = new CategoryDomains();
    const codes = [c.enter("$course$/top/A/Intro"), c.enter("$course$/top/B/Intro"), c.enter("$course$/top/B")];
    expect(codes).toEqual(["Intro", "B/Intro", "B"]);
    expect(c.finish(itemsIn(codes)).plan.domains?.map((d) => [d.code, d.name, d.aliases])).toEqual([
      ["Intro", "Intro", ["A/Intro", "Intro"]],
      ["B/Intro", "B/Intro", ["B/Intro", "Intro"]],
      ["B", "B", ["B"]],
    ]);
  });

  it("gives a category named again its domain, and another category with the same code a code of its own", () => {
    const c = new CategoryDomains();
    const codes = [
      c.enter("$course$/top/1.0 Intro"),
      c.enter("$course$/top/1.0 Basics"),
      c.enter("$course$/top/1.0 Intro"),
    ];
    expect(codes).toEqual(["1.0", "1.0-2", "1.0"]);
    expect(c.finish(itemsIn(codes)).plan.domains?.map((d) => d.code)).toEqual(["1.0", "1.0-2"]);
  });

  it("leaves the questions of the top category and of our own category without a domain", () => {
    const c = new CategoryDomains();
    expect(c.enter("$course$/top")).toBeNull();
    expect(c.enter(examCategoryPath("Networking"), { info: NO_DOMAIN_INFO })).toBeNull();
    expect(c.finish(itemsIn([null]))).toEqual({ plan: { domains: [], addMissingDomains: true }, warnings: [] });
    expect(new CategoryDomains().finish(itemsIn([]))).toEqual({ plan: {}, warnings: [] });
  });

  it("makes at most 50 domains: the questions of later categories have none, said once", () => {
    const c = new CategoryDomains();
    const items = itemsIn(Array.from({ length: 52 }, (_, i) => c.enter(`$course$/top/Cat ${i + 1}`)));
    const { plan, warnings } = c.finish(items);
    expect(plan.domains?.length).toBe(50);
    expect(items.slice(49).map((i) => i.domain)).toEqual(["Cat 50", null, null]);
    expect(warnings).toEqual([
      'it names more than 50 categories, and an exam has at most 50 domains: the questions of the categories "Cat 51", "Cat 52" have no domain',
    ]);
  });

  it("always makes codes and names a blueprint takes: 1–20 and 1–200 characters, codes unique without regard to case", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ path: fc.string({ maxLength: 300 }), id: fc.option(fc.string({ maxLength: 30 })) }), {
          maxLength: 60,
        }),
        (categories) => {
          const c = new CategoryDomains();
          const codes = categories.map(({ path, id }) => c.enter(path, { idnumber: id }));
          const domains = c.finish(itemsIn(codes)).plan.domains ?? [];
          for (const d of domains) {
            expect(d.code.trim()).toBe(d.code);
            expect([...d.code].length).toBeGreaterThanOrEqual(1);
            expect([...d.code].length).toBeLessThanOrEqual(DOMAIN_CODE_MAX);
            expect(d.name.trim().length).toBeGreaterThanOrEqual(1);
            expect([...d.name].length).toBeLessThanOrEqual(DOMAIN_NAME_MAX);
          }
          expect(new Set(domains.map((d) => codeKey(d.code))).size).toBe(domains.length);
          expect(domains.length).toBeLessThanOrEqual(50);
        },
      ),
    );
  });
});

describe("fileTags", () => {
  it("trims, passes over empty ones, keeps the first spelling of tags alike without regard to case", () => {
    expect(fileTags([" ports ", "", "TLS", "Ports", "  "])).toEqual({ tags: ["ports", "TLS"], warnings: [] });
  });

  it("cuts a tag longer than 50 characters and keeps the first 20 tags, saying so", () => {
    const long = `${"x".repeat(49)} yz`;
    const many = Array.from({ length: 22 }, (_, i) => `t${i + 1}`);
    expect(fileTags([long, ...many])).toEqual({
      tags: ["x".repeat(49), ...many.slice(0, 19)],
      warnings: [
        `its tag "${long}" is longer than 50 characters, the most a tag has: it was cut to "${"x".repeat(49)}"`,
        'it has 23 tags, and a question has at most 20: the first 20 were kept, "t20", "t21", "t22" left out',
      ],
    });
  });
});
