import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_NEXT, nextDestination, sitePath } from "./next-path";

describe("sitePath", () => {
  it.each([
    ["/exams", "/exams"],
    ["/exams/12?tab=history", "/exams/12?tab=history"],
    ["/settings/api-keys", "/settings/api-keys"],
    ["/exams/12#q3", "/exams/12#q3"],
    ["/", "/"],
    ["/exams/./12", "/exams/12"],
    ["/exams/../settings/api-keys", "/settings/api-keys"],
    ["/exams?next=%2Fsettings", "/exams?next=%2Fsettings"],
    ["/@evil.invalid", "/@evil.invalid"],
    // The query and fragment may hold encoded characters: they do not decide the host.
    ["/exams?q=net%20basics", "/exams?q=net%20basics"],
    ["/exams?back=%2F%2Fevil.invalid", "/exams?back=%2F%2Fevil.invalid"],
    ["/exams/12#q%5C3", "/exams/12#q%5C3"],
  ])("keeps the path of this site %s", (raw, path) => {
    expect(sitePath(raw)).toBe(path);
  });

  it.each([
    // The probe's payloads (after the query string is decoded) and their kin.
    "/\\evil.invalid/x",
    "/\t/evil.invalid/x",
    "/\n/evil.invalid/x",
    "/\r/evil.invalid/x",
    "/\u0000/evil.invalid",
    // Protocol-relative, absolute, other schemes.
    "//evil.invalid/x",
    "///evil.invalid/x",
    "https://evil.invalid/x",
    "http:evil.invalid",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.invalid/x",
    "exams",
    " /exams",
    "\\\\evil.invalid",
    "\\/evil.invalid",
    // Percent-encoded slashes, backslashes and controls that become "//" or "\" once decoded.
    "/%5Cevil.invalid/x",
    "/%5cevil.invalid/x",
    "/%2Fevil.invalid/x",
    "/%2f%2fevil.invalid",
    "/%09/evil.invalid/x",
    "/%0A/evil.invalid",
    "/%255Cevil.invalid",
    "/%252F/evil.invalid",
    // Dot segments that resolve to "//evil.invalid".
    "/..//evil.invalid/x",
    "/.//evil.invalid",
    "/%2e%2e//evil.invalid",
    "/a/..//evil.invalid",
    // Unicode white space and separators some parsers strip.
    "/\u2028/evil.invalid",
    "/\u00a0/evil.invalid",
    "/\ufeff/evil.invalid",
    // Raw white space, controls or backslashes anywhere (a browser strips or rewrites them).
    "/exams?q=net basics",
    "/exams?\\evil",
    "/exams#\t",
    // Not decodable, empty.
    "/%E0%A4%A",
    "",
  ])("refuses %j", (raw) => {
    expect(sitePath(raw)).toBeNull();
  });

  it("refuses null, undefined and a path longer than 2048 characters", () => {
    expect(sitePath(null)).toBeNull();
    expect(sitePath(undefined)).toBeNull();
    expect(sitePath("/" + "a".repeat(2047))).toBe("/" + "a".repeat(2047));
    expect(sitePath("/" + "a".repeat(2048))).toBeNull();
  });

  it("never answers a value that a browser would resolve to another origin", () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      ".",
      "..",
      "%2F",
      "%5C",
      "%09",
      "%2e",
      "%25",
      "evil.invalid",
      "x",
      ":",
      "@",
      "?",
      "#",
      " ",
      "%",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const raw = pieces.join("");
        const path = sitePath(raw);
        if (path === null) return;
        // What the browser does with it: resolved against the page's URL, it stays on the site.
        const page = new URL("https://exams.example.com/sign-in?next=x");
        const target = new URL(path, page);
        expect(target.origin).toBe(page.origin);
        expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
        expect(path).not.toMatch(/[\\\s]/);
        // And it is a fixed point: checking the answer again gives the answer.
        expect(sitePath(path)).toBe(path);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("nextDestination", () => {
  it("goes to the given path of the site, else to the exam list", () => {
    expect(nextDestination("/settings/api-keys")).toBe("/settings/api-keys");
    expect(nextDestination("/\\evil.invalid/x")).toBe(DEFAULT_NEXT);
    expect(nextDestination(null)).toBe("/exams");
  });
});
