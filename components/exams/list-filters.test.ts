import { describe, expect, it } from "vitest";
import { listFiltersQuery, parseListFilters, sortExams } from "./list-filters";

describe("list filters", () => {
  it("reads the URL leniently, writes only what differs from the defaults, and sorts the loaded list", () => {
    expect(parseListFilters({ q: " net ", status: "bogus", sort: "code" })).toEqual({
      q: "net",
      status: "",
      sort: "code",
    });
    expect(parseListFilters({ status: ["ready", "draft"] })).toEqual({ q: "", status: "ready", sort: "updated" });
    const exams = [
      { id: 1, title: "beta", code: "B-10" },
      { id: 2, title: "Alpha", code: "B-9" },
    ];
    expect(sortExams(exams, "title").map((e) => e.id)).toEqual([2, 1]);
    expect(sortExams(exams, "code").map((e) => e.id)).toEqual([2, 1]);
    expect(sortExams(exams, "updated").map((e) => e.id)).toEqual([1, 2]);
    expect(listFiltersQuery({ q: "a b", status: "", sort: "updated" })).toBe("?q=a+b");
    expect(listFiltersQuery({ q: "", status: "", sort: "updated" })).toBe("");
  });
});
