// PostgreSQL's error codes (SQLSTATE) that the app acts on, and the one test for them. Both
// drivers set `code`; postgres.js names the constraint in `constraint_name`, PGlite in
// `constraint`; drizzle wraps the driver's error, so the test walks the `cause` chain.

export const PG_ERROR = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  deadlockDetected: "40P01",
  serializationFailure: "40001",
} as const;

type PgErrorCode = (typeof PG_ERROR)[keyof typeof PG_ERROR];

/** True when `error` or an error it wraps has one of `codes`, on a constraint whose name contains `constraint` when given. */
export function isPgError(error: unknown, codes: PgErrorCode | readonly PgErrorCode[], constraint?: string): boolean {
  const wanted: readonly string[] = typeof codes === "string" ? [codes] : codes;
  for (let e: any = error; e; e = e.cause) {
    if (!wanted.includes(e.code)) continue;
    if (constraint === undefined || String(e.constraint_name ?? e.constraint ?? e.message ?? "").includes(constraint)) return true;
  }
  return false;
}
