// The one test for PostgreSQL's errors: which of them mean that the database could not be reached
// (answered -32050, retryable), as the drivers really shape them, and what is logged of them.
import { describe, expect, it } from "vitest";
import { connectionFailureText, isPgConnectionError, isPgError, PG_ERROR } from "./pg-errors";

/** As drizzle wraps a driver's error: its own message (the statement) with the driver's as `cause`. */
const wrapped = (cause: unknown) =>
  Object.assign(new Error("Failed query: update api_token set … where token_hash = $1\nparams: secret-hash"), { cause });
const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isPgConnectionError", () => {
  it.each([
    ["57P01 admin_shutdown (pg_terminate_backend)", withCode("57P01", "terminating connection due to administrator command")],
    ["57P02 crash_shutdown", withCode("57P02")],
    ["57P03 cannot_connect_now (starting up)", withCode("57P03", "the database system is starting up")],
    ["class 08: connection_failure", withCode("08006")],
    ["class 08: sqlclient_unable_to_establish_sqlconnection", withCode("08001")],
    ["53300 too_many_connections", withCode("53300")],
    ["postgres.js: the server closed it", withCode("CONNECTION_CLOSED", "write CONNECTION_CLOSED 127.0.0.1:5432")],
    ["postgres.js: ended or destroyed", withCode("CONNECTION_DESTROYED")],
    ["postgres.js: connect timeout", withCode("CONNECT_TIMEOUT")],
    ["a socket refused", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["a socket reset", withCode("ECONNRESET")],
    ["node-postgres, in words only", new Error("Connection terminated unexpectedly")],
  ])("%s", (_, error) => {
    expect(isPgConnectionError(error)).toBe(true);
    expect(isPgConnectionError(wrapped(error))).toBe(true);
  });

  it("finds a refusal among the attempts of an AggregateError (a host with an IPv4 and an IPv6 address)", () => {
    const attempts = new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "");
    expect(isPgConnectionError(wrapped(attempts))).toBe(true);
  });

  it.each([
    ["a unique violation", withCode(PG_ERROR.uniqueViolation)],
    ["a deadlock victim (retried in the transaction instead)", withCode(PG_ERROR.deadlockDetected)],
    ["57014 query_canceled", withCode("57014")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["text that only contains the words", new Error("the file says: Connection terminated unexpectedly")],
    ["nothing", undefined],
  ])("not %s", (_, error) => {
    expect(isPgConnectionError(error)).toBe(false);
    expect(isPgConnectionError(wrapped(error))).toBe(false);
  });

  it("stops on an error that wraps itself", () => {
    const loop = new Error("loop");
    loop.cause = loop;
    expect(isPgConnectionError(loop)).toBe(false);
  });
});

describe("connectionFailureText", () => {
  it("names the driver's code and message, never the statement or its parameters", () => {
    const text = connectionFailureText(wrapped(withCode("CONNECTION_CLOSED", "write CONNECTION_CLOSED 127.0.0.1:5432")));
    expect(text).toBe("CONNECTION_CLOSED: write CONNECTION_CLOSED 127.0.0.1:5432");
    expect(text).not.toContain("secret-hash");
  });
});

describe("isPgError", () => {
  it("still finds a code through drizzle's wrapper, on the named constraint", () => {
    const unique = Object.assign(withCode(PG_ERROR.uniqueViolation), { constraint_name: "question_external_id_key" });
    expect(isPgError(wrapped(unique), PG_ERROR.uniqueViolation, "external_id")).toBe(true);
    expect(isPgError(wrapped(unique), PG_ERROR.uniqueViolation, "other")).toBe(false);
    expect(isPgError(wrapped(unique), [PG_ERROR.deadlockDetected, PG_ERROR.serializationFailure])).toBe(false);
  });
});
