// POST /api/json: the JSON-RPC 2.0 transport of contract section 1. Parses the envelope, resolves
// the caller, runs one operation per call and shapes the responses. No rules live here, and no
// HTTP library either: the two adapters (web-adapter.ts for Next's route handler, node-adapter.ts
// for the production server) give it an RpcHttpRequest and write out the RpcHttpResponse.
import { authenticateToken, limitBadTokens, unauthorizedError, type TokenActor } from "../auth/tokens";
import { AppError } from "../errors";
import type { AppContext } from "../context";
import { errorEnvelope, type RpcId, type RpcResponse } from "./envelope";
import { asAppError, invokeOperation } from "./invoke";
import { findOperation } from "./registry";
import { stringifyWithRaw } from "../raw-json";
import { EVERY_ANSWER, NOT_FRAMABLE } from "../web/security-headers";

/** What the transport needs of an HTTP request. */
export interface RpcHttpRequest {
  method: string;
  /** A header's value by its lower-case name, or null. */
  header(name: string): string | null;
  /** The body as UTF-8 text; throws AppError "too_large" past `limitBytes` without reading on. */
  readBody(limitBytes: number): Promise<string>;
  /** The caller's network address (server/net/client-address.ts); null when unknown. */
  clientAddress(): string | null;
}

export interface RpcHttpResponse {
  status: number;
  headers: Record<string, string>;
  /** The JSON text, or null for an empty body (204). */
  body: string | null;
}

// The app's security headers too: under `npm start` these answers do not pass through Next.
const BARE_HEADERS = { ...EVERY_ANSWER, ...NOT_FRAMABLE, "x-api-version": "1" };
const HEADERS = { "content-type": "application/json; charset=utf-8", ...BARE_HEADERS };

function json(status: number, body: unknown, extra: Record<string, string> = {}): RpcHttpResponse {
  return { status, headers: { ...HEADERS, ...extra }, body: stringifyWithRaw(body) };
}

const noContent = (): RpcHttpResponse => ({ status: 204, headers: { ...BARE_HEADERS }, body: null });

/** An HTTP-level refusal (405, 413, 415, 429): still a JSON-RPC error envelope, id null. */
function httpError(status: number, error: AppError, extra: Record<string, string> = {}): RpcHttpResponse {
  return json(status, errorEnvelope(null, error), extra);
}

