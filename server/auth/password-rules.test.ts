import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rules";

describe("passwordProblem", () => {
  it.each([
    ["password", "one of the ten most used passwords"],
    ["        ", "repeats one character"],
    ["12345678", "one of the ten most used passwords"],
    ["password1", "most used passwords"],
    ["P@ssw0rd!", "a common password with small changes"],
    ["qwertyuiop", "most used passwords"],
    ["iloveyou123", "common password"],
    ["aaaaaaaa", "repeats one character"],
    ["abcdefgh", "sequence"],
    ["abcabcabcabc", "repeats a short pattern"],
  ])("refuses %j, saying why and what to do", (password, reason) => {
    const problem = passwordProblem(password);
    expect(problem).toContain("too easy to guess");
    expect(problem).toContain(reason);
    expect(problem).toContain("Choose a longer one");
  });

  it("refuses a password made of the person's own email or name", () => {
    expect(passwordProblem("jane.doe@example.com", { email: "jane.doe@example.com" })).toContain(
      "your email address or name",
    );
    expect(passwordProblem("janedoe2024", { email: "jane.doe@example.com", name: "Jane Doe" })).toContain(
      "too easy to guess",
    );
    // The same password is fine for someone else.
    expect(passwordProblem("janedoe2024!x", { email: "pat@example.com" })).toBeNull();
  });

  it.each([
    "correct horse battery staple",
    "pw-1a2b3c4d-secret",
    "zebra-violin-42",
    "Tr0ub4dor&3",
    "a long enough password",
  ])("accepts %j", (password) => {
    expect(passwordProblem(password, { email: "author@example.com", name: "Author" })).toBeNull();
  });

  it("judges a long password by its first 64 characters", () => {
    expect(passwordProblem("a".repeat(200))).toContain("repeats one character");
    expect(passwordProblem("correct horse battery staple ".repeat(8))).toBeNull();
  });

  it("keeps the length rules: 8 to 256 characters", () => {
    expect(passwordProblem("Xq7#kz!")).toBe("The password must have at least 8 characters (it has 7).");
    expect(passwordProblem("v".repeat(3) + "Xq7#kz!".repeat(40))).toBe(
      "The password may have at most 256 characters (it has 283).",
    );
    expect(passwordProblem("Xq7#kz!w9")).toBeNull();
  });
});
