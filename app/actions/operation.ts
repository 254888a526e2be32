"use server";
// The one server action of the authoring app: runs an API operation as the signed-in author and
// answers with the same envelope /api/json would (errors with their issue paths, warnings).
import { AppError } from "@/server/errors";
import { getAppContext } from "@/server/app-context";
import { errorEnvelope, type RpcResponse } from "@/server/rpc/envelope";
import { invokeOperation } from "@/server/rpc/invoke";
import { findOperation } from "@/server/rpc/registry";
import { materialize } from "@/server/raw-json";
import { getAuthor, webActor } from "@/server/web/session";

export async function runOperation(method: string, params: unknown): Promise<RpcResponse> {
  const author = await getAuthor();
  if (!author)
    return errorEnvelope(
      null,
      new AppError("unauthorized", { data: { reason: "your session has ended; sign in again" } }),
    );
  // A server action's arguments are whatever the client sent, not what the type says.
  const op = typeof method === "string" ? findOperation(method) : undefined;
  if (!op) {
    const named = typeof method === "string" ? JSON.stringify(method.slice(0, 100)) : `of type ${typeof method}`;
    return errorEnvelope(null, new AppError("method_not_found", { data: { reason: `unknown method ${named}` } }));
  }
  // Plain data for the client (a list's JSON text from the database is parsed here); issues keep
  // their details, from which the app words them for the author.
  return materialize(await invokeOperation(await getAppContext(), webActor(author), op, params, null, "app"));
}
