// Calls an API operation from a client component through the server action, typed by method.
// Only types are imported from the operations, so no server code reaches the browser bundle.
import { runOperation } from "@/app/actions/operation";
import type { Issue } from "@/server/errors";
import type { RpcFailure, RpcResponse } from "@/server/rpc/envelope";
import type { Method, ResultOf } from "@/server/rpc/operation-types";

export type { Method };

export type OperationOutcome<M extends Method> =
  | { ok: true; result: ResultOf<M>; warnings: Issue[] }
  /** `issues` carry the paths of the params (e.g. `answers[1].answer`) so a form can place them. */
  | {
      ok: false;
      code: number;
      message: string;
      issues: Issue[];
      errors: string[];
      warnings: Issue[];
      data?: Record<string, unknown>;
    };

export async function callOperation<M extends Method>(method: M, params: object): Promise<OperationOutcome<M>> {
  let response: RpcResponse;
  try {
    response = await runOperation(method, params);
  } catch (error) {
    const refusal = refusalIn(error);
    if (!refusal)
      return {
        ok: false,
        code: -32603,
        message: "The server could not be reached; nothing was saved. Try again.",
        issues: [],
        errors: [],
        warnings: [],
      };
    response = refusal;
  }
  if ("result" in response)
    return { ok: true, result: response.result as ResultOf<M>, warnings: response.warning_details };
  const issues = (response.error.data?.issues as Issue[] | undefined) ?? [];
  return {
    ok: false,
    code: response.error.code,
    message: response.error.message,
    issues,
    errors: response.errors,
    warnings: response.warning_details,
    data: response.error.data,
  };
}

/**
 * The error envelope of a call refused before its server action ran: proxy.ts answers a body over
 * LIMIT_BODY_MB with it as `text/plain`, whose text Next's client throws as the error's message
 * (server/web/body-limits.ts). Null for any other failure.
 */
function refusalIn(error: unknown): RpcFailure | null {
  if (!(error instanceof Error) || !error.message.startsWith('{"jsonrpc"')) return null;
  try {
    const envelope = JSON.parse(error.message) as RpcFailure;
    return envelope.jsonrpc === "2.0" && typeof envelope.error?.code === "number" ? envelope : null;
  } catch {
    return null;
  }
}
