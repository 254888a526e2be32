// Contract 2.1: email + password accounts through the auth library, on the real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { account, session, user } from "@/db/schema";
import { createAccounts, type Accounts } from "@/server/auth/accounts";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let accounts: Accounts;
beforeAll(async () => {
  t = await createTestApp();
  accounts = createAccounts(t.db, { secret: "a-test-secret-that-is-long-enough-0123456789", baseURL: "http://localhost:3000" });
});
afterAll(() => t.close());

const post = (path: string, body: unknown) =>
  accounts.handler(
    new Request(`http://localhost:3000/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify(body),
    }),
  );

describe("accounts", () => {
  it("signs up with a hashed password and an HTTP-only, SameSite=Lax session cookie", async () => {
    const email = `author-${randomUUID()}@example.test`;
    const password = "correct horse battery staple";
    const res = await post("/sign-up/email", { email, password, name: "Author" });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const [u] = await t.db.select().from(user).where(eq(user.email, email));
    const [a] = await t.db.select().from(account).where(eq(account.userId, u!.id));
    expect(a!.password).toBeTruthy();
    expect(a!.password).not.toContain(password);
    // scrypt: salt and derived key, never the password itself.
    expect(a!.password!.length).toBeGreaterThan(64);
    expect((await t.db.select().from(session).where(eq(session.userId, u!.id))).length).toBe(1);
  });

  it("signs in with the right password only", async () => {
    const email = `author-${randomUUID()}@example.test`;
    await post("/sign-up/email", { email, password: "a long enough password", name: "A" });
    expect((await post("/sign-in/email", { email, password: "a wrong password!" })).status).toBe(401);
    const ok = await post("/sign-in/email", { email, password: "a long enough password" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-cookie")).toMatch(/session_token/);
  });

  it("refuses a short password and a second account with the same email", async () => {
    const email = `author-${randomUUID()}@example.test`;
    expect((await post("/sign-up/email", { email, password: "short", name: "A" })).status).toBe(400);
    expect((await post("/sign-up/email", { email, password: "long enough one", name: "A" })).status).toBe(200);
    const again = await post("/sign-up/email", { email, password: "long enough two", name: "B" });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect((await t.db.select().from(user).where(eq(user.email, email))).length).toBe(1);
  });
});
