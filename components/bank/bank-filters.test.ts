import { describe, expect, it } from "vitest";
import { hasBankFilters, parseBankFilters, searchParamsOf } from "./bank-filters";

describe("parseBankFilters and searchParamsOf", () => {
  it("reads every filter from the URL", () => {
    const f = parseBankFilters({
      q: " subnet mask ",
      exam: "7",
      type: "2",
      domain: "none",
      tag: " CCNA ",
      status: "ready",
    });
    expect(f).toEqual({ q: "subnet mask", exam: 7, type: 2, domain: "none", tag: "CCNA", status: "ready" });
    expect(searchParamsOf(f)).toEqual({
      query: "subnet mask",
      exam_id: 7,
      type: 2,
      domain_id: null,
      tag: "CCNA",
      status: "ready",
    });
    expect(searchParamsOf(parseBankFilters({ exam: "7", domain: "12" }))).toEqual({ exam_id: 7, domain_id: 12 });
  });

  it("drops what the API would refuse, and a domain without its exam", () => {
    const f = parseBankFilters({ exam: "x", type: "9", domain: "3", status: "published", q: ["a", "b"] });
    expect(f).toEqual({ q: "a", exam: null, type: null, domain: null, tag: "", status: null });
    expect(parseBankFilters({ exam: "0" }).exam).toBeNull();
    expect(parseBankFilters({ exam: "99999999999" }).exam).toBeNull();
    expect(parseBankFilters({ q: "x".repeat(300) }).q).toHaveLength(200);
    expect(parseBankFilters({ q: "a b c d e f g h i j k l" }).q).toBe("a b c d e f g h i j");
    expect(hasBankFilters(parseBankFilters({}))).toBe(false);
    expect(hasBankFilters(parseBankFilters({ tag: "x" }))).toBe(true);
  });
});
