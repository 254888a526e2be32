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
  if (!author) return errorEnvelope(null, new AppError("unauthorized", { data: { reason: "your session has ended; sign in again" } }));
  const op = findOperation(method);
  if (!op) return errorEnvelope(null, new AppError("method_not_found", { data: { reason: `unknown method ${JSON.stringify(method)}` } }));
  // Plain data for the client (a list's JSON text from the database is parsed here).
  return materialize(await invokeOperation(await getAppContext(), webActor(author), op, params));
}
