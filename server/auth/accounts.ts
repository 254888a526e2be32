// Email + password accounts through better-auth (contract 2.1): passwords hashed by the
// library (scrypt), sessions in the database, an HTTP-only SameSite=Lax cookie (Secure behind
// HTTPS). One instance per database; the web app's pages use it through the same handler.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "@/db/client";
import { dataDir } from "@/db/client";
import { account, session, user, verification } from "@/db/schema";

export type Accounts = ReturnType<typeof createAccounts>;

export function createAccounts(db: Db, opts: { secret: string; baseURL?: string }) {
  return betterAuth({
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    secret: opts.secret,
    baseURL: opts.baseURL,
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 256 },
    advanced: { defaultCookieAttributes: { httpOnly: true, sameSite: "lax" } },
    telemetry: { enabled: false },
  });
}

/**
 * The signing secret: AUTH_SECRET when set (required when several processes share a database),
 * else one generated once and kept in DATA_DIR, so sessions survive a restart.
 */
export function authSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AUTH_SECRET) {
    if (env.AUTH_SECRET.length < 32) throw new Error("AUTH_SECRET must have at least 32 characters");
    return env.AUTH_SECRET;
  }
  const file = path.join(dataDir(env), "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    // Written whole under a private name, then linked into place: link fails when another
    // process (a worker starting beside this one) got there first, and then theirs is used; a
    // reader never sees a half-written file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(draft, secret, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
}
