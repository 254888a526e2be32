// The one result shape of every server action: a success with its result and warnings, or a
// failure with the JSON-RPC code, message and issues an API client would get for the same
// problem. Pure and types-only in what it imports, so client components read it too.
import type { Issue } from "../errors";
import type { RpcResponse } from "../rpc/envelope";

export interface ActionSuccess<T> {
  ok: true;
  result: T;
  warnings: Issue[];
}

export interface ActionFailure {
  ok: false;
  /** The JSON-RPC error code (contract 1.5), e.g. -32602 with issues, -32009 a conflict. */
  code: number;
  message: string;
  /** At the paths of the params (e.g. `answers[1].answer`), so a form can place them. */
  issues: Issue[];
  /** One line per issue, or the reason when there are none. */
  errors: string[];
  warnings: Issue[];
  data?: Record<string, unknown>;
}

export type ActionOutcome<T> = ActionSuccess<T> | ActionFailure;

/** The outcome an envelope of /api/json stands for (the envelope's issues keep their details). */
export function outcomeOfEnvelope<T>(response: RpcResponse): ActionOutcome<T> {
  if ("result" in response) return { ok: true, result: response.result as T, warnings: response.warning_details };
  const issues = (response.error.data?.issues as Issue[] | undefined) ?? [];
  return {
    ok: false,
    code: response.error.code,
    message: response.error.message,
    issues,
    errors: response.errors,
    warnings: response.warning_details,
    ...(response.error.data ? { data: response.error.data } : {}),
  };
}
