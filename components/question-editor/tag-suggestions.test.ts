import { describe, expect, it } from "vitest";
import { SHOWN, tagSuggestionsFor } from "./tag-suggestions";

const workspace = ["Subnetting", "Ports", "IPv4", "TLS", "Network ports", "VLAN"];

describe("tag suggestions", () => {
  it("offers the workspace's tags that start with the text, then those that contain it, ignoring case", () => {
    expect(tagSuggestionsFor("po", workspace, [])).toEqual(["Ports", "Network ports"]);
    expect(tagSuggestionsFor(" SUB", workspace, [])).toEqual(["Subnetting"]);
    expect(tagSuggestionsFor("xyz", workspace, [])).toEqual([]);
  });

  it("leaves out the tags the question has, and shows the most used first when nothing is typed", () => {
    expect(tagSuggestionsFor("po", workspace, ["ports"])).toEqual(["Network ports"]);
    expect(tagSuggestionsFor("", workspace, ["TLS"])).toEqual(["Subnetting", "Ports", "IPv4", "Network ports", "VLAN"]);
    const many = Array.from({ length: 20 }, (_, i) => `tag ${i}`);
    expect(tagSuggestionsFor("tag", many, [])).toHaveLength(SHOWN);
  });
});
