import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  badTokenRule,
  decideAttempt,
  delayAfter,
  LONGEST_MEMORY_SECONDS,
  SIGN_IN_RULES,
  signUpRule,
  type ThrottleRule,
  type ThrottleState,
} from "./throttle-rule";

const rule: ThrottleRule = { free: 3, firstDelaySeconds: 1, maxDelaySeconds: 8, forgetAfterSeconds: 60 };

/** Attempts at the given seconds; the answer of each (true, or the seconds to wait). */
function run(times: number[], r = rule): (true | number)[] {
  let state: ThrottleState | null = null;
  return times.map((t) => {
    const d = decideAttempt(r, state, t * 1000);
    if (!d.allowed) return d.retryAfterSeconds;
    state = d.next;
    return true;
  });
}

describe("decideAttempt", () => {
  it("lets `free` attempts through at once, then makes each wait twice as long as the one before, up to the ceiling", () => {
    expect(run([0, 0, 0, 0])).toEqual([true, true, true, 1]);
    expect(delayAfter(rule, 2)).toBe(0);
    expect([3, 4, 5, 6, 7, 8].map((n) => delayAfter(rule, n))).toEqual([1, 2, 4, 8, 8, 8]);
    // Waiting out each delay lets exactly one more attempt through.
    expect(run([0, 0, 0, 1, 1, 3, 3, 7, 7, 15, 15, 23])).toEqual([
      true,
      true,
      true,
      true,
      2,
      true,
      4,
      true,
      8,
      true,
      8,
      true,
    ]);
  });

  it("answers the seconds left, rounded up, at least 1", () => {
    expect(run([0, 0, 0, 0.2, 0.9, 1.2, 1.3])).toEqual([true, true, true, 1, 1, true, 2]);
  });

  it("refused attempts are not counted: asking again does not make the wait longer", () => {
    expect(run([0, 0, 0, 0.1, 0.5, 0.9, 1])).toEqual([true, true, true, 1, 1, 1, true]);
  });

  it("forgets a key left alone for forgetAfterSeconds", () => {
    // At 59 s the key is still remembered (last attempt at 1 s): the fifth attempt waits its 2 s.
    expect(run([0, 0, 0, 1, 59, 60])).toEqual([true, true, true, true, true, 3]);
    // Left alone for 60 s: three free attempts again.
    expect(run([0, 0, 0, 1, 61, 61, 61, 61])).toEqual([true, true, true, true, true, true, true, 1]);
  });

  it("a last attempt recorded a little after `now` (a write that committed after this read's time) does not make a free attempt wait", () => {
    expect(decideAttempt(rule, { count: 2, lastAt: 1_010 }, 1_000)).toEqual({
      allowed: true,
      next: { count: 3, lastAt: 1_010 },
    });
    expect(decideAttempt(rule, { count: 3, lastAt: 1_010 }, 1_000)).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it("counts a batch's calls at once", () => {
    const first = decideAttempt(rule, null, 0, 5);
    expect(first).toEqual({ allowed: true, next: { count: 5, lastAt: 0 } });
    expect(decideAttempt(rule, first.allowed ? first.next : null, 1000)).toEqual({
      allowed: false,
      retryAfterSeconds: 3,
    });
  });

  it("never allows more attempts in a period than free + one per elapsed delay (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 1, maxLength: 60 }), (gaps) => {
        let t = 0;
        const times = gaps.map((g) => (t += g) / 100); // seconds, ascending
        const answers = run(times);
        const allowedTimes = times.filter((_, i) => answers[i] === true);
        // Between two allowed attempts beyond `free` there is at least the delay the count asks.
        for (let i = rule.free; i < allowedTimes.length; i++) {
          if (allowedTimes[i]! - allowedTimes[i - 1]! >= rule.forgetAfterSeconds) continue;
          expect(allowedTimes[i]! - allowedTimes[i - 1]!).toBeGreaterThanOrEqual(delayAfter(rule, i) - 1e-9);
        }
      }),
    );
  });
});

describe("the named rules", () => {
  const all: [string, ThrottleRule][] = [
    ...Object.entries(SIGN_IN_RULES),
    ["sign-up", signUpRule(10)],
    ["bad token", badTokenRule(30)],
  ];
  it.each(all)("%s: a key is remembered longer than its longest delay, so the delay holds", (_, r) => {
    expect(r.forgetAfterSeconds).toBeGreaterThan(r.maxDelaySeconds);
    expect(r.firstDelaySeconds).toBeGreaterThan(0);
    // The sweep keeps every counter a rule still reads.
    expect(r.forgetAfterSeconds).toBeLessThanOrEqual(LONGEST_MEMORY_SECONDS);
  });

  it("an attacker at one address gets few password checks per hour on one account", () => {
    // Attempts as fast as allowed for an hour.
    const r = SIGN_IN_RULES.accountAndClient;
    let state: ThrottleState | null = null;
    let allowed = 0;
    for (let t = 0; t < 3600; t++) {
      const d = decideAttempt(r, state, t * 1000);
      if (d.allowed) {
        state = d.next;
        allowed++;
      }
    }
    expect(allowed).toBeLessThanOrEqual(r.free + 14);
  });
});
