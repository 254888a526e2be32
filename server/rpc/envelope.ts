// The JSON-RPC 2.0 envelopes of contract 1.4 and 1.5.
import { apiIssue, AppError, issueToString, listedIssues, RPC_CODES, type Issue } from "../errors";

/**
 * Who reads the answer: an API client gets issues as `{ code, path, message }`; the app's own
 * server action also gets their `details`, from which it words them for the author.
 */
export type Audience = "api" | "app";

function issuesFor(issues: Issue[], audience: Audience): Issue[] {
  return audience === "api" ? issues.map(apiIssue) : issues;
}

export type RpcId = string | number | null;

export interface RpcSuccess {
  jsonrpc: "2.0";
  id: RpcId;
  result: object;
  warnings: string[];
  warning_details: Issue[];
}

export interface RpcFailure {
  jsonrpc: "2.0";
  id: RpcId;
  error: { code: number; message: string; data?: Record<string, unknown> };
  errors: string[];
  warnings: string[];
  warning_details: Issue[];
}

export type RpcResponse = RpcSuccess | RpcFailure;

export function successEnvelope(
  id: RpcId,
  result: object,
  allWarnings: Issue[],
  audience: Audience = "api",
): RpcSuccess {
  const warnings = issuesFor(listedIssues(allWarnings), audience);
  return { jsonrpc: "2.0", id, result, warnings: warnings.map(issueToString), warning_details: warnings };
}

export function errorEnvelope(
  id: RpcId,
  error: AppError,
  allWarnings: Issue[] = [],
  audience: Audience = "api",
): RpcFailure {
  const warnings = issuesFor(listedIssues(allWarnings), audience);
  const issues = issuesFor(listedIssues(error.issues), audience);
  const data: Record<string, unknown> = { ...error.data };
  if (issues.length > 0) data.issues = issues;
  const errors = issues.length > 0 ? issues.map(issueToString) : [reasonOf(error)];
  return {
    jsonrpc: "2.0",
    id,
    error: { code: RPC_CODES[error.kind], message: error.message, ...(Object.keys(data).length ? { data } : {}) },
    errors,
    warnings: warnings.map(issueToString),
    warning_details: warnings,
  };
}

function reasonOf(error: AppError): string {
  const reason = error.data.reason;
  return typeof reason === "string" ? reason : error.message;
}
