import { describe, expect, it } from "vitest";
import { commentCount, mergeComments, splitByResolved } from "./merge";

const c = (id: number, resolved = false, body = `c${id}`) => ({ id, resolved, body });

describe("the comment panel's list", () => {
  it("merges by id, the newer copy winning, oldest first", () => {
    expect(mergeComments([c(1), c(3)], [c(2), c(3, true)])).toEqual([c(1), c(2), c(3, true)]);
    expect(mergeComments([], [c(5), c(4)])).toEqual([c(4), c(5)]);
    expect(mergeComments([c(1)], [])).toEqual([c(1)]);
  });

  it("does not change the list it was given", () => {
    const list = [c(2), c(1)];
    mergeComments(list, [c(3)]);
    expect(list).toEqual([c(2), c(1)]);
  });

  it("splits open from resolved, keeping the order", () => {
    expect(splitByResolved([c(1), c(2, true), c(3), c(4, true)])).toEqual({
      open: [c(1), c(3)],
      resolved: [c(2, true), c(4, true)],
    });
  });

  it("counts in words", () => {
    expect(commentCount(1)).toBe("1 comment");
    expect(commentCount(0)).toBe("0 comments");
    expect(commentCount(12)).toBe("12 comments");
  });
});
