"use server";
// Runs any API operation as the signed-in author: the same handler and the same answer as
// /api/json (errors with their issue paths, warnings), in the server actions' one result shape.
import { AppError } from "@/server/errors";
import { getAppContext } from "@/server/app-context";
import { invokeOperation } from "@/server/rpc/invoke";
import { findOperation } from "@/server/rpc/registry";
import { materialize } from "@/server/raw-json";
import { outcomeOfEnvelope, type ActionOutcome } from "@/server/web/action-outcome";
import { failureOf } from "@/server/web/action-step";
import { asAuthor } from "@/server/web/as-author";
import { webActor } from "@/server/web/session";

export async function runOperation(method: string, params: unknown): Promise<ActionOutcome<object>> {
  return asAuthor(async (author) => {
    // A server action's arguments are whatever the client sent, not what the type says.
    const op = typeof method === "string" ? findOperation(method) : undefined;
    if (!op) {
      const named = typeof method === "string" ? JSON.stringify(method.slice(0, 100)) : `of type ${typeof method}`;
      return failureOf(new AppError("method_not_found", { data: { reason: `unknown method ${named}` } }));
    }
    // Plain data for the client (a list's JSON text from the database is parsed here); issues keep
    // their details, from which the app words them for the author.
    const envelope = await invokeOperation(await getAppContext(), webActor(author), op, params, null, "app");
    return outcomeOfEnvelope(materialize(envelope));
  });
}
