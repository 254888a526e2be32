// Limits and settings from the environment (contract 10), validated once with a clear message.
import { availableParallelism } from "node:os";
import { z } from "zod";

/**
 * The default of every limit with a fixed default, by the environment variable that changes it.
 * The env schema is built from this object, and docs/api/limits.md's table is checked against it
 * (config.test.ts), so a default is written in one place here and cannot drift from the docs.
 */
export const LIMIT_DEFAULTS = {
  LIMIT_BODY_MB: 64,
  LIMIT_RESOURCE_MB: 16,
  LIMIT_RESOURCES: 100,
  LIMIT_HTML_KB: 512,
  LIMIT_ANSWERS: 100,
  LIMIT_TEXT_ANSWERS: 100,
  LIMIT_IMPORT_MB: 45,
  LIMIT_IMPORT_QUESTIONS: 10_000,
  LIMIT_BATCH: 100,
  RATE_LIMIT_PER_MINUTE: 600,
  LIMIT_SIGN_UPS: 10,
  LIMIT_BAD_TOKENS: 30,
  LIMIT_PARSE_SECONDS: 10,
  LIMIT_PARSE_MEMORY_MB: 256,
} as const;

/**
 * PARSE_WORKERS when unset: the cores less `coresLeft` (the threads that answer requests, and the
 * database beside them, keep those), within `min` and `max`.
 */
export const PARSE_WORKERS_DEFAULT = { coresLeft: 1, min: 1, max: 4 } as const;
/** The most PARSE_WORKERS may be set to. */
export const PARSE_WORKERS_MAX = 64;
/**
 * LIMIT_INFLIGHT_BODY_MB when unset, per parse worker: large bodies wait for parse workers
 * anyway, and this much per worker keeps them busy without holding more bodies in memory than
 * they can work on.
 */
export const INFLIGHT_BODY_MB_PER_WORKER = 32;
/**
 * SIMILARITY_INDEX_QUESTIONS when unset: questions each process keeps in memory for the
 * similar_question advice, over every workspace (about 1 kB each; server/data/
 * similarity-index-store.ts). 0 keeps none: every look-up asks the database.
 */
export const SIMILARITY_INDEX_QUESTIONS_DEFAULT = 250_000;
/** IMPORT_WORKERS: import workers per process (each one reads one file at a time), and its bounds. */
export const IMPORT_WORKERS_RANGE = { default: 2, min: 1, max: 16 } as const;

const count = (def: number) => z.coerce.number().int().min(0).default(def);
type Counts = { [K in keyof typeof LIMIT_DEFAULTS]: ReturnType<typeof count> };

const envSchema = z.object({
  ...(Object.fromEntries(Object.entries(LIMIT_DEFAULTS).map(([name, def]) => [name, count(def)])) as Counts),
  // Defaults that depend on the machine: computed in readLimits.
  LIMIT_INFLIGHT_BODY_MB: z.coerce.number().int().min(0).optional(),
  PARSE_WORKERS: z.coerce.number().int().min(0).max(PARSE_WORKERS_MAX).optional(),
  IMPORT_WORKERS: z.coerce.number().int().min(1).max(IMPORT_WORKERS_RANGE.max).default(IMPORT_WORKERS_RANGE.default),
  SIMILARITY_INDEX_QUESTIONS: count(SIMILARITY_INDEX_QUESTIONS_DEFAULT),
});

/** Every environment variable this module reads. */
export const LIMIT_VARIABLES = Object.keys(envSchema.shape) as readonly (keyof typeof envSchema.shape)[];

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
  /** Questions kept in memory for the similar_question advice, all workspaces together; 0 keeps none. */
  similarityIndexQuestions: number;
}

/** 0 turns a limit off: it becomes infinite. */
const orInfinity = (n: number) => (n === 0 ? Number.POSITIVE_INFINITY : n);

export function readLimits(env: Record<string, string | undefined> = process.env): Limits {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const ranges: Record<string, string> = {
      PARSE_WORKERS: `a whole number ≥ 0 and at most ${PARSE_WORKERS_MAX}`,
      IMPORT_WORKERS: `a whole number from ${IMPORT_WORKERS_RANGE.min} to ${IMPORT_WORKERS_RANGE.max}`,
    };
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join(".")}: must be ${ranges[String(i.path[0])] ?? "a whole number ≥ 0"}`,
    );
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const { coresLeft, min, max } = PARSE_WORKERS_DEFAULT;
  const parseWorkers = e.PARSE_WORKERS ?? Math.max(min, Math.min(max, availableParallelism() - coresLeft));
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
    inflightBodyBytes: orInfinity(
      (e.LIMIT_INFLIGHT_BODY_MB ?? INFLIGHT_BODY_MB_PER_WORKER * Math.max(1, parseWorkers)) * 1024 * 1024,
    ),
    parseMs: orInfinity(e.LIMIT_PARSE_SECONDS * 1000),
    parseMemoryMb: orInfinity(e.LIMIT_PARSE_MEMORY_MB),
    parseWorkers,
    importWorkers: e.IMPORT_WORKERS,
    similarityIndexQuestions: e.SIMILARITY_INDEX_QUESTIONS,
  };
}
