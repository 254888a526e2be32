import { describe, expect, it } from "vitest";
import { isFiltering, matchesFilter, NO_FILTER, searchWords } from "./question-filters";

const item = { type: 2, text: "Which protocols use TCP port 443?", externalId: "NET-0042" };

describe("question filters", () => {
  it("matches every word of the search in the text or the external ID, ignoring case", () => {
    expect(matchesFilter(item, { query: "tcp 443", type: 0 }, searchWords("tcp 443"))).toBe(true);
    expect(matchesFilter(item, { query: "net-0042", type: 0 }, searchWords("net-0042"))).toBe(true);
    expect(matchesFilter(item, { query: "udp", type: 0 }, searchWords("udp"))).toBe(false);
  });

  it("filters by type", () => {
    expect(matchesFilter(item, { query: "", type: 2 }, [])).toBe(true);
    expect(matchesFilter(item, { query: "", type: 1 }, [])).toBe(false);
  });

  it("knows when a filter is on", () => {
    expect(isFiltering(NO_FILTER)).toBe(false);
    expect(isFiltering({ query: "  ", type: 0 })).toBe(false);
    expect(isFiltering({ query: "x", type: 0 })).toBe(true);
    expect(isFiltering({ query: "", type: 7 })).toBe(true);
  });
});
