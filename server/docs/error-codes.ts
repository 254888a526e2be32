// The error codes table of the reference: the codes come from the one list in server/errors.ts;
// what each means is written here, keyed by kind so that a new kind cannot go undescribed.
import { RPC_CODES, type AppErrorKind } from "../errors";

const MEANINGS: Record<AppErrorKind, string> = {
  parse_error: "The body is not valid JSON.",
  invalid_request: "Not a valid JSON-RPC request: missing method, wrong jsonrpc, params not an object, an empty batch.",
  method_not_found: "Unknown method.",
  invalid_params:
    "Invalid params: a rule of this reference or of the interface document is broken. data.issues lists every problem with its path.",
  internal: "Internal error. The message is generic and carries a correlation id that is in the server log.",
  unauthorized: "Missing, unknown, revoked or expired token, or accessToken and the Bearer header differ.",
  forbidden:
    "Forbidden: you are a member of the object's workspace, but your role (or the token's read scope) does not allow this call; data.reason names the role or scope it needs. Nothing changed.",
  not_found:
    "The exam, question, case study or media does not exist or belongs to someone else (the same answer in both cases).",
  conflict:
    "Conflict: the call's expected_version is not the object's stored version; nothing changed. data.current_version, data.updated_by (email, name) and data.updated_at say who saved the stored version and when.",
  too_large: "Payload too large: the body (HTTP 413) or a single resource.",
  rate_limited: "Rate limited (HTTP 429 with Retry-After); data.retry_after_seconds says when to retry.",
  unavailable:
    "Service unavailable: the database could not be reached (the connection was refused or lost, the server is restarting). HTTP 200 like every call's error; data.retry_after_seconds says when to retry. The call did not complete: retry it (a write interrupted at the very moment of its commit may have been stored; see the guide).",
};

export interface ErrorCodeRow {
  code: number;
  kind: AppErrorKind;
  meaning: string;
}

export function errorCodeRows(): ErrorCodeRow[] {
  return (Object.entries(RPC_CODES) as [AppErrorKind, number][]).map(([kind, code]) => ({
    code,
    kind,
    meaning: MEANINGS[kind],
  }));
}
