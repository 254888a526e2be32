// The limits on signing in and up, and the password rules, as hooks around the auth library's
// endpoints: the library has parsed the body, so the email counted is exactly the one it checks.
//
// Signing in: a browser with a device cookie naming the account (device-cookie.ts) counts only
// against that account on that device. Any other attempt counts against the account from that
// client address, the account from everywhere, and that address over every account; it goes to
// the password check only while all three allow it. Attempts are counted before the check (so
// concurrent guesses cannot all pass a stale count) and given back when they turn out not to be
// a wrong password. A success clears the account's count from that client and renews the device
// cookie, so the person who owns the account keeps getting in while someone else guesses at it.
//
// Signing up: counts against the client address (LIMIT_SIGN_UPS), a refused password included;
// a request the library refuses as malformed is given back. Refusals are HTTP 429 with
// Retry-After (contract 1.3).
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "@/db/client";
import { addressBucket } from "../net/client-address";
import {
  accountTag,
  cookieValue,
  decodeDevice,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE,
  DEVICE_COOKIE_PATH,
  encodeDevice,
  withAccount,
  type Device,
} from "./device-cookie";
import { passwordProblem } from "./password-rules";
import { clear, consume, consumeAll, counter, refund, type Counter } from "./throttle";
import { SIGN_IN_RULES, signUpRule } from "./throttle-rule";

/**
 * The request header that carries the client's address to the hooks and to the library's own
 * session records. The accounts' handler (accounts.ts) sets it on every request from the
 * connection (and TRUST_PROXY), replacing whatever a client sent.
 */
export const CLIENT_ADDRESS_HEADER = "x-exam-client-address";

export interface GuardSettings {
  /** Where the counters are written (the counters pool). */
  db: Db;
  /** The session secret: signs the device cookie. */
  secret: string;
  secureCookies: boolean;
  /** Free sign-ups per client address; Infinity turns the limit off. */
  signUps: number;
  /** SIGN_IN_RULES unless given (tests lengthen the waits so a busy machine does not outlast them). */
  signInRules?: SignInRules;
}

export type SignInRules = typeof SIGN_IN_RULES;

interface Attempt {
  email: string;
  client: string;
  device: Device | null;
  tag: string;
}

/** The counters an attempt to sign in to `email` counts against, and whether the device is known to that account. */
export function signInCounters(
  a: Attempt,
  rules: SignInRules = SIGN_IN_RULES,
): { known: boolean; counters: Counter[] } {
  const email = a.email.toLowerCase();
  if (a.device?.accounts.includes(a.tag)) {
    return { known: true, counters: [counter("sign-in/account-device", rules.accountAndClient, email, a.device.id)] };
  }
  return {
    known: false,
    counters: [
      counter("sign-in/account-client", rules.accountAndClient, email, a.client),
      counter("sign-in/account", rules.account, email),
      counter("sign-in/client", rules.client, a.client),
    ],
  };
}

/** "1 second", "40 seconds", "3 minutes". */
export function formatWait(seconds: number): string {
  if (seconds < 90) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

function tooMany(what: string, retryAfterSeconds: number): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: `${what} Try again in ${formatWait(retryAfterSeconds)}.`, code: "TOO_MANY_ATTEMPTS", retryAfterSeconds },
    { "retry-after": String(retryAfterSeconds) },
  );
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function bodyField(ctx: HookContext, name: string): unknown {
  const body = ctx.body as Record<string, unknown> | undefined;
  return body && typeof body === "object" ? body[name] : undefined;
}

function attemptOf(ctx: HookContext, settings: GuardSettings): Attempt | null {
  const email = bodyField(ctx, "email");
  // Not a string: the library refuses the request before any password is checked.
  if (typeof email !== "string") return null;
  const headers = ctx.request?.headers ?? ctx.headers;
  return {
    email,
    client: addressBucket(headers?.get(CLIENT_ADDRESS_HEADER) ?? null),
    device: decodeDevice(settings.secret, cookieValue(headers?.get("cookie"), DEVICE_COOKIE)),
    tag: accountTag(settings.secret, email),
  };
}

function rememberDevice(ctx: HookContext, settings: GuardSettings, a: Attempt): void {
  ctx.setCookie(DEVICE_COOKIE, encodeDevice(settings.secret, withAccount(a.device, a.tag)), {
    httpOnly: true,
    sameSite: "strict",
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE,
    secure: settings.secureCookies,
  });
}

/** The status of what the endpoint answered: an error's, else 200. */
function outcomeStatus(ctx: HookContext): number {
  const returned = ctx.context.returned as unknown;
  return returned instanceof Error && "statusCode" in returned ? Number((returned as APIError).statusCode) : 200;
}

const SET_PASSWORD_PATHS: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};

/** The auth library's `hooks` option. */
export function signInGuardHooks(settings: GuardSettings) {
  const signUpCounter = (client: string) => counter("sign-up/client", signUpRule(settings.signUps), client);

  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/sign-in/email") {
      const attempt = attemptOf(ctx, settings);
      if (!attempt) return;
      const answer = await consumeAll(settings.db, signInCounters(attempt, settings.signInRules).counters);
      if (!answer.allowed) throw tooMany("Too many failed sign-in attempts.", answer.retryAfterSeconds);
    }
    // A sign-up is counted before its password is judged, and a refused password stays counted:
    // judging one costs real CPU (password-rules.ts), which must not be free to ask for.
    if (ctx.path === "/sign-up/email" && Number.isFinite(settings.signUps)) {
      const attempt = attemptOf(ctx, settings);
      if (!attempt) return;
      const answer = await consume(settings.db, signUpCounter(attempt.client));
      if (!answer.allowed) throw tooMany("Too many accounts were created from this address.", answer.retryAfterSeconds);
    }
    const passwordField = SET_PASSWORD_PATHS[ctx.path];
    if (passwordField) {
      const password = bodyField(ctx, passwordField);
      const problem =
        typeof password === "string"
          ? passwordProblem(password, { email: bodyField(ctx, "email"), name: bodyField(ctx, "name") })
          : null;
      if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_NOT_ALLOWED" });
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/sign-in/email" && ctx.path !== "/sign-up/email") return;
    const attempt = attemptOf(ctx, settings);
    if (!attempt) return;
    const status = outcomeStatus(ctx);
    if (ctx.path === "/sign-in/email") {
      const { known, counters } = signInCounters(attempt, settings.signInRules);
      if (status === 401) return; // a wrong email or password: it stays counted
      if (status !== 200) {
        // Refused before any password was checked (a malformed email, say): not a guess.
        await refund(settings.db, counters);
        return;
      }
      // The right password: this client's failures on the account start over; the account-wide
      // and per-address counts only lose this attempt, which was not a failure.
      await clear(settings.db, counters.slice(0, 1));
      if (!known) await refund(settings.db, counters.slice(1));
      rememberDevice(ctx, settings, attempt);
      return;
    }
    // Sign-up: an account created from this browser makes it a known device for that account. A
    // request the library found malformed (an invalid email) created nothing and costs little.
    if (status === 200) rememberDevice(ctx, settings, attempt);
    else if (status === 400 && Number.isFinite(settings.signUps))
      await refund(settings.db, [signUpCounter(attempt.client)]);
  });

  return { before, after };
}
