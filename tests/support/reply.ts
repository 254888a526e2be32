// The JSON-RPC envelope as a test client reads it, typed by method: a call of a known method
// gets its result's type from the operation itself (server/rpc/operation-types.ts), so a test
// that reads a field the method does not return fails the type check.
import type { Method, ResultOf } from "@/server/rpc/operation-types";

export interface ReplyIssue {
  code: string;
  path: string;
  message: string;
}

/** An error's data: the issues, and whatever else the error adds (versions, reasons, retry hints). */
export interface ReplyErrorData {
  issues?: ReplyIssue[];
  [key: string]: unknown;
}

export interface ReplyError {
  code: number;
  message: string;
  data?: ReplyErrorData;
}

/** One response envelope; `R` is the result of a success. */
export interface Reply<R = Record<string, unknown>> {
  jsonrpc: "2.0";
  id: string | number | null;
  result?: R;
  error?: ReplyError;
  errors?: string[];
  warnings: string[];
  warning_details: ReplyIssue[];
}

/** The reply to a call of `M`: typed by its operation when `M` is an API method. */
export type ReplyTo<M extends string> = Reply<M extends Method ? ResultOf<M> : Record<string, unknown>>;

/** The result of a reply, with its type. */
export type ResultIn<T> = T extends Reply<infer R> ? R : never;
