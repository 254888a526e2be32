// POST /api/json: the JSON-RPC 2.0 transport of contract section 1. Parses the envelope, resolves
// the caller, runs one operation per call and shapes the responses. No rules live here.
import { authenticateToken, unauthorizedError, type TokenActor } from "../auth/tokens";
import { AppError } from "../errors";
import type { AppContext } from "../operations/define";
import { errorEnvelope, type RpcId, type RpcResponse } from "./envelope";
import { asAppError, invokeOperation } from "./invoke";
import { readBodyWithLimit } from "./read-body";
import { findOperation } from "./registry";

const HEADERS = { "content-type": "application/json; charset=utf-8", "x-api-version": "1" };

function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { ...HEADERS, ...extra } });
}

/** An HTTP-level refusal (405, 413, 415, 429): still a JSON-RPC error envelope, id null. */
function httpError(status: number, error: AppError, extra: Record<string, string> = {}): Response {
  return json(status, errorEnvelope(null, error), extra);
}

interface ParsedCall {
  id: RpcId;
  notification: boolean;
  method: string;
  params: unknown;
  token: string | null;
}

/**
 * The Bearer token of the Authorization header. Another scheme (a proxy's Basic credentials)
 * is not ours and is ignored; a malformed Bearer header counts as an unknown token.
 */
function bearerToken(req: Request): string | null {
  const header = req.headers.get("authorization")?.trim();
  if (!header || !/^Bearer(\s|$)/i.test(header)) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : "";
}

const invalidRequest = (reason: string) => new AppError("invalid_request", { data: { reason } });

/** Validates one envelope; returns the call or the error to answer with (and the id to echo). */
function parseCall(raw: unknown, headerToken: string | null): ParsedCall | { id: RpcId; error: AppError } {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { id: null, error: invalidRequest("each request must be a JSON object") };
  }
  const call = raw as Record<string, unknown>;
  const hasId = "id" in call;
  const id = call.id;
  if (hasId && !(typeof id === "string" || (typeof id === "number" && Number.isInteger(id)))) {
    return { id: null, error: invalidRequest("id must be an integer or a string") };
  }
  const echo: RpcId = hasId ? (id as string | number) : null;
  if (call.jsonrpc !== "2.0") return { id: echo, error: invalidRequest('jsonrpc must be "2.0"') };
  if (typeof call.method !== "string" || call.method === "") return { id: echo, error: invalidRequest("method must be a non-empty string") };
  if ("params" in call && (typeof call.params !== "object" || call.params === null || Array.isArray(call.params))) {
    return { id: echo, error: invalidRequest("params must be an object") };
  }
  let token: string | null = headerToken;
  if ("accessToken" in call) {
    if (typeof call.accessToken !== "string") return { id: echo, error: invalidRequest("accessToken must be a string") };
    if (headerToken !== null && headerToken !== call.accessToken) {
      return {
        id: echo,
        error: new AppError("unauthorized", { data: { reason: "accessToken and the Authorization header name different tokens; send one, or the same in both" } }),
      };
    }
    token = call.accessToken;
  }
  return { id: echo, notification: !hasId, method: call.method, params: call.params ?? {}, token };
}

export function createRpcHandler(getApp: () => Promise<AppContext>): (req: Request) => Promise<Response> {
  return async function handle(req: Request): Promise<Response> {
    try {
      return await handleRequest(req, await getApp());
    } catch (error) {
      return json(200, errorEnvelope(null, asAppError(error)));
    }
  };
}

async function handleRequest(req: Request, app: AppContext): Promise<Response> {
  if (req.method !== "POST") {
    return httpError(405, invalidRequest(`use POST; ${req.method} is not supported`), { allow: "POST" });
  }
  const contentType = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType !== "application/json") {
    return httpError(415, invalidRequest("Content-Type must be application/json"));
  }
  let text: string;
  try {
    text = await readBodyWithLimit(req, app.limits.bodyBytes);
  } catch (error) {
    if (error instanceof AppError && error.kind === "too_large") return httpError(413, error);
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json(200, errorEnvelope(null, new AppError("parse_error", { data: { reason: "the body is not valid JSON" } })));
  }

  const isBatch = Array.isArray(body);
  const rawCalls = isBatch ? (body as unknown[]) : [body];
  if (isBatch && rawCalls.length === 0) return json(200, errorEnvelope(null, invalidRequest("an empty batch is not a request")));
  if (rawCalls.length > app.limits.batch) {
    return json(
      200,
      errorEnvelope(
        null,
        new AppError("invalid_params", {
          issues: [{ code: "too_many", path: "batch", message: `a batch may hold at most ${app.limits.batch} calls, got ${rawCalls.length}` }],
        }),
      ),
    );
  }

  const headerToken = bearerToken(req);
  const calls = rawCalls.map((raw) => parseCall(raw, headerToken));

  // Authenticate each distinct token once, counting every call that uses it (a batch counts
  // each call against the rate limit).
  const perToken = new Map<string, number>();
  for (const c of calls) if ("method" in c && c.token) perToken.set(c.token, (perToken.get(c.token) ?? 0) + 1);
  const actors = new Map<string, TokenActor | AppError>();
  for (const [token, n] of perToken) {
    try {
      actors.set(token, await authenticateToken(app.countersDb ?? app.db, token, n, app.limits.ratePerMinute));
    } catch (error) {
      const appError = asAppError(error);
      if (appError.kind === "rate_limited") {
        return httpError(429, appError, { "retry-after": String(appError.data.retry_after_seconds ?? 60) });
      }
      actors.set(token, appError);
    }
  }

  const responses: RpcResponse[] = [];
  for (const call of calls) {
    const response = await runCall(app, call, actors);
    if (response) responses.push(response);
  }
  if (!isBatch) return responses[0] ? json(200, responses[0]) : new Response(null, { status: 204, headers: { "x-api-version": "1" } });
  if (responses.length === 0) return new Response(null, { status: 204, headers: { "x-api-version": "1" } });
  return json(200, responses);
}

async function runCall(
  app: AppContext,
  call: ParsedCall | { id: RpcId; error: AppError },
  actors: Map<string, TokenActor | AppError>,
): Promise<RpcResponse | null> {
  if ("error" in call) return errorEnvelope(call.id, call.error);
  const answer = (r: RpcResponse) => (call.notification ? null : r);
  const op = findOperation(call.method);
  if (!op) return answer(errorEnvelope(call.id, new AppError("method_not_found", { data: { reason: `unknown method ${JSON.stringify(call.method)}` } })));
  const actor = call.token ? actors.get(call.token) : undefined;
  if (!actor) return answer(errorEnvelope(call.id, unauthorizedError()));
  if (actor instanceof AppError) return answer(errorEnvelope(call.id, actor));
  return answer(await invokeOperation(app, { userId: actor.userId, tokenName: actor.tokenName }, op, call.params, call.id));
}
