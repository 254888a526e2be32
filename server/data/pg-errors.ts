// PostgreSQL's error codes (SQLSTATE) that the app acts on, and the one test for them. Both
// drivers set `code`; postgres.js names the constraint in `constraint_name`, PGlite in
// `constraint`; drizzle wraps the driver's error, so the tests walk the `cause` chain.

export const PG_ERROR = {
  uniqueViolation: "23505",
  foreignKeyViolation: "23503",
  deadlockDetected: "40P01",
  serializationFailure: "40001",
} as const;

type PgErrorCode = (typeof PG_ERROR)[keyof typeof PG_ERROR];

/** What the drivers' errors carry that these tests read. */
interface DriverError {
  code?: unknown;
  message?: unknown;
  constraint_name?: unknown;
  constraint?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** `error` and the errors it wraps: drizzle's `cause` chain, and the attempts of an AggregateError (a host with several addresses). */
function* causes(error: unknown): Generator<DriverError> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const driver = e as DriverError;
    yield driver;
    queue.push(driver.cause);
    if (Array.isArray(driver.errors)) queue.push(...(driver.errors as unknown[]));
  }
}

/** True when `error` or an error it wraps has one of `codes`, on a constraint whose name contains `constraint` when given. */
export function isPgError(error: unknown, codes: PgErrorCode | readonly PgErrorCode[], constraint?: string): boolean {
  const wanted: readonly string[] = typeof codes === "string" ? [codes] : codes;
  for (const e of causes(error)) {
    if (typeof e.code !== "string" || !wanted.includes(e.code)) continue;
    if (constraint === undefined || String(e.constraint_name ?? e.constraint ?? e.message ?? "").includes(constraint))
      return true;
  }
  return false;
}

/**
 * The server ended the session or cannot take one now: 08xxx (connection exception), 57P01
 * admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, in recovery), 57P05 idle_session_timeout, 53300
 * too_many_connections. Each leaves the statement undone and a new connection may well succeed.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "57P05", "53300"]);

/**
 * The socket could not be opened or was lost (Node's system errors), or postgres.js gave up on a
 * connection it had (its own codes: the server closed it, it was ended or destroyed, the connect
 * timed out).
 */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/** node-postgres says it in words only, with no code (whole messages, so no other text can pass for one). */
const CONNECTION_MESSAGE = /^Connection terminated( unexpectedly| due to connection timeout)?$/i;

/**
 * True when `error` (or one it wraps) says the database could not be reached: the connection was
 * refused, lost or ended by the server, as opposed to a statement the database refused. Such a
 * call may succeed when tried again a moment later, on a new connection.
 */
export function isPgConnectionError(error: unknown): boolean {
  return connectionCause(error) !== null;
}

/** What the driver said about the lost connection, for the log ("CONNECTION_CLOSED: write CONNECTION_CLOSED host:5432"): never the statement or its parameters. */
export function connectionFailureText(error: unknown): string {
  const e = connectionCause(error);
  return e ? `${typeof e.code === "string" ? e.code : "no code"}: ${String(e.message).slice(0, 200)}` : "";
}

function connectionCause(error: unknown): DriverError | null {
  for (const e of causes(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code) || CONNECTION_CODES.has(code)) return e;
    if (!code && typeof e.message === "string" && CONNECTION_MESSAGE.test(e.message)) return e;
  }
  return null;
}
