// Limits and settings from the environment (contract 10), validated once with a clear message.
import { z } from "zod";

const count = (def: number) => z.coerce.number().int().min(0).default(def);

const envSchema = z.object({
  LIMIT_BODY_MB: count(64),
  LIMIT_RESOURCE_MB: count(16),
  LIMIT_RESOURCES: count(100),
  LIMIT_HTML_KB: count(512),
  LIMIT_ANSWERS: count(100),
  LIMIT_TEXT_ANSWERS: count(100),
  LIMIT_BATCH: count(100),
  RATE_LIMIT_PER_MINUTE: count(600),
  LIMIT_SIGN_UPS: count(10),
  LIMIT_BAD_TOKENS: count(30),
});

export interface Limits {
  /** Bytes; 0 = no limit. */
  bodyBytes: number;
  resourceBytes: number;
  resources: number;
  htmlBytes: number;
  answers: number;
  textAnswers: number;
  batch: number;
  ratePerMinute: number;
  /** Sign-ups from one client address before each further one waits (server/auth/throttle-rule.ts). */
  signUps: number;
  /** Calls with an unknown, revoked or expired token from one client address before each further one waits. */
  badTokens: number;
}

/** 0 turns a limit off: it becomes infinite. */
const orInfinity = (n: number) => (n === 0 ? Number.POSITIVE_INFINITY : n);

export function readLimits(env: Record<string, string | undefined> = process.env): Limits {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: must be a whole number ≥ 0`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    bodyBytes: orInfinity(e.LIMIT_BODY_MB * 1024 * 1024),
    resourceBytes: orInfinity(e.LIMIT_RESOURCE_MB * 1024 * 1024),
    resources: orInfinity(e.LIMIT_RESOURCES),
    htmlBytes: orInfinity(e.LIMIT_HTML_KB * 1024),
    answers: orInfinity(e.LIMIT_ANSWERS),
    textAnswers: orInfinity(e.LIMIT_TEXT_ANSWERS),
    batch: orInfinity(e.LIMIT_BATCH),
    ratePerMinute: orInfinity(e.RATE_LIMIT_PER_MINUTE),
    signUps: orInfinity(e.LIMIT_SIGN_UPS),
    badTokens: orInfinity(e.LIMIT_BAD_TOKENS),
  };
}

/** A limit as a person reads it: "64 MiB", "512 KiB", else the exact byte count. */
export function formatBytes(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / 1024 / 1024} MiB`;
  if (n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
