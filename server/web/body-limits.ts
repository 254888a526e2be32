// How large a request body each of Next's layers passes on, all from LIMIT_BODY_MB, so that every
// body up to it reaches its handler whole (docs/decisions.md, "Request bodies through Next"):
// - Next's proxy (proxy.ts) keeps a copy of the body of every request it runs for and hands the
//   route or server action behind it only the first experimental.proxyClientMaxBodySize bytes
//   (10 MB unless set), the rest cut off (node_modules/next/dist/server/body-streams.js).
//   /api/json is not matched by the proxy at all; server actions are (their origin is checked).
// - A server action then reads at most experimental.serverActions.bodySizeLimit, and answers
//   a body over it with a 500 (action-handler.js): the proxy refuses a declared length over the
//   limit first, with a 413 the app can read (bodyTooLargeText).
import { readLimits, type Limits } from "../config";
import { AppError } from "../errors";
import { errorEnvelope } from "../rpc/envelope";
import { checkDeclaredLength } from "../rpc/read-body";

type BodyLimit = Pick<Limits, "bodyBytes">;

/** What a server action takes: what /api/json takes; with no limit, the largest Next allows. */
export function actionBodyLimit(limits: BodyLimit = readLimits()): number {
  return Number.isFinite(limits.bodyBytes) ? limits.bodyBytes : 2 ** 31 - 1;
}

/**
 * What the proxy keeps of a body: more than a server action takes, by more than one chunk of
 * Node's HTTP parser (64 KiB at most). A body the proxy would cut (one sent without a length, the
 * only kind that gets past it over the limit) is then always longer than the action's limit
 * where it was cut, and Next refuses it unread: a cut body is never parsed.
 */
export function proxyBodyLimit(limits: BodyLimit = readLimits()): number {
  return actionBodyLimit(limits) + 1024 * 1024;
}

/**
 * The proxy's answer to a request whose Content-Length is over LIMIT_BODY_MB, or null: the
 * JSON-RPC error envelope /api/json answers such a body with (-32013, the limit in its data), as
 * the text of a `text/plain` 413. Next's client hands a server action's `text/plain` error
 * answer to the caller as the error's message (server-action-reducer.js), from which the app
 * shows what happened (components/lib/operations.ts).
 */
export function bodyTooLargeText(contentLength: string | null, limits: BodyLimit = readLimits()): string | null {
  try {
    checkDeclaredLength(contentLength, limits.bodyBytes);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return JSON.stringify(errorEnvelope(null, error));
  }
}
