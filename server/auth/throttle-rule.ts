// The one shape of every sign-in, sign-up and bad-token limit: a few attempts go through freely,
// then each further attempt must wait a delay that doubles per attempt up to a ceiling, and a
// key left alone long enough starts over. The counts live in the database (throttle.ts); this
// file decides. Pure: times are milliseconds given by the caller.

export interface ThrottleRule {
  /** Attempts that go through without waiting. */
  free: number;
  /** The wait before the first attempt beyond `free`; it doubles for each one after. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A key with no attempt for this long starts over at zero. */
  forgetAfterSeconds: number;
}

export interface ThrottleState {
  count: number;
  /** When the last attempt was recorded (ms). */
  lastAt: number;
}

export type ThrottleDecision = { allowed: true; next: ThrottleState } | { allowed: false; retryAfterSeconds: number };

/** The wait required after `count` recorded attempts before the next one (seconds). */
export function delayAfter(rule: ThrottleRule, count: number): number {
  if (count < rule.free) return 0;
  return Math.min(rule.firstDelaySeconds * 2 ** Math.min(count - rule.free, 52), rule.maxDelaySeconds);
}

/**
 * Whether an attempt (worth `amount`, a batch's calls) may go ahead at `now`, and the state it
 * leaves. `lastAt` may lie a little after `now`: another process's clock, or a write that
 * committed after the moment this read took as "now"; it never turns a free attempt into a wait
 * and never moves backwards.
 */
export function decideAttempt(
  rule: ThrottleRule,
  state: ThrottleState | null,
  now: number,
  amount = 1,
): ThrottleDecision {
  const current = state && now - state.lastAt < rule.forgetAfterSeconds * 1000 ? state : null;
  const wait = current ? delayAfter(rule, current.count) * 1000 : 0;
  if (current && wait > 0 && now < current.lastAt + wait) {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((current.lastAt + wait - now) / 1000)) };
  }
  return {
    allowed: true,
    next: { count: (current?.count ?? 0) + amount, lastAt: Math.max(now, current?.lastAt ?? now) },
  };
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The limits of signing in (docs/decisions.md, "Sign-in, sign-up and token limits"). A browser
 * that has signed in to the account before (a valid device cookie naming it) is counted on its
 * own, per account and device; every other attempt counts against the account from that client
 * address, against the account from anywhere, and against that address for every account.
 */
export const SIGN_IN_RULES = {
  /** Wrong passwords for one account from one client address (or one known device). */
  accountAndClient: { free: 5, firstDelaySeconds: 1, maxDelaySeconds: 15 * MINUTE, forgetAfterSeconds: HOUR },
  /** Wrong passwords for one account from every address together; known devices are exempt. */
  account: { free: 20, firstDelaySeconds: 1, maxDelaySeconds: 15 * MINUTE, forgetAfterSeconds: HOUR },
  /** Wrong passwords from one address over every account (trying many accounts); known devices are exempt. */
  client: { free: 30, firstDelaySeconds: 1, maxDelaySeconds: 15 * MINUTE, forgetAfterSeconds: HOUR },
} satisfies Record<string, ThrottleRule>;

/** Sign-ups from one client address: `free` (LIMIT_SIGN_UPS), then a wait from a minute doubling to an hour. */
export function signUpRule(free: number): ThrottleRule {
  return { free, firstDelaySeconds: MINUTE, maxDelaySeconds: HOUR, forgetAfterSeconds: 24 * HOUR };
}

/** Calls with an unknown, revoked or expired token from one client address: `free` (LIMIT_BAD_TOKENS), then a wait from a second to a minute. */
export function badTokenRule(free: number): ThrottleRule {
  return { free, firstDelaySeconds: 1, maxDelaySeconds: MINUTE, forgetAfterSeconds: 10 * MINUTE };
}

/** No rule remembers an attempt longer than this: older counters can go (sweepThrottle). */
export const LONGEST_MEMORY_SECONDS = 24 * HOUR;
