// Runs one operation and shapes its outcome as a JSON-RPC envelope. The RPC handler and the web
// app's server actions both answer through here, so a form sees exactly what the API returns.
import { randomUUID } from "node:crypto";
import { connectionFailureText, isPgConnectionError } from "../data/pg-errors";
import { AppError, databaseUnavailable } from "../errors";
import { executeOperation, OperationFailure, type Operation } from "../operation";
import type { Actor, AppContext } from "../context";
import { errorEnvelope, successEnvelope, type Audience, type RpcId, type RpcResponse } from "./envelope";

function internalError(error: unknown): AppError {
  const ref = randomUUID();
  console.error(`[rpc] internal error ${ref}:`, error);
  return new AppError("internal", { message: `Internal error (reference ${ref})`, data: { reference: ref } });
}

/**
 * What an error answers: an AppError as itself; a lost or refused database connection as -32050,
 * which a client can retry (logged in one line: it is the database's state, not a bug); anything
 * else as -32603 with a reference to the stack in the log.
 */
export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isPgConnectionError(error)) {
    console.warn(`[rpc] the database could not be reached (answered -32050): ${connectionFailureText(error)}`);
    return databaseUnavailable();
  }
  return internalError(error);
}

export async function invokeOperation(
  app: AppContext,
  actor: Actor,
  op: Operation,
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
