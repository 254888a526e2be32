// Limits and settings from the environment (contract 10), validated once with a clear message.
import { availableParallelism } from "node:os";
import { z } from "zod";

const count = (def: number) => z.coerce.number().int().min(0).default(def);

const envSchema = z.object({
  LIMIT_BODY_MB: count(64),
  LIMIT_RESOURCE_MB: count(16),
  LIMIT_RESOURCES: count(100),
  LIMIT_HTML_KB: count(512),
  LIMIT_ANSWERS: count(100),
  LIMIT_TEXT_ANSWERS: count(100),
  LIMIT_IMPORT_MB: count(45),
  LIMIT_IMPORT_QUESTIONS: count(10_000),
  LIMIT_BATCH: count(100),
  RATE_LIMIT_PER_MINUTE: count(600),
  LIMIT_SIGN_UPS: count(10),
  LIMIT_BAD_TOKENS: count(30),
  LIMIT_INFLIGHT_BODY_MB: z.coerce.number().int().min(0).optional(),
  LIMIT_PARSE_SECONDS: count(10),
  LIMIT_PARSE_MEMORY_MB: count(256),
  PARSE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  IMPORT_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
});

export interface Limits {
  /** Bytes; 0 = no limit. */
  bodyBytes: number;
  resourceBytes: number;
  resources: number;
  htmlBytes: number;
  answers: number;
  textAnswers: number;
  /** An imported file, decoded (and everything a zip inflates to), in bytes (contract 13.2.8). */
  importBytes: number;
  /** Items in one imported file. */
  importQuestions: number;
  batch: number;
  ratePerMinute: number;
  /** Sign-ups from one client address before each further one waits (server/auth/throttle-rule.ts). */
  signUps: number;
  /** Calls with an unknown, revoked or expired token from one client address before each further one waits. */
  badTokens: number;
  /** Bodies over 1 MiB handled at once in one process, in bytes (server/body-gate.ts). */
  inflightBodyBytes: number;
  /** One parse task in a worker (a resource, an HTML field), in milliseconds. */
  parseMs: number;
  /** The heap of one parse worker, in MiB. */
  parseMemoryMb: number;
  /** Parse worker threads; 0 parses on the request's thread (no budgets then). */
  parseWorkers: number;
  /** Import worker threads, each reading one large import file at a time (none when parseWorkers is 0). */
  importWorkers: number;
}

/** 0 turns a limit off: it becomes infinite. */
const orInfinity = (n: number) => (n === 0 ? Number.POSITIVE_INFINITY : n);

export function readLimits(env: Record<string, string | undefined> = process.env): Limits {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const ranges: Record<string, string> = {
      PARSE_WORKERS: "a whole number ≥ 0 and at most 64",
      IMPORT_WORKERS: "a whole number from 1 to 16",
    };
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}: must be ${ranges[String(i.path[0])] ?? "a whole number ≥ 0"}`,
    );
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // One core is left to the threads that answer requests (and the database beside them).
  const parseWorkers = e.PARSE_WORKERS ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  return {
    bodyBytes: orInfinity(e.LIMIT_BODY_MB * 1024 * 1024),
    resourceBytes: orInfinity(e.LIMIT_RESOURCE_MB * 1024 * 1024),
    resources: orInfinity(e.LIMIT_RESOURCES),
    htmlBytes: orInfinity(e.LIMIT_HTML_KB * 1024),
    answers: orInfinity(e.LIMIT_ANSWERS),
    textAnswers: orInfinity(e.LIMIT_TEXT_ANSWERS),
    importBytes: orInfinity(e.LIMIT_IMPORT_MB * 1024 * 1024),
    importQuestions: orInfinity(e.LIMIT_IMPORT_QUESTIONS),
    batch: orInfinity(e.LIMIT_BATCH),
    ratePerMinute: orInfinity(e.RATE_LIMIT_PER_MINUTE),
    signUps: orInfinity(e.LIMIT_SIGN_UPS),
    badTokens: orInfinity(e.LIMIT_BAD_TOKENS),
    // Large bodies wait for parse workers anyway: 32 MiB of them per worker keeps the workers
    // busy without holding more bodies in memory than they can work on.
    inflightBodyBytes: orInfinity((e.LIMIT_INFLIGHT_BODY_MB ?? 32 * Math.max(1, parseWorkers)) * 1024 * 1024),
    parseMs: orInfinity(e.LIMIT_PARSE_SECONDS * 1000),
    parseMemoryMb: orInfinity(e.LIMIT_PARSE_MEMORY_MB),
    parseWorkers,
    importWorkers: e.IMPORT_WORKERS,
  };
}
