// The client side of the server actions' one result shape: every call goes through here, so a
// server out of reach, or a body refused before the action ran, reads like any other failure.
import type { RpcFailure } from "@/server/rpc/envelope";
import { outcomeOfEnvelope, type ActionOutcome } from "@/server/web/action-outcome";

export async function callAction<T>(send: () => Promise<ActionOutcome<T>>): Promise<ActionOutcome<T>> {
  try {
    return await send();
  } catch (error) {
    const refusal = refusalIn(error);
    if (refusal) return outcomeOfEnvelope<T>(refusal);
    return {
      ok: false,
      code: -32603,
      message: "The server could not be reached; nothing was saved. Try again.",
      issues: [],
      errors: [],
      warnings: [],
    };
  }
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