/** HTTP 429 with Retry-After (contract 1.3) for a -32029. */
function rateLimited(error: AppError): RpcHttpResponse {
  return httpError(429, error, { "retry-after": String(error.data.retry_after_seconds ?? 60) });
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
function bearerToken(req: RpcHttpRequest): string | null {
  const header = req.header("authorization")?.trim();
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
  if (typeof call.method !== "string" || call.method === "")
    return { id: echo, error: invalidRequest("method must be a non-empty string") };
  if ("params" in call && (typeof call.params !== "object" || call.params === null || Array.isArray(call.params))) {
    return { id: echo, error: invalidRequest("params must be an object") };
  }
  let token: string | null = headerToken;
  if ("accessToken" in call) {
    if (typeof call.accessToken !== "string")
      return { id: echo, error: invalidRequest("accessToken must be a string") };
    if (headerToken !== null && headerToken !== call.accessToken) {
      return {
        id: echo,
        error: new AppError("unauthorized", {
          data: {
            reason: "accessToken and the Authorization header name different tokens; send one, or the same in both",
          },
        }),
      };
    }
    token = call.accessToken;
  }
  return { id: echo, notification: !hasId, method: call.method, params: call.params ?? {}, token };
}

/** Answers one HTTP request to /api/json; never throws (an unexpected failure is a -32603). */
export async function serveRpc(getApp: () => Promise<AppContext>, req: RpcHttpRequest): Promise<RpcHttpResponse> {
  try {
    return await handleRequest(req, await getApp());
  } catch (error) {
    return json(200, errorEnvelope(null, asAppError(error)));
  }
}

async function handleRequest(req: RpcHttpRequest, app: AppContext): Promise<RpcHttpResponse> {
  if (req.method !== "POST") {
    return httpError(405, invalidRequest(`use POST; ${req.method} is not supported`), { allow: "POST" });
  }
  const contentType = (req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType !== "application/json") {
    return httpError(415, invalidRequest("Content-Type must be application/json"));
  }
  // A large body takes its turn (body-gate.ts): one whose length is declared waits before it is
  // read (one declared over the limit is refused at once, unread); one sent without a length
  // (chunked) is read first and then waits by its real size.
  const declared = Number(req.header("content-length") ?? Number.NaN);
  const known = Number.isFinite(declared) && declared >= 0;
  const releases: (() => void)[] = [];
  try {
    if (known && declared <= app.limits.bodyBytes) releases.push(await app.bodyGate.admit(declared));
    return await handleBody(
      req,
      app,
      known ? null : async (chars) => void releases.push(await app.bodyGate.admit(chars)),
    );
  } finally {
    for (const release of releases) release();
  }
}

/**
 * The parsed body, or the answer that refuses it. A function of its own so that the body's text
 * (up to the body limit) can be collected as soon as it is parsed, not held while the calls run.
 * `admit` (bodies of unknown length) waits for the body's turn once its size is known.
 */
async function readJson(
  req: RpcHttpRequest,
  app: AppContext,
  admit: ((chars: number) => Promise<void>) | null,
): Promise<{ body: unknown } | { refusal: RpcHttpResponse }> {
  let text: string;
  try {
    text = await req.readBody(app.limits.bodyBytes);
  } catch (error) {
    // The rest of the body is not read: the connection is closed after the answer.
    if (error instanceof AppError && error.kind === "too_large")
      return { refusal: httpError(413, error, { connection: "close" }) };
    throw error;
  }
  await admit?.(text.length);
  try {
    return { body: JSON.parse(text) };
  } catch {
    return {
      refusal: json(
        200,
        errorEnvelope(null, new AppError("parse_error", { data: { reason: "the body is not valid JSON" } })),
      ),
    };
  }
}

async function handleBody(
  req: RpcHttpRequest,
  app: AppContext,
  admit: ((chars: number) => Promise<void>) | null,
): Promise<RpcHttpResponse> {
  const read = await readJson(req, app, admit);
  if ("refusal" in read) return read.refusal;
  const { body } = read;

  const isBatch = Array.isArray(body);
  const rawCalls = isBatch ? (body as unknown[]) : [body];
  if (isBatch && rawCalls.length === 0)
    return json(200, errorEnvelope(null, invalidRequest("an empty batch is not a request")));
  if (rawCalls.length > app.limits.batch) {
    return json(
      200,
      errorEnvelope(
        null,
        new AppError("invalid_params", {
          issues: [
            {
              code: "too_many",
              path: "batch",
              message: `a batch may hold at most ${app.limits.batch} calls, got ${rawCalls.length}`,
            },
          ],
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
  const counters = app.countersDb ?? app.db;
  let refusedTokenCalls = 0;
  for (const [token, n] of perToken) {
    try {
      actors.set(token, await authenticateToken(counters, token, n, app.limits.ratePerMinute));
    } catch (error) {
      const appError = asAppError(error);
      if (appError.kind === "rate_limited") return rateLimited(appError);
      if (appError.kind === "unauthorized") refusedTokenCalls += n;
      actors.set(token, appError);
    }
  }
  const badTokens = await limitBadTokens(counters, req.clientAddress(), refusedTokenCalls, app.limits.badTokens);
  if (badTokens) return rateLimited(badTokens);

  const responses: RpcResponse[] = [];
  for (const call of calls) {
    const response = await runCall(app, call, actors);
    if (response) responses.push(response);
  }
  if (!isBatch) return responses[0] ? json(200, responses[0]) : noContent();
  if (responses.length === 0) return noContent();
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
  if (!op)
    return answer(
      errorEnvelope(
        call.id,
        new AppError("method_not_found", { data: { reason: `unknown method ${JSON.stringify(call.method)}` } }),
      ),
    );
  const actor = call.token ? actors.get(call.token) : undefined;
  if (!actor) return answer(errorEnvelope(call.id, unauthorizedError()));
  if (actor instanceof AppError) return answer(errorEnvelope(call.id, actor));
  return answer(
    await invokeOperation(
      app,
      { userId: actor.userId, tokenName: actor.tokenName, workspaceId: actor.workspaceId, scope: actor.scope },
      op,
      call.params,
      call.id,
    ),
  );
}
