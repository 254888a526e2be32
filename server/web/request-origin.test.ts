import { describe, expect, it } from "vitest";
import { readSite } from "../site";
import { foreignOriginRefusal } from "./request-origin";

const site = readSite({ PUBLIC_URL: "https://exams.example.com", PORT: "3000" });
const post = (origin: string | null, pathname = "/settings/api-keys") =>
  foreignOriginRefusal({ method: "POST", pathname, origin }, site);

describe("foreignOriginRefusal", () => {
  it.each(["https://exams.example.com", "http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"])(
    "lets a POST from %s through",
    (origin) => {
      expect(post(origin)).toBeNull();
    },
  );

  it.each([
    ["https://evil.invalid", '"https://evil.invalid"'],
    ["http://exams.example.com", '"http://exams.example.com"'], // http is another origin than https
    ["https://exams.example.com.evil.invalid", '"https://exams.example.com.evil.invalid"'],
    ["https://exams.example.com:8443", '"https://exams.example.com:8443"'],
    ["http://localhost:3001", '"http://localhost:3001"'],
    ["null", 'a page without an origin ("Origin: null")'],
    [null, "a page that sent no Origin header"],
  ])("refuses a POST from %s, saying where it came from and what is allowed", (origin, from) => {
    const message = post(origin)!;
    expect(message).toContain(`POST to /settings/api-keys came from ${from}, which is not this site's address`);
    expect(message).toContain(
      "only from its address, https://exams.example.com, http://localhost:3000, http://127.0.0.1:3000, http://[::1]:3000;",
    );
    expect(message).toContain("set PUBLIC_URL");
  });

  it("refuses every method that may change something, on every page", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      expect(
        foreignOriginRefusal({ method, pathname: "/exams/1", origin: "https://evil.invalid" }, site),
      ).not.toBeNull();
    }
  });

  it("leaves reads and /api/* to their handlers", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect(foreignOriginRefusal({ method, pathname: "/exams/1", origin: "https://evil.invalid" }, site)).toBeNull();
    expect(post("https://evil.invalid", "/api/json")).toBeNull();
    expect(post(null, "/api/auth/sign-in/email")).toBeNull();
  });

  it("trusts only the loopback addresses when PUBLIC_URL is not set", () => {
    const local = readSite({ PORT: "3220" });
    expect(
      foreignOriginRefusal({ method: "POST", pathname: "/exams", origin: "http://127.0.0.1:3220" }, local),
    ).toBeNull();
    expect(
      foreignOriginRefusal({ method: "POST", pathname: "/exams", origin: "http://192.168.1.5:3220" }, local),
    ).toContain("only from its address, http://localhost:3220, http://127.0.0.1:3220, http://[::1]:3220;");
  });
});
