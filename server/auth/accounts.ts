// Email + password accounts through better-auth (contract 2.1): passwords hashed by the
// library (scrypt), sessions in the database, an HTTP-only SameSite=Lax cookie, Secure exactly
// when the public origin (PUBLIC_URL, server/site.ts) is https. The browser may be at the public
// origin or at localhost / 127.0.0.1 / [::1] on the server's port; any other Origin is refused.
// Signing in and up are limited and new passwords checked by sign-in-guard.ts, on counters in
// the database; the library's own limiter (per process, keyed on a header any client can write)
// is off. One instance per database; the web app's pages use it through the same handler.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "@/db/client";
import { dataDir } from "@/db/client";
import { account, session, user, verification } from "@/db/schema";
import type { TrustProxy } from "../net/client-address";
import { PEER_ADDRESS_HEADER, requestClientAddress } from "../net/peer-address";
import type { Site } from "../site";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-length";
import { CLIENT_ADDRESS_HEADER, signInGuardHooks, type SignInRules } from "./sign-in-guard";
import { personalWorkspace } from "../data/workspaces";

export interface AccountsOptions {
  /** Signs sessions and the device cookie (authSecret()). */
  secret: string;
  site: Site;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY); null: none, the connection's peer is the client. */
  trustProxy: TrustProxy | null;
  /** Where the attempt counters are written (AppContext.countersDb); `db` when absent. */
  countersDb?: Db;
  /** Free sign-ups per client address (LIMIT_SIGN_UPS); Infinity: no limit. */
  signUps: number;
  /** The sign-in limits; SIGN_IN_RULES (server/auth/throttle-rule.ts) unless given. */
  signInRules?: SignInRules;
}

/**
 * Endpoints of the library that check or change a password or the email but have no page in this
 * app: off until a page needs them (then with limits like sign-in's), so that nobody can use them
 * to guess a password past the sign-in limits.
 */
const UNUSED_CREDENTIAL_ENDPOINTS = [
  "/change-password",
  "/verify-password",
  "/set-password",
  "/delete-user",
  "/request-password-reset",
  "/reset-password",
  "/change-email",
];

function createLibrary(db: Db, opts: AccountsOptions) {
  return betterAuth({
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    secret: opts.secret,
    baseURL: opts.site.origin,
    trustedOrigins: opts.site.trustedOrigins,
    emailAndPassword: { enabled: true, minPasswordLength: MIN_PASSWORD_LENGTH, maxPasswordLength: MAX_PASSWORD_LENGTH },
    disabledPaths: UNUSED_CREDENTIAL_ENDPOINTS,
    rateLimit: { enabled: false },
    // Signing up makes the person's own workspace (contract 14.1.1).
    databaseHooks: { user: { create: { after: async (created) => void (await personalWorkspace(db, created.id)) } } },
    hooks: signInGuardHooks({
      db: opts.countersDb ?? db,
      secret: opts.secret,
      secureCookies: opts.site.secureCookies,
      signUps: opts.signUps,
      signInRules: opts.signInRules,
    }),
    advanced: {
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      useSecureCookies: opts.site.secureCookies,
      // Always checked: the library skips the Origin check by default when NODE_ENV is "test".
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The session's recorded address: the header the handler below always sets.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
  });
}

export interface Accounts {
  /** Answers a request under /api/auth. */
  handler(request: Request): Promise<Response>;
  api: ReturnType<typeof createLibrary>["api"];
}

export function createAccounts(db: Db, opts: AccountsOptions): Accounts {
  const library = createLibrary(db, opts);
  return {
    api: library.api,
    handler(request) {
      // The client's address goes to the library in our own header, replacing anything a client
      // sent under that name; the peer header has served its purpose and is not passed on.
      const client = requestClientAddress(request, opts.trustProxy);
      const headers = new Headers(request.headers);
      headers.delete(PEER_ADDRESS_HEADER);
      headers.delete(CLIENT_ADDRESS_HEADER);
      if (client) headers.set(CLIENT_ADDRESS_HEADER, client);
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      const forwarded = new Request(request.url, {
        method: request.method,
        headers,
        body: hasBody ? request.body : null,
        signal: request.signal,
        ...(hasBody ? { duplex: "half" } : {}),
      } as RequestInit);
      return library.handler(forwarded);
    },
  };
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
