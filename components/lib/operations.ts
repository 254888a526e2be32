// Calls an API operation from a client component through the server action, typed by method.
// Only types are imported from the operations, so no server code reaches the browser bundle.
import { runOperation } from "@/app/actions/operation";
import type { ActionOutcome } from "@/server/web/action-outcome";
import type { Method, ResultOf } from "@/server/rpc/operation-types";
import { callAction } from "./call-action";

export type { Method };

export type OperationOutcome<M extends Method> = ActionOutcome<ResultOf<M>>;

export function callOperation<M extends Method>(method: M, params: object): Promise<OperationOutcome<M>> {
  return callAction(() => runOperation(method, params) as Promise<OperationOutcome<M>>);
}
