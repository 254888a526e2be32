// Contract 2.1: email + password accounts through the auth library, over real HTTP on the real
// database: hashed passwords, the session cookie's flags (Secure exactly when PUBLIC_URL is
// https), the password rules, and which Origins may sign up and in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { account, membership, session, user, workspace } from "@/db/schema";
import { startAuthServer, type AuthServer } from "../support/auth-server";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let server: AuthServer;
beforeAll(async () => {
  t = await createTestApp();
  server = await startAuthServer(t);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const newEmail = () => `author-${randomUUID()}@example.test`;
const usersWith = async (email: string) => t.db.select().from(user).where(eq(user.email, email));
const sessionCookie = (cookies: string[]) => cookies.find((c) => /session_token=/.test(c)) ?? "";

describe("accounts", () => {
  it("signs up with a hashed password and an HTTP-only, SameSite=Lax session cookie, not Secure over http", async () => {
    const email = newEmail();
    const password = "correct horse battery staple";
    const res = await server.post("/sign-up/email", { email, password, name: "Author" });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.cookies);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // A browser at http://127.0.0.1 or a host name other than localhost drops a Secure cookie.
    expect(cookie).not.toMatch(/Secure/i);
    expect(res.cookies.join("\n")).not.toMatch(/Secure/i);

    const [u] = await usersWith(email);
    const [a] = await t.db.select().from(account).where(eq(account.userId, u!.id));
    expect(a!.password).toBeTruthy();
    expect(a!.password).not.toContain(password);
    // scrypt: salt and derived key, never the password itself.
    expect(a!.password!.length).toBeGreaterThan(64);
    const sessions = await t.db.select().from(session).where(eq(session.userId, u!.id));
    expect(sessions.length).toBe(1);
    // The session records the connection's address, not a header the client chose.
    expect(sessions[0]!.ipAddress).toBe("127.0.0.1");
    // Signing up made the person's own workspace, which they own (contract 14.1.1).
    const [own] = await t.db.select().from(workspace).where(eq(workspace.personalOf, u!.id));
    expect(own!.name).toBe("Author (personal)");
    expect(
      await t.db
        .select({ userId: membership.userId, role: membership.role })
        .from(membership)
        .where(eq(membership.workspaceId, own!.id)),
    ).toEqual([{ userId: u!.id, role: "owner" }]);
  });

  it("marks the cookies Secure when PUBLIC_URL is https", async () => {
    const https = await startAuthServer(t, { publicUrl: "https://exams.example.test" });
    try {
      const res = await https.post(
        "/sign-up/email",
        { email: newEmail(), password: "correct horse battery staple", name: "A" },
        { origin: "https://exams.example.test" },
      );
      expect(res.status).toBe(200);
      expect(res.cookies.length).toBeGreaterThan(0);
      for (const cookie of res.cookies) expect(cookie).toMatch(/;\s*Secure/i);
    } finally {
      await https.close();
    }
  });

  it("signs in with the right password only", async () => {
    const email = newEmail();
    await server.post("/sign-up/email", { email, password: "a long enough password", name: "A" });
    expect((await server.post("/sign-in/email", { email, password: "a wrong password!" })).status).toBe(401);
    const ok = await server.post("/sign-in/email", { email, password: "a long enough password" });
    expect(ok.status).toBe(200);
    expect(sessionCookie(ok.cookies)).toMatch(/session_token/);
  });

  it("refuses a short password and a second account with the same email", async () => {
    const email = newEmail();
    const short = await server.post("/sign-up/email", { email, password: "Xq7#kz!", name: "A" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("The password must have at least 8 characters (it has 7).");
    expect((await server.post("/sign-up/email", { email, password: "long enough one", name: "A" })).status).toBe(200);
    const again = await server.post("/sign-up/email", { email, password: "long enough two", name: "B" });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect((await usersWith(email)).length).toBe(1);
  });

  it.each([
    ["password", "one of the ten most used passwords"],
    ["        ", "repeats one character"],
    ["P@ssw0rd!", "a common password with small changes"],
  ])("refuses the common password %j, saying why, and creates nothing", async (password, reason) => {
    const email = newEmail();
    const res = await server.post("/sign-up/email", { email, password, name: "A" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("PASSWORD_NOT_ALLOWED");
    expect(res.body.message).toContain("too easy to guess");
    expect(res.body.message).toContain(reason);
    expect(await usersWith(email)).toEqual([]);
  });

  it("refuses a password made of the person's own email", async () => {
    const email = `jane.doe.${randomUUID().slice(0, 6)}@example.test`;
    const res = await server.post("/sign-up/email", { email, password: email, name: "Jane" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("your email address or name");
  });

  it("has no endpoints that check or change a password besides signing up and in", async () => {
    for (const path of [
      "/change-password",
      "/verify-password",
      "/reset-password",
      "/request-password-reset",
      "/delete-user",
      "/change-email",
    ]) {
      expect(
        (await server.post(path, { password: "whatever it is", newPassword: "whatever it is", currentPassword: "x" }))
          .status,
        path,
      ).toBe(404);
    }
  });
});

describe("origins", () => {
  it("accepts sign-up and sign-in from localhost, 127.0.0.1 and [::1] on the server's port", async () => {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const origin = `http://${host}:${server.port}`;
      const email = newEmail();
      const up = await server.post(
        "/sign-up/email",
        { email, password: "correct horse battery staple", name: "A" },
        { origin },
      );
      expect(up.status, origin).toBe(200);
      // Signed in, with the session cookie: the origin check applies to every such request.
      const cookie = sessionCookie(up.cookies).split(";")[0]!;
      const out = await server.post("/sign-out", {}, { origin, cookie });
      expect(out.status, origin).toBe(200);
      const inAgain = await server.post(
        "/sign-in/email",
        { email, password: "correct horse battery staple" },
        { origin, cookie },
      );
      expect(inAgain.status, origin).toBe(200);
    }
  });

  it("accepts the PUBLIC_URL origin", async () => {
    const site = await startAuthServer(t, { publicUrl: "http://exams.lan:8080" });
    try {
      const res = await site.post(
        "/sign-up/email",
        { email: newEmail(), password: "correct horse battery staple", name: "A" },
        { origin: "http://exams.lan:8080" },
      );
      expect(res.status).toBe(200);
    } finally {
      await site.close();
    }
  });

  it.each(["http://evil.invalid", `http://localhost:1`, "https://localhost", "null"])(
    "refuses Origin %s (403) and creates nothing",
    async (origin) => {
      const email = newEmail();
      const res = await server.post(
        "/sign-up/email",
        { email, password: "correct horse battery staple", name: "A" },
        { origin },
      );
      expect(res.status).toBe(403);
      expect(await usersWith(email)).toEqual([]);
    },
  );

  it("refuses a sign-in with a session cookie from an untrusted Origin", async () => {
    const email = newEmail();
    const up = await server.post("/sign-up/email", { email, password: "correct horse battery staple", name: "A" });
    const cookie = sessionCookie(up.cookies).split(";")[0]!;
    const res = await server.post(
      "/sign-in/email",
      { email, password: "correct horse battery staple" },
      { origin: "http://evil.invalid", cookie },
    );
    expect(res.status).toBe(403);
  });
});
