// One error type for the whole product, and the issue/warning shapes every layer reports in.
// Pure: imported by operations, the RPC layer and the browser (forms show the same messages).
import type { IssueCode, IssueDetails } from "./issue-codes";

export type { IssueCode, IssueDetails } from "./issue-codes";

/** One problem (error or warning) at one place of the request. */
export interface Issue {
  /** Stable machine-readable code, e.g. `answers_required`: one of ISSUE_CODES. */
  code: IssueCode;
  /** Where, in the request's own terms: `exam.testing_time`, `answers[2].answer`. */
  path: string;
  /** What was wrong and what is allowed, for a client of the API. */
  message: string;
  /** What the app's author wording needs (never in an API response: see apiIssue). */
  details?: IssueDetails;
}

/** The issue as the API answers it: code, path and message only. */
export function apiIssue(issue: Issue): Issue {
  return issue.details === undefined ? issue : { code: issue.code, path: issue.path, message: issue.message };
}

export const RPC_CODES = {
  parse_error: -32700,
  invalid_request: -32600,
  method_not_found: -32601,
  invalid_params: -32602,
  internal: -32603,
  unauthorized: -32001,
  forbidden: -32003,
  not_found: -32004,
  conflict: -32009,
  too_large: -32013,
  rate_limited: -32029,
  unavailable: -32050,
} as const;

export type AppErrorKind = keyof typeof RPC_CODES;

const DEFAULT_MESSAGES: Record<AppErrorKind, string> = {
  parse_error: "Parse error",
  invalid_request: "Invalid Request",
  method_not_found: "Method not found",
  invalid_params: "Invalid params",
  internal: "Internal error",
  unauthorized: "Unauthorized",
  forbidden: "Forbidden",
  not_found: "Not found",
  conflict: "Conflict",
  too_large: "Payload too large",
  rate_limited: "Rate limited",
  unavailable: "Service unavailable",
};

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly issues: Issue[];
  readonly data: Record<string, unknown>;

  constructor(kind: AppErrorKind, opts: { message?: string; issues?: Issue[]; data?: Record<string, unknown> } = {}) {
    super(opts.message ?? DEFAULT_MESSAGES[kind]);
    this.name = "AppError";
    this.kind = kind;
    this.issues = opts.issues ?? [];
    this.data = opts.data ?? {};
  }

  get rpcCode(): number {
    return RPC_CODES[this.kind];
  }
}

/**
 * The most issues (and, separately, warnings) one answer lists; past it the answer says that more
 * were found. A request can hold a wrong value in each of a hundred thousand places.
 */
export const MAX_REPORTED_ISSUES = 1000;

/** `issues` cut to MAX_REPORTED_ISSUES, with a last one saying that more were found. */
export function listedIssues(issues: Issue[]): Issue[] {
  if (issues.length <= MAX_REPORTED_ISSUES) return issues;
  return [
    ...issues.slice(0, MAX_REPORTED_ISSUES),
    {
      code: "more_issues",
      path: "",
      message: `more problems of the same request are not listed; only the first ${MAX_REPORTED_ISSUES} are`,
    },
  ];
}

export function invalidParams(issues: Issue[]): AppError {
  return new AppError("invalid_params", { issues });
}

/**
 * The wait asked of a client when the database could not be reached: a lost connection is
 * replaced by the next call at once, a restarting server takes a few seconds.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** -32050: the database could not be reached (isPgConnectionError in server/data/pg-errors.ts says when). */
export function databaseUnavailable(): AppError {
  const wait = DATABASE_RETRY_AFTER_SECONDS;
  return new AppError("unavailable", {
    message: `Service unavailable: the database could not be reached; retry after ${wait} s`,
    data: { retry_after_seconds: wait },
  });
}

/** The same answer for "does not exist" and "belongs to someone else" (contract 2.3). */
export function notFound(what: string, path: string, id: unknown): AppError {
  return new AppError("not_found", {
    issues: [{ code: "not_found", path, message: `${what} ${JSON.stringify(id)} does not exist` }],
  });
}

/** `path: message`, the plain-string form that `errors` and `warnings` carry. */
export function issueToString(issue: Issue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * Joins a base path and a key or index: `answers[2]`, `question.type`, `match.targ-2`; a key that
 * is not a plain name (a resource path such as `img/a.png`) is quoted: `resources["img/a.png"]`.
 */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  if (!PLAIN_KEY.test(key)) return `${base}[${JSON.stringify(key)}]`;
  return base ? `${base}.${key}` : key;
}

/**
 * Collects errors and warnings while a request is checked, so that every problem of a request
 * is reported together rather than only the first.
 */
export class Report {
  readonly errors: Issue[] = [];
  readonly warnings: Issue[] = [];

  error(code: IssueCode, path: string, message: string, details?: IssueDetails): void {
    this.errors.push(details ? { code, path, message, details } : { code, path, message });
  }

  warn(code: IssueCode, path: string, message: string, details?: IssueDetails): void {
    this.warnings.push(details ? { code, path, message, details } : { code, path, message });
  }

  merge(other: { errors?: Issue[]; warnings?: Issue[] }): void {
    // One by one: a spread into push() throws past about 120,000 issues.
    for (const e of other.errors ?? []) this.errors.push(e);
    for (const w of other.warnings ?? []) this.warnings.push(w);
  }

  get ok(): boolean {
    return this.errors.length === 0;
  }

  /** Throws -32602 with every collected error when there is at least one. */
  throwIfErrors(): void {
    if (this.errors.length > 0) throw invalidParams(this.errors);
  }
}
