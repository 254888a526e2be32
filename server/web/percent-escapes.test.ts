import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodablePath } from "./percent-escapes";

describe("decodablePath", () => {
  it.each([
    "/e/%ff",
    "/media/%c0",
    "/e/%",
    "/e/%2",
    "/e/%zz",
    "/%c0%af", // an overlong "/" is not UTF-8
    "/e/%e2%82", // a three-byte sequence cut short
    "/e/%e2%82%ac%ff", // a stray byte after a whole euro sign
    "/exams/1/questions/%ed%a0%80", // a UTF-16 surrogate
    "/e/%e2/%82%ac", // a sequence split by a slash
  ])("finds the escape in %s that does not decode", (path) => {
    expect(decodablePath(path)).toBe(false);
  });

  it.each(["/", "/e/12", "/media/ab.png", "/e/%20", "/e/%2F", "/e/caf%C3%A9", "/e/%F0%9F%98%80", "/e/%25ff"])(
    "takes %s as it is",
    (path) => {
      expect(decodablePath(path)).toBe(true);
    },
  );

  it("takes every path the browser's own encoding makes", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme" }), { maxLength: 5 }), (segments) =>
        decodablePath(`/${segments.map(encodeURIComponent).join("/")}`),
      ),
    );
  });
});
