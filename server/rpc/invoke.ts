// Runs one operation and shapes its outcome as a JSON-RPC envelope. The RPC handler and the web
// app's server actions both answer through here, so a form sees exactly what the API returns.
import { randomUUID } from "node:crypto";
import { AppError } from "../errors";
import { executeOperation, OperationFailure, type Operation } from "../operation";
import type { Actor, AppContext } from "../context";
import { errorEnvelope, successEnvelope, type Audience, type RpcId, type RpcResponse } from "./envelope";

function internalError(error: unknown): AppError {
  const ref = randomUUID();
  console.error(`[rpc] internal error ${ref}:`, error);
  return new AppError("internal", { message: `Internal error (reference ${ref})`, data: { reference: ref } });
}

export function asAppError(error: unknown): AppError {
  return error instanceof AppError ? error : internalError(error);
}

export async function invokeOperation(
  app: AppContext,
  actor: Actor,
  op: Operation<any, object>,
  params: unknown,
  id: RpcId = null,
  audience: Audience = "api",
): Promise<RpcResponse> {
  try {
    const outcome = await executeOperation(app, actor, op, params);
    return successEnvelope(id, outcome.result, outcome.warnings, audience);
  } catch (error) {
    if (error instanceof OperationFailure) return errorEnvelope(id, asAppError(error.cause), error.warnings, audience);
    return errorEnvelope(id, asAppError(error), [], audience);
  }
}
