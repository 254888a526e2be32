import { describe, expect, it } from "vitest";
import { absoluteUrl, readSite } from "./site";

describe("readSite", () => {
  it("defaults to localhost on PORT and trusts every loopback address on that port", () => {
    const site = readSite({ PORT: "3100" });
    expect(site.origin).toBe("http://localhost:3100");
    expect(site.trustedOrigins).toEqual(["http://localhost:3100", "http://127.0.0.1:3100", "http://[::1]:3100"]);
    expect(site.secureCookies).toBe(false);
  });

  it("takes PUBLIC_URL as the origin, with Secure cookies for https", () => {
    const site = readSite({ PUBLIC_URL: "https://Exams.Example.com/", PORT: "3000" });
    expect(site.origin).toBe("https://exams.example.com");
    expect(site.trustedOrigins[0]).toBe("https://exams.example.com");
    expect(site.trustedOrigins).toContain("http://127.0.0.1:3000");
    expect(site.secureCookies).toBe(true);
  });

  it.each([
    ["exams.example.com", "not a URL"],
    ["ftp://exams.example.com", "use http:// or https://"],
    ["https://user:pw@exams.example.com", "no user name or password"],
    ["https://exams.example.com/studio", "no path, query or fragment"],
  ])("refuses PUBLIC_URL=%s, saying why", (value, why) => {
    expect(() => readSite({ PUBLIC_URL: value })).toThrow(why);
  });
});

describe("AUTH_URL", () => {
  it("is refused with a pointer to PUBLIC_URL, which replaced it", () => {
    expect(() => readSite({ AUTH_URL: "http://exams.lan:3000" })).toThrow(
      "AUTH_URL is no longer read: PUBLIC_URL replaces it (set PUBLIC_URL=http://exams.lan:3000 and remove AUTH_URL)",
    );
  });
});

describe("absoluteUrl", () => {
  const site = readSite({ PUBLIC_URL: "https://exams.example.com" });
  it("puts a path of the site on the public origin", () => {
    expect(absoluteUrl(site, "/e/12")).toBe("https://exams.example.com/e/12");
  });
  it.each(["//evil.invalid/x", "/\\evil.invalid/x", "https://evil.invalid/", "e/12"])("refuses %s", (value) => {
    expect(() => absoluteUrl(site, value)).toThrow();
  });
});
